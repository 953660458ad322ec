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

/** The store a suite of one kind runs against, opened before its tests and closed after. */
export interface SuiteStore {
  readonly store: Store;
  readonly backing: Backing;
  /** Close the store and open it again on the same database (a restart); returns the new one. */
  reopen(): Promise<Store>;
}

/**
 * Open a store of this kind before the suite's tests (not where `skip`), hand it to `opened`,
 * and close it (the one open by then) and its database after them.
 */
export function storeSuite(
  { make, skip }: { make: () => Promise<Backing>; skip: boolean },
  opened: (suite: SuiteStore) => void,
): void {
  let backing: Backing | undefined;
  let store: Store | undefined;
  const suite: SuiteStore = {
    get store() {
      return store!;
    },
    get backing() {
      return backing!;
    },
    async reopen() {
      await store!.close();
      store = await backing!.open();
      return store;
    },
  };
  beforeAll(async () => {
    if (skip) return;
    backing = await make();
    store = await backing.open();
    opened(suite);
  });
  afterAll(async () => {
    await store?.close();
    await backing?.dispose();
  });
}
