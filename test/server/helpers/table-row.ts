/** A plain stored table row for tests of the table's rules (no store, no server). */
import type { TableRow, TableSettings } from '../../../src/server/store/store.js';

export const SETTINGS: TableSettings = {
  players: 4,
  mode: 'individual',
  rounds: 2,
  public: false,
  turnSeconds: 60,
  coach: true,
  turnClock: 'normal',
};

/** Table ABCDE at version 3, hosted by seat 0, playing game g1 unless in the lobby. */
export function tableRow(status: TableRow['status'], extra: Partial<TableRow> = {}): TableRow {
  return {
    code: 'ABCDE',
    settings: SETTINGS,
    host: 0,
    status,
    gameId: status === 'lobby' ? null : 'g1',
    createdAt: 0,
    version: 3,
    ...extra,
  };
}
