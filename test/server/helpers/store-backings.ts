/**
 * The two kinds of store the store tests run against: SQLite in a temporary directory and
 * PostgreSQL in a fresh database (skipped, with a message, where there is none).
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll } from 'vitest';
import { PostgresStore } from '../../../src/server/store/postgres.js';
import { SQLITE_FILE, SqliteStore } from '../../../src/server/store/sqlite.js';
import type { Store } from '../../../src/server/store/store.js';
import { admin, freshDatabase, postgresAvailable, type TestDatabase } from './postgres.js';
import { tempDataDir } from './server.js';

/** One kind of store: how to open one on an empty database, and how to write past it. */
export interface Backing {
  open(): Promise<Store>;
  /** Run SQL on the store's database directly (to damage a row on purpose). */
  raw(sql: string): Promise<void>;
  dispose(): Promise<void>;
}

// The test process runs the TypeScript sources, where the checkpoint thread's compiled
// file does not exist; checkpoints only move the log into the file and change no data.
const sqliteBacking = async (): Promise<Backing> => {
  const dir = tempDataDir();
  return {
    open: async () => new SqliteStore(dir, { checkpoints: false }),
    async raw(sql) {
      const db = new Database(path.join(dir, SQLITE_FILE));
      db.exec(sql);
      db.close();
    },
    dispose: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
};

const postgresBacking = async (): Promise<Backing> => {
  const db: TestDatabase = await freshDatabase();
  return {
    open: () => PostgresStore.open(db.url),
    raw: (sql) => admin((c) => c.query(sql), db.url).then(() => undefined),
    dispose: () => db.drop(),
  };
};

export const pgHere = await postgresAvailable();

export const storeKinds = [
  { name: 'SQLite', make: sqliteBacking, skip: false },
  { name: 'PostgreSQL', make: postgresBacking, skip: !pgHere },
];

/** A store of the kind, opened before the suite's tests and closed after them: read it through the getter. */
export function storeForSuite(kind: Pick<(typeof storeKinds)[number], 'make' | 'skip'>): () => Store {
  let backing: Backing;
  let store: Store;
  beforeAll(async () => {
    if (kind.skip) return;
    backing = await kind.make();
    store = await backing.open();
  });
  afterAll(async () => {
    if (kind.skip) return;
    await store.close();
    await backing.dispose();
  });
  return () => store;
}
