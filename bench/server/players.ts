/**
 * One process of simulated players for the load benchmark: it opens its share of
 * 4-player tables over HTTP, connects four Socket.IO clients per table (one per seat,
 * each its own connection), and plays random legal moves after a think time; a finished
 * game is followed by a rematch, or (the soak) by everyone leaving and a new table. With
 * several nodes, table g is made on node g (which owns it); its seats connect either all
 * to that node (`spread` false: where the balancer's hash on the table code sends them,
 * docs/deploy.md) or to the nodes in turn from there (`spread` true: the worst case, most
 * seats on a node that does not own their table, so their commands are forwarded). It
 * measures, for every action, the time to the actor's acknowledgement and to each other
 * seat's update. The four seats of a game live in the same process, so both are timed
 * on one clock.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import type { TableView } from '../../src/engine/index.js';
import { devilCardsOf, setupFor } from '../../src/engine/setup.js';
import type { ClientAction, CreateTableReply, GameUpdate, JoinTableReply } from '../../src/protocol/messages.js';
import type { TurnClock } from '../../src/values/index.js';

export interface PlayersConfig {
  /** The nodes (one for a single server). */
  readonly urls: readonly string[];
  readonly games: number;
  readonly thinkMs: number;
  /** The tables' turn clock (the product's default unless --turn-clock says otherwise). */
  readonly turnClock: TurnClock;
  /** Seats connect to the nodes in turn rather than all to their table's node. */
  readonly spread: boolean;
  /** Rounds per game (the product's default length when absent). */
  readonly rounds?: number;
  /**
   * What a table does when its game ends: its host asks for a rematch (the load stays on
   * the same tables), or everyone leaves (the last one out closes it) and a new table takes
   * its place, as people who are done go and others come (the soak).
   */
  readonly afterGame: 'rematch' | 'replace';
  /**
   * Session ids of accounts (accounts.ts), one for each seat to be signed in: every fifth
   * seat opened (20 %) takes one while they last, creates or joins its table with the
   * cookie and follows it without a token, as a signed-in player on the web does.
   */
  readonly sessions?: readonly string[];
}

export interface PlayersReport {
  readonly ackMs: number[];
  readonly updateMs: number[];
  readonly actions: number;
  readonly refused: number;
  /** The refusals by error code. */
  readonly refusedBy: Record<string, number>;
  readonly gamesPlaying: number;
  readonly gamesFinished: number;
  /** Finished tables whose replacement could not be opened (twice). */
  readonly notReplaced: number;
  /** This process's own event-loop delay (p99, ms): time the measurements themselves waited. */
  readonly loopDelayP99Ms: number;
}

type Ack = { ok: true; seq: number } | { ok: false; error: { code: string; message: string } };

const config: PlayersConfig = JSON.parse(process.env.BENCH_PLAYERS ?? '{}');
let measuring = false;
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
const stats = {
  ackMs: [] as number[],
  updateMs: [] as number[],
  actions: 0,
  refused: 0,
  refusedBy: {} as Record<string, number>,
  gamesFinished: 0,
  notReplaced: 0,
};

class BenchGame {
  readonly seats: Seat[] = [];
  /** When each acknowledged action was sent, by gameId:seq, and updates that arrived before its ack. */
  private readonly sentAt = new Map<string, number>();
  private readonly early = new Map<string, number[]>();
  over = false;

  acked(key: string, sentAt: number): void {
    this.sentAt.set(key, sentAt);
    for (const at of this.early.get(key) ?? []) record(stats.updateMs, at - sentAt);
    this.early.delete(key);
  }

  arrived(key: string, at: number): void {
    const sent = this.sentAt.get(key);
    if (sent !== undefined) record(stats.updateMs, at - sent);
    else this.early.set(key, [...(this.early.get(key) ?? []), at]);
  }

