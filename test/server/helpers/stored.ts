/**
 * What the server stored, read through a store of the same kind on the same database:
 * the ground truth a test checks against (the server keeps running meanwhile).
 */
import type { Action, ResolvedOptions } from '../../../src/engine/index.js';
import { SqliteStore } from '../../../src/server/store/sqlite.js';
import type { Store } from '../../../src/server/store/store.js';

export interface StoredGame {
  readonly options: ResolvedOptions;
  readonly seed: number;
  readonly status: string;
  readonly actions: { seq: number; action: Action; byBot: boolean }[];
}

export async function withStore<T>(dataDir: string, job: (store: Store) => Promise<T>): Promise<T> {
  // The server process checkpoints its file; this reader does not need to.
  const store = new SqliteStore(dataDir, { checkpoints: false });
  try {
    return await job(store);
  } finally {
    await store.close();
  }
}

export function storedGame(dataDir: string, gameId: string): Promise<StoredGame> {
  return withStore(dataDir, async (store) => {
    const g = await store.loadGame(gameId);
    if (!g) throw new Error(`game ${gameId} is not stored`);
    const actions = (await store.loadActions(gameId)).map((a) => ({ seq: a.seq, action: a.action, byBot: a.byBot }));
    return { options: g.options, seed: g.seed, status: g.status, actions };
  });
}

/** The stored absence deadlines of a table, by seat. */
export function storedDeadlines(dataDir: string, tableCode: string): Promise<Map<number, number>> {
  return withStore(
    dataDir,
    async (store) =>
      new Map((await store.timersOf(tableCode)).filter((t) => t.kind === 'absence').map((t) => [t.seat, t.deadline])),
  );
}
