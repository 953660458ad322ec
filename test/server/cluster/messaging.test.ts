/**
 * What nodes say to each other through Redis (the shared server, under a random key prefix
 * removed afterwards): forwarded requests and their answers, refusals and clocks; which
 * nodes are alive; who follows a table through which node.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharedCreationCap } from '../../../src/server/cluster/creation-cap.js';
import { Followers } from '../../../src/server/cluster/followers.js';
import { Nodes } from '../../../src/server/cluster/nodes.js';
import { connectRedis, type RedisLinks } from '../../../src/server/cluster/redis.js';
import { Rpc } from '../../../src/server/cluster/rpc.js';
import { ServerError } from '../../../src/server/errors.js';
import { hashToken } from '../../../src/server/ids.js';
import {
  dropPrefix,
  nodeLinks,
  type PrivateRedis,
  randomPrefix,
  redisAvailable,
  redisClient,
  startPrivateRedis,
  TEST_REDIS_URL,
} from '../helpers/redis.js';

const redisHere = await redisAvailable();
const prefix = randomPrefix();
const quiet = { error: () => undefined, warn: () => undefined };
const [H0, H2] = [hashToken('token-0'), hashToken('token-2')];

describe.skipIf(!redisHere)('between nodes over Redis', () => {
  const links: RedisLinks[] = [];
  const link = async (nodeId: string) => {
    const l = await nodeLinks(prefix, nodeId);
    links.push(l);
    return l;
  };
  let a: Rpc;
  let b: Rpc;
  let aLinks: RedisLinks;
  /** How many times b carried out a request with op 'count'. */
  let counted = 0;
  beforeAll(async () => {
    aLinks = await link('a');
    const bLinks = await link('b');
    a = new Rpc(aLinks.main, aLinks.rpcSub, prefix, 'a', 'a/1', async () => 'a answers', quiet);
    b = new Rpc(
      bLinks.main,
      bLinks.rpcSub,
      prefix,
      'b',
      'b/1',
      async (body) => {
        const { op, ms } = body as { op: string; ms?: number };
        if (op === 'refuse') throw new ServerError('ERR_SEAT_TAKEN', 'Seat 2 is taken.', 409);
        if (op === 'crash') throw new Error('a bug');
        if (op === 'slow') await new Promise((r) => setTimeout(r, ms));
        if (op === 'count') counted++;
        return { echoed: op };
      },
      quiet,
    );
    await a.start();
    await b.start();
  });
  afterAll(async () => {
    a?.stop();
    b?.stop();
    for (const l of links) await l.close(2000);
    if (redisHere) await dropPrefix(TEST_REDIS_URL, prefix);
  });

  it('a request is answered by the node it names, and a refusal keeps its code', async () => {
    expect(await a.request('b', { op: 'hello' }, 2000)).toEqual({ echoed: 'hello' });
    expect(await b.request('a', {}, 2000)).toBe('a answers');
    await expect(a.request('b', { op: 'refuse' }, 2000)).rejects.toMatchObject({
      code: 'ERR_SEAT_TAKEN',
      message: 'Seat 2 is taken.',
      status: 409,
    });
    // A bug on the other node is ERR_INTERNAL, never its message.
    await expect(a.request('b', { op: 'crash' }, 2000)).rejects.toMatchObject({ code: 'ERR_INTERNAL' });
  });

  it('every request has a clock: nobody listening is refused at once, a silent node after the timeout', async () => {
    const started = Date.now();
    await expect(a.request('nobody', { op: 'x' }, 5000)).rejects.toMatchObject({
      code: 'ERR_UNAVAILABLE',
      status: 503,
    });
    expect(Date.now() - started).toBeLessThan(1000);
    const slow = Date.now();
    await expect(a.request('b', { op: 'slow', ms: 1500 }, 300)).rejects.toMatchObject({ code: 'ERR_UNAVAILABLE' });
    expect(Date.now() - slow).toBeGreaterThanOrEqual(290);
    expect(Date.now() - slow).toBeLessThan(1400);
    // Many at once each get their own answer.
    const ops = Array.from({ length: 50 }, (_, i) => `op${i}`);
    expect(await Promise.all(ops.map((op) => a.request('b', { op }, 3000)))).toEqual(ops.map((op) => ({ echoed: op })));
  });

  it('a request that arrives twice (ioredis sends a command again after a dropped connection) is carried out once', async () => {
    const request = JSON.stringify({ id: 'same-request', from: 'a', process: 'a/1', body: { op: 'count' } });
    const channel = `${prefix}node:b`;
    expect(await aLinks.main.publish(channel, request)).toBe(1);
    expect(await aLinks.main.publish(channel, request)).toBe(1);
    // A different request after both: once it is answered, b has read the repeat too.
    expect(await a.request('b', { op: 'count' }, 2000)).toEqual({ echoed: 'count' });
    expect(counted).toBe(2);
  });

  it('nodes alive are those that stamped within a lease; one that leaves is gone at once', async () => {
    const now = Date.now();
    const x = new Nodes(aLinks.main, prefix, 'x', 1000);
    const y = new Nodes(aLinks.main, prefix, 'y', 1000);
    expect((await x.beat(now)).missing).toBe(true);
    expect(await y.beat(now)).toEqual({ alive: new Set(['x', 'y']), missing: true });
    // Two seconds later without a stamp from x: only y is alive.
    expect(await y.beat(now + 2000)).toEqual({ alive: new Set(['y']), missing: false });
    await y.leave();
    expect(await x.beat(now + 2000)).toEqual({ alive: new Set(['x']), missing: false });
    // Redis lost its data (restarted empty): a node notices it was missing.
    await aLinks.main.del(`${prefix}nodes`);
    expect((await x.beat(now + 2000)).missing).toBe(true);
  });

  it('followers are listed with their node and claim, those of live nodes only', async () => {
    const onA = new Followers(aLinks.main, prefix, 'a', quiet);
    const onB = new Followers(aLinks.main, prefix, 'b', quiet);
    await onA.add('TBL1', 'conn-1', { seat: 2, tokenHash: H2 });
    await onA.add('TBL1', 'conn-2', null);
    await onB.add('TBL1', 'conn-3', { seat: 0, tokenHash: H0 });
    await onA.remove('TBL1', 'conn-2');
    const sorted = async (alive: string[]) =>
      (await onA.of('TBL1', new Set(alive))).sort((p, q) => p.connection.localeCompare(q.connection));
    expect(await sorted(['a', 'b'])).toEqual([
      { process: 'a', connection: 'conn-1', claim: { seat: 2, tokenHash: H2 } },
      { process: 'b', connection: 'conn-3', claim: { seat: 0, tokenHash: H0 } },
    ]);
    expect((await sorted(['a'])).map((f) => f.connection)).toEqual(['conn-1']);
    // b was only late to stamp itself: its followers count again once it is alive.
    expect((await sorted(['a', 'b'])).map((f) => f.connection)).toEqual(['conn-1', 'conn-3']);
    await onA.clear('TBL1');
    expect(await sorted(['a', 'b'])).toEqual([]);
  });

  it('the open-table cap per address is one cap over all nodes (rate limits: test/server/limits/)', async () => {
    const capA = new SharedCreationCap(aLinks.main, prefix, 2);
    const capB = new SharedCreationCap(aLinks.main, prefix, 2);
    expect(await capA.reserve('10.0.0.3', 'T1')).toBe(true);
    expect(await capB.reserve('10.0.0.3', 'T2')).toBe(true);
    expect(await capA.reserve('10.0.0.3', 'T3')).toBe(false);
    // Closed on another node than the one that made it: it no longer counts.
    await capB.release('T1');
    expect(await capA.reserve('10.0.0.3', 'T3')).toBe(true);
  });
});

