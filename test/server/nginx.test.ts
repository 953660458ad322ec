/**
 * The server behind nginx with the configuration of docs/deploy.md, on PostgreSQL:
 * players over WebSockets and a spectator over HTTP long-polling play and follow a whole
 * game through the balancer, and /healthz answers through it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nginxAvailable, playBehindBalancer, startNginx, type TestNginx } from './helpers/nginx.js';
import { freshDatabase, postgresAvailable, type TestDatabase } from './helpers/postgres.js';
import { api, startServer, type TestServer } from './helpers/server.js';

const run = nginxAvailable() && (await postgresAvailable());
let db: TestDatabase;
let node: TestServer;
let nginx: TestNginx;
beforeAll(async () => {
  if (!run) return;
  db = await freshDatabase();
  node = await startServer({ DATABASE_URL: db.url });
  nginx = await startNginx([node.port]);
});
afterAll(async () => {
  await nginx?.stop();
  await node?.stop();
  await db?.drop();
});

it.skipIf(!run)('a game is played through nginx over WebSockets and followed over long-polling', async () => {
  const front = { ...node, url: nginx.url };
  expect(await api(front, 'GET', '/healthz')).toEqual({ status: 200, body: { ok: true, database: true } });
  await playBehindBalancer(front);
});
