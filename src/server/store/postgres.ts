/**
 * The store for several server nodes: PostgreSQL through node-postgres (`pg`), chosen by
 * DATABASE_URL. Same rows and meaning as the SQLite store; JSON columns are jsonb. This
 * file maps the store's rows to statements: their text is in postgres-sql.ts, how they
 * reach the database (pool, transactions, fences, failures) in postgres-db.ts, and the
 * schema's migrations in postgres-schema.ts.
 */

import type { RatedResult } from '../ratings/rated-game.js';
import { SqlAccounts } from './accounts.js';
import { PLAYER_INSERT, playerParams } from './histories.js';
import { PostgresDatabase, type Queryable } from './postgres-db.js';
import {
  APPEND_ACTION,
  HOT,
  POSTGRES_DIALECT,
  SQL,
  SWEEP,
  TIMER_CHANGE,
  timerChangeValues,
  upsertSeats,
} from './postgres-sql.js';
import { ratingsBefore, ratingWrites } from './ratings.js';
import {
  decodeAction,
  decodeAnalysisRequest,
  decodeChat,
  decodeGame,
  decodeSeat,
  decodeTable,
  decodeTimer,
  seedColumns,
} from './rows.js';
import type {
  ActionRow,
  AnalysisClaim,
  ChatRow,
  Fence,
  GameRow,
  Ownership,
  SeatRow,
  Store,
  TableRow,
  TableWrite,
  TimerRow,
  WithAction,
} from './store.js';
import { NEW_TABLE_GRACE_MS, SeqTakenError, StaleTableError } from './store.js';

/** PostgreSQL's SQLSTATE for a unique or primary key violation. */
const UNIQUE_VIOLATION = '23505';

/** A rated player's rating as the game ends, the account's row locked until the game's write commits. */
const RATING_BEFORE = ratingsBefore(' FOR UPDATE OF a');

export class PostgresStore extends SqlAccounts implements Store {
  private constructor(private readonly db: PostgresDatabase) {
    super(
      {
        rows: async (sql, params) => (await db.query(sql, [...params])).rows,
        write: (statements) =>
          statements.length === 1
            ? db.query(statements[0].sql, [...statements[0].params]).then((r) => [r.rowCount ?? 0])
            : db.transaction(async (c) => {
                const changed: number[] = [];
                for (const s of statements) changed.push((await c.query(s.sql, [...s.params])).rowCount ?? 0);
                return changed;
              }),
      },
      POSTGRES_DIALECT,
    );
  }

  /** Connect and migrate. `onIdleError` hears of connections lost while idle (the pool replaces them). */
  static async open(url: string, onIdleError: (e: Error) => void = () => undefined): Promise<PostgresStore> {
    return new PostgresStore(await PostgresDatabase.open(url, onIdleError));
  }

  /** Inside a transaction: the compare-and-set write of a table and its seats. */
  private async writeTable(c: Queryable, table: TableRow, seats: readonly SeatRow[]): Promise<void> {
    const settings = JSON.stringify(table.settings);
    const written =
      table.version === 1
        ? await c.query(SQL.insertTable, [
            table.code,
            settings,
            table.host,
            table.status,
            table.gameId,
            table.createdAt,
          ])
        : await c.query(SQL.updateTable, [table.code, settings, table.host, table.status, table.gameId, table.version]);
    if (written.rowCount !== 1) throw new StaleTableError(table.code, table.version);
    if (seats.length === 0) return;
    const params: unknown[] = [table.code];
    for (const s of seats)
      params.push(s.seat, s.name, s.tokenHash, s.bot, s.away, s.accountId ?? null, s.botAccount === true);
    await c.query(upsertSeats(seats.length), params);
  }

  saveTable(table: TableRow, seats: readonly SeatRow[], fence?: Fence): Promise<void> {
    // A new table (version 1) has no owner yet: it is claimed once it is stored.
    return this.db.fenced({ code: table.code }, table.version === 1 ? undefined : fence, (c) =>
      this.writeTable(c, table, seats),
    );
  }

  async loadTable(code: string): Promise<{ table: TableRow; seats: SeatRow[] } | null> {
    const t = await this.db.query(SQL.table, [code]);
    if (t.rows.length === 0) return null;
    const seats = await this.db.query(SQL.seats, [code]);
    return { table: decodeTable(t.rows[0]), seats: seats.rows.map(decodeSeat) };
  }

