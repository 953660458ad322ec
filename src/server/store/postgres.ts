/**
 * The store for several server nodes: PostgreSQL through node-postgres (`pg`), chosen by
 * DATABASE_URL. Same rows and meaning as the SQLite store; JSON columns are jsonb.
 */
import pg from 'pg';
import { PG_MIGRATIONS } from './postgres-schema.js';
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
  GameStatus,
  Ownership,
  SeatRow,
  Store,
  TableRow,
  TableWrite,
  TimerChange,
  TimerKey,
  TimerKind,
  TimerRow,
  WithAction,
} from './store.js';
import { NEW_TABLE_GRACE_MS, SeqTakenError, StaleOwnerError, StaleTableError, StoreUnavailableError } from './store.js';
import { sweepSql } from './sweep-sql.js';

/** Any fixed number shared by every node: the advisory lock held while migrating. */
const MIGRATION_LOCK = 0x6b0771e;
/** PostgreSQL's SQLSTATE for a unique or primary key violation. */
const UNIQUE_VIOLATION = '23505';

type Queryable = Pick<pg.PoolClient, 'query'>;

/** Now in milliseconds by the database's clock: every node measures leases by the same one. */
const NOW_MS = '(extract(epoch from clock_timestamp()) * 1000)::bigint';

/**
 * Which table a fenced write belongs to: by its code, or by one of its games. Both lock
 * the table's row (FOR SHARE) until the write commits, so a takeover (which updates the
 * row) waits for it, and a write waiting behind a takeover sees the new fencing number.
 * `n` is the number of the first of its two parameters (the code or game id, the fence).
 */
type OwnedBy = { readonly code: string } | { readonly gameId: string };
function fenceCheck(by: OwnedBy, n = 1): string {
  return 'code' in by
    ? `SELECT code FROM tables WHERE code = $${n} AND owner_fence = $${n + 1} FOR SHARE`
    : `SELECT t.code FROM tables t JOIN games g ON g.table_code = t.code WHERE g.id = $${n} AND t.owner_fence = $${n + 1} FOR SHARE OF t`;
}

/**
 * A write of the hot path (an action and its turn clocks), as one statement: a named
 * (prepared) statement, so that each pooled connection parses and plans it once. `guard`
 * is where the write says whether it may happen: `true` on a single node, or whether the
 * fence check found the table still held with the writer's fence.
 */
interface HotWrite {
  readonly name: string;
  /** The write (one data-modifying statement, or several run as one), its parameters from $1; `guard` stands for its condition. */
  sql(guard: string): string[];
}

/**
 * A change of a table's deadlines (Store.changeTimers) as two data-modifying statements,
 * its parameters from $n: the table; the kinds and seats to clear; the kinds, seats and
 * deadlines to set.
 */
function timerChangeSql(n: number, guard: string): string[] {
  const p = (i: number) => `$${n + i}`;
  return [
    `DELETE FROM timers WHERE table_code = ${p(0)} AND (kind, seat) IN (SELECT * FROM unnest(${p(1)}::text[], ${p(2)}::integer[])) AND ${guard}`,
    `INSERT INTO timers (table_code, kind, seat, deadline)
     SELECT ${p(0)}, k, s, d FROM unnest(${p(3)}::text[], ${p(4)}::integer[], ${p(5)}::bigint[]) AS x(k, s, d) WHERE ${guard}
     ON CONFLICT (table_code, kind, seat) DO UPDATE SET deadline = excluded.deadline`,
  ];
}

/** Data-modifying statements as the parts of one WITH (each runs, whatever reads it). */
function cteParts(sqls: readonly string[]): string {
  return sqls.map((sql, i) => `write${i} AS (${sql})`).join(', ');
}

/** Data-modifying statements sharing their parameters, as one statement. */
function asOne(sqls: readonly string[]): string {
  return `WITH ${cteParts(sqls)} SELECT 1`;
}

/** The parameters of timerChangeSql. */
function timerChangeValues({ tableCode, set, clear }: TimerChange): unknown[] {
  return [
    tableCode,
    clear.map((t) => t.kind),
    clear.map((t) => t.seat),
    set.map((t) => t.kind),
    set.map((t) => t.seat),
    set.map((t) => t.deadline),
  ];
}

const APPEND = (guard: string) =>
  `INSERT INTO actions (game_id, seq, seat, action, by_bot, at) SELECT $1, $2, $3, $4, $5, $6 WHERE ${guard}`;

