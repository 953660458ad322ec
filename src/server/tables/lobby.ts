/**
 * The tables this node has in hand. On a single node that is every table: loaded from the
 * store on first use, and every open one at start-up, so that its game resumes. In a
 * cluster (docs/deploy.md) a table is in hand only while this node owns it (`Hosting`: a
 * lease with a fencing number, its writes fenced by it): a command for a table owned
 * elsewhere is sent to its owner, and a table nobody owns is claimed and loaded by the
 * node that needs it first (or adopted by the lease scan).
 */

import { type PlayerCount, resolveOptions } from '../../engine/index.js';
import type { TableOptions, TableSummary } from '../../protocol/messages.js';
import { ServerError } from '../errors.js';
import { newTableCode } from '../ids.js';
import { ratableSetup } from '../ratings/rated-game.js';
import type { TableSettings } from '../store/store.js';
import type { ReplyTo, TableCommand } from './commands.js';
import type { TableContext } from './context.js';
import type { SeatClaim } from './seat-rules.js';
import { type Attendance, tableSummary } from './summary.js';
import { Table } from './table.js';

/** Public tables listed at once, newest first. */
const LOBBY_PAGE = 100;
/** A request sent to a table's owner that finds it gone is sent again (to the new owner) this often at most. */
const FORWARD_TRIES = 3;

/**
 * A table of deals everyone plays alike (src/daily/): a daily deal's (its day) or a
 * duplicate event's (its code), its creator's seat token (derived, so a resume gives it
 * again) and seat (the first when not given).
 */
export interface DealtTable {
  readonly daily?: string;
  readonly duplicate?: string;
  readonly token: string;
  readonly seat?: number;
}

export type Gone = 'closed' | 'released' | 'lost' | 'unloaded';

/** What one node asks another about a table it owns. */
export type TableRequest = { code: string; command: TableCommand } | { code: string; summary: true };

/** How a node shares tables with the other nodes of a cluster (cluster/node.ts). */
export interface Hosting {
  readonly nodeId: string;
  /** Claim an open table for this node: its fencing number, or null when another node holds it. */
  claim(code: string): Promise<number | null>;
  /**
   * A table's store as this node's hold on it allows: every write carries the fencing
   * number `fence` (null for a table made here: it is claimed once it is stored) and is
   * refused once another node holds the table, which `lost` then hears of.
   */
  guard(
    store: TableContext['store'],
    code: string,
    fence: number | null,
    lost: (code: string) => void,
  ): TableContext['store'];
  /** Whether the balancer sends the players of a table with this code to this node (cluster/routing.ts). */
  routesHere(code: string): boolean;
  /** The node whose lease on the table runs, when it is not this one; else null. */
  ownerElsewhere(code: string): Promise<string | null>;
  /** Ask the node owning a table (with a clock); a ServerError from there is thrown here. */
  forward(node: string, request: TableRequest): Promise<unknown>;
  /** Who follows the table through live nodes (`here`: through this one), for a node taking it over. */
  followers(code: string): Promise<{ connection: string; claim: SeatClaim | null; here: boolean }[]>;
  /** Who is at each of these tables, through any node. */
  attendance(codes: readonly string[]): Promise<Map<string, Attendance>>;
  /**
   * This node no longer serves the table: it closed, this node shuts down or could not
   * load it (the lease is released, so another node may take it at once), or another node
   * took it over.
   */
  gone(code: string, why: Gone): void;
}

/** Open tables counted per creating address, against MAX_TABLES_PER_ADDRESS. */
export interface CreationCap {
  /** Count the table `code` against `address`; false (and not counted) when the address is at the cap. */
  reserve(address: string, code: string): Promise<boolean>;
  /** The table closed, or was never made: it no longer counts. */
  release(code: string): Promise<void>;
}

/** The cap on one node: the tables this process made, counted in memory. */
export class LocalCreationCap implements CreationCap {
  private readonly creators = new Map<string, string>();
  private readonly counts = new Map<string, number>();

  constructor(private readonly max: number) {}

  async reserve(address: string, code: string): Promise<boolean> {
    const n = this.counts.get(address) ?? 0;
    if (n >= this.max) return false;
    this.counts.set(address, n + 1);
    this.creators.set(code, address);
    return true;
  }

  async release(code: string): Promise<void> {
    const address = this.creators.get(code);
    if (address === undefined) return;
    this.creators.delete(code);
    const n = (this.counts.get(address) ?? 1) - 1;
    if (n <= 0) this.counts.delete(address);
    else this.counts.set(address, n);
  }
}

