/**
 * Real-time play over Socket.IO. Every client message is validated by its zod schema in
 * src/protocol/messages.ts and answered through its acknowledgement; the seat a client
 * acts for comes only from the seat token it showed in 'table:watch', and the table
 * checks on every request that the token still holds that seat.
 *
 * Rooms: `t:CODE` (everyone following the table, and its chat), `t:CODE:N:HASH` (the
 * connections holding seat N by the token whose hash is HASH) and `t:CODE:v` (spectators);
 * for signed-in connections, `a:ID` (the account's) and `b:ID` (those of accounts that
 * block account ID: its chat leaves them out; live-accounts.ts); `bot:ID` (the connections
 * of bot account ID, told where they are invited).
 *
 * A bot account's program connects with `Authorization: Bearer <token>` (docs/protocol.md,
 * "Bot accounts"): the handshake is refused without a valid token, and the connection then
 * holds the account's seats as a signed-in person's holds theirs, spends its account's
 * message budget instead of its address's, and may wait for invitations without a table.
 */
import type { IncomingMessage } from 'node:http';
import type { Server, Socket } from 'socket.io';
import {
  type Ack,
  type ChatMessage,
  type ClientMessage,
  type ClientMessageName,
  ClientMessages,
  type ClientReplies,
  type ClientToServer,
  type ErrorBody,
  type GameUpdate,
  type ServerToClient,
  type TableSummary,
  type WatchReply,
} from '../../protocol/messages.js';
import type { MatchFound, MatchWaiting } from '../../protocol/play-now.js';
import type { Accounts } from '../accounts/accounts.js';
import { bearerOf } from '../accounts/bot-tokens.js';
import type { Config } from '../config.js';
import { invalid, publicError, ServerError } from '../errors.js';
import { sessionIdOf } from '../http/session-cookie.js';
import type { Limiter } from '../limits/limiter.js';
import type { Limiters } from '../limits/limits.js';
import type { Metrics } from '../metrics.js';
import type { PlayNow, PlayNowOut } from '../play-now/play-now.js';
import type { SeatedCommand, SeatedMessageName } from '../tables/commands.js';
import type { Broadcaster } from '../tables/context.js';
import type { Lobby } from '../tables/lobby.js';
import type { SeatClaim } from '../tables/seat-rules.js';

/** What a connection follows, kept in `socket.data` so that a table can take a seat away. */
export interface SocketState {
  code: string | null;
  seat: number | null;
  tokenHash: string | null;
  /** The account its handshake's cookie signed in at its last `table:watch` (its session's hash, never the id). */
  account: { readonly id: string; readonly username: string; readonly sessionHash: string } | null;
  /** The bot account this connection plays for (its bearer token's), else null. */
  botId: string | null;
  /** The Play now ticket it follows (`match:follow`), else null. */
  ticket: string | null;
}

/** What nodes of a cluster tell each other through the adapter (`serverSideEmit`). */
export interface InterServer {
  /** Every connection holding the seat by this claim, on every node, loses it (RoomBroadcaster.seatLost). */
  'seat:lost': (code: string, claim: SeatClaim) => void;
  /** The Engine.IO session with this id was replaced by its client's reconnection: its node closes it (sessions.ts). */
  'session:replaced': (id: string) => void;
}

/** The Socket.IO server with the protocol's messages: the compiler checks every emit and handler. */
export type IoServer = Server<ClientToServer, ServerToClient, InterServer, SocketState>;
export type IoSocket = Socket<ClientToServer, ServerToClient, InterServer, SocketState>;

/**
 * Who follows which table through this node, told to the cluster (cluster/node.ts) so that
 * a node taking a table over counts them as present.
 */
export interface Following {
  follow(code: string, connection: string, claim: SeatClaim | null): void;
  unfollow(code: string, connection: string): void;
}

/** Who a signed-in connection is, and whom its account blocks. */
export interface Identified {
  readonly accountId: string;
  readonly blocked: readonly string[];
}

/** Finds the account of a connection's session (live-accounts.ts), and puts the connection in its rooms. */
export interface Identifier {
  identify(socket: IoSocket, sessionId: string | null): Promise<Identified | null>;
}

