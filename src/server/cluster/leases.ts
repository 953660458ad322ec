/**
 * Which tables this node owns. A table's owner holds a lease on it in the database
 * (Store.claimTable) with a fencing number that every one of its writes carries, so an
 * owner that lost its lease cannot write (StaleOwnerError). Every third of a lease this
 * node renews all its leases in one statement, drops the tables it no longer holds, and
 * takes over tables whose lease ran out (their owner died or stalled) or was released (a
 * node that shut down). A node that lost Redis renews nothing: it can no longer hear
 * forwarded commands or reach other nodes' players, so its tables must move.
 */
import type { LeaseStore } from '../store/store.js';

/** Orphaned tables one scan takes at most, so that nodes scanning together share them out. */
const ADOPT_PER_SCAN = 50;

export interface LeaseEvents {
  /** A table this node held was taken over (or its lease was lost): stop serving it now. */
  lost(code: string): void;
  /** A table nobody holds: claim it (claim()) and load it, if this node can. */
  orphan(code: string): Promise<void>;
  /** Whether this node may hold tables now (Redis reachable). */
  healthy(): boolean;
  warn(o: object, msg: string): void;
}

export class Leases {
  private readonly held = new Map<string, number>();
  /**
   * Tables given up whose release the database did not take (it was out of reach). Their
   * rows still name this node, so renewing this node's leases would keep them held, served
   * by nobody, for ever: they are released again at each beat until the database takes it.
   */
  private readonly unreleased = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopped = false;

  constructor(
    private readonly store: LeaseStore,
    readonly nodeId: string,
    private readonly leaseMs: number,
    private readonly events: LeaseEvents,
  ) {}

  /** Claim a table for this node: its fencing number, or null when another node's lease on it runs. */
  async claim(code: string): Promise<number | null> {
    const fence = await this.store.claimTable(code, this.nodeId, this.leaseMs);
    if (fence !== null) {
      this.held.set(code, fence);
      this.unreleased.delete(code);
    }
    return fence;
  }

  /** The fencing number this node holds the table with, if it does. */
  fenceOf(code: string): number | undefined {
    return this.held.get(code);
  }

  /** Forget a table without releasing it (it was taken over: the lease is someone else's). */
  forget(code: string): void {
    this.held.delete(code);
  }

  /** Give tables up so another node takes them at once (a table closed, shutdown). */
  async release(codes: readonly string[]): Promise<void> {
    for (const code of codes) {
      this.held.delete(code);
      this.unreleased.add(code);
    }
    await this.releaseAgain(codes);
  }

  /** Release tables given up; those the database does not take stay in `unreleased`, tried again at the next beat. */
  private async releaseAgain(codes: readonly string[]): Promise<void> {
    if (codes.length === 0) return;
    await this.store.releaseTables(this.nodeId, codes);
    for (const code of codes) this.unreleased.delete(code);
  }

  heldCodes(): string[] {
    return [...this.held.keys()];
  }

  /** Renew and scan every third of a lease, starting now. */
  start(): void {
    void this.next();
  }

  /** Renew and scan now rather than at the next beat (another node released tables). */
  kick(): void {
    if (this.running || this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    void this.next();
  }

  private async next(): Promise<void> {
    this.running = true;
    await this.beat().catch((e) => this.events.warn({ err: e }, 'lease heartbeat failed'));
    this.running = false;
    if (!this.stopped) this.timer = setTimeout(() => void this.next(), this.leaseMs / 3);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private async beat(): Promise<void> {
    if (!this.events.healthy()) return;
    // Before renewing: a lease renewed for a table nobody here serves would keep it from every node.
    await this.releaseAgain([...this.unreleased]).catch((e) => this.events.warn({ err: e }, 'leases not released'));
    // The renewal answers for the tables held when it began. One claimed while it ran (a
    // table just made here) may be missing from its answer without being lost, and one
    // released or claimed again meanwhile is no longer the lease it renewed: the next beat
    // judges those.
    const judged = [...this.held];
    const renewed = await this.store.renewLeases(this.nodeId, this.leaseMs);
    for (const [code, fence] of judged) {
      if (renewed.get(code) === fence || this.held.get(code) !== fence) continue;
      this.held.delete(code);
      this.events.lost(code);
    }
    if (this.stopped) return;
    const orphans = await this.store.orphanedTables(ADOPT_PER_SCAN * 4);
    // In a random order, so that nodes scanning at the same moment mostly claim different tables.
    for (const code of shuffle(orphans).slice(0, ADOPT_PER_SCAN)) {
      if (this.stopped || !this.events.healthy()) return;
      if (!this.held.has(code)) await this.events.orphan(code);
    }
  }
}

function shuffle<T>(list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}
