/**
 * Play now (docs/protocol.md, "Play now"): queue a ticket, follow it over a Socket.IO
 * connection of its own until it is seated, or leave the queue. The ticket is kept in this
 * tab's session storage, so that a reload of the waiting screen follows it again.
 */
import { io, type Socket } from 'socket.io-client';
import type { Ack, ClientToServer, ServerToClient } from '../../protocol/messages.js';
import type { MatchFound, MatchWaiting, PlayNowReply } from '../../protocol/play-now.js';
import type { ShownErrorCode } from '../errors.js';
import { call } from './api.js';
import { saveSession } from './session.js';

export type { MatchFound, MatchWaiting };

const KEY = 'bottle-imp:play-now';

export interface PlayNowChoice {
  readonly players: number;
  readonly rated: boolean;
  readonly rounds: number;
}

/** Queue a ticket (a guest gives the name it is seated under) and keep it for the waiting screen. */
export async function playNow(choice: PlayNowChoice, name: string): Promise<string> {
  const { ticket } = await call<PlayNowReply>('POST', '/api/play-now', { ...choice, ...(name ? { name } : {}) });
  try {
    sessionStorage.setItem(KEY, ticket);
  } catch {
    // Storage off: the waiting screen still has it until a reload.
  }
  return ticket;
}

export function heldTicket(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetTicket(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

/** Leave the queue (a ticket matched or run out meanwhile is gone already: nothing to do). */
export async function cancelPlayNow(ticket: string): Promise<void> {
  forgetTicket();
  await call('DELETE', '/api/play-now', { ticket });
}

export interface TicketEvents {
  waiting(m: MatchWaiting): void;
  /** The ticket was seated: a guest's seat token is kept like any table's. */
  found(m: MatchFound): void;
  /** The server refused to follow it (ERR_NO_TICKET: it ran out; queue again). */
  refused(code: ShownErrorCode): void;
  /** Whether the server can be reached now. */
  connected(on: boolean): void;
}

/** The server says how the wait goes every 2 s: this long without news, the ticket is followed again. */
const SILENT_MS = 12_000;

/**
 * Follow a ticket until `close`; after a lost connection it is followed again, and so it is
 * when the news stops (a ticket dropped from the queue is then refused: ERR_NO_TICKET).
 */
export function followTicket(ticket: string, on: TicketEvents): () => void {
  const socket: Socket<ServerToClient, ClientToServer> = io({ transports: ['websocket', 'polling'], forceNew: true });
  let heard = Date.now();
  const follow = () => {
    heard = Date.now();
    socket.emit('match:follow', { ticket }, (ack: Ack) => {
      if (!ack.ok) on.refused(ack.error.code);
    });
  };
  const watchdog = setInterval(() => {
    if (socket.connected && Date.now() - heard > SILENT_MS) follow();
  }, SILENT_MS / 4);
  socket.on('connect', () => {
    on.connected(true);
    follow();
  });
  socket.on('disconnect', () => on.connected(false));
  socket.on('connect_error', () => on.connected(false));
  socket.on('match:waiting', (m) => {
    heard = Date.now();
    on.waiting(m);
  });
  socket.on('match:found', (m) => {
    forgetTicket();
    if (m.token !== undefined) saveSession(m.code, { seat: m.seat, token: m.token });
    on.found(m);
  });
  return () => {
    clearInterval(watchdog);
    socket.disconnect();
  };
}
