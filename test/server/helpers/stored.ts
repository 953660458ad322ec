/** Reading the server's SQLite file directly: the ground truth a test checks against. */
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Action, ResolvedOptions } from '../../../src/engine/index.js';

export interface StoredGame {
  readonly options: ResolvedOptions;
  readonly seed: number;
  readonly status: string;
  readonly actions: { seq: number; action: Action; byBot: boolean }[];
}

export function storedGame(dataDir: string, gameId: string): StoredGame {
  const db = new Database(path.join(dataDir, 'bottle-imp.sqlite'), { readonly: true });
  try {
    const g = db.prepare('SELECT options, seed, status FROM games WHERE id = ?').get(gameId) as { options: string; seed: number; status: string } | undefined;
    if (!g) throw new Error(`game ${gameId} is not stored`);
    const actions = (db.prepare('SELECT seq, action, by_bot FROM actions WHERE game_id = ? ORDER BY seq').all(gameId) as { seq: number; action: string; by_bot: number }[]).map((a) => ({ seq: a.seq, action: JSON.parse(a.action) as Action, byBot: a.by_bot === 1 }));
    return { options: JSON.parse(g.options), seed: g.seed, status: g.status, actions };
  } finally {
    db.close();
  }
}

/** The stored absence deadlines of a table, by seat. */
export function storedDeadlines(dataDir: string, tableCode: string): Map<number, number> {
  const db = new Database(path.join(dataDir, 'bottle-imp.sqlite'), { readonly: true });
  try {
    const rows = db.prepare(`SELECT seat, deadline FROM timers WHERE table_code = ? AND kind = 'absence'`).all(tableCode) as { seat: number; deadline: number }[];
    return new Map(rows.map((r) => [r.seat, r.deadline]));
  } finally {
    db.close();
  }
}
