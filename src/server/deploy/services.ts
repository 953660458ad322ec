/**
 * The shared services of a cluster on one machine, for `npm run cluster`, the cluster
 * benchmarks and the tests: a PostgreSQL database made if missing or dropped, and the
 * keys under one Redis prefix removed (never anything else: a Redis may be shared).
 */
import { Redis } from 'ioredis';
import pg from 'pg';

/** Run `job` connected to the maintenance database `postgres` of the server `url` names. */
async function onServer<T>(url: string, job: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  // DROP DATABASE … WITH (FORCE) waits for the database's sessions to end: a minute at most.
  const client = new pg.Client({
    connectionString: admin.toString(),
    connectionTimeoutMillis: 5000,
    query_timeout: 60_000,
  });
  await client.connect();
  try {
    return await job(client);
  } finally {
    await client.end();
  }
}

function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

/** Make the database `url` names if it does not exist; whether it was made. */
export function ensureDatabase(url: string): Promise<boolean> {
  const name = databaseName(url);
  return onServer(url, async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount !== 0) return false;
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
    return true;
  });
}

/** Drop the database `url` names, closing its connections. */
export async function dropDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  await onServer(url, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
  );
}

/** A client that fails at once instead of queueing commands or retrying while Redis is away. */
export function redisClient(url: string): Redis {
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 3000,
    commandTimeout: 10_000,
    retryStrategy: () => null,
  });
  // A refused connection is reported by the command that needed it.
  client.on('error', () => undefined);
  return client;
}

/** Delete every key under `prefix`. */
export async function dropRedisPrefix(url: string, prefix: string): Promise<void> {
  const client = redisClient(url);
  try {
    await client.connect();
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await client.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}
