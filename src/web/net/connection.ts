/**
 * One table's live connection: Socket.IO with acknowledgements (docs/protocol.md). It
 * watches the table again after every reconnect, asking for the updates it missed, and
 * exposes a snapshot that React reads with useSyncExternalStore.
 */
import { io, type Socket } from 'socket.io-client';
import type { GameEvent } from '../../engine/index.js';
import type {
  Ack,
  BotLevel,
  ChatMessage,
  ClientAction,
  ClientMessage,
  ClientMessageName,
  ClientReplies,
  ClientToServer,
  GameUpdate,
  MissedStep,
  ServerToClient,
  TableSummary,
  TurnClock,
} from '../../protocol/messages.js';
import type { Answer, ShownErrorCode } from '../errors.js';
import type { HintAnswer } from '../game/analysis.js';
import { forgetMe } from './me.js';
import { reportServer } from './reach.js';
import { namePreviousSession } from './reconnect.js';
import { forgetSession, loadSession, type SeatSession } from './session.js';

export type LinkStatus = 'connecting' | 'online' | 'offline';

/** An event as it arrived, numbered so a screen can tell which ones it has animated. */
export interface ArrivedEvent {
  readonly n: number;
  readonly event: GameEvent;
}

export interface TableState {
  readonly status: LinkStatus;
  /**
   * How often the connection came back after it was lost (the offline banner showed). A
   * first watch is none, nor is opening the table again (a reload, "Return to your game").
   */
  readonly reconnects: number;
  readonly table: TableSummary | null;
  /** Our seat, or null when watching. */
  readonly seat: number | null;
  readonly game: GameUpdate | null;
  readonly chat: readonly ChatMessage[];
  /** Events received live (not those replayed on a fresh watch), the most recent last. */
  readonly arrived: readonly ArrivedEvent[];
  /** Why the table cannot be shown: the server's error code (unknown table, ...). */
  readonly error: ShownErrorCode | null;
}

const KEEP_EVENTS = 200;
const KEEP_CHAT = 100;

export class TableConnection {
  private state: TableState = {
    status: 'connecting',
    reconnects: 0,
    table: null,
    seat: null,
    game: null,
    chat: [],
    arrived: [],
    error: null,
  };
  private readonly listeners = new Set<() => void>();
  private readonly socket: Socket<ServerToClient, ClientToServer>;
  private eventCount = 0;
  private closed = false;
  private retry: ReturnType<typeof setTimeout> | undefined;
  /** A watch asking for missed steps is on its way (resync). */
  private filling = false;

  constructor(
    readonly code: string,
    url?: string,
  ) {
    // The table's code in the handshake lets the balancer send us to the node that runs
    // the table (docs/deploy.md); a connection of its own, since the query is the connection's.
    const options = {
      transports: ['websocket', 'polling'],
      reconnectionDelayMax: 4000,
      query: { table: code.toUpperCase() },
      forceNew: true,
    };
    this.socket = url ? io(url, options) : io(options);
    namePreviousSession(this.socket.io);
    this.socket.on('connect', () => {
      reportServer(true);
      void this.watch();
    });
    this.socket.on('disconnect', (reason) => {
      this.set({ status: 'offline' });
      // A server shutting down (a restart, a deploy) closes every socket itself, and
      // Socket.IO then leaves reconnecting to us; a player still wants their table back.
      if (reason === 'io server disconnect' && !this.closed)
        this.retry = setTimeout(() => this.socket.connect(), 1000 + Math.random() * 1000);
    });
    // The account was signed out everywhere, deleted or banned: the page is a guest's from
    // now on (the server closes the socket next, and the reconnection follows as a guest).
    this.socket.on('session:ended', () => forgetMe());
    this.socket.on('connect_error', () => {
      reportServer(false);
      this.set({ status: 'offline' });
    });
    this.socket.on('table', (table: TableSummary) => this.set({ table }));
    this.socket.on('game', (update: GameUpdate) => this.receive(update, true));
    this.socket.on('chat', (message: ChatMessage) =>
      this.set({ chat: [...this.state.chat, message].slice(-KEEP_CHAT) }),
    );
    // The seat was given up (here or in another tab): its token is worth nothing now, so
    // forget it and follow the table as a spectator.
    this.socket.on('seat:lost', () => {
      forgetSession(this.code);
      this.set({ seat: null });
      void this.watch();
    });
  }

  snapshot = (): TableState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  close(): void {
    this.closed = true;
    clearTimeout(this.retry);
    this.socket.close();
    this.listeners.clear();
  }

  /** Take a seat's token (after joining) and watch again as that seat. */
  async rewatch(): Promise<void> {
    await this.watch();
  }

