/**
 * What the table components draw from, whatever the source (a live server, a replay, a
 * test): the engine's TableView for one viewer plus who sits where.
 */
import type { BotLevel, SeatSummary } from '../../protocol/messages.js';
import { DELETED_NAME } from '../../values/index.js';

export interface SeatLabel {
  readonly name: string | null;
  readonly bot: BotLevel | null;
  readonly connected: boolean;
  readonly away: boolean;
  /** The player's account was deleted: the game names the seat with DELETED_NAME. */
  readonly deleted?: boolean;
  /** A bot account (a program, invited by name) holds the seat. */
  readonly botAccount?: boolean;
}

/** Labels for the seats of a live table; a name that several seats share gets its seat number. */
export function seatLabels(seats: readonly SeatSummary[]): SeatLabel[] {
  const names = seats.map((s) => s.name);
  return seats.map((s) => ({
    name: distinctName(names, s.seat),
    bot: s.bot,
    connected: s.connected,
    away: s.away,
    ...(s.botAccount ? { botAccount: true } : {}),
  }));
}

function distinctName(names: readonly (string | null)[], seat: number): string | null {
  const name = names[seat];
  if (name === null || names.filter((n) => n === name).length === 1) return name;
  return `${name} ${seat + 1}`;
}

/**
 * Labels for a game without live seats (a replay, a list of games, a test): its names
 * and, when known, its bots' levels and the seats bot accounts held, so that a bot is
 * named and marked as the table did.
 */
export function namedSeats(
  names: readonly string[],
  bots: readonly (BotLevel | null)[] = [],
  botAccounts: readonly boolean[] = [],
): SeatLabel[] {
  return names.map((name, seat) => ({
    name: name === DELETED_NAME ? null : distinctName(names, seat),
    bot: bots[seat] ?? null,
    connected: true,
    away: false,
    ...(name === DELETED_NAME ? { deleted: true } : {}),
    ...(botAccounts[seat] ? { botAccount: true } : {}),
  }));
}

/** Seat numbers 0..players-1, each a stable key for its seat. */
export function seatNumbers(players: number): number[] {
  return Array.from({ length: players }, (_, i) => i);
}

/** The seats in the order they sit around the viewer: the viewer last, its left neighbour first. */
export function seatsAround(players: number, viewer: number | null): number[] {
  const me = viewer ?? 0;
  return Array.from({ length: players }, (_, i) => (me + 1 + i) % players);
}
