/**
 * What everyone may know about a table (the protocol's TableSummary), from its stored rows
 * and who is at it: built by the table itself, and in a cluster also for the public list,
 * which is read from the database rather than from any one node's memory.
 */
import type { TableSummary } from '../../protocol/messages.js';
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
): TableSummary {
  return {
    code: row.code,
    // Tables stored before the coach option existed have it off.
    options: { ...row.settings, coach: row.settings.coach === true },
    status: row.status,
    host: row.host,
    seats: seats.map((s) => ({
      seat: s.seat,
      name: s.name,
      bot: s.bot,
      connected: at.isPresent(s.seat),
      away: s.away,
    })),
    gameId: row.gameId,
    finishedGames: [...finishedIds],
    spectators: at.spectators(),
  };
}
