/**
 * The server behind nginx with the configuration of docs/deploy.md, on PostgreSQL:
 * players over WebSockets and a spectator over HTTP long-polling play and follow a whole
 * game through the balancer, and /healthz answers through it.
 */
import { io } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { GameUpdate } from '../../src/protocol/messages.js';
import { playToEnd } from './helpers/client.js';
import { nginxAvailable, startNginx, type TestNginx } from './helpers/nginx.js';
import { freshDatabase, postgresAvailable, type TestDatabase } from './helpers/postgres.js';
import { api, startServer, type TestServer } from './helpers/server.js';
import { seatTable } from './helpers/tables.js';

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
  const { code, humans } = await seatTable(front, { players: 3, rounds: 1 }, 2, { level: 'easy' });

  const polling = io(nginx.url, { transports: ['polling'], reconnection: false, forceNew: true });
  const seen: GameUpdate[] = [];
  polling.on('game', (u: GameUpdate) => seen.push(u));
  const watched = await polling.timeout(10_000).emitWithAck('table:watch', { code });
  expect(watched.ok).toBe(true);
  expect(polling.io.engine.transport.name).toBe('polling');

  await playToEnd(humans);
  const last = humans[0].game!;
  await humans[0].until(() => seen.some((u) => u.seq === last.seq), 'the spectator to see the end');
  expect(seen.at(-1)?.view.phase).toBe('over');
  polling.close();
  for (const c of humans) c.close();
});