  async publicLobbies(limit: number): Promise<{ table: TableRow; seats: SeatRow[]; finished: string[] }[]> {
    const tables = await this.db.query(SQL.publicLobbies, [limit]);
    const codes = tables.rows.map((r) => r.code as string);
    const seats = await this.db.query(SQL.seatsOfTables, [codes]);
    const finished = await this.db.query(SQL.finishedOfTables, [codes]);
    return tables.rows.map((r) => ({
      table: decodeTable(r),
      seats: seats.rows.filter((s) => s.table_code === r.code).map(decodeSeat),
      finished: finished.rows.filter((g) => g.table_code === r.code).map((g) => g.id as string),
    }));
  }

  async openTableCodes(): Promise<string[]> {
    const { rows } = await this.db.query(SQL.openTables);
    return rows.map((r) => r.code);
  }

  commitTable(w: TableWrite, fence?: Fence): Promise<void> {
    return this.db.transaction(async (c) => {
      await this.db.checkFence(c, { code: w.code }, fence);
      const { game, gameStatus, table, timers } = w;
      if (game) {
        const seed = seedColumns(game.seed);
        await c.query(SQL.insertGame, [
          game.id,
          game.tableCode,
          JSON.stringify(game.options),
          seed.seed,
          seed.wide_seed,
          JSON.stringify(game.names),
          JSON.stringify(game.bots),
          game.status,
          game.startedAt,
          game.finishedAt,
          JSON.stringify(game.botAccounts),
          game.rated ? JSON.stringify(game.rated) : null,
        ]);
      }
      if (gameStatus) await c.query(SQL.gameStatus, [gameStatus.gameId, gameStatus.status, gameStatus.at]);
      if (table) await this.writeTable(c, table.row, table.seats);
      if (timers) await c.query(TIMER_CHANGE, timerChangeValues(timers));
    });
  }

  async appendAction(gameId: string, row: ActionRow, also: WithAction = {}, fence?: Fence): Promise<void> {
    const values = [gameId, row.seq, row.action.seat, JSON.stringify(row.action), row.byBot, row.at];
    const { finished, table, timers } = also;
    try {
      if (finished || table) {
        // The rare action that changes more than the log and the clocks: one transaction.
        await this.db.fenced({ gameId }, fence, async (c) => {
          await c.query(APPEND_ACTION, values);
          if (finished) await c.query(SQL.finishGame, [gameId, finished.at]);
          if (table) await this.writeTable(c, table.row, table.seats);
          if (timers) await c.query(TIMER_CHANGE, timerChangeValues(timers));
          // After the seats: a player's account is the one holding the seat as the game ends.
          if (finished) {
            for (const params of playerParams(gameId, finished)) await c.query(PLAYER_INSERT, params);
            if (finished.rated) await this.rate(c, gameId, finished.at, finished.rated);
          }
        });
      } else if (timers)
        await this.db.hotWrite(HOT.appendWithTimers, [...values, ...timerChangeValues(timers)], { gameId }, fence);
      else await this.db.hotWrite(HOT.append, values, { gameId }, fence);
    } catch (e) {
      if ((e as { code?: string }).code === UNIQUE_VIOLATION) throw new SeqTakenError(gameId, row.seq);
      throw e;
    }
  }

  /** Inside the game's last write: its players' new ratings, their rows locked as they are read. */
  private async rate(c: Queryable, gameId: string, at: number, rated: RatedResult): Promise<void> {
    const before = new Map<string, unknown[]>();
    for (const s of rated.seats)
      if ('account' in s) before.set(s.account, (await c.query(RATING_BEFORE, [s.account, rated.pool])).rows);
    for (const w of ratingWrites(gameId, at, rated, (a) => before.get(a) ?? [])) await c.query(w.sql, [...w.params]);
  }

  async loadGame(gameId: string): Promise<GameRow | null> {
    const { rows } = await this.db.query(SQL.game, [gameId]);
    return rows.length > 0 ? decodeGame(rows[0]) : null;
  }

  async loadActions(gameId: string): Promise<ActionRow[]> {
    const { rows } = await this.db.query(SQL.actions, [gameId]);
    return rows.map(decodeAction);
  }

  async finishedGames(tableCode: string): Promise<GameRow[]> {
    const { rows } = await this.db.query(SQL.finishedGames, [tableCode]);
    return rows.map(decodeGame);
  }