  /** Forget timings of earlier steps (every seat has them by now). */
  trim(gameId: string, seq: number): void {
    this.sentAt.delete(`${gameId}:${seq - 8}`);
  }
}

class Seat {
  latest: GameUpdate | null = null;
  private thinking = false;

  constructor(
    readonly game: BenchGame,
    readonly socket: Socket,
    readonly host: boolean,
  ) {
    socket.on('game', (u: GameUpdate) => this.onUpdate(u));
  }

  private onUpdate(u: GameUpdate): void {
    const at = performance.now();
    if (this.latest && u.gameId === this.latest.gameId && u.seq < this.latest.seq) return;
    const actor = u.events[0] && 'seat' in u.events[0] ? u.events[0].seat : null;
    if (u.seq > 0 && actor !== null && actor !== u.view.viewer) this.game.arrived(`${u.gameId}:${u.seq}`, at);
    this.game.trim(u.gameId, u.seq);
    this.latest = u;
    if (u.view.phase === 'over') {
      if (this.host && !this.game.over) {
        this.game.over = true;
        if (measuring) stats.gamesFinished++;
        if (config.afterGame === 'replace') void replace(this.game);
        // Keep the table busy: the host asks for a rematch after a short pause.
        else setTimeout(() => this.socket.emit('table:rematch', {}, () => (this.game.over = false)), 500);
      }
      return;
    }
    this.maybeAct();
  }

  private myTurn(v: TableView): boolean {
    const seat = v.viewer!;
    return v.toAct.includes(seat) && !(v.phase === 'pass' && v.passed[seat]);
  }

  private maybeAct(): void {
    if (this.thinking || !this.latest || !this.myTurn(this.latest.view)) return;
    this.thinking = true;
    setTimeout(() => this.act(), config.thinkMs * (0.5 + Math.random()));
  }

  private act(): void {
    const u = this.latest!;
    if (!this.myTurn(u.view)) {
      this.thinking = false;
      return;
    }
    const sentAt = performance.now();
    this.socket.emit('game:act', { action: choose(u.view) }, (ack: Ack) => {
      const at = performance.now();
      this.thinking = false;
      if (ack.ok) {
        if (measuring) {
          record(stats.ackMs, at - sentAt);
          stats.actions++;
        }
        this.game.acked(`${u.gameId}:${ack.seq}`, sentAt);
      } else if (measuring) {
        stats.refused++;
        stats.refusedBy[ack.error.code] = (stats.refusedBy[ack.error.code] ?? 0) + 1;
      }
      this.maybeAct();
    });
  }
}

function record(into: number[], ms: number): void {
  if (measuring) into.push(ms);
}

function choose(v: TableView): ClientAction {
  if (v.phase === 'play') return { type: 'play', card: v.legal[Math.floor(Math.random() * v.legal.length)] };
  const hand = [...v.hand!];
  const pick = () => hand.splice(Math.floor(Math.random() * hand.length), 1)[0];
  const left = pick();
  const right = pick();
  return {
    type: 'pass',
    pass: { left, right, devil: devilCardsOf(setupFor(v.options.players), v.viewer!, v.dealer) === 0 ? [] : [pick()] },
  };
}

/** The cookie (and our Origin, which a signed-in change needs) of a signed-in seat; none for a guest. */
function signedIn(url: string, session: string | null): Record<string, string> {
  return session === null ? {} : { cookie: `bi_session=${session}`, origin: url };
}

async function post<T>(url: string, path: string, body: unknown, session: string | null = null): Promise<T> {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signedIn(url, session) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(120_000),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Seats opened so far by this process, and the sessions handed to every fifth. */
let seatsOpened = 0;
const sessions = [...(config.sessions ?? [])];
function sessionForNextSeat(): string | null {
  return seatsOpened++ % 5 === 0 ? (sessions.shift() ?? null) : null;
}

function connect(url: string, session: string | null = null): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = io(url, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      // On a loaded machine a handshake may wait long for a core: not a failure of the server under test.
      timeout: 120_000,
      extraHeaders: signedIn(url, session),
    });
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

