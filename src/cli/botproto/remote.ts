/**
 * A `bottle-imp-bot/1` program playing a bot account's seats on a server (`bottle-imp
 * connect`, docs/bot-protocol.md "On a server"): the server's Socket.IO protocol on one
 * side (docs/protocol.md, "Bot accounts"), the program's JSON lines on the other, through
 * the same ProgramHost as a tournament's. Each game of a table is one `hello` … `bye`;
 * `decide` is sent for every update that asks the seat to act, with the legal actions
 * worked out from its view; every update's events go to the program as they come.
 *
 * One table at a time: those the account holds a seat at when it connects (GET
 * /api/me/tables), then those it is invited to (`bot:invited`), in order. A table is left
 * once it closes or the seat is lost, or, once its game is over, for the next one waiting:
 * a finished table stays open a while for a rematch, and an invitation must not wait for it.
 */
import { createHash } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import type { Action, GameEvent, TableView } from '../../engine/index.js';
import type {
  Ack,
  BotInvited,
  ClientAction,
  ClientToServer,
  GameUpdate,
  ServerToClient,
  TableSummary,
  WatchReply,
} from '../../protocol/messages.js';
import type { ProgramHost } from './program.js';

/** How long the server has to answer a request (it answers an action once it is stored). */
const ANSWER_MS = 15_000;
/** An action refused for now (over the message limit, the database away) is sent again after this long. */
const RETRY_MS = 1000;
const FOR_NOW = new Set(['ERR_RATE_LIMITED', 'ERR_UNAVAILABLE', 'ERR_OUTCOME_UNKNOWN']);

export interface RemoteOptions {
  readonly server: string;
  readonly token: string;
  /** Stop after this many games have ended (null: play on until stopped). */
  readonly games: number | null;
  /** Lines for a person about what happens (tables followed, games ended); null: quiet. */
  readonly note: ((line: string) => void) | null;
}

/** Why the bridge stopped: the games asked for are played, or a one-line problem. */
export type RemoteEnd = { readonly ok: true; readonly games: number } | { readonly ok: false; readonly line: string };

/** The seed a `hello` gives for a server's game: drawn from its id, never the deal's (which is secret). */
export function helloSeed(gameId: string): number {
  return createHash('sha256').update(gameId).digest().readUInt32BE(0);
}

/** An engine action as a client sends it: the seat comes from the connection, never from the action. */
function clientAction(action: Action): ClientAction {
  return action.type === 'play'
    ? { type: 'play', card: action.card }
    : { type: 'pass', pass: { ...action.pass, devil: [...action.pass.devil] } };
}

export class RemoteSeat {
  private readonly socket: Socket<ServerToClient, ClientToServer>;
  private readonly queue: string[] = [];
  private code: string | null = null;
  /** The followed table's status, as last told. */
  private status: TableSummary['status'] | null = null;
  private seat: number | null = null;
  /** The game the program plays now (between hello and bye), and the last update's sequence number acted on. */
  private gameId: string | null = null;
  private actedThrough = -1;
  private acting = false;
  private latest: GameUpdate | null = null;
  private ended = 0;
  private finish: ((end: RemoteEnd) => void) | null = null;

  constructor(
    private readonly host: ProgramHost,
    private readonly options: RemoteOptions,
  ) {
    this.socket = io(options.server, {
      transports: ['websocket'],
      extraHeaders: { authorization: `Bearer ${options.token}` },
      reconnectionDelayMax: 5000,
    });
  }

  /** Plays until the games asked for are over, or something fails. */
  run(): Promise<RemoteEnd> {
    return new Promise((resolve) => {
      this.finish = (end) => {
        this.finish = null;
        this.socket.close();
        resolve(end);
      };
      let connected = false;
      this.socket.on('connect_error', (e: Error & { data?: { code?: string } }) => {
        // A refusal by code is final, and so is a server never reached; once connected, a drop
        // (the server restarting) is retried by the client.
        if (e.data?.code) this.stop({ ok: false, line: `the server refused the connection: ${e.data.code}` });
        else if (!connected) this.stop({ ok: false, line: `cannot reach ${this.options.server}: ${e.message}` });
      });
      this.socket.on('connect', () => {
        connected = true;
        void this.rejoin();
      });
      this.socket.on('bot:invited', (m: BotInvited) => this.enqueue(m.code));
      this.socket.on('game', (update) => this.take(update));
      this.socket.on('table', (table) => this.tableChanged(table));
      this.socket.on('seat:lost', () => this.leaveTable());
    });
  }

  private stop(end: RemoteEnd): void {
    this.finish?.(end);
  }

  private get stopped(): boolean {
    return this.finish === null;
  }

  /** (Re)connected: follow the table it was at, or look for its tables. */
  private async rejoin(): Promise<void> {
    try {
      const res = await fetch(new URL('/api/me/tables', this.options.server), {
        headers: { authorization: `Bearer ${this.options.token}` },
        signal: AbortSignal.timeout(ANSWER_MS),
      });
      const body = (await res.json()) as { tables?: { code: string }[]; error?: { code: string } };
      if (!res.ok) return this.stop({ ok: false, line: `the server refused: ${body.error?.code ?? res.status}` });
      // Back after a drop: the table it followed first, then the others, oldest first (the server lists the newest first).
      const following = this.code;
      if (following !== null) await this.watch(following);
      for (const t of [...(body.tables ?? [])].reverse()) this.enqueue(t.code);
    } catch (e) {
      this.stop({ ok: false, line: `cannot reach ${this.options.server}: ${(e as Error).message}` });
    }
  }

