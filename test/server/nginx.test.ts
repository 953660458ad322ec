/**
 * The server behind nginx with the configuration of docs/deploy.md, on PostgreSQL:
 * players over WebSockets and a spectator over HTTP long-polling play and follow a whole
 * game through the balancer, and /healthz answers through it; links the node builds name
 * the address the client reached nginx at (no PUBLIC_URL). Then client addresses
 * behind nginx (TRUST_PROXY): clients from different loopback addresses have limits of
 * their own through the balancer, and X-Forwarded-For is believed from nginx only.
 */
import { Manager } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxAvailable, playBehindBalancer, startNginx, type TestNginx } from './helpers/nginx.js';
import { freshDatabase, postgresAvailable, type TestDatabase } from './helpers/postgres.js';
import { api, requestFrom, startServer, type TestServer } from './helpers/server.js';

const run = nginxAvailable() && (await postgresAvailable());
let db: TestDatabase;
let node: TestServer;
let nginx: TestNginx;
beforeAll(async () => {
  if (!run) return;
  db = await freshDatabase();
  node = await startServer({ DATABASE_URL: db.url, TRUST_PROXY: '127.0.0.1' });
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

it.skipIf(!run)('without PUBLIC_URL, invite links name the address the client reached nginx at', async () => {
  const front = { ...node, url: nginx.url };
  const body = { name: 'Ann', options: { players: 3 } };
  const created = await api<{ code: string; invite: string }>(front, 'POST', '/api/tables', body);
  expect(created.status).toBe(201);
  // The port included: nginx's, not the node's.
  expect(created.body.invite).toBe(`${nginx.url}/#/t/${created.body.code}`);
  // Whatever a client claims in X-Forwarded-Host, nginx says what it was asked for.
  const forged = await api<{ code: string; invite: string }>(front, 'POST', '/api/tables', body, {
    'x-forwarded-host': 'evil.example',
    'x-forwarded-proto': 'https',
  });
  expect(forged.body.invite).toBe(`${nginx.url}/#/t/${forged.body.code}`);
});

/** An Engine.IO session from `from` (a loopback address); resolves once open, rejects if refused. */
function session(port: number, from: string): Promise<Manager> {
  const manager = new Manager(`http://127.0.0.1:${port}`, {
    transports: ['websocket'],
    reconnection: false,
    autoConnect: false,
    localAddress: from,
  } as ConstructorParameters<typeof Manager>[1]);
  return new Promise((resolve, reject) => manager.open((err) => (err ? reject(err) : resolve(manager))));
}

describe.skipIf(!nginxAvailable())('client addresses behind nginx', () => {
  let limited: TestServer;
  let front: TestNginx;
  beforeAll(async () => {
    // One API request per address, then one a minute; one session per address.
    limited = await startServer({
      TRUST_PROXY: '127.0.0.1',
      HTTP_RATE_PER_MINUTE: '1',
      MAX_CONNECTIONS_PER_ADDRESS: '1',
      JOIN_TIMEOUT_SECONDS: '60',
    });
    front = await startNginx([limited.port]);
  });
  afterAll(async () => {
    await front?.stop();
    expect(await limited?.stop()).toBe(0);
  });

  const list = (port: number, from: string, headers: Record<string, string> = {}) =>
    requestFrom({ ...limited, port }, from, 'GET', '/api/tables', headers).then((r) => r.status);

  it('each client address behind nginx has its own API bucket, and a forged X-Forwarded-For earns none', async () => {
    expect(await list(front.port, '127.0.0.2')).toBe(200);
    expect(await list(front.port, '127.0.0.2')).toBe(429);
    // Another client of the same balancer is not limited by the first.
    expect(await list(front.port, '127.0.0.3')).toBe(200);
    // nginx replaces whatever the client claims with the address it came from.
    expect(await list(front.port, '127.0.0.2', { 'x-forwarded-for': '127.0.0.9' })).toBe(429);
    // Straight to the node, which trusts only nginx's address: the header is ignored.
    expect(await list(limited.port, '127.0.0.2', { 'x-forwarded-for': '127.0.0.10' })).toBe(429);
    expect(await list(limited.port, '127.0.0.3', { 'x-forwarded-for': '127.0.0.11' })).toBe(429);
    // Those addresses were never used: through nginx each still has its whole bucket.
    expect(await list(front.port, '127.0.0.10')).toBe(200);
    expect(await list(front.port, '127.0.0.11')).toBe(200);
  });

  it('Socket.IO sessions behind nginx are counted per client address, not per balancer', async () => {
    const first = await session(front.port, '127.0.0.4');
    // The address's one session is taken, through nginx or straight to the node.
    await expect(session(front.port, '127.0.0.4')).rejects.toThrow();
    await expect(session(limited.port, '127.0.0.4')).rejects.toThrow();
    // Other clients of the same balancer open theirs.
    const second = await session(front.port, '127.0.0.5');
    const third = await session(front.port, '127.0.0.6');
    for (const m of [first, second, third]) m.engine.close();
  });
});
