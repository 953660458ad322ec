/**
 * Tables run in this process, on virtual time (VirtualClock): the real Lobby, Table, bot
 * driver, turn clocks and deadlines, on a real store (SQLite in a temporary folder, or the
 * PostgreSQL store a test opens) and real bot threads. Who hears what is recorded per
 * connection (`Listeners`, standing in for the Socket.IO rooms), and bot decisions can be
 * held back (`HeldPool`), so that a test reaches the moment it wants, not the one timing gives.
 */
import fs from 'node:fs';
import pino from 'pino';
import type { Action, TableView } from '../../../src/engine/index.js';
import type { BotLevel, ChatMessage, GameUpdate, TableOptions, TableSummary } from '../../../src/protocol/messages.js';
import type { BotPool } from '../../../src/server/bots/pool.js';
import { configFromEnv } from '../../../src/server/config.js';
import { hashToken } from '../../../src/server/ids.js';
import { Metrics } from '../../../src/server/metrics.js';
import { SqliteStore } from '../../../src/server/store/sqlite.js';
import type { Store } from '../../../src/server/store/store.js';
import type { ReplyTo, TableCommand } from '../../../src/server/tables/commands.js';
import type { Broadcaster, Thinkers } from '../../../src/server/tables/context.js';
import { Lobby, LocalCreationCap } from '../../../src/server/tables/lobby.js';
import type { SeatClaim } from '../../../src/server/tables/seat-rules.js';
import type { Table } from '../../../src/server/tables/table.js';
import { tempDataDir } from './server.js';
import { VirtualClock } from './virtual-clock.js';

/** One connection following a table, and everything it was sent, in order. */
export interface Follower {
  readonly id: string;
  code: string | null;
  claim: SeatClaim | null;
  open: boolean;
  readonly tables: TableSummary[];
  readonly games: GameUpdate[];
  readonly chats: ChatMessage[];
  /** The seats it was told it lost (seat:lost). */
  readonly lost: number[];
}

/** The real-time layer's rooms, recorded: each connection gets what its claim (or being a spectator) addresses. */
export class Listeners implements Broadcaster {
  private readonly all = new Map<string, Follower>();
  private count = 0;

  connect(): Follower {
    const f: Follower = {
      id: `c${++this.count}`,
      code: null,
      claim: null,
      open: true,
      tables: [],
      games: [],
      chats: [],
      lost: [],
    };
    this.all.set(f.id, f);
    return f;
  }

  /** Everything sent to any connection so far, counted. */
  sent(): number {
    let n = 0;
    for (const f of this.all.values()) n += f.tables.length + f.games.length + f.chats.length + f.lost.length;
    return n;
  }

  follow(code: string, connection: string, claim: SeatClaim | null): boolean {
    const f = this.all.get(connection);
    if (!f?.open) return false;
    f.code = code;
    f.claim = claim;
    return true;
  }

  table(summary: TableSummary): void {
    for (const f of this.of(summary.code)) f.tables.push(summary);
  }

  game(code: string, to: SeatClaim | null, update: GameUpdate): void {
    for (const f of this.of(code, to)) f.games.push(update);
  }

  hasAudience(code: string, to: SeatClaim | null): boolean {
    return this.of(code, to).length > 0;
  }

  chat(code: string, message: ChatMessage): void {
    for (const f of this.of(code)) f.chats.push(message);
  }

  seatLost(code: string, claim: SeatClaim): void {
    for (const f of this.of(code, claim)) {
      f.claim = null;
      f.lost.push(claim.seat);
    }
  }

  /** The open connections following the table; with `to`, only those addressed by it (null: spectators). */
  private of(code: string, to?: SeatClaim | null): Follower[] {
    return [...this.all.values()].filter(
      (f) =>
        f.open &&
        f.code === code &&
        (to === undefined ||
          (to === null ? f.claim === null : f.claim?.seat === to.seat && f.claim.tokenHash === to.tokenHash)),
    );
  }
}

/**
 * The real bot pool, whose decisions a test can hold back: a bot "thinks" until `release`,
 * a hint is worked out until `releaseHints`. A test can also make the bots buggy (`breakWith`).
 */
export class HeldPool implements Thinkers {
  private held = false;
  private hintsHeld = false;
  private readonly hintsWaiting: (() => void)[] = [];
  private broken: ((view: TableView) => Action) | null = null;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly pool: BotPool) {}

  /** Decisions made from now on are answered only at `release`. */
  hold(): void {
    this.held = true;
  }

  /** How many bot decisions are worked out and held back. */
  get thinking(): number {
    return this.waiting.length;
  }

  /** Answer the decisions held back, and make no more wait (with `count`: answer that many, oldest first, and hold on). */
  release(count?: number): void {
    if (count === undefined) this.held = false;
    for (const answer of this.waiting.splice(0, count ?? this.waiting.length)) answer();
  }

  /** From now on every bot answers `answer(view)` (or fails with what it throws); null mends them. */
  breakWith(answer: ((view: TableView) => Action) | null): void {
    this.broken = answer;
  }

  async decide(level: BotLevel, seed: number, view: TableView) {
    const decided = this.broken ? { action: this.broken(view), ms: 0 } : await this.pool.decide(level, seed, view);
    if (this.held) await new Promise<void>((resolve) => this.waiting.push(resolve));
    return decided;
  }

  /** Hints asked from now on are still being worked out until `releaseHints`: they reach the threads only then. */
  holdHints(): void {
    this.hintsHeld = true;
  }

  /** How many hints are held back. */
  get hintsThinking(): number {
    return this.hintsWaiting.length;
  }

  /** Let the held hints go to the threads, and hold no more. */
  releaseHints(): void {
    this.hintsHeld = false;
    for (const go of this.hintsWaiting.splice(0)) go();
  }

  submit: BotPool['submit'] = async (job) => {
    if (job.kind === 'hint' && this.hintsHeld) await new Promise<void>((go) => this.hintsWaiting.push(go));
    return this.pool.submit(job);
  };
}