  private enqueue(code: string): void {
    if (code !== this.code && !this.queue.includes(code)) this.queue.push(code);
    if (this.code === null) this.next();
    else this.moveOnIfDone();
  }

  /** Leaves the followed table if it closed, or if its game is over and another table waits. */
  private moveOnIfDone(): void {
    const done = this.status === 'finished' && this.gameId === null && this.queue.length > 0;
    if (this.status === 'closed' || done) this.leaveTable();
  }

  private next(): void {
    const code = this.queue.shift();
    if (code !== undefined) void this.watch(code);
  }

  private async watch(code: string): Promise<void> {
    this.code = code;
    const reply = await this.request<WatchReply>('table:watch', { code });
    if (!reply.ok || reply.seat === null) {
      this.options.note?.(`table ${code}: no seat here (${reply.ok ? 'not seated' : reply.error.code})`);
      return this.leaveTable();
    }
    this.seat = reply.seat;
    this.options.note?.(`table ${code}: seat ${reply.seat + 1}`);
    if (reply.game) this.take(reply.game);
    this.tableChanged(reply.table);
  }

  private tableChanged(table: TableSummary): void {
    if (table.code !== this.code) return;
    this.status = table.status;
    this.moveOnIfDone();
  }

  private leaveTable(): void {
    this.closeGame();
    this.code = null;
    this.status = null;
    this.seat = null;
    this.latest = null;
    this.next();
  }

  /** One update of the seat's game: a new game opens with hello, its events go on, and the seat acts if it must. */
  private take(update: GameUpdate): void {
    if (this.seat === null || this.stopped) return;
    if (update.gameId !== this.gameId) {
      this.closeGame();
      if (update.view.phase === 'over') return;
      this.gameId = update.gameId;
      this.actedThrough = -1;
      this.guard(() => this.host.begin(update.view.options, this.seat!, helloSeed(update.gameId)));
    }
    if (update.events.length > 0) this.guard(() => this.host.events(update.events));
    if (this.stopped) return;
    if (update.events.some((e: GameEvent) => e.type === 'gameOver')) {
      this.gameOver();
      return;
    }
    if (this.latest === null || update.seq >= this.latest.seq) this.latest = update;
    this.act();
  }

  /** Decides for the latest update, unless an action is on its way or this update was acted on. */
  private act(): void {
    const update = this.latest;
    if (this.acting || update === null || !update.view.mustAct || update.seq <= this.actedThrough) return;
    const view: TableView = update.view;
    const action = this.guard(() => this.host.decide(view));
    if (action === undefined || this.stopped) return;
    this.acting = true;
    this.actedThrough = update.seq;
    this.send(clientAction(action), update.seq, update.gameId);
  }

  /**
   * Sends the action chosen from the view numbered `seq`. One refused for now (over the
   * message limit, the database away) goes again unchanged a moment later: the program was
   * asked once and is not asked again (a repeat the server had stored is acknowledged as such).
   */
  private send(action: ClientAction, seq: number, gameId: string): void {
    void this.request<{ seq: number }>('game:act', { action, seq }).then((ack) => {
      if (!ack.ok && FOR_NOW.has(ack.error.code) && !this.stopped && this.gameId === gameId) {
        this.options.note?.(`table ${this.code}: action refused for now: ${ack.error.code}`);
        setTimeout(() => this.send(action, seq, gameId), RETRY_MS);
        return;
      }
      this.acting = false;
      // The update numbered as our action shows the table after it, which may ask us again (our
      // pass completed the exchange and we lead, our card won a trick): only what came before it is done.
      if (ack.ok) this.actedThrough = Math.max(this.actedThrough, ack.seq - 1);
      // Otherwise the game moved on meanwhile, and the next update asks again.
      else this.options.note?.(`table ${this.code}: action refused: ${ack.error.code}`);
      this.act();
    });
  }

  private gameOver(): void {
    this.closeGame();
    this.ended++;
    this.options.note?.(`table ${this.code}: game over (${this.ended} played)`);
    if (this.options.games !== null && this.ended >= this.options.games) this.stop({ ok: true, games: this.ended });
    else this.moveOnIfDone();
  }

  private closeGame(): void {
    if (this.gameId === null) return;
    this.gameId = null;
    this.latest = null;
    this.guard(() => this.host.end());
  }

  /** Runs a step of the program; its failure (ProgramFailure's line) ends the bridge (`stopped`). */
  private guard<T>(step: () => T): T | undefined {
    try {
      return step();
    } catch (e) {
      this.stop({ ok: false, line: (e as Error).message });
      return undefined;
    }
  }

  private request<T>(name: string, message: object): Promise<Ack<T>> {
    return new Promise((resolve) => {
      (this.socket.timeout(ANSWER_MS) as unknown as Socket).emit(name, message, (err: Error | null, ack: Ack<T>) =>
        resolve(
          err ? { ok: false, error: { code: 'ERR_UNAVAILABLE', message: 'The server did not answer in time.' } } : ack,
        ),
      );
    });
  }
}
