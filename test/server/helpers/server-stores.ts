/**
 * The two stores a real server runs on, for `describe.each`: SQLite in its DATA_DIR, and
 * PostgreSQL in a fresh database (`skip` where none answers), started for a suite's tests.
 */
import { afterAll, beforeAll } from 'vitest';
import { freshDatabase, postgresAvailable, type TestDatabase } from './postgres.js';
import { startServer, type TestServer } from './server.js';

const pgHere = await postgresAvailable();

export const SERVER_STORES = [
  { name: 'SQLite', postgres: false, skip: false },
  { name: 'PostgreSQL', postgres: true, skip: !pgHere },
];

/**
 * A server on this store (`env` adds settings) before the suite's tests, handed to
 * `started`; after them it stops, `stopped` looks at it (its output), and its database goes.
 */
export function serverSuite(
  { postgres, skip }: (typeof SERVER_STORES)[number],
  env: Record<string, string>,
  started: (server: TestServer) => Promise<void>,
  stopped: (server: TestServer) => void = () => undefined,
): void {
  let server: TestServer | undefined;
  let db: TestDatabase | null = null;
  beforeAll(async () => {
    if (skip) return;
    db = postgres ? await freshDatabase() : null;
    server = await startServer({ ...env, ...(db ? { DATABASE_URL: db.url } : {}) });
    await started(server);
  }, 120_000);
  afterAll(async () => {
    if (!server) return;
    await server.stop();
    stopped(server);
    await db?.drop();
  });
}