  /**
   * Act from the view shown (its `seq` goes with the action). Tapped again after an answer
   * was lost, an action the server had applied is acknowledged again (`repeated`), not
   * refused; an action chosen from a view the game has left is refused with ERR_STALE.
   * Either way our view is behind: we watch again to catch up.
   */
  async act(action: ClientAction): Promise<Answer<ClientReplies['game:act']>> {
    const game = this.state.game;
    const ack = await this.request('game:act', { action, ...(game ? { seq: game.seq } : {}) });
    const behind = ack.ok ? ack.repeated === true : ack.error.code === 'ERR_STALE';
    if (behind) void this.resync();
    return ack;
  }
  addBot(seat: number, level: BotLevel): Promise<Answer> {
    return this.request('seat:bot', { seat, level });
  }
  /** Seat a bot account by its name (docs/protocol.md, "Bot accounts"). */
  inviteBot(seat: number, name: string): Promise<Answer> {
    return this.request('seat:invite', { seat, name });
  }
  clearSeat(seat: number): Promise<Answer> {
    return this.request('seat:clear', { seat });
  }
  start(): Promise<Answer> {
    return this.request('table:start', {});
  }
  leave(): Promise<Answer> {
    return this.request('table:leave', {});
  }
  rematch(): Promise<Answer> {
    return this.request('table:rematch', {});
  }
  say(message: ClientMessage<'chat:send'>): Promise<Answer> {
    return this.request('chat:send', message);
  }
  /** The coach's hint for this seat's move (only while the table's coach option is on). */
  hint(): Promise<HintAnswer> {
    return this.request('game:hint', {});
  }
  /** The host turns the coach on or off, between games. */
  setCoach(coach: boolean): Promise<Answer> {
    return this.request('table:coach', { coach });
  }
  /** The host chooses the turn clock, between games. */
  setClock(turnClock: TurnClock): Promise<Answer> {
    return this.request('table:clock', { turnClock });
  }
  /** Take the seat back from the bot standing in for this player. */
  back(): Promise<Answer> {
    return this.request('seat:back', {});
  }

  private async watch(): Promise<void> {
    const session: SeatSession | null = loadSession(this.code);
    const game = this.state.game;
    const reply = await this.request('table:watch', {
      code: this.code,
      ...(session ? { token: session.token } : {}),
      ...(game ? { lastSeq: game.seq, gameId: game.gameId } : {}),
    });
    if (!reply.ok) {
      if (session && reply.error.code === 'ERR_BAD_TOKEN') {
        // The seat is no longer ours (the table was reset): watch as a spectator instead.
        forgetSession(this.code);
        return this.watch();
      }
      this.set({ status: 'online', error: reply.error.code });
      return;
    }
    // Only a watch that ends an outage is a reconnection: the status is still 'offline'
    // then, while a first watch finds 'connecting' and a new seat's watch 'online'.
    const reconnected = this.state.status === 'offline';
    this.set({
      status: 'online',
      reconnects: this.state.reconnects + (reconnected ? 1 : 0),
      table: reply.table,
      seat: reply.seat,
      chat: [...reply.chat],
      error: null,
    });
    if (reply.game) this.catchUp(reply.game, reply.missed);
  }

  /** After a watch: the current state, with the events we missed animated as if live. */
  private catchUp(game: GameUpdate, missed: readonly MissedStep[] | null): void {
    const current = this.state.game;
    const same = current !== null && current.gameId === game.gameId;
    // A live update may overtake the reply; never go back.
    if (same && game.seq < current.seq) return;
    const steps = same && missed ? missed.filter((m) => m.seq > current.seq) : [];
    const fresh = steps.flatMap((m) => m.events).map((event) => ({ n: ++this.eventCount, event }));
    this.set({ game, arrived: [...this.state.arrived, ...fresh].slice(-KEEP_EVENTS) });
  }

  private receive(update: GameUpdate, live: boolean): void {
    const current = this.state.game;
    if (current && current.gameId === update.gameId) {
      if (update.seq < current.seq) return;
      // Updates were lost on the way (in a cluster, while Redis was away): ask for the missed steps.
      if (live && update.seq > current.seq + 1 && !this.filling) {
        void this.fillGap(update);
        return;
      }
      // The same position again carries news without events, such as an absence timer starting.
      if (update.seq === current.seq) {
        this.set({ game: update });
        return;
      }
    }
    const fresh = live ? update.events.map((event) => ({ n: ++this.eventCount, event })) : [];
    this.set({ game: update, arrived: [...this.state.arrived, ...fresh].slice(-KEEP_EVENTS) });
  }

  /** After a gap in `seq`: the missed steps first; then the update that showed the gap, as it is (its view is whole). */
  private async fillGap(update: GameUpdate): Promise<void> {
    await this.resync();
    this.receive(update, false);
  }

  /**
   * Our view is behind (updates were lost on the way): watch again from our last step, for
   * the steps we missed with their events. A refusal (rate limit) leaves the view as it is,
   * for the next update to bring on.
   */
  private async resync(): Promise<void> {
    const game = this.state.game;
    if (this.filling || !game) return;
    this.filling = true;
    const session = loadSession(this.code);
    const reply = await this.request('table:watch', {
      code: this.code,
      ...(session ? { token: session.token } : {}),
      lastSeq: game.seq,
      gameId: game.gameId,
    });
    this.filling = false;
    if (reply.ok && reply.game) this.catchUp(reply.game, reply.missed);
  }

  private async request<K extends ClientMessageName>(
    name: K,
    payload: ClientMessage<K>,
  ): Promise<Answer<ClientReplies[K]>> {
    try {
      const socket = this.socket.timeout(10_000);
      // Socket.IO's types cannot follow a generic event name through emitWithAck's rest
      // parameters; name and payload are tied by K here instead.
      const emit = socket.emitWithAck.bind(socket) as unknown as (
        name: K,
        payload: ClientMessage<K>,
      ) => Promise<Ack<ClientReplies[K]>>;
      return await emit(name, payload);
    } catch {
      return { ok: false, error: { code: 'ERR_TIMEOUT', message: 'The server did not answer in time.' } };
    }
  }

  private set(change: Partial<TableState>): void {
    this.state = { ...this.state, ...change };
    for (const l of this.listeners) l();
  }
}