export const rooms = {
  table: (code: string) => `t:${code}`,
  /**
   * A seat's room is its claim's, not the seat number's: once the seat changes hands its
   * updates go to a new room, so they never reach a connection still holding the old claim,
   * even on a node that missed the news that the seat was lost (a Redis outage).
   */
  seat: (code: string, claim: SeatClaim) => `t:${code}:${claim.seat}:${claim.tokenHash}`,
  spectators: (code: string) => `t:${code}:v`,
  /** Every connection signed in to the account. */
  account: (id: string) => `a:${id}`,
  /** The connections of every account that blocks this one. */
  blockers: (id: string) => `b:${id}`,
  /** The connections of a bot account, wherever they follow (or wait). */
  bot: (accountId: string) => `bot:${accountId}`,
  /** The connections following a Play now ticket. */
  ticket: (ticket: string) => `m:${ticket}`,
  /** The rooms a connection following the table with this claim (null: a spectator) is in. */
  of: (code: string, claim: SeatClaim | null) => [
    rooms.table(code),
    claim === null ? rooms.spectators(code) : rooms.seat(code, claim),
  ],
};

export class RoomBroadcaster implements Broadcaster {
  constructor(
    protected readonly io: IoServer,
    /** Only to this process's connections, even in a cluster (see ClusterBroadcaster.localFirst). */
    private readonly localOnly = false,
  ) {}

  private to(room: string) {
    return this.localOnly ? this.io.local.to(room) : this.io.to(room);
  }

  follow(code: string, connection: string, claim: SeatClaim | null): boolean {
    const socket = this.io.sockets.sockets.get(connection);
    if (!socket?.connected) return false;
    socket.join(rooms.of(code, claim));
    const state = socket.data;
    state.code = code;
    state.seat = claim?.seat ?? null;
    state.tokenHash = claim?.tokenHash ?? null;
    return true;
  }

  table(summary: TableSummary): void {
    this.to(rooms.table(summary.code)).emit('table', summary);
  }

  game(code: string, to: SeatClaim | null, update: GameUpdate): void {
    this.to(to === null ? rooms.spectators(code) : rooms.seat(code, to)).emit('game', update);
  }

  hasAudience(code: string, to: SeatClaim | null): boolean {
    const room = this.io.sockets.adapter.rooms.get(to === null ? rooms.spectators(code) : rooms.seat(code, to));
    return room !== undefined && room.size > 0;
  }

  chat(code: string, message: ChatMessage, from: string | null = null): void {
    const all = this.to(rooms.table(code));
    // Addressed, not filtered: the connections of those who block the sender are never sent it.
    (from === null ? all : all.except(rooms.blockers(from))).emit('chat', message);
  }

  seatLost(code: string, claim: SeatClaim): void {
    this.loseSeatHere(code, claim);
  }

  /** The connections of this process holding the seat by this claim lose it; returns their ids. */
  protected loseSeatHere(code: string, claim: SeatClaim): string[] {
    const room = rooms.seat(code, claim);
    const lost: string[] = [];
    for (const id of [...(this.io.sockets.adapter.rooms.get(room) ?? [])]) {
      const socket = this.io.sockets.sockets.get(id);
      if (!socket) continue;
      // The adapter joins and leaves this process's sockets synchronously: the next update already misses it.
      socket.leave(room);
      socket.join(rooms.spectators(code));
      socket.data.seat = null;
      socket.data.tokenHash = null;
      socket.emit('seat:lost', { seat: claim.seat });
      lost.push(id);
    }
    return lost;
  }
}

type Reply<K extends ClientMessageName> = (ack: Ack<ClientReplies[K]>) => void;
/** Answers one message with what the protocol says its acknowledgement carries (`ClientReplies`). */
type Handler<K extends ClientMessageName> = (message: ClientMessage<K>, reply: Reply<K>) => Promise<ClientReplies[K]>;

/**
 * Every client message but `table:watch`, `seat:invite` (which names a bot account) and
 * `match:follow` (Play now's) acts as it is for the seat the connection holds.
 */
const SEATED_MESSAGES = (Object.keys(ClientMessages) as ClientMessageName[]).filter(
  (name): name is SeatedMessageName => name !== 'table:watch' && name !== 'seat:invite' && name !== 'match:follow',
);

/** Play now's news of tickets (play-now/play-now.ts) through the tickets' rooms. */
export class TicketBroadcaster implements PlayNowOut {
  constructor(private readonly io: IoServer) {}