  async addChat(row: ChatRow, fence?: Fence): Promise<void> {
    await this.db.fenced({ code: row.tableCode }, fence, (c) =>
      c.query(SQL.insertChat, [
        row.tableCode,
        row.gameId,
        row.seat,
        row.name,
        row.text,
        row.reaction,
        row.at,
        row.accountId,
      ]),
    );
  }

  async recentChat(tableCode: string, limit: number, hide: readonly string[] = []): Promise<ChatRow[]> {
    const { rows } = await this.db.query(SQL.recentChat, [tableCode, limit, hide]);
    return rows.map(decodeChat);
  }

  async setTimer(timer: TimerRow, fence?: Fence): Promise<void> {
    const { tableCode, kind, seat, deadline } = timer;
    await this.db.hotWrite(HOT.setTimer, [tableCode, kind, seat, deadline], { code: tableCode }, fence);
  }

  async timersOf(tableCode: string): Promise<TimerRow[]> {
    const { rows } = await this.db.query(SQL.timers, [tableCode]);
    return rows.map(decodeTimer);
  }

  async requestAnalysis(gameId: string, at: number): Promise<void> {
    await this.db.query(SQL.insertRequest, [gameId, at]);
  }

  async claimAnalyses(claim: AnalysisClaim, limit: number, gameId?: string): Promise<string[]> {
    const { rows } = await this.db.query(SQL.claimRequests, [claim.node, claim.leaseMs, limit, gameId ?? null]);
    return rows
      .sort((a, b) => Number(a.at) - Number(b.at) || (a.game_id < b.game_id ? -1 : 1))
      .map(decodeAnalysisRequest);
  }

  async renewAnalysisClaims(claim: AnalysisClaim): Promise<void> {
    await this.db.query(SQL.renewRequests, [claim.node, claim.leaseMs]);
  }

  async dropAnalysisRequest(gameId: string): Promise<void> {
    await this.db.query(SQL.deleteRequest, [gameId]);
  }

  async saveAnalysis(gameId: string, analysis: string, at: number): Promise<void> {
    await this.db.transaction(async (c) => {
      await c.query(SQL.insertAnalysis, [gameId, analysis, at]);
      await c.query(SQL.deleteRequest, [gameId]);
    });
  }

  async loadAnalysis(gameId: string): Promise<string | null> {
    const { rows } = await this.db.query(SQL.analysis, [gameId]);
    return rows.length > 0 ? (rows[0].analysis as string) : null;
  }

  async sweep(cutoff: number, limit: number): Promise<number> {
    return this.db.transaction(async (c) => {
      const { rows } = await c.query<{ code: string }>(SWEEP.sweepable, [cutoff, limit]);
      for (const { code } of rows) {
        const finished = (await c.query(SWEEP.hasFinished, [code])).rows.length > 0;
        for (const sql of [...SWEEP.clear, ...(finished ? SWEEP.keep : SWEEP.drop)]) await c.query(sql, [code]);
      }
      return rows.length;
    });
  }

  async claimTable(code: string, node: string, leaseMs: number): Promise<number | null> {
    const { rows } = await this.db.query(SQL.claim, [code, node, leaseMs]);
    return rows.length === 1 ? Number(rows[0].owner_fence) : null;
  }

  async renewLeases(node: string, leaseMs: number): Promise<Map<string, number>> {
    const { rows } = await this.db.query(SQL.renew, [node, leaseMs]);
    return new Map(rows.map((r) => [r.code as string, Number(r.owner_fence)]));
  }

  async releaseTables(node: string, codes: readonly string[]): Promise<void> {
    if (codes.length === 0) return;
    await this.db.query(SQL.release, [node, codes]);
  }

  async orphanedTables(limit: number): Promise<string[]> {
    const { rows } = await this.db.query(SQL.orphans, [limit, NEW_TABLE_GRACE_MS]);
    return rows.map((r) => r.code as string);
  }

  async ownerOf(code: string): Promise<Ownership | null> {
    const { rows } = await this.db.query(SQL.ownerOf, [code]);
    return rows.length === 1
      ? { node: rows[0].owner_node as string, fence: Number(rows[0].owner_fence), live: rows[0].live === true }
      : null;
  }

  ping(): Promise<boolean> {
    return this.db.ping();
  }

  close(): Promise<void> {
    return this.db.close();
  }
}
