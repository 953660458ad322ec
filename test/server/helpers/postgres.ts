/**
 * PostgreSQL for tests: each test file makes a database of its own on the server at
 * TEST_DATABASE_URL (default: the development machines' 127.0.0.1:5432, trust auth) and
 * drops it afterwards. Without a reachable server the PostgreSQL tests are skipped with a
 * message, except under CI=true, where that fails the run.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Whether the PostgreSQL tests can run here; says why not, and throws under CI. */
export async function postgresAvailable(): Promise<boolean> {
  if (await answers(ADMIN_URL)) return true;
  const why = `No PostgreSQL answers at ${ADMIN_URL}: the PostgreSQL tests are skipped (set TEST_DATABASE_URL or start one).`;
  if (process.env.CI === 'true') throw new Error(`${why} Under CI=true a missing PostgreSQL fails the run.`);
  console.warn(why);
  return false;
}

export async function admin<T>(job: (client: pg.Client) => Promise<T>, url = ADMIN_URL): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await job(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

/** A new, empty database for one test file. */
export async function freshDatabase(): Promise<TestDatabase> {
  const name = `bottle_imp_test_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}
