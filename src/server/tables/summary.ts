/**
 * What everyone may know about a table (the protocol's TableSummary), from its stored rows
 * and who is at it: built by the table itself, and in a cluster also for the public list,
 * which is read from the database rather than from any one node's memory.
 */
import type { GameRatings, TableSummary } from '../../protocol/messages.js';
import type { SeatRow, TableRow } from '../store/store.js';

export interface Attendance {
  isPresent(seat: number): boolean;
  spectators(): number;
}

export function tableSummary(
  row: TableRow,
  seats: readonly SeatRow[],
  finishedIds: readonly string[],
  at: Attendance,
  /** What the last game changed of its players' ratings, when it was rated and that is known. */
  ratings?: GameRatings,
): TableSummary {
  return {
    code: row.code,
    // Tables stored before the coach option existed have it off.
    options: { ...row.settings, coach: row.settings.coach === true, rated: row.settings.rated === true },
    status: row.status,
    host: row.host,
    seats: seats.map((s) => ({
      seat: s.seat,
      name: s.name,
      bot: s.bot,
      connected: at.isPresent(s.seat),
      away: s.away,
      ...(s.botAccount ? { botAccount: true as const } : {}),
    })),
    gameId: row.gameId,
    finishedGames: [...finishedIds],
    spectators: at.spectators(),
    ...(ratings ? { ratings } : {}),
  };
}

/**
 * Whether two summaries of the same table say the same (compared by hand, field by field:
 * the table compares its summary with the last one it sent on every change, and a generic
 * deep comparison costs more than the rest of an action's bookkeeping).
 */
export function sameSummary(a: TableSummary, b: TableSummary): boolean {
  const options = Object.keys(a.options) as (keyof TableSummary['options'])[];
  return (
    a.code === b.code &&
    a.status === b.status &&
    a.host === b.host &&
    a.gameId === b.gameId &&
    a.spectators === b.spectators &&
    options.length === Object.keys(b.options).length &&
    options.every((k) => a.options[k] === b.options[k]) &&
    a.seats.length === b.seats.length &&
    a.seats.every((s, i) => {
      const t = b.seats[i];
      return (
        s.seat === t.seat &&
        s.name === t.name &&
        s.bot === t.bot &&
        s.connected === t.connected &&
        s.away === t.away &&
        s.botAccount === t.botAccount
      );
    }) &&
    a.finishedGames.length === b.finishedGames.length &&
    a.finishedGames.every((id, i) => id === b.finishedGames[i]) &&
    // A game's ratings are stored once: the game says which.
    a.ratings?.gameId === b.ratings?.gameId
  );
}
