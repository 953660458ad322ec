/** The store a server runs on: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR. */
import type { Config } from '../config.js';
import type { Store } from './store.js';

export type StoreConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 'sqliteSynchronous' | 'walLimitBytes'>;

export async function openStore(config: StoreConfig, onIdleError?: (e: Error) => void): Promise<Store> {
  // Each store's driver is loaded only when it is the one opened (pg alone costs a tenth of a
  // second of CPU at every start).
  if (config.databaseUrl) {
    const { PostgresStore } = await import('./postgres.js');
    return PostgresStore.open(config.databaseUrl, onIdleError);
  }
  const { SqliteStore } = await import('./sqlite.js');
  return new SqliteStore(config.dataDir, {
    synchronous: config.sqliteSynchronous,
    walLimitBytes: config.walLimitBytes,
  });
}
