/** The store a server runs on: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR. */
import type { Config } from '../config.js';
import { PostgresStore } from './postgres.js';
import { SqliteStore } from './sqlite.js';
import type { Store } from './store.js';

export type StoreConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 'sqliteSynchronous' | 'walLimitBytes'>;

export async function openStore(config: StoreConfig, onIdleError?: (e: Error) => void): Promise<Store> {
  if (config.databaseUrl) return PostgresStore.open(config.databaseUrl, onIdleError);
  return new SqliteStore(config.dataDir, {
    synchronous: config.sqliteSynchronous,
    walLimitBytes: config.walLimitBytes,
  });
}