  /** Through the adapter: the ticket's followers may be on any node. */
  found(ticket: string, found: MatchFound): void {
    this.io.to(rooms.ticket(ticket)).emit('match:found', found);
  }

  /** Each node tells its own followers. */
  waiting(ticket: string, message: MatchWaiting): void {
    this.io.local.to(rooms.ticket(ticket)).emit('match:waiting', message);
  }
}

/** What a message spends besides its connection's budget: its address's, or its bot account's. */
type Budget = readonly [Limiter, string];

export class Realtime {
  /** During shutdown, dropped connections are not absences. */
  private stopping = false;

  constructor(
    private readonly io: IoServer,
    private readonly lobby: Lobby,
    config: Config,
    private readonly metrics: Metrics,
    private readonly log: { error(o: object, msg: string): void; warn(o: object, msg: string): void },
    /** The client's address of a handshake, for the per-address message limit (http/client-address.ts). */
    private readonly addressOf: (req: IncomingMessage) => string,
    /** Messages, watches and hints per connection and per address (in a cluster, those per address are shared by every node). */
    private readonly limits: Limiters,
    /** Who a handshake's session cookie signs in (a signed-in connection holds its account's seats) and whom it blocks. */
    private readonly live: Identifier,
    /** The bot accounts, known by their bearer tokens and invited by name. */
    private readonly accounts: Pick<Accounts, 'botOfToken' | 'botNamed'>,
    /** Play now's tickets, which a connection may follow. */
    private readonly playNow: Pick<PlayNow, 'follow' | 'unfollow'>,
    /** In a cluster: who follows which table through this node. */
    private readonly following: Following | null = null,
  ) {
    io.use((socket, next) => {
      this.authenticate(socket).then(
        () => next(),
        (e) => next(handshakeRefusal(e)),
      );
    });
    io.on('connection', (socket) => this.connect(socket, config.joinTimeoutMs));
  }

  /**
   * Before a connection is let in: one that shows a bearer token (the `Authorization`
   * header, or for clients that cannot set headers `auth.token`) must be a bot account's,
   * else the handshake is refused with ERR_BAD_BOT_TOKEN (the client's `connect_error`).
   */
  private async authenticate(socket: IoSocket): Promise<void> {
    const auth = socket.handshake.auth as { token?: unknown } | undefined;
    const token =
      bearerOf(socket.request.headers.authorization) ?? (typeof auth?.token === 'string' ? auth.token : null);
    const bot = token === null ? null : await this.accounts.botOfToken(token);
    socket.data = { code: null, seat: null, tokenHash: null, account: null, botId: bot?.id ?? null, ticket: null };
  }

  stop(): void {
    this.stopping = true;
  }