function call(s: Socket, event: string, payload: unknown): Promise<Ack> {
  return new Promise((resolve) => s.emit(event, payload, resolve));
}

async function openGame(index: number): Promise<BenchGame> {
  const node = (k: number) => config.urls[(index + k) % config.urls.length];
  const seated = [0, 1, 2, 3].map(() => sessionForNextSeat());
  const created = await post<CreateTableReply>(
    node(0),
    '/api/tables',
    {
      name: 'Bench 0',
      options: { players: 4, turnClock: config.turnClock, ...(config.rounds ? { rounds: config.rounds } : {}) },
    },
    seated[0],
  );
  const tokens = [created.token];
  for (let i = 1; i < 4; i++)
    tokens.push(
      (await post<JoinTableReply>(node(0), `/api/tables/${created.code}/seats`, { name: `Bench ${i}` }, seated[i]))
        .token,
    );
  const game = new BenchGame();
  try {
    for (const [i, token] of tokens.entries()) {
      const url = node(config.spread ? i : 0);
      const seat = new Seat(game, await connect(url, seated[i]), i === 0);
      game.seats.push(seat);
      // A signed-in seat is found by its account, without the token.
      const r = await call(seat.socket, 'table:watch', { code: created.code, ...(seated[i] ? {} : { token }) });
      if (!r.ok) throw new Error(`watch: ${r.error.message}`);
    }
    const started = await call(game.seats[0].socket, 'table:start', {});
    if (!started.ok) throw new Error(`start: ${started.error.message}`);
  } catch (e) {
    // A table that failed to open leaves no connection behind (each would hold a session on its node).
    for (const s of game.seats) s.socket.disconnect();
    throw e;
  }
  return game;
}

const games: BenchGame[] = [];
/** The index of the next table opened (it picks the nodes its seats connect to). */
let next = 0;
let stopping = false;

/** A new table, tried once more if opening it failed. */
function openNext(): Promise<BenchGame> {
  const index = next++;
  return openGame(index).catch(() => openGame(index));
}

async function rampUp(): Promise<void> {
  const parallel = 16;
  // Counted apart from `next`: tables replacing finished ones during the ramp-up take indices too.
  let started = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (started < config.games) {
        started++;
        games.push(await openNext());
      }
    }),
  );
}

/** A finished game's people leave (the last one out closes the table) and a new table takes its place. */
async function replace(game: BenchGame): Promise<void> {
  await Promise.all(game.seats.map((s) => call(s.socket, 'table:leave', {})));
  for (const s of game.seats) s.socket.disconnect();
  if (stopping) return;
  const fresh = await openNext().catch(() => {
    stats.notReplaced++;
    return null;
  });
  const i = games.indexOf(game);
  if (fresh && !stopping) games[i] = fresh;
  else if (fresh) for (const s of fresh.seats) s.socket.disconnect();
}

process.on('message', (m: { type: string }) => {
  if (m.type === 'measure') {
    measuring = true;
    loopDelay.reset();
    loopDelay.enable();
  } else if (m.type === 'report') {
    measuring = false;
    loopDelay.disable();
    const report: PlayersReport = {
      ...stats,
      gamesPlaying: games.filter((g) => g.seats[0].latest?.view.phase !== 'over').length,
      loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
    };
    process.send!({ type: 'report', report });
  } else if (m.type === 'progress') {
    process.send!({ type: 'progress', gamesFinished: stats.gamesFinished });
  } else if (m.type === 'stop') {
    stopping = true;
    for (const g of games) for (const s of g.seats) s.socket.disconnect();
    setTimeout(() => process.exit(0), 200);
  }
});

rampUp().then(
  () => process.send!({ type: 'ready', games: games.length }),
  (e) => {
    process.send!({ type: 'failed', error: String(e) });
    process.exit(1);
  },
);