const HOT = {
  append: {
    name: 'append',
    sql: (guard: string) => [APPEND(guard)],
  },
  /** An action and the turn clocks it starts and stops, in one round trip: $1–$6 as `append`, then timerChangeSql's from $7. */
  appendWithTimers: {
    name: 'append-with-timers',
    sql: (guard: string) => [APPEND(guard), ...timerChangeSql(7, guard)],
  },
  setTimer: {
    name: 'set-timer',
    sql: (guard: string) => [
      `INSERT INTO timers (table_code, kind, seat, deadline) SELECT $1, $2, $3, $4 WHERE ${guard}
       ON CONFLICT (table_code, kind, seat) DO UPDATE SET deadline = excluded.deadline`,
    ],
  },
  clearTimer: {
    name: 'clear-timer',
    sql: (guard: string) => [`DELETE FROM timers WHERE table_code = $1 AND kind = $2 AND seat = $3 AND ${guard}`],
  },
  changeTimers: {
    name: 'change-timers',
    sql: (guard: string) => timerChangeSql(1, guard),
  },
} satisfies Record<string, HotWrite>;

/** The text of each hot statement by its name, built at its first use (it is the same at every call). */
const statementTexts = new Map<string, string>();
function statementText(name: string, build: () => string): string {
  let text = statementTexts.get(name);
  if (text === undefined) {
    text = build();
    statementTexts.set(name, text);
  }
  return text;
}

const SWEEP = sweepSql((n) => `$${n}`);

/** Node's and PostgreSQL's ways of saying the connection failed (SQLSTATE class 08, shutdowns). */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
]);
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connection error/i;

/** Failures to connect at all: no statement was sent, so nothing can have been written. */
const NOT_CONNECTED_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENOTFOUND', '57P03', '08001', '08004']);
const NOT_CONNECTED_MESSAGES = /timeout exceeded when trying to connect|due to connection timeout/i;

/**
 * A lost or refused connection becomes StoreUnavailableError; anything else is passed on.
 * It is `unsure` unless the connection was never made or `mayHaveCommitted` is false: a
 * statement that timed out or lost its connection may still commit (a database frozen
 * mid-write runs it when it resumes), but a transaction whose COMMIT was never sent is
 * rolled back once its connection is dropped.
 */
function unreachable(e: unknown, mayHaveCommitted = true): unknown {
  const code = (e as { code?: unknown }).code;
  const message = e instanceof Error ? e.message : '';
  const lost =
    (typeof code === 'string' && (code.startsWith('08') || CONNECTION_CODES.has(code))) ||
    CONNECTION_MESSAGES.test(message);
  if (!lost) return e;
  const notConnected =
    (typeof code === 'string' && NOT_CONNECTED_CODES.has(code)) || NOT_CONNECTED_MESSAGES.test(message);
  return new StoreUnavailableError(mayHaveCommitted && !notConnected);
}

/** A transaction that failed before its COMMIT was sent: nothing of it can be stored. */
class BeforeCommit extends Error {
  constructor(override readonly cause: unknown) {
    super('the transaction failed before its commit');
  }
}

/** Bring the database's schema up to the last migration, all in one transaction. */
export async function migratePostgres(client: pg.PoolClient): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await client.query<{ v: number }>(
      'SELECT coalesce(max(version), 0)::integer AS v FROM schema_migrations',
    );
    const current = rows[0].v;
    if (current > PG_MIGRATIONS.length)
      throw new Error(`the database has schema version ${current}, newer than this server (${PG_MIGRATIONS.length})`);
    for (let v = current + 1; v <= PG_MIGRATIONS.length; v++) {
      await client.query(PG_MIGRATIONS[v - 1]);
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [v]);
    }
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  }
}

export class PostgresStore implements Store {
  private constructor(private readonly pool: pg.Pool) {}

