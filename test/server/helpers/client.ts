/** A player (or spectator) over a real Socket.IO connection, keeping every message it receives. */
import { io, type Socket } from 'socket.io-client';
import type { ClientAction, GameUpdate, TableSummary, WatchReply } from '../../../src/protocol/messages.js';
import { chooseAction } from './choose.js';

export type Received =
  | { readonly kind: 'game'; readonly update: GameUpdate }
  | { readonly kind: 'table'; readonly table: TableSummary }
  | { readonly kind: 'watch'; readonly reply: WatchReply }
  | { readonly kind: 'chat'; readonly message: unknown }
  | { readonly kind: 'seatLost'; readonly seat: number };

export type AckReply = { ok: true; [key: string]: unknown } | { ok: false; error: { code: string; message: string } };

export class Client {
  readonly socket: Socket;
  readonly inbox: Received[] = [];
  game: GameUpdate | null = null;
  table: TableSummary | null = null;
  /** Sequence numbers of the actions this client sent that the server acknowledged, with the action. */
  readonly acked: { seq: number; action: ClientAction }[] = [];
  private waiters: (() => void)[] = [];

  /**
   * `from`: the loopback address to connect from (127.0.0.2 plays "another address").
   * `table`: named in the handshake, as the web client does, so that a balancer routes the
   * connection to the table's node. `headers`: sent with the handshake (a session cookie).
   */
  constructor(
    url: string,
    readonly token: string | null = null,
    from?: string,
    table?: string,
    headers?: Record<string, string>,
  ) {
    this.socket = io(url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      ...(from ? { localAddress: from } : {}),
      ...(table ? { query: { table } } : {}),
      ...(headers ? { extraHeaders: headers } : {}),
    });
    this.socket.on('game', (update: GameUpdate) => {
      this.inbox.push({ kind: 'game', update });
      if (!this.game || update.gameId !== this.game.gameId || update.seq >= this.game.seq) this.game = update;
      this.wake();
    });
    this.socket.on('table', (table: TableSummary) => {
      this.inbox.push({ kind: 'table', table });
      this.table = table;
      this.wake();
    });
    this.socket.on('chat', (message: unknown) => {
      this.inbox.push({ kind: 'chat', message });
      this.wake();
    });
    this.socket.on('seat:lost', (m: { seat: number }) => {
      this.inbox.push({ kind: 'seatLost', seat: m.seat });
      this.wake();
    });
    this.socket.on('disconnect', () => this.wake());
  }

  /** Whether the server told this connection it no longer holds its seat. */
  lostSeat(): boolean {
    return this.inbox.some((m) => m.kind === 'seatLost');
  }

  /** Messages received since the seat was lost (all of them if it was never held). */
  sinceSeatLost(): Received[] {
    return this.inbox.slice(this.inbox.findIndex((m) => m.kind === 'seatLost') + 1);
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  /** Send a message and wait for its acknowledgement (or for the connection to drop). */
  call(event: string, ...args: unknown[]): Promise<AckReply> {
    return this.request(null, event, args);
  }

  /** `call`, but give up after `ms` (a cluster node may be frozen): then the reply is a TIMEOUT refusal. */
  callWithin(ms: number, event: string, ...args: unknown[]): Promise<AckReply> {
    return this.request(ms, event, args);
  }

  private request(ms: number | null, event: string, args: unknown[]): Promise<AckReply> {
    return new Promise((resolve) => {
      const done = (reply: AckReply) => {
        this.socket.off('disconnect', dropped);
        this.socket.off('connect_error', refused);
        if (timer) clearTimeout(timer);
        resolve(reply);
      };
      const dropped = () =>
        done({ ok: false, error: { code: 'DISCONNECTED', message: 'the connection dropped before the answer' } });
      // The server refused the handshake (a message sent before it is held until then, and
      // this client does not reconnect): the message will never be answered.
      const refused = (e: Error) =>
        done({ ok: false, error: { code: 'HANDSHAKE_REFUSED', message: `the connection was refused: ${e.message}` } });
      const timer =
        ms === null
          ? null
          : setTimeout(() => done({ ok: false, error: { code: 'TIMEOUT', message: `no answer in ${ms} ms` } }), ms);
      this.socket.once('disconnect', dropped);
      if (!this.socket.connected) this.socket.once('connect_error', refused);
      this.socket.emit(event, ...args, done);
    });
  }

  async watch(
    code: string,
    extra: { lastSeq?: number; gameId?: string } = {},
  ): Promise<AckReply & Partial<WatchReply>> {
    const reply = (await this.call('table:watch', {
      code,
      ...(this.token ? { token: this.token } : {}),
      ...extra,
    })) as AckReply & Partial<WatchReply>;
    if (reply.ok) {
      const w = reply as unknown as WatchReply;
      this.inbox.push({ kind: 'watch', reply: w });
      this.table = w.table;
      if (w.game && (!this.game || w.game.gameId !== this.game.gameId || w.game.seq >= this.game.seq))
        this.game = w.game;
    }
    return reply;
  }

  async act(action: ClientAction): Promise<AckReply> {
    const reply = await this.call('game:act', { action });
    if (reply.ok) this.acked.push({ seq: reply.seq as number, action });
    return reply;
  }

  /** Resolve once `test` holds (checked after every message), or fail after `ms`. */
  async until(test: () => boolean, what: string, ms = 30_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!test()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  myTurn(): boolean {
    const g = this.game;
    const seat = g?.view.viewer;
    if (!g || seat === null || seat === undefined || g.view.phase === 'over') return false;
    return g.view.toAct.includes(seat) && !(g.view.phase === 'pass' && g.view.passed[seat]);
  }

  /** Play one random legal action if it is this seat's turn; returns whether it acted. */
  async playIfMyTurn(random: () => number = Math.random): Promise<boolean> {
    if (!this.myTurn()) return false;
    const reply = await this.act(chooseAction(this.game!.view, random));
    if (!reply.ok) throw new Error(`a legal action was refused: ${JSON.stringify(reply)}`);
    // Wait for the update of our own action, so the next decision sees the new state.
    await this.until(() => this.game!.seq >= (reply.seq as number), 'the update after our action');
    return true;
  }

  close(): void {
    this.socket.disconnect();
  }
}

/** Each client plays if it is its turn; if none could, wait a moment for news. */
export async function step(clients: readonly Client[], random: () => number = Math.random): Promise<void> {
  let acted = false;
  for (const c of clients) if (c.socket.connected && (await c.playIfMyTurn(random))) acted = true;
  if (!acted) await new Promise((r) => setTimeout(r, 10));
}

/** Drive clients until their game is over: each plays whenever it is its turn. */
export async function playToEnd(
  clients: readonly Client[],
  ms = 60_000,
  random: () => number = Math.random,
): Promise<void> {
  const deadline = Date.now() + ms;
  const over = () => clients.every((c) => c.game?.view.phase === 'over');
  while (!over()) {
    if (Date.now() > deadline) throw new Error('the game did not end in time');
    let acted = false;
    for (const c of clients) if (c.socket.connected && (await c.playIfMyTurn(random))) acted = true;
    if (!acted)
      await clients[0].until(
        () => over() || clients.some((c) => c.socket.connected && c.myTurn()),
        'a turn',
        Math.max(1, deadline - Date.now()),
      );
  }
}
