/**
 * How the PostgreSQL store reaches its database: a pool of connections, statements and
 * transactions on it, a lost or refused connection turned into StoreUnavailableError, and
 * the writes of a table's owner in a cluster checked against its fencing number.
 */
import pg from 'pg';
import { migratePostgres } from './postgres-schema.js';
import { asOne, cteParts, fenceCheck, type HotWrite, type OwnedBy, SQL } from './postgres-sql.js';
import { type Fence, StaleOwnerError, StoreUnavailableError } from './store.js';

export type Queryable = Pick<pg.PoolClient, 'query'>;

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

const QUERY_LIMIT_MS = 10_000;

/** How long a statement may take (ms): 10 s, or the `query_timeout` that `url` gives. */
function queryLimit(url: string): number {
  let given: string | null = null;
  try {
    given = new URL(url).searchParams.get('query_timeout');
  } catch {
    // Not a URL node-postgres would read a query_timeout from either: the default holds.
  }
  const ms = Number(given);
  return given !== null && Number.isInteger(ms) && ms > 0 ? ms : QUERY_LIMIT_MS;
}

/** A transaction that failed before its COMMIT was sent: nothing of it can be stored. */
class BeforeCommit extends Error {
  constructor(override readonly cause: unknown) {
    super('the transaction failed before its commit');
  }
}

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

export class PostgresDatabase {
  private constructor(private readonly pool: pg.Pool) {}

  /** Connect and migrate. `onIdleError` hears of connections lost while idle (the pool replaces them). */
  static async open(url: string, onIdleError: (e: Error) => void): Promise<PostgresDatabase> {
    // A database that does not answer fails the request within seconds instead of hanging
    // it. The connect timeout also bounds the wait for a free pooled connection, which on
    // a loaded machine (a 200-table ramp-up with 4 s of event-loop lag) took over 3 s. It
    // is the query limit, so that a write that needs a new connection gives up no later
    // than one on an open connection: node-postgres takes a `query_timeout` in the URL
    // over the one given here, but the pool's connect timeout only from here.
    const limit = queryLimit(url);
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      connectionTimeoutMillis: limit,
      query_timeout: limit,
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
    return new PostgresDatabase(pool);
  }

  /** One statement on any pooled connection; a named one is prepared once per connection. */
  async query(sql: string, values: unknown[] = [], name?: string): Promise<pg.QueryResult> {
    try {
      return await this.pool.query(name === undefined ? { text: sql, values } : { name, text: sql, values });
    } catch (e) {
      throw unreachable(e);
    }
  }

  async transaction<T>(job: (c: Queryable) => Promise<T>): Promise<T> {
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

  /**
   * Inside a transaction: refuse the write (StaleOwnerError) unless `fence` is still the
   * table's fencing number; without a fence, nothing to check.
   */
  async checkFence(c: Queryable, by: OwnedBy, fence: Fence): Promise<void> {
    if (fence === undefined) return;
    const found = await c.query(fenceCheck(by), ['code' in by ? by.code : by.gameId, fence]);
    if (found.rowCount !== 1) throw await this.staleOwner(c, by);
  }

  /** The refusal of a write whose fence is stale, naming the table. */
  private async staleOwner(c: Queryable, by: OwnedBy): Promise<StaleOwnerError> {
    if ('code' in by) return new StaleOwnerError(by.code);
    const { rows } = await c.query(SQL.tableOfGame, [by.gameId]);
    return new StaleOwnerError(rows.length === 1 ? (rows[0].table_code as string) : by.gameId);
  }

  /** One write by a table's owner: checked against its fence in the same transaction. */
  async fenced(by: OwnedBy, fence: Fence, write: (c: Queryable) => Promise<unknown>): Promise<void> {
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
  async hotWrite(write: HotWrite, values: unknown[], by: OwnedBy, fence: Fence): Promise<void> {
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

  /** Whether the database answers now; never throws. */
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
