/**
 * Real-time play over Socket.IO. Every client message is validated by its zod schema in
 * src/protocol/messages.ts and answered through its acknowledgement; the seat a client
 * acts for comes only from the seat token it showed in 'table:watch', and the table
 * checks on every request that the token still holds that seat.
 *
 * Rooms: `t:CODE` (everyone following the table, and its chat), `t:CODE:N` (seat N's
 * connections) and `t:CODE:v` (spectators).
 */
import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import {
  type Ack,
  type ChatMessage,
  type ClientMessageName,
  ClientMessages,
  type GameUpdate,
  type TableSummary,
} from '../../protocol/messages.js';
import type { Config } from '../config.js';
import { invalid, publicError, ServerError } from '../errors.js';
import { hashToken } from '../ids.js';
import type { Metrics } from '../metrics.js';
import type { Broadcaster } from '../tables/context.js';
import type { Lobby } from '../tables/lobby.js';
import type { SeatClaim, Table } from '../tables/table.js';
import { Buckets } from './rate-limit.js';

/** What a connection follows, kept in `socket.data` so that a table can take a seat away. */
interface SocketState {
  table: Table | null;
  seat: number | null;
  tokenHash: string | null;
}

const rooms = {
  table: (code: string) => `t:${code}`,
  seat: (code: string, seat: number) => `t:${code}:${seat}`,
  spectators: (code: string) => `t:${code}:v`,
};

export class RoomBroadcaster implements Broadcaster {
  constructor(private readonly io: Server) {}

  table(summary: TableSummary): void {
    this.io.to(rooms.table(summary.code)).emit('table', summary);
  }

  game(code: string, seat: number | null, update: GameUpdate): void {
    this.io.to(seat === null ? rooms.spectators(code) : rooms.seat(code, seat)).emit('game', update);
  }

  hasAudience(code: string, seat: number | null): boolean {
    const room = this.io.sockets.adapter.rooms.get(seat === null ? rooms.spectators(code) : rooms.seat(code, seat));
    return room !== undefined && room.size > 0;
  }

  chat(code: string, message: ChatMessage): void {
    this.io.to(rooms.table(code)).emit('chat', message);
  }

  seatLost(code: string, seat: number): void {
    const room = rooms.seat(code, seat);
    for (const id of [...(this.io.sockets.adapter.rooms.get(room) ?? [])]) {
      const socket = this.io.sockets.sockets.get(id);
      if (!socket) continue;
      // The in-memory adapter joins and leaves synchronously: the next update already misses it.
      socket.leave(room);
      socket.join(rooms.spectators(code));
      const state = socket.data as SocketState;
      state.seat = null;
      state.tokenHash = null;
      socket.emit('seat:lost', { seat });
    }
  }
}

type Reply = (ack: Ack<Record<string, unknown>>) => void;
type Handler<K extends ClientMessageName> = (
  socket: Socket,
  state: SocketState,
  message: z.infer<(typeof ClientMessages)[K]>,
  reply: Reply,
) => Promise<Record<string, unknown> | undefined>;

/** `table:watch` per connection: a few in a row, then one a second (each costs a full view). */
const WATCH_BURST = 5;
const WATCHES_PER_SECOND = 1;

export class Realtime {
  private readonly perConnection: Buckets;
  private readonly perAddress: Buckets;
  private readonly watches = new Buckets(WATCHES_PER_SECOND, WATCH_BURST);
  /** During shutdown, dropped connections are not absences. */
  private stopping = false;

  constructor(
    io: Server,
    private readonly lobby: Lobby,
    config: Config,
    private readonly metrics: Metrics,
    private readonly log: { error(o: object, msg: string): void },
  ) {
    // A burst of two seconds' worth is allowed.
    this.perConnection = new Buckets(config.socketRatePerSecond, config.socketRatePerSecond * 2);
    this.perAddress = new Buckets(config.addressRatePerSecond, config.addressRatePerSecond * 2);
    io.on('connection', (socket) => this.connect(socket, config.joinTimeoutMs));
  }

  stop(): void {
    this.stopping = true;
  }