  /** Connect and migrate. `onIdleError` hears of connections lost while idle (the pool replaces them). */
  static async open(url: string, onIdleError: (e: Error) => void = () => undefined): Promise<PostgresStore> {
    // A database that does not answer fails the request within seconds instead of hanging
    // it. The connect timeout also bounds the wait for a free pooled connection, which on
    // a loaded machine (a 200-table ramp-up with 4 s of event-loop lag) took over 3 s.
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      connectionTimeoutMillis: 10_000,
      query_timeout: 10_000,
    });
    pool.on('error', onIdleError);
    try {
      const client = await pool.connect();
      try {
        await migratePostgres(client);
      } finally {
        client.release();
      }
    } catch (e) {
      await pool.end();
      throw e;
    }
    return new PostgresStore(pool);
  }

  /** One statement on any pooled connection; a named one is prepared once per connection. */
  private async query(sql: string, values: unknown[] = [], name?: string): Promise<pg.QueryResult> {
    try {
      return await this.pool.query(name === undefined ? { text: sql, values } : { name, text: sql, values });
    } catch (e) {
      throw unreachable(e);
    }
  }

  private async transaction<T>(job: (c: Queryable) => Promise<T>): Promise<T> {
    try {
      return await this.inTransaction(job);
    } catch (e) {
      throw e instanceof BeforeCommit ? unreachable(e.cause, false) : unreachable(e);
    }
  }

  private async inTransaction<T>(job: (c: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect().catch((e: unknown) => {
      throw new BeforeCommit(e);
    });
    // A connection lost while checked out is also reported on the client itself, where the
    // pool does not listen (unheard, that would end the process): it is noted, and the
    // client dropped rather than given back to the pool.
    let broken: Error | undefined;
    const lost = (e: Error) => {
      broken = e;
    };
    client.on('error', lost);
    let committing = false;
    try {
      await client.query('BEGIN');
      const result = await job(client);
      committing = true;
      await client.query('COMMIT');
      return result;
    } catch (e) {
      // A connection that failed or timed out is out of step with the database: dropped, it
      // rolls its transaction back (a ROLLBACK would wait out another timeout first).
      if (unreachable(e) instanceof StoreUnavailableError) broken ??= e as Error;
      else
        await client.query('ROLLBACK').catch((r: Error) => {
          broken ??= r;
        });
      throw committing ? e : new BeforeCommit(e);
    } finally {
      client.off('error', lost);
      client.release(broken);
    }
  }

  /** Inside a transaction: the compare-and-set write of a table and its seats. */
  private async writeTable(c: Queryable, table: TableRow, seats: readonly SeatRow[]): Promise<void> {
    const settings = JSON.stringify(table.settings);
    const written =
      table.version === 1
        ? await c.query(
            'INSERT INTO tables (code, settings, host, status, game_id, created_at, version) VALUES ($1, $2, $3, $4, $5, $6, 1) ON CONFLICT (code) DO NOTHING',
            [table.code, settings, table.host, table.status, table.gameId, table.createdAt],
          )
        : await c.query(
            'UPDATE tables SET settings = $2, host = $3, status = $4, game_id = $5, version = $6 WHERE code = $1 AND version = $6 - 1',
            [table.code, settings, table.host, table.status, table.gameId, table.version],
          );
    if (written.rowCount !== 1) throw new StaleTableError(table.code, table.version);
    if (seats.length === 0) return;
    const params: unknown[] = [table.code];
    const tuples = seats.map((s) => {
      params.push(s.seat, s.name, s.tokenHash, s.bot, s.away);
      const n = params.length;
      return `($1, $${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n})`;
    });
    await c.query(
      `INSERT INTO seats (table_code, seat, name, token_hash, bot, away) VALUES ${tuples.join(', ')}
       ON CONFLICT (table_code, seat) DO UPDATE SET name = excluded.name, token_hash = excluded.token_hash, bot = excluded.bot, away = excluded.away`,
      params,
    );
  }

  /**
   * Inside a transaction: refuse the write (StaleOwnerError) unless `fence` is still the
   * table's fencing number; without a fence, nothing to check.
   */
  private async checkFence(c: Queryable, by: OwnedBy, fence: Fence): Promise<void> {
    if (fence === undefined) return;
    const found = await c.query(fenceCheck(by), ['code' in by ? by.code : by.gameId, fence]);
    if (found.rowCount !== 1) throw await this.staleOwner(c, by);
  }

  /** The refusal of a write whose fence is stale, naming the table. */
  private async staleOwner(c: Queryable, by: OwnedBy): Promise<StaleOwnerError> {
    if ('code' in by) return new StaleOwnerError(by.code);
    const { rows } = await c.query('SELECT table_code FROM games WHERE id = $1', [by.gameId]);
    return new StaleOwnerError(rows.length === 1 ? (rows[0].table_code as string) : by.gameId);
  }

  /** One write by a table's owner: checked against its fence in the same transaction. */
  private async fenced(by: OwnedBy, fence: Fence, write: (c: Queryable) => Promise<unknown>): Promise<void> {
    if (fence === undefined) {
      await this.transaction(write);
      return;
    }
    await this.transaction(async (c) => {
      await this.checkFence(c, by, fence);
      await write(c);
    });
  }

  /**
   * One write of the hot path in one statement (it is its own transaction: no BEGIN or
   * COMMIT round trips). With a fence, the statement checks it first (locking the table's
   * row until it commits) and writes only if it holds; it answers whether it did.
   */
  private async hotWrite(write: HotWrite, values: unknown[], by: OwnedBy, fence: Fence): Promise<void> {
    if (fence === undefined) {
      const text = statementText(write.name, () => {
        const sqls = write.sql('true');
        return sqls.length === 1 ? sqls[0] : asOne(sqls);
      });
      await this.query(text, values, write.name);
      return;
    }
    const n = values.length + 1;
    const name = `${write.name}-fenced-${'code' in by ? 'code' : 'game'}`;
    const text = statementText(
      name,
      () => `WITH owner AS (${fenceCheck(by, n)}), ${cteParts(write.sql('EXISTS (SELECT 1 FROM owner)'))}
       SELECT count(*)::integer AS held FROM owner`,
    );
    const { rows } = await this.query(text, [...values, 'code' in by ? by.code : by.gameId, fence], name);
    if (rows[0].held !== 1) throw await this.staleOwner(this.pool, by);
  }

  saveTable(table: TableRow, seats: readonly SeatRow[], fence?: Fence): Promise<void> {
    // A new table (version 1) has no owner yet: it is claimed once it is stored.
    return this.fenced({ code: table.code }, table.version === 1 ? undefined : fence, (c) =>
      this.writeTable(c, table, seats),
    );
  }

  async loadTable(code: string): Promise<{ table: TableRow; seats: SeatRow[] } | null> {
    const t = await this.query(
      'SELECT code, settings, host, status, game_id, created_at, version FROM tables WHERE code = $1',
      [code],
    );
    if (t.rows.length === 0) return null;
    const seats = await this.query(
      'SELECT seat, name, token_hash, bot, away FROM seats WHERE table_code = $1 ORDER BY seat',
      [code],
    );
    return { table: decodeTable(t.rows[0]), seats: seats.rows.map(decodeSeat) };
  }

  async publicLobbies(limit: number): Promise<{ table: TableRow; seats: SeatRow[]; finished: string[] }[]> {
    const tables = await this.query(
      `SELECT code, settings, host, status, game_id, created_at, version FROM tables
       WHERE status = 'lobby' AND settings->>'public' = 'true' ORDER BY created_at DESC, code LIMIT $1`,
      [limit],
    );
    const codes = tables.rows.map((r) => r.code as string);
    const seats = await this.query(
      'SELECT table_code, seat, name, token_hash, bot, away FROM seats WHERE table_code = ANY($1) ORDER BY seat',
      [codes],
    );
    const finished = await this.query(
      `SELECT table_code, id FROM games WHERE table_code = ANY($1) AND status = 'finished' ORDER BY started_at`,
      [codes],
    );
    return tables.rows.map((r) => ({
      table: decodeTable(r),
      seats: seats.rows.filter((s) => s.table_code === r.code).map(decodeSeat),
      finished: finished.rows.filter((g) => g.table_code === r.code).map((g) => g.id as string),
    }));
  }

  async openTableCodes(): Promise<string[]> {
    const { rows } = await this.query(`SELECT code FROM tables WHERE status <> 'closed'`);
    return rows.map((r) => r.code);
  }

  startGame(game: GameRow, table: TableRow, seats: readonly SeatRow[], fence?: Fence): Promise<void> {
    return this.commitTable({ code: table.code, game, table: { row: table, seats } }, fence);
  }

  commitTable(w: TableWrite, fence?: Fence): Promise<void> {
    return this.transaction(async (c) => {
      await this.checkFence(c, { code: w.code }, fence);
      const { game, gameStatus, table, timers } = w;
      if (game) {
        const seed = seedColumns(game.seed);
        await c.query(
          'INSERT INTO games (id, table_code, options, seed, wide_seed, names, bots, status, started_at, finished_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)',
          [
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
          ],
        );
      }
      if (gameStatus)
        await c.query('UPDATE games SET status = $2, finished_at = $3 WHERE id = $1', [
          gameStatus.gameId,
          gameStatus.status,
          gameStatus.at,
        ]);
      if (table) await this.writeTable(c, table.row, table.seats);
      if (timers) await c.query(asOne(timerChangeSql(1, 'true')), timerChangeValues(timers));
    });
  }

  async appendAction(gameId: string, row: ActionRow, also: WithAction = {}, fence?: Fence): Promise<void> {
    const values = [gameId, row.seq, row.action.seat, JSON.stringify(row.action), row.byBot, row.at];
    const { finished, timers } = also;
    try {
      if (finished) {
        await this.fenced({ gameId }, fence, async (c) => {
          await c.query(APPEND('true'), values);
          await c.query(`UPDATE games SET status = 'finished', finished_at = $2 WHERE id = $1`, [gameId, finished.at]);
          if (timers) await c.query(asOne(timerChangeSql(1, 'true')), timerChangeValues(timers));
        });
      } else if (timers)
        await this.hotWrite(HOT.appendWithTimers, [...values, ...timerChangeValues(timers)], { gameId }, fence);
      else await this.hotWrite(HOT.append, values, { gameId }, fence);
    } catch (e) {
      if ((e as { code?: string }).code === UNIQUE_VIOLATION) throw new SeqTakenError(gameId, row.seq);
      throw e;
    }
  }

  async setGameStatus(gameId: string, status: GameStatus, at: number, fence?: Fence): Promise<void> {
    await this.fenced({ gameId }, fence, (c) =>
      c.query('UPDATE games SET status = $2, finished_at = $3 WHERE id = $1', [gameId, status, at]),
    );
  }

  async loadGame(gameId: string): Promise<GameRow | null> {
    const { rows } = await this.query('SELECT * FROM games WHERE id = $1', [gameId]);
    return rows.length > 0 ? decodeGame(rows[0]) : null;
  }

  async loadActions(gameId: string): Promise<ActionRow[]> {
    const { rows } = await this.query('SELECT seq, action, by_bot, at FROM actions WHERE game_id = $1 ORDER BY seq', [
      gameId,
    ]);
    return rows.map(decodeAction);
  }

  async finishedGames(tableCode: string): Promise<GameRow[]> {
    const { rows } = await this.query(
      `SELECT * FROM games WHERE table_code = $1 AND status = 'finished' ORDER BY started_at`,
      [tableCode],
    );
    return rows.map(decodeGame);
  }

  async addChat(row: ChatRow, fence?: Fence): Promise<void> {
    await this.fenced({ code: row.tableCode }, fence, (c) =>
      c.query(
        'INSERT INTO chat (table_code, game_id, seat, name, text, reaction, at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [row.tableCode, row.gameId, row.seat, row.name, row.text, row.reaction, row.at],
      ),
    );
  }

  async recentChat(tableCode: string, limit: number): Promise<ChatRow[]> {
    const { rows } = await this.query(
      'SELECT * FROM (SELECT * FROM chat WHERE table_code = $1 ORDER BY id DESC LIMIT $2) recent ORDER BY id',
      [tableCode, limit],
    );
    return rows.map(decodeChat);
  }

  async setTimer(timer: TimerRow, fence?: Fence): Promise<void> {
    const { tableCode, kind, seat, deadline } = timer;
    await this.hotWrite(HOT.setTimer, [tableCode, kind, seat, deadline], { code: tableCode }, fence);
  }

  async clearTimer(tableCode: string, kind: TimerKind, seat: number, fence?: Fence): Promise<void> {
    await this.hotWrite(HOT.clearTimer, [tableCode, kind, seat], { code: tableCode }, fence);
  }

  async changeTimers(
    tableCode: string,
    set: readonly TimerRow[],
    clear: readonly TimerKey[],
    fence?: Fence,
  ): Promise<void> {
    await this.hotWrite(HOT.changeTimers, timerChangeValues({ tableCode, set, clear }), { code: tableCode }, fence);
  }

  async timersOf(tableCode: string): Promise<TimerRow[]> {
    const { rows } = await this.query('SELECT table_code, kind, seat, deadline FROM timers WHERE table_code = $1', [
      tableCode,
    ]);
    return rows.map(decodeTimer);
  }

  async requestAnalysis(gameId: string, at: number): Promise<void> {
    await this.query('INSERT INTO analysis_requests (game_id, at) VALUES ($1, $2) ON CONFLICT (game_id) DO NOTHING', [
      gameId,
      at,
    ]);
  }

  async claimAnalyses(claim: AnalysisClaim, limit: number, gameId?: string): Promise<string[]> {
    // SKIP LOCKED: nodes claiming at the same moment take different requests instead of waiting for each other.
    const { rows } = await this.query(
      `UPDATE analysis_requests SET claimed_by = $1, claimed_until = ${NOW_MS} + $2
       WHERE game_id IN (
         SELECT game_id FROM analysis_requests
         WHERE (claimed_by IS NULL OR claimed_by = $1 OR claimed_until < ${NOW_MS}) AND ($4::text IS NULL OR game_id = $4)
         ORDER BY at, game_id LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING game_id, at`,
      [claim.node, claim.leaseMs, limit, gameId ?? null],
    );
    return rows
      .sort((a, b) => Number(a.at) - Number(b.at) || (a.game_id < b.game_id ? -1 : 1))
      .map(decodeAnalysisRequest);
  }

  async renewAnalysisClaims(claim: AnalysisClaim): Promise<void> {
    await this.query(`UPDATE analysis_requests SET claimed_until = ${NOW_MS} + $2 WHERE claimed_by = $1`, [
      claim.node,
      claim.leaseMs,
    ]);
  }

  async dropAnalysisRequest(gameId: string): Promise<void> {
    await this.query('DELETE FROM analysis_requests WHERE game_id = $1', [gameId]);
  }

  async saveAnalysis(gameId: string, analysis: string, at: number): Promise<void> {
    await this.transaction(async (c) => {
      await c.query(
        'INSERT INTO analyses (game_id, analysis, at) VALUES ($1, $2, $3) ON CONFLICT (game_id) DO NOTHING',
        [gameId, analysis, at],
      );
      await c.query('DELETE FROM analysis_requests WHERE game_id = $1', [gameId]);
    });
  }

  async loadAnalysis(gameId: string): Promise<string | null> {
    const { rows } = await this.pool.query('SELECT analysis FROM analyses WHERE game_id = $1', [gameId]);
    return rows.length > 0 ? (rows[0].analysis as string) : null;
  }

  async sweep(cutoff: number, limit: number): Promise<number> {
    return this.transaction(async (c) => {
      const { rows } = await c.query<{ code: string }>(SWEEP.sweepable, [cutoff, limit]);
      for (const { code } of rows) {
        const finished = (await c.query(SWEEP.hasFinished, [code])).rows.length > 0;
        for (const sql of [...SWEEP.clear, ...(finished ? SWEEP.keep : SWEEP.drop)]) await c.query(sql, [code]);
      }
      return rows.length;
    });
  }

  async claimTable(code: string, node: string, leaseMs: number): Promise<number | null> {
    // Two nodes claiming at once: the second waits for the first's row lock, then finds its lease running.
    const { rows } = await this.query(
      `UPDATE tables SET owner_node = $2, owner_fence = owner_fence + 1, lease_until = ${NOW_MS} + $3
       WHERE code = $1 AND status <> 'closed' AND (owner_node IS NULL OR owner_node = $2 OR lease_until < ${NOW_MS})
       RETURNING owner_fence`,
      [code, node, leaseMs],
    );
    return rows.length === 1 ? Number(rows[0].owner_fence) : null;
  }

  async renewLeases(node: string, leaseMs: number): Promise<Map<string, number>> {
    const { rows } = await this.query(
      `UPDATE tables SET lease_until = ${NOW_MS} + $2 WHERE owner_node = $1 AND status <> 'closed' RETURNING code, owner_fence`,
      [node, leaseMs],
    );
    return new Map(rows.map((r) => [r.code as string, Number(r.owner_fence)]));
  }

  async releaseTables(node: string, codes: readonly string[]): Promise<void> {
    if (codes.length === 0) return;
    await this.query(
      'UPDATE tables SET owner_node = NULL, lease_until = NULL WHERE owner_node = $1 AND code = ANY($2)',
      [node, codes],
    );
  }

  async orphanedTables(limit: number): Promise<string[]> {
    const { rows } = await this.query(
      `SELECT code FROM tables WHERE status <> 'closed' AND (owner_node IS NULL OR lease_until < ${NOW_MS})
       AND NOT (owner_fence = 0 AND created_at > ${NOW_MS} - $2)
       ORDER BY lease_until NULLS FIRST LIMIT $1`,
      [limit, NEW_TABLE_GRACE_MS],
    );
    return rows.map((r) => r.code as string);
  }

  async ownerOf(code: string): Promise<Ownership | null> {
    const { rows } = await this.query(
      `SELECT owner_node, owner_fence, lease_until >= ${NOW_MS} AS live FROM tables WHERE code = $1 AND owner_node IS NOT NULL`,
      [code],
    );
    return rows.length === 1
      ? { node: rows[0].owner_node as string, fence: Number(rows[0].owner_fence), live: rows[0].live === true }
      : null;
  }

  async ping(): Promise<boolean> {
    try {
      await this.pool.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
