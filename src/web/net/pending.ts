/**
 * Bots chosen on the home screen. A table is created over REST, but bots are seated over
 * the socket, so the choice waits here until the host's lobby is connected.
 */
import type { BotLevel } from '../../protocol/messages.js';

export interface PendingBot {
  readonly seat: number;
  readonly level: BotLevel;
}

const key = (code: string) => `bottle-imp:bots:${code.toUpperCase()}`;

export function savePendingBots(code: string, bots: readonly PendingBot[]): void {
  if (bots.length > 0) sessionStorage.setItem(key(code), JSON.stringify(bots));
}

/** The bots waiting to be seated at a table, removed from storage as they are taken. */
export function takePendingBots(code: string): PendingBot[] {
  const raw = sessionStorage.getItem(key(code));
  sessionStorage.removeItem(key(code));
  try {
    return raw ? (JSON.parse(raw) as PendingBot[]) : [];
  } catch {
    return [];
  }
}
