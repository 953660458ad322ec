/**
 * Play now (docs/protocol.md, "Play now"; docs/server.md): players queue a ticket, and once
 * a second the node that leads runs a wave (wave.ts) over every waiting ticket of the
 * cluster, makes each table it finds through the lobby as any table is made (stored, then
 * told), and tells each ticket's followers, on whatever node they are, where they sit. Every
 * node keeps the tickets its own connections follow alive in the queue and tells them how
 * the wait goes. Time is the clock's, so a test runs waves on virtual time.
 */
import { randomBytes } from 'node:crypto';
import type { TableOptions } from '../../protocol/messages.js';
import type { MatchWaiting, PlayNowRequest } from '../../protocol/play-now.js';
import type { BotLevel } from '../../values/index.js';
import type { Clock, Timer } from '../clock.js';
import { ServerError } from '../errors.js';
import { hashToken } from '../ids.js';
import { anchorFigures, poolOf, type RatingStore, START_RATING } from '../ratings/index.js';
import type { Lobby } from '../tables/lobby.js';
import type { Found, PlayNowQueue, Ticket } from './queue.js';
import { queueName, type WaveTable, wave } from './wave.js';

/** How often a wave runs. */
export const WAVE_MS = 1000;
/** How often a follower hears how long it has waited (the protocol promises at least every 5 s). */
const WAITING_EVERY_MS = 2000;
/** A ticket nobody follows is dropped after this long (the first follow has this long to come). */
const ALIVE_MS = 15_000;
/** The lead of a node that stops leading (it died) passes to another after this long. */
const LEAD_MS = 3000;
/** A wave's claim on a table's tickets: if its node dies meanwhile, they wait again after this long. */
const CLAIM_MS = 15_000;
/** A matched ticket's seat is kept this long for a follower that comes late (or again). */
const FOUND_KEEP_MS = 10 * 60_000;
/** The bot level in the empty seats of unrated tables. */
const UNRATED_BOT: BotLevel = 'medium';

/** A player who asks to play now: an account, or a guest. */
export interface Queuer {
  readonly accountId: string | null;
  readonly name: string;
  readonly address: string;
}

/** Where the news of tickets goes: the real-time layer, which knows who follows each. */
export interface PlayNowOut {
  /** To the ticket's followers on every node. */
  found(ticket: string, found: Found): void;
  /** To the ticket's followers on this node. */
  waiting(ticket: string, message: MatchWaiting): void;
}

export interface PlayNowDeps {
  readonly queue: PlayNowQueue;
  readonly lobby: Pick<Lobby, 'create' | 'handle'>;
  readonly ratings: RatingStore;
  /** The accounts an account blocks (ModerationStore.blockedBy). */
  readonly blocks: (accountId: string) => Promise<string[]>;
  readonly clock: Clock;
  /** PLAY_NOW_WAIT_SECONDS, in ms. */
  readonly waitMs: number;
  readonly log: { warn(o: object, msg: string): void };
}

/** The table of a queue: private, no coach (strangers play), a turn clock (rated games need `normal`). */
function tableOptions(key: WaveTable['key']): TableOptions {
  return {
    players: key.players,
    mode: 'individual',
    rounds: key.rounds,
    public: false,
    turnSeconds: 60,
    coach: false,
    turnClock: 'normal',
    rated: key.rated,
  };
}

export class PlayNow {
  /** The anchors' shown figures, read once: the file never changes while the server runs. */
  private readonly anchors = anchorFigures();
  /** The tickets this node's connections follow: when each was queued, its queue, and by which connections. */
  private readonly followed = new Map<string, { since: number; queue: string; connections: Set<string> }>();
  private timer: Timer | null = null;
  private running = false;
  private lastTold = 0;
  /** The queue (Redis) could not be reached at the last second. */
  private unreached = false;

  constructor(
    private readonly deps: PlayNowDeps,
    private readonly out: PlayNowOut,
  ) {}

