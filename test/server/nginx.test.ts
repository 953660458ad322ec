/**
 * The server behind nginx with the configuration of docs/deploy.md, on PostgreSQL:
 * players over WebSockets and a spectator over HTTP long-polling play and follow a whole
 * game through the balancer, and /healthz answers through it; links the node builds name
 * the address the client reached nginx at (no PUBLIC_URL). Then client addresses
 * behind nginx (TRUST_PROXY): clients from different loopback addresses have limits of
 * their own through the balancer, and X-Forwarded-For is believed from nginx only; nginx
 * caps requests under way per client (the node does not cap nginx's connections), and
 * its own refusals (body too large, too many connections) are JSON without its version.
 */
import net from 'node:net';
import { Manager } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, nginxAvailable, playBehindBalancer, startNginx, type TestNginx } from './helpers/nginx.js';
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

it.skipIf(!run)("nginx's own refusals are JSON in the API's shape, and it never shows its version", async () => {
  const front = { ...node, url: nginx.url, port: nginx.port };
  // Over the body limit a node has (16 KiB): refused by nginx before any node reads it,
  // as the node itself refuses it.
  const oversized = (to: TestServer) =>
    requestFrom(to, '127.0.0.1', 'POST', '/api/tables', {}, { name: 'x'.repeat(20_000), options: { players: 2 } });
  const [big, direct] = [await oversized(front), await oversized(node)];
  expect(big.status).toBe(413);
  expect(big.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(big.body)).toEqual(JSON.parse(direct.body));
  expect(JSON.parse(big.body)).toEqual({ error: { code: 'ERR_TOO_LARGE', message: 'Request body is too large' } });
  const page = await requestFrom(front, '127.0.0.1', 'GET', '/no-such-page');
  // No node answers at all: nginx's 503 in the same shape.
  const nowhere = await startNginx([await freePort()]);
  const down = await requestFrom({ ...node, port: nowhere.port }, '127.0.0.1', 'GET', '/healthz').finally(() =>
    nowhere.stop(),
  );
  expect(down.status).toBe(503);
  expect(JSON.parse(down.body).error.code).toBe('ERR_UNAVAILABLE');
  for (const r of [big, page, down]) {
    expect(r.headers.server).toBe('nginx');
    expect(r.body).not.toMatch(/nginx\/\d/);
  }
});

it.skipIf(!run)('nginx caps the requests under way per client address, WebSockets included', async () => {
  const capped = await startNginx([node.port], { maxConnectionsPerAddress: 2 });
  try {
    const held = [await session(capped.port, '127.0.0.7'), await session(capped.port, '127.0.0.7')];
    await expect(session(capped.port, '127.0.0.7')).rejects.toThrow();
    // The refusal is nginx's, in the API's shape, and another client is let through.
    const refused = await requestFrom({ ...node, port: capped.port }, '127.0.0.7', 'GET', '/healthz');
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body).error.code).toBe('ERR_TOO_MANY_CONNECTIONS');
    const other = await session(capped.port, '127.0.0.8');
    // One closed, the address has room again.
    held[0].engine.close();
    await new Promise((r) => setTimeout(r, 300));
    held.push(await session(capped.port, '127.0.0.7'));
    for (const m of [...held, other]) m.engine.close();
  } finally {
    await capped.stop();
  }
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
    // One API request per address, then one a minute; one session per address; two TCP
    // connections per connecting address, which nginx's (the trusted proxy's) are not held to.
    limited = await startServer({
      TRUST_PROXY: '127.0.0.1',
      HTTP_RATE_PER_MINUTE: '1',
      MAX_CONNECTIONS_PER_ADDRESS: '1',
      MAX_SOCKETS_PER_ADDRESS: '2',
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

  it('each client address behind nginx has its own API limit, and a forged X-Forwarded-For earns none', async () => {
    expect(await list(front.port, '127.0.0.2')).toBe(200);
    expect(await list(front.port, '127.0.0.2')).toBe(429);
    // Another client of the same balancer is not limited by the first.
    expect(await list(front.port, '127.0.0.3')).toBe(200);
    // nginx replaces whatever the client claims with the address it came from.
    expect(await list(front.port, '127.0.0.2', { 'x-forwarded-for': '127.0.0.9' })).toBe(429);
    // Straight to the node, which trusts only nginx's address: the header is ignored.
    expect(await list(limited.port, '127.0.0.2', { 'x-forwarded-for': '127.0.0.10' })).toBe(429);
    expect(await list(limited.port, '127.0.0.3', { 'x-forwarded-for': '127.0.0.11' })).toBe(429);
    // Those addresses were never used: through nginx each still has its whole window.
    expect(await list(front.port, '127.0.0.10')).toBe(200);
    expect(await list(front.port, '127.0.0.11')).toBe(200);
  });

  it('Socket.IO sessions behind nginx are counted per client address, not per balancer', async () => {
    const first = await session(front.port, '127.0.0.4');
    // The address's one session is taken, through nginx or straight to the node.
    await expect(session(front.port, '127.0.0.4')).rejects.toThrow();
    await expect(session(limited.port, '127.0.0.4')).rejects.toThrow();
    // Other clients of the same balancer open theirs: three WebSockets from nginx's one
    // address, over the node's cap of two TCP connections per address, which spares nginx.
    const second = await session(front.port, '127.0.0.5');
    const third = await session(front.port, '127.0.0.6');
    // A client reaching the node directly is held to it: two open connections, no third.
    const direct = await Promise.all(
      [1, 2].map(
        () =>
          new Promise<net.Socket>((resolve) => {
            const s = net.connect({ host: '127.0.0.1', port: limited.port, localAddress: '127.0.0.12' }, () =>
              resolve(s),
            );
          }),
      ),
    );
    await new Promise((r) => setTimeout(r, 100));
    expect((await requestFrom(limited, '127.0.0.12', 'GET', '/healthz')).status).toBe(429);
    for (const s of direct) s.destroy();
    for (const m of [first, second, third]) m.engine.close();
  });
});