  private connect(socket: IoSocket, joinTimeoutMs: number): void {
    const state = socket.data;
    const address = this.addressOf(socket.request);
    const { botId } = state;
    // A bot waits for invitations in its account's room; anyone else, following no table
    // (nor a Play now ticket), holds memory for nothing: it has a while to start.
    if (botId !== null) socket.join(rooms.bot(botId));
    const idle = setTimeout(() => {
      if (!state.code && state.ticket === null && botId === null) socket.disconnect(true);
    }, joinTimeoutMs);
    const known = new Set<string>(Object.keys(ClientMessages));
    // A bot's messages spend its account's budget, however many connections or addresses it uses.
    const budget: Budget = botId === null ? [this.limits.addressMessages, address] : [this.limits.botMessages, botId];
    const sessionId = botId === null ? handshakeSession(socket.request) : null;
    this.on(socket, budget, 'table:watch', (m) => this.watch(socket, state, m, sessionId));
    this.on(socket, budget, 'match:follow', (m, reply) => this.followTicket(socket, state, m.ticket, reply));
    this.on(socket, budget, 'seat:invite', async (m) => {
      const { code, claim } = seated(state);
      const bot = await this.accounts.botNamed(m.name);
      await this.lobby.handle(code, {
        type: 'invite',
        by: claim,
        seat: m.seat,
        bot: { accountId: bot.id, name: bot.username },
      });
      // Wherever its program waits (on any node: the adapter carries it), it hears of the seat.
      this.io.to(rooms.bot(bot.id)).emit('bot:invited', { code, seat: m.seat });
      return {};
    });
    for (const name of SEATED_MESSAGES)
      this.on(socket, budget, name, async (message, reply) => {
        const { code, claim } = seated(state);
        // Leaving takes the seat from every connection holding it, this one included; they stay as spectators.
        // Chat names the account that sent it, so that those who block it never get it.
        const from = state.account && { accountId: state.account.id, username: state.account.username };
        const command = { type: name, by: claim, message, ...(from ? { from } : {}) } as SeatedCommand;
        if (command.type === 'game:hint' && !(await this.limits.hints.take(address)))
          throw new ServerError('ERR_HINT_BUDGET', 'Too many hints from your address. Wait a minute.', 429);
        if (command.type !== 'game:act') return this.lobby.handle(code, command);
        const started = performance.now();
        return this.lobby.handle(code, command, (ack) => {
          this.metrics.actionLatency.observe((performance.now() - started) / 1000);
          reply({ ok: true, ...ack });
        });
      });
    socket.onAny((event: string, ...args: unknown[]) => {
      if (known.has(event)) return;
      this.metrics.rejected.inc({ code: 'ERR_UNKNOWN_MESSAGE' });
      const ack = args[args.length - 1];
      if (typeof ack === 'function')
        ack({
          ok: false,
          error: { code: 'ERR_UNKNOWN_MESSAGE', message: `Unknown message "${String(event).slice(0, 40)}".` },
        });
    });
    socket.on('disconnect', () => {
      clearTimeout(idle);
      if (state.ticket !== null) this.playNow.unfollow(state.ticket, socket.id);
      if (this.stopping || !state.code) return;
      this.following?.unfollow(state.code, socket.id);
      this.lobby.handle(state.code, { type: 'unwatch', connection: socket.id }).catch((e) => {
        // A table that could not be told (its node is away) counts the connection until that node's next owner.
        if (e instanceof ServerError) this.log.warn({ err: e, table: state.code }, 'disconnect not handled');
        else this.log.error({ err: e }, 'disconnect handling failed');
      });
    });
  }

  /**
   * Validate, rate-limit and answer one kind of client message. The handler takes the
   * message as it arrives, whatever it is: the schema, not the type, says what it holds.
   */
  private on<K extends ClientMessageName>(socket: IoSocket, budget: Budget, name: K, handler: Handler<K>): void {
    const schema = ClientMessages[name];
    const listener = async (...args: unknown[]): Promise<void> => {
      const ack = typeof args[args.length - 1] === 'function' ? (args.pop() as (a: unknown) => void) : null;
      let answered = false;
      const reply: Reply<K> = (a) => {
        if (answered) return;
        answered = true;
        ack?.(a);
      };
      try {
        if (!(await this.limits.messages.take(socket.id)) || !(await budget[0].take(budget[1])))
          throw new ServerError('ERR_RATE_LIMITED', 'Too many messages. Slow down a little.', 429);
        if (!ack) throw new ServerError('ERR_NO_ACK', 'Every message needs an acknowledgement callback.');
        if (args.length !== 1) throw new ServerError('ERR_BAD_REQUEST', 'Send exactly one message object.');
        const parsed = schema.safeParse(args[0]);
        if (!parsed.success) throw invalid(parsed.error);
        const data = await handler(parsed.data as ClientMessage<K>, reply);
        reply({ ok: true, ...data });
      } catch (e) {
        if (!(e instanceof ServerError)) this.log.error({ err: e, message: name }, 'message handling failed');
        const error = publicError(e);
        this.metrics.rejected.inc({ code: error.code });
        reply({ ok: false, error });
      }
    };
    // The listener takes any arguments, so it fits every message's listener type.
    socket.on(name as ClientMessageName, listener);
  }

