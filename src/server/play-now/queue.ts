/**
 * Where Play now's tickets wait (docs/server.md, "Play now"): on one node in its memory
 * (`LocalQueue`), in a cluster in Redis (cluster/play-now-queue.ts), behind one role so that
 * the matcher runs the same steps on both. A wave takes the waiting tickets, claims those of
 * each table it makes (for a while: a claim runs out if its node dies), makes the table, and
 * confirms the claim: only if every ticket is still there are they all seated and removed;
 * otherwise every claim is let go and the tickets are waiting again at their old places,
 * first in line. A ticket nobody has followed for a while is dropped.
 */
import type { Clock } from '../clock.js';
import type { WaveTicket } from './wave.js';

/** A waiting ticket, with what the table needs of its player. */
export interface Ticket extends WaveTicket {
  /** The name the player is seated under. */
  readonly name: string;
  /** The client address that queued: the table counts against it (MAX_TABLES_PER_ADDRESS). */
  readonly address: string;
}

/** Where a matched ticket sits: its table, its seat, and for a guest the seat's token. */
export interface Found {
  readonly code: string;
  readonly seat: number;
  readonly token?: string;
}

/** How many tickets wait in each queue (by `queueName`). */
export type QueueCounts = ReadonlyMap<string, number>;

export interface PlayNowQueue {
  /** Queue a ticket; it waits while it is followed (`keep`), at first for `aliveMs`. */
  add(ticket: Ticket, aliveMs: number): Promise<void>;
  /** Take a ticket out of the queue; false when it was not there (never queued, matched or dropped). */
  cancel(id: string): Promise<boolean>;
  /** A ticket still in the queue (waiting, or claimed by a wave under way), else null. */
  get(id: string): Promise<Ticket | null>;
  /** The tickets are followed: each waits at least `aliveMs` more. Returns those no longer in the queue. */
  keep(ids: readonly string[], aliveMs: number): Promise<string[]>;
  /** Whether this node runs the next wave: the only one, for `ms` (renewed at each wave it runs). */
  lead(ms: number): Promise<boolean>;
  /** The tickets waiting and not claimed; those no longer followed are dropped on the way. */
  waiting(): Promise<Ticket[]>;
  /** Claim the tickets of one table for `ms`: all of them, or (one is gone or claimed) none. */
  claim(ids: readonly string[], ms: number): Promise<boolean>;
  /**
   * The table is made: if every ticket is still claimed here, each is removed and its seat
   * kept for its follower (`found`), and true; else every claim is let go, and false.
   */
  confirm(seats: ReadonlyMap<string, Found>, keepMs: number): Promise<boolean>;
  /** Let the claims go: the tickets wait again. */
  release(ids: readonly string[]): Promise<void>;
  /** The seat of a matched ticket, kept for a while after the match. */
  found(id: string): Promise<Found | null>;
  /** How many wait in each queue, as the last wave counted (`count` stores it). */
  counts(): Promise<QueueCounts>;
  count(counts: QueueCounts): Promise<void>;
}

/** The queue of a single node, in its memory, on its clock. */
export class LocalQueue implements PlayNowQueue {
  private readonly tickets = new Map<string, { ticket: Ticket; aliveUntil: number; claimedUntil: number }>();
  private readonly seats = new Map<string, { found: Found; until: number }>();
  private last: QueueCounts = new Map();

  constructor(private readonly clock: Clock) {}

  async add(ticket: Ticket, aliveMs: number): Promise<void> {
    this.tickets.set(ticket.id, { ticket, aliveUntil: this.clock.now() + aliveMs, claimedUntil: 0 });
  }

  async cancel(id: string): Promise<boolean> {
    return this.tickets.delete(id);
  }

  async get(id: string): Promise<Ticket | null> {
    return this.tickets.get(id)?.ticket ?? null;
  }

  async keep(ids: readonly string[], aliveMs: number): Promise<string[]> {
    const until = this.clock.now() + aliveMs;
    const gone: string[] = [];
    for (const id of ids) {
      const t = this.tickets.get(id);
      if (t) t.aliveUntil = Math.max(t.aliveUntil, until);
      else gone.push(id);
    }
    return gone;
  }

  async lead(): Promise<boolean> {
    return true;
  }

  async waiting(): Promise<Ticket[]> {
    const now = this.clock.now();
    const out: Ticket[] = [];
    for (const [id, t] of this.tickets) {
      if (t.claimedUntil > now) continue;
      if (t.aliveUntil <= now) this.tickets.delete(id);
      else out.push(t.ticket);
    }
    for (const [id, s] of this.seats) if (s.until <= now) this.seats.delete(id);
    return out;
  }

  async claim(ids: readonly string[], ms: number): Promise<boolean> {
    const now = this.clock.now();
    const all = ids.map((id) => this.tickets.get(id));
    if (all.some((t) => t === undefined || t.claimedUntil > now)) return false;
    for (const t of all) t!.claimedUntil = now + ms;
    return true;
  }

  async confirm(seats: ReadonlyMap<string, Found>, keepMs: number): Promise<boolean> {
    const now = this.clock.now();
    const ids = [...seats.keys()];
    if (ids.some((id) => (this.tickets.get(id)?.claimedUntil ?? 0) <= now)) {
      await this.release(ids);
      return false;
    }
    for (const [id, found] of seats) {
      this.tickets.delete(id);
      this.seats.set(id, { found, until: now + keepMs });
    }
    return true;
  }

  async release(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      const t = this.tickets.get(id);
      if (t) t.claimedUntil = 0;
    }
  }

  async found(id: string): Promise<Found | null> {
    const s = this.seats.get(id);
    return s && s.until > this.clock.now() ? s.found : null;
  }

  async counts(): Promise<QueueCounts> {
    return this.last;
  }

  async count(counts: QueueCounts): Promise<void> {
    this.last = counts;
  }
}