/**
 * Between nodes only (never sent to a client), an answer rather than a refusal, so that no
 * code outside the protocol's exists: the owner had let the table go before the request
 * arrived, so the asking node looks again where it is.
 */
const NOT_HERE = { notHere: true } as const;

function isNotHere(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && (answer as { notHere?: unknown }).notHere === true;
}

export class Lobby {
  private readonly tables = new Map<string, Table>();
  private readonly loading = new Map<string, Promise<Table | null>>();
  /**
   * The creating address of each public table made here, until it leaves this node: it
   * counts against MAX_PUBLIC_TABLES_PER_ADDRESS while it waits for players (or is being made).
   */
  private readonly publicCreators = new Map<string, string>();

  constructor(
    private readonly ctx: Omit<TableContext, 'closed'>,
    private readonly cap: CreationCap,
    private readonly hosting: Hosting | null = null,
  ) {}

  /**
   * A table's context; in a cluster its store writes with the fencing number `fence`,
   * and a table nobody follows through another node (`local`: one made here, or taken over
   * with all its followers here) keeps its news on this node while that lasts.
   */
  private contextFor(code: string, fence: number | null, local = false): TableContext {
    const closed = (c: string) => this.forget(c, 'closed');
    const hosting = this.hosting;
    if (!hosting) return { ...this.ctx, closed };
    const store = hosting.guard(this.ctx.store, code, fence, (c) => this.drop(c));
    const out = (local && this.ctx.out.localFirst?.()) || this.ctx.out;
    return { ...this.ctx, store, out, closed };
  }

  /**
   * A new table; each address may have at most `maxTablesPerAddress` open at once. A daily
   * deal's or a duplicate event's table (src/server/daily/) names its day or event, and
   * gives its creator's seat token and seat.
   */
  async create(
    name: string,
    options: TableOptions,
    address: string,
    accountId?: string,
    dealt?: DealtTable,
  ): Promise<{ table: Table; token: string }> {
    const resolved = resolveOptions({
      players: options.players as PlayerCount,
      mode: options.mode,
      rounds: options.rounds,
      targetScore: options.targetScore,
    });
    if (!resolved.ok) throw new ServerError('ERR_BAD_OPTIONS', resolved.error.message);
    const settings: TableSettings = {
      ...resolved.value,
      public: options.public,
      turnSeconds: options.turnSeconds,
      coach: options.coach,
      turnClock: options.turnClock,
      rated: options.rated,
      ...(dealt?.daily !== undefined ? { daily: dealt.daily } : {}),
      ...(dealt?.duplicate !== undefined ? { duplicate: dealt.duplicate } : {}),
    };
    const unratable = ratableSetup(settings);
    if (unratable) throw unratable;
    let code: string;
    // In a cluster, a code whose players the balancer sends to this node, which will own the table.
    do code = newTableCode();
    while (
      !(this.hosting?.routesHere(code) ?? true) ||
      this.tables.has(code) ||
      this.loading.has(code) ||
      (await this.ctx.store.loadTable(code))
    );
    // Counted before the table is made, so that concurrent requests cannot pass the caps together.
    if (options.public) this.reservePublic(address, code);
    if (!(await this.cap.reserve(address, code))) {
      this.publicCreators.delete(code);
      const max = this.ctx.config.maxTablesPerAddress;
      throw new ServerError(
        'ERR_TOO_MANY_TABLES',
        `You already have ${max} open tables. Finish or leave one first.`,
        429,
      );
    }
    try {
      const context = this.contextFor(code, null, true);
      const created = await Table.create(context, code, name, settings, accountId, dealt?.token, dealt?.seat);
      this.tables.set(code, created.table);
      return created;
    } catch (e) {
      // The refusal the creator gets is the table's, whether or not the cap heard of it.
      this.publicCreators.delete(code);
      await this.uncount(code);
      // Stored and claimed, then a write failed: not in hand, so its lease goes (a node adopts it).
      this.hosting?.gone(code, 'unloaded');
      throw e;
    }
  }

