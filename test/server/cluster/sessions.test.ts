/**
 * Engine.IO sessions per address over two real nodes (the built server, twice) on one
 * PostgreSQL database (fresh) and Redis (random prefix), MAX_CONNECTIONS_PER_ADDRESS 3:
 * the cap holds across the nodes; a client whose network dropped (a TCP proxy strands its
 * old session, which the node still counts) is let back in when it names that session,
 * and refused when it does not; a killed node's sessions stop counting within its lease.
 * Each test uses addresses of its own (127.0.0.x, through `localAddress`).
 */
import { io, Manager, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namePreviousSession } from '../../../src/web/net/reconnect.js';
import { freshDatabase, postgresAvailable, type TestDatabase } from '../helpers/postgres.js';
import { dropPrefix, randomPrefix, redisAvailable, redisClient, TEST_REDIS_URL } from '../helpers/redis.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';

const here = (await postgresAvailable()) && (await redisAvailable());
const CAP = 3;

/** An Engine.IO session from `from`; resolves once open, rejects if refused. */
function session(url: string, from: string, query: Record<string, string> = {}): Promise<Manager> {
  const manager = new Manager(url, {
    transports: ['websocket'],
    reconnection: false,
    autoConnect: false,
    query,
    localAddress: from,
  } as ConstructorParameters<typeof Manager>[1]);
  return new Promise((resolve, reject) => manager.open((err) => (err ? reject(err) : resolve(manager))));
}

/** A client that reconnects by itself, as the web client does, quickly. */
function reconnecting(url: string): Socket {
  return io(url, { transports: ['websocket'], forceNew: true, reconnectionDelay: 100, reconnectionDelayMax: 300 });
}

/** Polls `check` until it holds (20 s at most). */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within 20 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function once(target: { once(e: string, f: () => void): unknown }, event: string, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${what} within 20 s`)), 20_000);
    target.once(event, () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

describe.skipIf(!here)('sessions per address over two nodes', () => {
  let db: TestDatabase;
  const prefix = randomPrefix();
  let a: TestServer;
  let b: TestServer;
  const open: { close(): void }[] = [];
  const proxies: TcpProxy[] = [];
  const start = (id: string) =>
    startServer({
      DATABASE_URL: db.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      NODE_ID: id,
      MAX_CONNECTIONS_PER_ADDRESS: String(CAP),
      // Sessions here never follow a table: they stay open as long as the test needs.
      JOIN_TIMEOUT_SECONDS: '300',
    });
  /** The sessions Redis counts for the address (ids). */
  const counted = async (address: string) => {
    const redis = redisClient(TEST_REDIS_URL);
    try {
      return Object.keys(await redis.hgetall(`${prefix}sessions:${address}`));
    } finally {
      redis.disconnect();
    }
  };
  /**
   * A session from `from` that opened, once it is counted (the node counts it just after
   * the handshake, so a handshake right behind it could still find the old count).
   */
  const keep = async (m: Promise<Manager>, from: string) => {
    const manager = await m;
    open.push({ close: () => manager.engine.close() });
    const id = manager.engine.id;
    await eventually(async () => (await counted(from)).includes(id), 'the session counted');
    return manager;
  };

  beforeAll(async () => {
    db = await freshDatabase();
    a = await start('sessions-a');
    b = await start('sessions-b');
  });
  afterAll(async () => {
    for (const o of open) o.close();
    for (const p of proxies) await p.close();
    await Promise.all([a, b].map((n) => n?.stop()));
    await db?.drop();
    await dropPrefix(TEST_REDIS_URL, prefix).catch(() => undefined);
  });

  it('the cap is one cap over both nodes, and a closed session frees its place on the other node', async () => {
    const from = '127.0.0.2';
    const first = await keep(session(a.url, from), from);
    await keep(session(a.url, from), from);
    await keep(session(b.url, from), from);
    await expect(session(a.url, from)).rejects.toThrow();
    await expect(session(b.url, from)).rejects.toThrow();
    // Another address is not affected.
    await keep(session(b.url, '127.0.0.12'), '127.0.0.12');
    first.engine.close();
    await eventually(async () => (await counted(from)).length < CAP, 'the closed session uncounted');
    await keep(session(b.url, from), from);
    await expect(session(a.url, from)).rejects.toThrow();
  });

  /** The address at its cap: two sessions straight to the nodes, and a client through a proxy to node A. */
  const atCap = async (from: string, name: boolean) => {
    await keep(session(a.url, from), from);
    await keep(session(b.url, from), from);
    const proxy = await startTcpProxy('127.0.0.1', a.port, from);
    proxies.push(proxy);
    const client = reconnecting(`http://127.0.0.1:${proxy.port}`);
    if (name) namePreviousSession(client.io);
    open.push({ close: () => client.close() });
    await once(client, 'connect', 'first connection');
    await eventually(async () => (await counted(from)).length === CAP, 'the address at its cap');
    return { proxy, client, first: client.io.engine.id };
  };

  it('a client that does not name its dropped session is refused while the node still counts it', async () => {
    const { proxy, client } = await atCap('127.0.0.3', false);
    const refused = once(client.io, 'reconnect_error', 'refused reconnection');
    proxy.strand();
    await refused;
    expect(client.connected).toBe(false);
    client.close();
  });

  it('a client that reconnects after a network drop is let in, in place of its old session', async () => {
    const from = '127.0.0.4';
    const { proxy, client, first } = await atCap(from, true);
    const reconnected = once(client.io, 'reconnect', 'reconnection');
    proxy.strand();
    await reconnected;
    expect(client.io.engine.id).not.toBe(first);
    // The old session was closed and no longer counts; the address is still at its cap.
    const now = client.io.engine.id;
    await eventually(async () => (await counted(from)).includes(now), 'the new session counted');
    const ids = await counted(from);
    expect(ids).toHaveLength(CAP);
    expect(ids).not.toContain(first);
    await expect(session(b.url, from)).rejects.toThrow();
    // Naming a session that is not the address's own earns nothing.
    const elsewhere = (await counted('127.0.0.2'))[0];
    await expect(session(b.url, from, { previous: elsewhere })).rejects.toThrow();
    await expect(session(b.url, from, { previous: 'A'.repeat(20) })).rejects.toThrow();
  });

  it('the sessions of a killed node stop counting within its lease', async () => {
    const from = '127.0.0.5';
    await keep(session(b.url, from), from);
    await keep(session(b.url, from), from);
    await keep(session(a.url, from), from);
    await b.kill();
    const killedAt = Date.now();
    // Its sessions count until its last heartbeat's lease (5 s) runs out…
    await expect(session(a.url, from)).rejects.toThrow();
    // …then both places are free on the living node.
    const deadline = killedAt + 30_000;
    let admitted = 0;
    while (admitted < 2) {
      const m = await keep(session(a.url, from), from).catch(() => null);
      if (m) {
        admitted++;
        continue;
      }
      if (Date.now() > deadline) throw new Error('the killed node’s sessions still counted after 30 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    console.log(`a killed node's sessions stopped counting ${Date.now() - killedAt} ms after the kill (lease 5000 ms)`);
    await expect(session(a.url, from)).rejects.toThrow();
  });
});
