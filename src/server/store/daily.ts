/**
 * The daily deal's attempts and secret (the store's DailyStore), written once for both
 * databases as accounts.ts is: plain SQL both speak, run through the store's SqlRunner.
 * Both stores extend it (through SqlAccounts).
 */
import { z } from 'zod';
import type { Action } from '../../engine/index.js';
import { actionSchema, camelRows, decode, int, json, nullableInt } from './rows.js';
import type { SqlRunner } from './sql-runner.js';
import type { DailyAttemptRow, DailyFieldRow, DailyStore } from './store.js';

const COLUMNS = 'day, player, account_id, name, table_code, game_id, started_at, score, finished_at';

const SQL = {
  insert: `INSERT INTO daily_attempts (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
    ON CONFLICT (day, player) DO NOTHING`,
  attempt: `SELECT ${COLUMNS} FROM daily_attempts WHERE day = $1 AND player = $2`,
  finish: `UPDATE daily_attempts SET score = $3, finished_at = $4, plays = $5
    WHERE day = $1 AND player = $2 AND score IS NULL`,
  unscored: `SELECT ${COLUMNS} FROM daily_attempts WHERE day = $1 AND score IS NULL ORDER BY started_at, player`,
  ranking: `SELECT ${COLUMNS} FROM daily_attempts
    WHERE day = $1 AND score IS NOT NULL AND player LIKE $2
    ORDER BY score DESC, finished_at, player LIMIT $3`,
  field: `SELECT player, game_id, score, plays FROM daily_attempts
    WHERE day = $1 AND score IS NOT NULL ORDER BY score DESC, finished_at, player`,
  entries: 'SELECT count(*) AS n FROM daily_attempts WHERE day = $1',
  insertSecret: 'INSERT INTO daily_secret (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING',
  secret: 'SELECT secret FROM daily_secret WHERE id = 1',
};

const attemptSchema = z.object({
  day: z.string(),
  player: z.string(),
  account_id: z.string().nullable(),
  name: z.string(),
  table_code: z.string(),
  game_id: z.string(),
  started_at: int,
  score: nullableInt,
  finished_at: nullableInt,
});

const decodeAttempt: (raw: unknown) => DailyAttemptRow = camelRows(attemptSchema, 'daily attempt');

const fieldSchema = z.object({
  player: z.string(),
  game_id: z.string(),
  score: int,
  plays: json(z.array(actionSchema)).nullable(),
});

const decodeField: (raw: unknown) => DailyFieldRow = camelRows(fieldSchema, 'daily attempt');

export class SqlDaily implements DailyStore {
  constructor(private readonly dailySql: SqlRunner) {}

  async startDailyAttempt(r: DailyAttemptRow): Promise<boolean> {
    const params = [r.day, r.player, r.accountId, r.name, r.tableCode, r.gameId, r.startedAt, r.score, r.finishedAt];
    const [changed] = await this.dailySql.write([{ sql: SQL.insert, params }]);
    return changed === 1;
  }

  async dailyAttempt(day: string, player: string): Promise<DailyAttemptRow | null> {
    const [raw] = await this.dailySql.rows(SQL.attempt, [day, player]);
    return raw === undefined ? null : decodeAttempt(raw);
  }

  async finishDailyAttempt(
    day: string,
    player: string,
    score: number,
    at: number,
    plays: readonly Action[],
  ): Promise<void> {
    await this.dailySql.write([{ sql: SQL.finish, params: [day, player, score, at, JSON.stringify(plays)] }]);
  }

  async unscoredDailyAttempts(day: string): Promise<DailyAttemptRow[]> {
    return (await this.dailySql.rows(SQL.unscored, [day])).map(decodeAttempt);
  }

  async dailyRanking(day: string, guests: boolean, limit: number): Promise<DailyAttemptRow[]> {
    return (await this.dailySql.rows(SQL.ranking, [day, guests ? 'guest:%' : 'account:%', limit])).map(decodeAttempt);
  }

  async dailyField(day: string): Promise<DailyFieldRow[]> {
    return (await this.dailySql.rows(SQL.field, [day])).map(decodeField);
  }

  async dailyEntries(day: string): Promise<number> {
    const [raw] = await this.dailySql.rows(SQL.entries, [day]);
    return decode(z.object({ n: int }), 'count', raw).n;
  }

  async keepDailySecret(candidate: string): Promise<string> {
    await this.dailySql.write([{ sql: SQL.insertSecret, params: [candidate] }]);
    const [raw] = await this.dailySql.rows(SQL.secret, []);
    return decode(z.object({ secret: z.string() }), 'daily secret', raw).secret;
  }
}