/** A seated player: their claim, and a connection that follows the table as them. */
export interface Player {
  readonly token: string;
  readonly claim: SeatClaim;
  readonly follower: Follower;
}

export interface InProcess {
  /** The temporary folder of the SQLite store (when the harness made it). */
  readonly dataDir: string;
  /** The lobby (a new one after `restart`). */
  readonly lobby: Lobby;
  readonly store: Store;
  readonly clock: VirtualClock;
  readonly out: Listeners;
  readonly pool: HeldPool;
  /** A table made by `host`, who follows it; `others` join and follow it too, in seat order. */
  table(
    options: Partial<TableOptions> & { players: number },
    others?: readonly string[],
  ): Promise<{ table: Table; players: Player[] }>;
  /** Run a command at the table (as a connection or a seat would). */
  send<C extends TableCommand>(table: Table, command: C): Promise<ReplyTo<C>>;
  /** A connection that follows the table as the token's seat (or as a spectator without one). */
  watch(table: Table, token?: string): Promise<Follower>;
  /**
   * The server stopped and started again on the same store (its clock and pool kept):
   * the tables in memory stop, with nothing stored on the way, and a new Lobby loads
   * them from the store when asked, as after a crash.
   */
  restart(): Promise<Lobby>;
  /**
   * Wait (on real time: bot threads think on it) until `done` holds, or fail saying what
   * did not happen; timers already due (a bot's turn, set for now) run meanwhile.
   */
  until(done: () => boolean, what: string): Promise<void>;
  close(): Promise<void>;
}

const BUILT_POOL = new URL('../../../dist/server/bots/pool.js', import.meta.url).href;

const DEFAULTS: Partial<TableOptions> = {
  mode: 'individual',
  public: false,
  turnSeconds: 60,
  coach: true,
  turnClock: 'off',
};

/**
 * Tables in this process on `store` (default: SQLite in a temporary folder). `env`: the
 * server's settings, as in its environment; bots answer at once unless BOT_DELAY_MS says.
 */
export async function inProcess(env: Record<string, string> = {}, store?: Store): Promise<InProcess> {
  const dir = tempDataDir();
  const config = configFromEnv({ DATA_DIR: dir, BOT_DELAY_MS: '0', BOT_WORKERS: '1', ...env });
  const own = store ?? new SqliteStore(dir, { checkpoints: false });
  const clock = new VirtualClock();
  const out = new Listeners();
  // The built pool: its threads run the built bots (run `npm run build` first).
  const built: { BotPool: typeof BotPool } = await import(BUILT_POOL);
  const threads = new built.BotPool(1, 1);
  const pool = new HeldPool(threads);
  const newLobby = () =>
    new Lobby(
      {
        store: own,
        pool,
        config,
        metrics: new Metrics({ openTables: () => 0, runningGames: () => 0, connections: () => 0 }),
        log: pino({ level: 'silent' }),
        out,
        clock,
        ...(config.dailySecret === null ? {} : { dailySecret: config.dailySecret }),
      },
      new LocalCreationCap(config.maxTablesPerAddress),
    );
  let lobby = newLobby();
  const send = <C extends TableCommand>(table: Table, command: C) => table.handle(command);
  const watch = async (table: Table, token?: string) => {
    const follower = out.connect();
    await table.handle({ type: 'watch', connection: follower.id, token });
    return follower;
  };
  const claimOf = (seat: number, token: string) => ({ seat, tokenHash: hashToken(token) });
  return {
    dataDir: dir,
    get lobby() {
      return lobby;
    },
    store: own,
    clock,
    out,
    pool,
    async table(options, others = []) {
      const { table, token } = await lobby.create('Host', { ...DEFAULTS, ...options } as TableOptions, '127.0.0.1');
      const players: Player[] = [{ token, claim: claimOf(0, token), follower: await watch(table, token) }];
      for (const name of others) {
        const joined = await send(table, { type: 'join', name });
        players.push({
          token: joined.token,
          claim: claimOf(joined.seat, joined.token),
          follower: await watch(table, joined.token),
        });
      }
      return { table, players };
    },
    send,
    watch,
    async restart() {
      await lobby.shutdown();
      lobby = newLobby();
      return lobby;
    },
    async until(done, what) {
      const give = Date.now() + 20_000;
      while (!done()) {
        if (Date.now() > give) throw new Error(`waited 20 s for ${what}`);
        await clock.advance(0);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    },
    async close() {
      await lobby.shutdown();
      await threads.close();
      if (!store) await own.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The last update a connection got. */
export function lastUpdate(f: Follower): GameUpdate {
  const u = f.games.at(-1);
  if (!u) throw new Error(`${f.id} got no game update`);
  return u;
}