  /** Queue a ticket for `who`; refused for rated play without an account. */
  async enqueue(who: Queuer, asked: PlayNowRequest): Promise<string> {
    if (asked.rated && who.accountId === null)
      throw new ServerError('ERR_SIGN_IN_TO_RATE', 'Sign in to play rated games.', 401);
    const rated =
      who.accountId === null
        ? null
        : await this.deps.ratings.currentRating(who.accountId, poolOf({ players: asked.players, mode: 'individual' }));
    const ticket: Ticket = {
      id: randomBytes(18).toString('base64url'),
      players: asked.players,
      rated: asked.rated,
      rounds: asked.rounds,
      accountId: who.accountId,
      rating: rated?.rating ?? START_RATING,
      since: this.deps.clock.now(),
      blocks: who.accountId === null ? [] : await this.deps.blocks(who.accountId),
      name: who.name,
      address: who.address,
    };
    await this.deps.queue.add(ticket, ALIVE_MS);
    return ticket.id;
  }

  /** Leave the queue; ERR_NO_TICKET when the ticket is not waiting (unknown, matched or dropped). */
  async cancel(id: string): Promise<void> {
    if (!(await this.deps.queue.cancel(id))) throw noTicket();
    this.followed.delete(id);
  }

  /**
   * A connection follows a ticket: its seat if it was matched already, else null (it will be
   * told); ERR_NO_TICKET if it is neither waiting nor matched.
   */
  async follow(id: string, connection: string): Promise<Found | null> {
    const found = await this.deps.queue.found(id);
    if (found) return found;
    const ticket = await this.deps.queue.get(id);
    if (!ticket) {
      // Seated between the two questions.
      const seated = await this.deps.queue.found(id);
      if (seated) return seated;
      throw noTicket();
    }
    const known = this.followed.get(id);
    if (known) known.connections.add(connection);
    else this.followed.set(id, { since: ticket.since, queue: queueName(ticket), connections: new Set([connection]) });
    await this.deps.queue.keep([id], ALIVE_MS);
    return null;
  }

  unfollow(id: string, connection: string): void {
    const f = this.followed.get(id);
    if (!f) return;
    f.connections.delete(connection);
    if (f.connections.size === 0) this.followed.delete(id);
  }

  /** Waves once a second from now on. */
  start(): void {
    const next = () => {
      this.timer = this.deps.clock.after(WAVE_MS, () => {
        void this.tick().finally(() => {
          if (this.timer) next();
        });
      });
    };
    next();
  }

  stop(): void {
    this.timer?.cancel();
    this.timer = null;
  }

  /** One second: keep this node's tickets alive, run the wave if this node leads, tell followers how the wait goes. */
  async tick(): Promise<void> {
    const { queue, clock, log } = this.deps;
    try {
      // Tickets seated (by another node's wave), cancelled or run out: their followers hear no more waiting.
      for (const id of await queue.keep([...this.followed.keys()], ALIVE_MS)) this.followed.delete(id);
      if (!this.running && (await queue.lead(LEAD_MS))) {
        this.running = true;
        // Not awaited: a slow table (a slow store) holds up neither the next second's keep nor the news.
        void this.runWave()
          .catch((e) => log.warn({ err: e }, 'play-now wave failed'))
          .finally(() => {
            this.running = false;
          });
      }
      if (clock.now() - this.lastTold >= WAITING_EVERY_MS) {
        this.lastTold = clock.now();
        await this.tellWaiting();
      }
      if (this.unreached) log.warn({}, 'play-now queue reached again');
      this.unreached = false;
    } catch (e) {
      // Once per outage, not every second of it.
      if (!this.unreached) log.warn({ err: e }, 'play-now queue not reached; waves wait until it is');
      this.unreached = true;
    }
  }