  /**
   * One address may have only so many public tables waiting for players here (one by
   * default), so that a few addresses cannot fill the public list: a public table that
   * started, closed or left this node no longer counts.
   */
  private reservePublic(address: string, code: string): void {
    let waiting = 0;
    for (const [made, by] of this.publicCreators)
      if (by === address && (this.tables.get(made)?.isPublicLobby ?? true)) waiting++;
    const max = this.ctx.config.maxPublicTablesPerAddress;
    if (waiting >= max) {
      this.ctx.log.info({ address, waiting }, 'public table refused: this address has its public tables waiting');
      throw new ServerError(
        'ERR_TOO_MANY_PUBLIC_TABLES',
        `You already have ${max === 1 ? 'a public table' : `${max} public tables`} waiting for players. Start or leave it first, or make this one private.`,
        429,
      );
    }
    this.publicCreators.set(code, address);
  }

  /** The table leaves memory; closed, it no longer counts against its creator. */
  private forget(code: string, why: Gone): void {
    this.tables.delete(code);
    this.publicCreators.delete(code);
    if (why === 'closed') void this.uncount(code);
    this.hosting?.gone(code, why);
  }

  /** The table no longer counts against its creator (if the cap cannot hear it now, the count runs out by itself). */
  private async uncount(code: string): Promise<void> {
    await this.cap.release(code).catch((e) => this.ctx.log.warn({ err: e, table: code }, 'table not uncounted'));
  }

  /**
   * Another node took the table over (this node's lease ran out, or a write was refused):
   * its timers and bots stop at once, it leaves memory, and nothing more is written or
   * acknowledged for it here.
   */
  drop(code: string): void {
    const table = this.tables.get(code);
    if (!table) return;
    this.forget(code, 'lost');
    void table.shutdown();
  }

