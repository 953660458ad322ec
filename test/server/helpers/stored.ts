/**
 * What the server stored, read through a store of the same kind on the same database:
 * the ground truth a test checks against (the server keeps running meanwhile). `where` is
 * a server's DATA_DIR (SQLite) or a PostgreSQL URL (the cluster's database).
 */
import type { Action, ResolvedOptions, Seed } from '../../../src/engine/index.js';
import { PostgresStore } from '../../../src/server/store/postgres.js';
import { SqliteStore } from '../../../src/server/store/sqlite.js';
import type { Store } from '../../../src/server/store/store.js';

export interface StoredGame {
  readonly options: ResolvedOptions;
  readonly seed: Seed;
  readonly status: string;
  readonly actions: { seq: number; action: Action; byBot: boolean }[];
}

export async function withStore<T>(where: string, job: (store: Store) => Promise<T>): Promise<T> {
  // The server process checkpoints its file; this reader does not need to.
  const store = /^postgres(ql)?:\/\//.test(where)
    ? await PostgresStore.open(where)
    : new SqliteStore(where, { checkpoints: false });
  try {
    return await job(store);
  } finally {
    await store.close();
  }
}

export function storedGame(where: string, gameId: string): Promise<StoredGame> {
  return withStore(where, async (store) => {
    const g = await store.loadGame(gameId);
    if (!g) throw new Error(`game ${gameId} is not stored`);
    const actions = (await store.loadActions(gameId)).map((a) => ({ seq: a.seq, action: a.action, byBot: a.byBot }));
    return { options: g.options, seed: g.seed, status: g.status, actions };
  });
}

/** The stored absence deadlines of a table, by seat. */
export function storedDeadlines(where: string, tableCode: string): Promise<Map<number, number>> {
  return withStore(
    where,
    async (store) =>
      new Map((await store.timersOf(tableCode)).filter((t) => t.kind === 'absence').map((t) => [t.seat, t.deadline])),
  );
}