  private async watch(
    socket: IoSocket,
    state: SocketState,
    m: ClientMessage<'table:watch'>,
    sessionId: string | null,
  ): Promise<WatchReply> {
    if (!(await this.limits.watches.take(socket.id)))
      throw new ServerError('ERR_RATE_LIMITED', 'Too many requests to follow a table. Wait a second.', 429);
    await this.unwatch(socket, state);
    const code = m.code.toUpperCase();
    const { botId } = state;
    // Known before the table answers, so that a connection closing meanwhile is still unwatched.
    state.code = code;
    // The token is matched to a seat inside the table's queue, against the seats as they are then;
    // the table subscribes this connection there (RoomBroadcaster.follow), on whichever node owns it.
    // Without a token, a signed-in connection (its session checked at each watch, so a
    // device signed out meanwhile is a spectator) holds the seat its account has here.
    // A bot connection holds its account's seat (its token was checked at the handshake).
    const me = botId === null ? await this.live.identify(socket, sessionId) : null;
    const accountId = m.token !== undefined ? undefined : (botId ?? me?.accountId);
    let reply: WatchReply & { tokenHash: string | null };
    try {
      reply = await this.lobby.handle(code, {
        type: 'watch',
        connection: socket.id,
        token: m.token,
        accountId,
        ...(me && me.blocked.length > 0 ? { hide: me.blocked } : {}),
        lastSeq: m.lastSeq,
        gameId: m.gameId,
      });
    } catch (e) {
      if (state.code === code && state.seat === null) state.code = null;
      throw e;
    }
    const { tokenHash, ...shown } = reply;
    if (reply.seat !== null && state.code === code) {
      state.seat = reply.seat;
      state.tokenHash = tokenHash;
    }
    if (socket.connected && state.code === code) this.following?.follow(code, socket.id, claimOf(state));
    return shown;
  }

  /**
   * Follow a Play now ticket (one at a time): its room is joined before the queue is asked,
   * so that a match made meanwhile is heard; one made before is sent after the acknowledgement.
   */
  private async followTicket(
    socket: IoSocket,
    state: SocketState,
    ticket: string,
    reply: Reply<'match:follow'>,
  ): Promise<Record<string, never>> {
    if (state.ticket !== null && state.ticket !== ticket) {
      socket.leave(rooms.ticket(state.ticket));
      this.playNow.unfollow(state.ticket, socket.id);
    }
    state.ticket = ticket;
    socket.join(rooms.ticket(ticket));
    let found: MatchFound | null;
    try {
      found = await this.playNow.follow(ticket, socket.id);
    } catch (e) {
      socket.leave(rooms.ticket(ticket));
      state.ticket = null;
      throw e;
    }
    // The acknowledgement first: the client hears of the match once it knows it follows.
    reply({ ok: true } as Ack<ClientReplies['match:follow']>);
    if (found) socket.emit('match:found', found);
    return {};
  }

  /** Stop following the current table (before following another). */
  private async unwatch(socket: IoSocket, state: SocketState): Promise<void> {
    const { code } = state;
    if (!code) return;
    for (const room of [rooms.spectators(code), ...rooms.of(code, claimOf(state))]) socket.leave(room);
    state.code = null;
    state.seat = null;
    state.tokenHash = null;
    this.following?.unfollow(code, socket.id);
    await this.lobby.handle(code, { type: 'unwatch', connection: socket.id }).catch((e) => {
      // A table deleted meanwhile has nobody to tell.
      if ((e as ServerError).code !== 'ERR_NO_TABLE') throw e;
    });
  }
}

/** The seat claim a connection follows its table with; null for a spectator. */
export function claimOf(state: SocketState): SeatClaim | null {
  return state.seat === null || state.tokenHash === null ? null : { seat: state.seat, tokenHash: state.tokenHash };
}

/** The table this connection follows and its claim to a seat there; refused without one. */
function seated(state: SocketState): { code: string; claim: SeatClaim } {
  const claim = claimOf(state);
  if (!state.code || claim === null)
    throw new ServerError('ERR_NOT_SEATED', 'Join the table with your seat token first.', 403);
  return { code: state.code, claim };
}

/**
 * The session id of a handshake's cookie, if the handshake came from this site: a page
 * of another site cannot use a player's cookie through a WebSocket (browsers send the
 * cookie with it, and its Origin). Same-site polling sends no Origin; SameSite=Lax keeps
 * the cookie off other sites' polling requests.
 */
function handshakeSession(req: IncomingMessage): string | null {
  const { origin, host, cookie } = req.headers;
  if (origin !== undefined) {
    let from: string;
    try {
      from = new URL(origin).host;
    } catch {
      return null;
    }
    if (from !== host) return null;
  }
  return sessionIdOf(cookie);
}

/**
 * A refused handshake, as Socket.IO's client sees it: `connect_error` whose `message` is
 * the code and whose `data` is the protocol's ErrorBody.
 */
function handshakeRefusal(e: unknown): Error & { data: ErrorBody } {
  const body = publicError(e);
  return Object.assign(new Error(body.code), { data: body });
}