  private async tellWaiting(): Promise<void> {
    if (this.followed.size === 0) return;
    const counts = await this.deps.queue.counts();
    const now = this.deps.clock.now();
    for (const [id, f] of this.followed)
      this.out.waiting(id, {
        waiting: counts.get(f.queue) ?? 1,
        seconds: Math.max(0, Math.floor((now - f.since) / 1000)),
      });
  }

  /** One wave over the whole queue; each table it finds is made (at once, side by side). */
  async runWave(): Promise<number> {
    const { queue, clock } = this.deps;
    const tickets = await queue.waiting();
    const counts = new Map<string, number>();
    for (const t of tickets) counts.set(queueName(t), (counts.get(queueName(t)) ?? 0) + 1);
    await queue.count(counts);
    const byId = new Map(tickets.map((t) => [t.id, t]));
    const tables = wave(tickets, {
      now: clock.now(),
      waitMs: this.deps.waitMs,
      anchors: this.anchors,
      unratedBot: UNRATED_BOT,
    });
    const made = await Promise.all(
      tables.map((t) =>
        this.seat(
          t,
          t.tickets.map((id) => byId.get(id)!),
        ),
      ),
    );
    return made.filter(Boolean).length;
  }

  /**
   * Make one table: claim its tickets, make it with everyone in their seats and bots in the
   * rest, confirm the tickets (all still there, or the table is left to close unopened and
   * they wait again, first), then start the game and tell everyone where they sit.
   */
  private async seat(table: WaveTable, tickets: readonly Ticket[]): Promise<boolean> {
    const { queue, lobby, log } = this.deps;
    const ids = tickets.map((t) => t.id);
    if (!(await queue.claim(ids, CLAIM_MS))) return false;
    let code: string;
    let host: { seat: number; tokenHash: string };
    const seats = new Map<string, Found>();
    try {
      const [first, ...rest] = tickets;
      const made = await lobby.create(first.name, tableOptions(table.key), first.address, first.accountId ?? undefined);
      code = made.table.code;
      host = { seat: 0, tokenHash: hashToken(made.token) };
      seats.set(first.id, found(code, 0, first, made.token));
      for (const t of rest) {
        const joined = await lobby.handle(code, {
          type: 'join',
          name: t.name,
          ...(t.accountId ? { accountId: t.accountId } : {}),
        });
        seats.set(t.id, found(code, joined.seat, t, joined.token));
      }
      for (const [i, level] of table.bots.entries())
        await lobby.handle(code, { type: 'seat:bot', by: host, message: { seat: tickets.length + i, level } });
    } catch (e) {
      // The first player's address has its tables open already (MAX_TABLES_PER_ADDRESS):
      // its ticket leaves the queue (its follower hears ERR_NO_TICKET when it follows again),
      // so that it does not hold the others back at every wave.
      if (e instanceof ServerError && e.code === 'ERR_TOO_MANY_TABLES') {
        await queue.cancel(tickets[0].id);
        this.followed.delete(tickets[0].id);
      } else log.warn({ err: e }, 'play-now table not made; its tickets wait again');
      await queue.release(ids);
      return false;
    }
    // A ticket cancelled meanwhile: nobody is seated, the others wait again (the table closes unopened).
    if (!(await queue.confirm(seats, FOUND_KEEP_MS))) return false;
    try {
      await lobby.handle(code, { type: 'table:start', by: host, message: {} });
    } catch (e) {
      // Everyone is seated at a table in its lobby: its host can start it.
      log.warn({ err: e, table: code }, 'play-now game not started');
    }
    for (const [id, f] of seats) {
      this.followed.delete(id);
      this.out.found(id, f);
    }
    return true;
  }
}

function noTicket(): ServerError {
  return new ServerError(
    'ERR_NO_TICKET',
    'This ticket is not in the queue (it was seated, cancelled or ran out).',
    404,
  );
}

/** A ticket's seat; the token only for a guest (an account holds its seat wherever it signs in). */
function found(code: string, seat: number, t: Ticket, token: string): Found {
  return t.accountId === null ? { code, seat, token } : { code, seat };
}
