/**
 * Duplicate events and their entries (the store's DuplicateStore), written once for both
 * databases as daily.ts is: plain SQL both speak, run through the store's SqlRunner. Both
 * stores extend it (through SqlAccounts); it extends daily.ts's SqlDaily.
 */
import { z } from 'zod';
import { SqlDaily } from './daily.js';
import { camelRows, int, json, nullableInt } from './rows.js';
import type { SqlRunner } from './sql-runner.js';
import type { DuplicateEntryRow, DuplicateEventRow, DuplicateStore } from './store.js';

const EVENT_COLUMNS = 'code, name, players, mode, hands, host, host_name, created_at, closed_at';
const ENTRY_COLUMNS = 'event, player, seat, account_id, name, table_code, started_at, scores, finished_at';

const SQL = {
  insertEvent: `INSERT INTO duplicate_events (${EVENT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
    ON CONFLICT (code) DO NOTHING`,
  event: `SELECT ${EVENT_COLUMNS} FROM duplicate_events WHERE code = $1`,
  close: 'UPDATE duplicate_events SET closed_at = $2 WHERE code = $1 AND closed_at IS NULL',
  insertEntry: `INSERT INTO duplicate_entries (${ENTRY_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
    ON CONFLICT (event, player, seat) DO NOTHING`,
  entry: `SELECT ${ENTRY_COLUMNS} FROM duplicate_entries WHERE event = $1 AND player = $2 AND seat = $3`,
  entries: `SELECT ${ENTRY_COLUMNS} FROM duplicate_entries WHERE event = $1 ORDER BY started_at, player, seat`,
  finish: `UPDATE duplicate_entries SET scores = $4, finished_at = $5
    WHERE event = $1 AND player = $2 AND seat = $3 AND scores IS NULL`,
};

const decodeEvent: (raw: unknown) => DuplicateEventRow = camelRows(
  z.object({
    code: z.string(),
    name: z.string(),
    players: int,
    mode: z.string(),
    hands: int,
    host: z.string(),
    host_name: z.string(),
    created_at: int,
    closed_at: nullableInt,
  }),
  'duplicate event',
);

const decodeEntry: (raw: unknown) => DuplicateEntryRow = camelRows(
  z.object({
    event: z.string(),
    player: z.string(),
    seat: int,
    account_id: z.string().nullable(),
    name: z.string(),
    table_code: z.string(),
    started_at: int,
    scores: json(z.array(z.number().int())).nullable(),
    finished_at: nullableInt,
  }),
  'duplicate entry',
);

export class SqlDuplicates extends SqlDaily implements DuplicateStore {
  constructor(private readonly duplicateSql: SqlRunner) {
    super(duplicateSql);
  }

  async createDuplicate(r: DuplicateEventRow): Promise<boolean> {
    const params = [r.code, r.name, r.players, r.mode, r.hands, r.host, r.hostName, r.createdAt, r.closedAt];
    const [changed] = await this.duplicateSql.write([{ sql: SQL.insertEvent, params }]);
    return changed === 1;
  }

  async duplicateEvent(code: string): Promise<DuplicateEventRow | null> {
    const [raw] = await this.duplicateSql.rows(SQL.event, [code]);
    return raw === undefined ? null : decodeEvent(raw);
  }

  async closeDuplicate(code: string, at: number): Promise<void> {
    await this.duplicateSql.write([{ sql: SQL.close, params: [code, at] }]);
  }

  async startDuplicateEntry(r: DuplicateEntryRow): Promise<boolean> {
    const scores = r.scores === null ? null : JSON.stringify(r.scores);
    const params = [r.event, r.player, r.seat, r.accountId, r.name, r.tableCode, r.startedAt, scores, r.finishedAt];
    const [changed] = await this.duplicateSql.write([{ sql: SQL.insertEntry, params }]);
    return changed === 1;
  }

  async duplicateEntry(event: string, player: string, seat: number): Promise<DuplicateEntryRow | null> {
    const [raw] = await this.duplicateSql.rows(SQL.entry, [event, player, seat]);
    return raw === undefined ? null : decodeEntry(raw);
  }

  async duplicateEntries(event: string): Promise<DuplicateEntryRow[]> {
    return (await this.duplicateSql.rows(SQL.entries, [event])).map(decodeEntry);
  }

  async finishDuplicateEntry(
    event: string,
    player: string,
    seat: number,
    scores: readonly number[],
    at: number,
  ): Promise<void> {
    const params = [event, player, seat, JSON.stringify(scores), at];
    await this.duplicateSql.write([{ sql: SQL.finish, params }]);
  }
}