  /** The table with this code in hand here, loading (and, in a cluster, claiming) it if need be; null if there is none here. */
  get(code: string): Promise<Table | null> {
    const key = code.toUpperCase();
    const known = this.tables.get(key);
    if (known) return Promise.resolve(known);
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.load(key).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  async mustGet(code: string): Promise<Table> {
    const table = await this.get(code);
    if (!table) throw noTable(code);
    return table;
  }

  private async load(code: string): Promise<Table | null> {
    // In a cluster the table is claimed before it is read: the claim waits for the last
    // writes of the previous owner, so what is read next is all that it stored.
    const fence = this.hosting ? await this.hosting.claim(code) : null;
    try {
      return await this.read(code, fence);
    } catch (e) {
      // Claimed but not in hand (the database or Redis failed meanwhile), it would be held
      // and never played: in a cluster its lease is released, so that a node loads it again.
      if (fence !== null) this.forget(code, 'unloaded');
      throw e;
    }
  }

  /** Read a table (claimed with `fence` in a cluster) and, if it is open and this node's, resume it here. */
  private async read(code: string, fence: number | null): Promise<Table | null> {
    const stored = await this.ctx.store.loadTable(code);
    if (!stored) return null;
    const closed = stored.table.status === 'closed';
    // Open, and another node holds it.
    if (this.hosting && fence === null && !closed) return null;
    const finished = (await this.ctx.store.finishedGames(code)).map((g) => g.id);
    // A closed table is read, never kept or written.
    if (closed) return new Table(this.contextFor(code, fence), stored.table, stored.seats, finished);
    const following = this.hosting ? await this.hosting.followers(code) : [];
    const local = following.every((f) => f.here);
    const table = new Table(this.contextFor(code, fence, local), stored.table, stored.seats, finished);
    this.tables.set(code, table);
    try {
      await table.resume(following);
    } catch (e) {
      // Half resumed it leaves memory (load() gives its lease up).
      this.tables.delete(code);
      void table.shutdown();
      throw e;
    }
    if (this.hosting) {
      // Its time is the end of a takeover (failover times are read from it).
      this.ctx.log.info({ table: code, fence }, 'took the table over');
      // Updates that went down with the previous owner: its followers get the state as it is now.
      this.tellAgain(table);
    }
    return table;
  }

  /** The table in hand here, or the node that owns it. */
  private async whereIs(code: string): Promise<Table | string> {
    const here = this.tables.get(code);
    if (here) return here;
    const owner = await this.hosting?.ownerElsewhere(code);
    if (owner) return owner;
    const loaded = await this.get(code);
    if (loaded) return loaded;
    // Another node claimed it a moment ago.
    const claimed = await this.hosting?.ownerElsewhere(code);
    if (claimed) return claimed;
    throw noTable(code);
  }

  /** Run a command at a table, wherever it is; in a cluster, a table owned elsewhere answers from there. */
  handle<C extends TableCommand>(code: string, command: C, stored?: (reply: ReplyTo<C>) => void): Promise<ReplyTo<C>> {
    return this.ask(code.toUpperCase(), (t) => t.handle(command, stored), { command }) as Promise<ReplyTo<C>>;
  }

  /** What everyone may know about a table, wherever it is. */
  summary(code: string): Promise<TableSummary> {
    return this.ask(code.toUpperCase(), (t) => t.summary(), { summary: true }) as Promise<TableSummary>;
  }

  private async ask(
    code: string,
    here: (t: Table) => unknown,
    request: { command: TableCommand } | { summary: true },
  ): Promise<unknown> {
    for (let tries = 1; ; tries++) {
      const where = await this.whereIs(code);
      if (where instanceof Table) return here(where);
      try {
        const answer = await this.hosting!.forward(where, { code, ...request });
        if (!isNotHere(answer)) return answer;
      } catch (e) {
        // The node did not answer: asked again only if the table has moved meanwhile (a handover).
        if ((e as ServerError).code !== 'ERR_UNAVAILABLE' || (await this.hosting!.ownerElsewhere(code)) === where)
          throw e;
      }
      if (tries >= FORWARD_TRIES)
        throw new ServerError('ERR_UNAVAILABLE', 'This table is moving to another server. Try again.', 503);
    }
  }

  /** Another node's request about a table this node owns (or, if nobody does, claims now). */
  async serve(request: TableRequest): Promise<unknown> {
    const table = await this.get(request.code);
    if (!table) return NOT_HERE;
    return 'summary' in request ? table.summary() : table.handle(request.command);
  }

  /** The code of a table that exists (in hand here or stored), else ERR_NO_TABLE. */
  async mustExist(code: string): Promise<string> {
    const key = code.toUpperCase();
    if (this.tables.has(key) || (await this.ctx.store.loadTable(key))) return key;
    throw noTable(code);
  }

  /** The table in hand here, without loading it. */
  local(code: string): Table | undefined {
    return this.tables.get(code.toUpperCase());
  }

  /**
   * At start-up on a single node: every open table comes back, and its game goes on. (In a
   * cluster the lease scan adopts the tables that nobody holds.)
   */
  async resumeAll(): Promise<number> {
    if (this.hosting) return 0;
    const codes = await this.ctx.store.openTableCodes();
    for (const code of codes) await this.get(code);
    return codes.length;
  }

  /**
   * Public tables waiting for players: those where a person is connected first (someone
   * is really waiting there), newest first within each; on one node from memory, in a
   * cluster the newest from the database.
   */
  async publicLobbies(): Promise<TableSummary[]> {
    if (!this.hosting) {
      const out: TableSummary[] = [];
      for (const t of this.tables.values()) if (t.isPublicLobby) out.push(t.summary());
      return waitingFirst(out.reverse()).slice(0, LOBBY_PAGE);
    }
    const listed = await this.ctx.store.publicLobbies(LOBBY_PAGE);
    const at = await this.hosting.attendance(listed.map((l) => l.table.code));
    return waitingFirst(listed.map((l) => tableSummary(l.table, l.seats, l.finished, at.get(l.table.code)!)));
  }

  /** Tables in hand (default: all) tell their followers their current state, which they may have missed (cluster/redis.ts). */
  tellAgain(...tables: Table[]): void {
    for (const t of tables.length > 0 ? tables : this.tables.values())
      t.tellAgain().catch((e) => this.ctx.log.warn({ err: e, table: t.code }, 'table state not told again'));
  }

  openTables(): number {
    return this.tables.size;
  }

  runningGames(): number {
    let n = 0;
    for (const t of this.tables.values()) if (t.status === 'playing') n++;
    return n;
  }

  /** Stop every table (its queue drained); in a cluster their leases are released, so other nodes take them at once. */
  async shutdown(): Promise<void> {
    await Promise.all([...this.tables.values()].map((t) => t.shutdown()));
    for (const code of [...this.tables.keys()]) this.forget(code, 'released');
  }
}

/** The tables with a person connected first, in their order otherwise (a stable sort). */
function waitingFirst(tables: TableSummary[]): TableSummary[] {
  const waiting = (t: TableSummary) => t.seats.some((s) => s.bot === null && !s.botAccount && s.connected);
  return tables.sort((a, b) => Number(waiting(b)) - Number(waiting(a)));
}

function noTable(code: string): ServerError {
  return new ServerError('ERR_NO_TABLE', `There is no table ${code}.`, 404);
}
