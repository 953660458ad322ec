/**
 * Real-time play over Socket.IO. Every client message is validated by its zod schema in
 * src/protocol/messages.ts and answered through its acknowledgement; the seat a client
 * acts for comes only from the seat token it showed in 'table:watch'.
 *
 * Rooms: `t:CODE` (everyone following the table), `t:CODE:N` (seat N's connections),
 * `t:CODE:v` (spectators) and `t:CODE:p` (every seated player, for chat).
 */
import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import { type Ack, type ChatMessage, type ClientMessageName, ClientMessages, type GameUpdate, type TableSummary } from '../../protocol/messages.js';
import type { Config } from '../config.js';
import { invalid, publicError, ServerError } from '../errors.js';
import type { Metrics } from '../metrics.js';
import type { Broadcaster } from '../tables/context.js';
import type { Lobby } from '../tables/lobby.js';
import type { Table } from '../tables/table.js';
import { RateLimiter } from './rate-limit.js';

interface SocketState {
  table: Table | null;
  seat: number | null;
}

const rooms = {
  table: (code: string) => `t:${code}`,
  seat: (code: string, seat: number) => `t:${code}:${seat}`,
  spectators: (code: string) => `t:${code}:v`,
  seated: (code: string) => `t:${code}:p`,
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
    this.io.to(rooms.seated(code)).emit('chat', message);
  }
}

type Reply = (ack: Ack<Record<string, unknown>>) => void;
type Handler<K extends ClientMessageName> = (socket: Socket, state: SocketState, message: z.infer<(typeof ClientMessages)[K]>, reply: Reply) => Promise<Record<string, unknown> | undefined>;

export class Realtime {
  private readonly limiter: RateLimiter;
  /** During shutdown, dropped connections are not absences. */
  private stopping = false;

  constructor(
    io: Server,
    private readonly lobby: Lobby,
    config: Config,
    private readonly metrics: Metrics,
    private readonly log: { error(o: object, msg: string): void },
  ) {
    this.limiter = new RateLimiter(config.socketRatePerSecond, config.addressRatePerSecond);
    io.use((socket, next) => {
      const address = socket.handshake.address;
      if (!this.limiter.openConnection(address, config.maxConnectionsPerAddress)) return next(new Error('ERR_TOO_MANY_CONNECTIONS'));
      socket.once('disconnect', () => this.limiter.closeConnection(address));
      next();
    });
    io.on('connection', (socket) => this.connect(socket));
  }

  stop(): void {
    this.stopping = true;
  }

  private connect(socket: Socket): void {
    const state: SocketState = { table: null, seat: null };
    const known = new Set<string>(Object.keys(ClientMessages));
    this.on(socket, state, 'table:watch', (s, st, m) => this.watch(s, st, m));
    this.on(socket, state, 'seat:bot', async (_s, st, m) => void (await seated(st).table.setBot(seated(st).seat, m.seat, m.level)));
    this.on(socket, state, 'seat:clear', async (_s, st, m) => void (await seated(st).table.clearSeat(seated(st).seat, m.seat)));
    this.on(socket, state, 'table:start', async (_s, st) => void (await seated(st).table.start(seated(st).seat)));
    this.on(socket, state, 'table:rematch', async (_s, st) => void (await seated(st).table.rematch(seated(st).seat)));
    this.on(socket, state, 'table:leave', (s, st) => this.leave(s, st));
    this.on(socket, state, 'table:coach', async (_s, st, m) => void (await seated(st).table.setCoach(seated(st).seat, m.coach)));
    this.on(socket, state, 'game:hint', async (_s, st) => ({ hint: await seated(st).table.hint(seated(st).seat) }));
    this.on(socket, state, 'chat:send', async (_s, st, m) => void (await seated(st).table.chat(seated(st).seat, m)));
    this.on(socket, state, 'game:act', async (_s, st, m, reply) => {
      const { table, seat } = seated(st);
      const started = performance.now();
      await table.act(seat, m.action, (ack) => {
        this.metrics.actionLatency.observe((performance.now() - started) / 1000);
        reply(ack);
      });
      return undefined;
    });
    socket.onAny((event: string, ...args: unknown[]) => {
      if (known.has(event)) return;
      this.metrics.rejected.inc({ code: 'ERR_UNKNOWN_MESSAGE' });
      const ack = args[args.length - 1];
      if (typeof ack === 'function') ack({ ok: false, error: { code: 'ERR_UNKNOWN_MESSAGE', message: `Unknown message "${String(event).slice(0, 40)}".` } });
    });
    socket.on('disconnect', () => {
      this.limiter.forget(socket.id);
      if (this.stopping || !state.table) return;
      state.table.disconnected(state.seat).catch((e) => this.log.error({ err: e }, 'disconnect handling failed'));
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
        if (!this.limiter.take(socket.id, socket.handshake.address)) throw new ServerError('ERR_RATE_LIMITED', 'Too many messages. Slow down a little.', 429);
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

  private async watch(socket: Socket, state: SocketState, m: z.infer<(typeof ClientMessages)['table:watch']>): Promise<Record<string, unknown>> {
    const table = await this.lobby.mustGet(m.code);
    const seat = m.token === undefined ? null : table.seatOfToken(m.token);
    if (m.token !== undefined && seat === null) throw new ServerError('ERR_BAD_TOKEN', 'This seat token is not valid at this table.', 403);
    await this.unwatch(socket, state);
    const reply = await table.watch(seat, m.lastSeq, m.gameId, () => {
      if (!socket.connected) return false;
      socket.join(seat === null ? [rooms.table(table.code), rooms.spectators(table.code)] : [rooms.table(table.code), rooms.seat(table.code, seat), rooms.seated(table.code)]);
      state.table = table;
      state.seat = seat;
      return true;
    });
    return { ...reply };
  }

  private async leave(socket: Socket, state: SocketState): Promise<undefined> {
    const { table, seat } = seated(state);
    await table.leave(seat);
    // The connection stays, as a spectator.
    await this.unwatch(socket, state);
    socket.join([rooms.table(table.code), rooms.spectators(table.code)]);
    state.table = table;
    return undefined;
  }

  /** Stop following the current table (before following another, or after leaving). */
  private async unwatch(socket: Socket, state: SocketState): Promise<void> {
    const { table, seat } = state;
    if (!table) return;
    for (const room of [rooms.table(table.code), rooms.spectators(table.code), rooms.seated(table.code), ...(seat === null ? [] : [rooms.seat(table.code, seat)])]) socket.leave(room);
    state.table = null;
    state.seat = null;
    await table.disconnected(seat);
  }
}

function seated(state: SocketState): { table: Table; seat: number } {
  if (!state.table || state.seat === null) throw new ServerError('ERR_NOT_SEATED', 'Join the table with your seat token first.', 403);
  return { table: state.table, seat: state.seat };
}