describe.skipIf(!redisHere)("a node's Redis connections when Redis fails them", () => {
  let redis: PrivateRedis;
  const problems: string[] = [];
  let backs = 0;
  let deafened = 0;
  const connect = () =>
    connectRedis(
      { redisUrl: redis.url, nodeId: 'n', redisPrefix: prefix, leaseMs: 1000, balancerSlot: null },
      {
        error: (e) => problems.push(e.message),
        warn: (_, msg) => problems.push(msg),
        back: () => backs++,
        deafened: () => deafened++,
      },
    );
  beforeAll(async () => {
    if (redisHere) redis = await startPrivateRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('closing waits for Redis only so long: with Redis down and broadcasts fired, it still ends', async () => {
    const l = await connect();
    await redis.down();
    try {
      while (l.adapterPub.status === 'ready') await new Promise((r) => setTimeout(r, 20));
      // The adapter publishes without waiting; while Redis is away that is not sent.
      void l.adapterPub.publish('somewhere', 'an update');
      await l.close(500);
      expect(l.ready()).toBe(false);
    } finally {
      await redis.up();
    }
  }, 30_000);

  it('a command fired and forgotten (as the adapter does) on a closed connection is reported, never unhandled', async () => {
    const l = await connect();
    await l.close(2000);
    problems.length = 0;
    void l.adapterSub.subscribe('a channel');
    void l.rpcSub.unsubscribe('a channel');
    await new Promise((r) => setTimeout(r, 100));
    expect(problems).toEqual(['Connection is closed.', 'Connection is closed.']);
    // The adapter's publisher sends nothing while it is not connected: counted, and said once.
    problems.length = 0;
    void l.adapterPub.publish('somewhere', 'an update');
    void l.adapterPub.publish('somewhere', 'another update');
    expect(l.unsent()).toBe(2);
    expect(problems).toEqual(['Redis is away: broadcasts for other nodes are not sent until it is back']);
  });

  it('while Redis is away the adapter queues no broadcast; once it is back the node hears that some were not sent, and that it heard nothing meanwhile', async () => {
    const l = await connect();
    const listener = redisClient(redis.url);
    try {
      backs = 0;
      deafened = 0;
      await redis.down();
      while (l.adapterPub.status === 'ready') await new Promise((r) => setTimeout(r, 20));
      // A busy node's minute of broadcasts: none is kept in memory.
      for (let i = 0; i < 10_000; i++) void l.adapterPub.publish('updates', `update ${i}`);
      expect(l.unsent()).toBe(10_000);
      expect((l.adapterPub as unknown as { offlineQueue: { length: number } }).offlineQueue.length).toBe(0);
      await redis.up();
      // Nothing stale reaches Redis when it is back; the node is told to bring the other nodes' followers up to date.
      await listener.connect();
      const heard: string[] = [];
      listener.on('message', (_channel: string, m: string) => heard.push(m));
      await listener.subscribe('updates');
      const deadline = Date.now() + 20_000;
      while ((backs === 0 || deafened === 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(backs).toBe(1);
      // Its subscriber was cut off: what other nodes said meanwhile (a seat lost) was not heard.
      expect(deafened).toBe(1);
      expect(heard).toEqual([]);
      // And broadcasts are sent again.
      await l.adapterPub.publish('updates', 'a fresh update');
      while (heard.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(heard).toEqual(['a fresh update']);
    } finally {
      listener.disconnect();
      await l.close(2000);
    }
  }, 30_000);

  it('a connection that ioredis gave up for good connects again by itself', async () => {
    const l = await connect();
    try {
      // Ended by hand here; ioredis also ends one when a reconnection is cut short at the wrong moment.
      const ended = new Promise((r) => l.main.once('end', r));
      l.main.disconnect();
      await ended;
      expect(l.ready()).toBe(false);
      const deadline = Date.now() + 20_000;
      while (!l.ready() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(l.ready()).toBe(true);
      expect(await l.main.ping()).toBe('PONG');
    } finally {
      await l.close(2000);
    }
  }, 30_000);
});
