/**
 * GET /api/games/:id/view shows only what is stored. On PostgreSQL, a test transaction
 * holds the lock an action's INSERT needs, so a seat's action waits between the engine's
 * check and its commit: meanwhile the view over HTTP must still be the stored game's.
 */
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TableView } from '../../src/engine/index.js';
import { chooseAction } from './helpers/choose.js';
import { admin, freshDatabase, postgresAvailable, type TestDatabase } from './helpers/postgres.js';
import { api, startServer, type TestServer } from './helpers/server.js';
import { seatTable } from './helpers/tables.js';

const run = await postgresAvailable();
let db: TestDatabase;
let server: TestServer;
beforeAll(async () => {
  if (!run) return;
  db = await freshDatabase();
  server = await startServer({ DATABASE_URL: db.url });
});
afterAll(async () => {
  if (server) expect(await server.stop()).toBe(0);
  await db?.drop();
});

type ViewReply = { gameId: string; seq: number; view: TableView };

it.skipIf(!run)('an action not yet stored does not show in the view over HTTP', async () => {
  const { humans, tokens } = await seatTable(server, { players: 2, rounds: 1 }, 2, { bots: false });
  const game = humans[0].game!;
  const viewOf = async (token: string | null) => {
    const r = await api<ViewReply>(server, 'GET', `/api/games/${game.gameId}/view`, undefined, {
      ...(token ? { 'x-seat-token': token } : {}),
    });
    expect(r.status).toBe(200);
    return r.body;
  };
  const before = await viewOf(tokens[0]);
  expect(before.seq).toBe(0);
  expect(before.view.passed[0]).toBe(false);
  const spectators = await viewOf(null);

  let acted: ReturnType<(typeof humans)[0]['act']> | undefined;
  await admin(async (c: pg.Client) => {
    // Reads go on; the action's INSERT waits for this transaction.
    await c.query('BEGIN');
    await c.query('LOCK TABLE actions IN EXCLUSIVE MODE');
    acted = humans[0].act(chooseAction(game.view, Math.random));
    // The engine has accepted the pass and the store is writing it.
    await new Promise((r) => setTimeout(r, 500));
    expect(await viewOf(tokens[0])).toEqual(before);
    expect(await viewOf(null)).toEqual(spectators);
    await c.query('COMMIT');
  }, db.url);
  const reply = await acted!;
  expect(reply).toMatchObject({ ok: true, seq: 1 });
  const after = await viewOf(tokens[0]);
  expect(after.seq).toBe(1);
  expect(after.view.passed[0]).toBe(true);
  for (const h of humans) h.close();
});