  private connect(socket: Socket, joinTimeoutMs: number): void {
    const state: SocketState = { table: null, seat: null, tokenHash: null };
    socket.data = state;
    // A connection that follows no table holds memory for nothing: it has a while to start.
    const idle = setTimeout(() => {
      if (!state.table) socket.disconnect(true);
    }, joinTimeoutMs);
    const known = new Set<string>(Object.keys(ClientMessages));
    this.on(socket, state, 'table:watch', (s, st, m) => this.watch(s, st, m));
    this.on(
      socket,
      state,
      'seat:bot',
      async (_s, st, m) => void (await seated(st).table.setBot(seated(st).claim, m.seat, m.level)),
    );
    this.on(
      socket,
      state,
      'seat:clear',
      async (_s, st, m) => void (await seated(st).table.clearSeat(seated(st).claim, m.seat)),
    );
    this.on(socket, state, 'table:start', async (_s, st) => void (await seated(st).table.start(seated(st).claim)));
    this.on(socket, state, 'table:rematch', async (_s, st) => void (await seated(st).table.rematch(seated(st).claim)));
    // Leaving takes the seat from every connection holding it, this one included; they stay as spectators.
    this.on(socket, state, 'table:leave', async (_s, st) => void (await seated(st).table.leave(seated(st).claim)));
    this.on(
      socket,
      state,
      'table:coach',
      async (_s, st, m) => void (await seated(st).table.setCoach(seated(st).claim, m.coach)),
    );
    this.on(socket, state, 'game:hint', async (_s, st) => ({ hint: await seated(st).table.hint(seated(st).claim) }));
    this.on(socket, state, 'chat:send', async (_s, st, m) => void (await seated(st).table.chat(seated(st).claim, m)));
    this.on(socket, state, 'game:act', async (_s, st, m, reply) => {
      const { table, claim } = seated(st);
      const started = performance.now();
      await table.act(claim, m.action, (ack) => {
        this.metrics.actionLatency.observe((performance.now() - started) / 1000);
        reply(ack);
      });
      return undefined;
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
      this.perConnection.forget(socket.id);
      this.watches.forget(socket.id);
      if (this.stopping || !state.table) return;
      state.table.disconnected(socket.id).catch((e) => this.log.error({ err: e }, 'disconnect handling failed'));
    });
  }

  /** Validate, rate-limit and answer one kind of client message. */
  private on<K extends ClientMessageName>(socket: Socket, state: SocketState, name: K, handler: Handler<K>): void {
    const schema = ClientMessages[name];
    socket.on(name as string, async (...args: unknown[]) => {
      const ack = typeof args[args.length - 1] === 'function' ? (args.pop() as (a: unknown) => void) : null;
      let answered = false;
      const reply: Reply = (a) => {
        if (answered) return;
        answered = true;
        ack?.(a);
      };
      try {
        if (!this.perConnection.take(socket.id) || !this.perAddress.take(socket.handshake.address))
          throw new ServerError('ERR_RATE_LIMITED', 'Too many messages. Slow down a little.', 429);
        if (!ack) throw new ServerError('ERR_NO_ACK', 'Every message needs an acknowledgement callback.');
        if (args.length !== 1) throw new ServerError('ERR_BAD_REQUEST', 'Send exactly one message object.');
        const parsed = schema.safeParse(args[0]);
        if (!parsed.success) throw invalid(parsed.error);
        const data = await handler(socket, state, parsed.data as z.infer<(typeof ClientMessages)[K]>, reply);
        reply({ ok: true, ...data });
      } catch (e) {
        if (!(e instanceof ServerError)) this.log.error({ err: e, message: name }, 'message handling failed');
        const error = publicError(e);
        this.metrics.rejected.inc({ code: error.code });
        reply({ ok: false, error });
      }
    });
  }

  private async watch(
    socket: Socket,
    state: SocketState,
    m: z.infer<(typeof ClientMessages)['table:watch']>,
  ): Promise<Record<string, unknown>> {
    if (!this.watches.take(socket.id))
      throw new ServerError('ERR_RATE_LIMITED', 'Too many requests to follow a table. Wait a second.', 429);
    const table = await this.lobby.mustGet(m.code);
    await this.unwatch(socket, state);
    // The token is matched to a seat inside the table's queue, against the seats as they are then.
    const reply = await table.watch(socket.id, m.token, m.lastSeq, m.gameId, (seat) => {
      if (!socket.connected) return false;
      socket.join(
        seat === null
          ? [rooms.table(table.code), rooms.spectators(table.code)]
          : [rooms.table(table.code), rooms.seat(table.code, seat)],
      );
      state.table = table;
      state.seat = seat;
      state.tokenHash = seat === null ? null : hashToken(m.token!);
      return true;
    });
    return { ...reply };
  }

  /** Stop following the current table (before following another). */
  private async unwatch(socket: Socket, state: SocketState): Promise<void> {
    const { table, seat } = state;
    if (!table) return;
    for (const room of [
      rooms.table(table.code),
      rooms.spectators(table.code),
      ...(seat === null ? [] : [rooms.seat(table.code, seat)]),
    ])
      socket.leave(room);
    state.table = null;
    state.seat = null;
    state.tokenHash = null;
    await table.disconnected(socket.id);
  }
}

function seated(state: SocketState): { table: Table; claim: SeatClaim } {
  if (!state.table || state.seat === null || state.tokenHash === null)
    throw new ServerError('ERR_NOT_SEATED', 'Join the table with your seat token first.', 403);
  return { table: state.table, claim: { seat: state.seat, tokenHash: state.tokenHash } };
}
