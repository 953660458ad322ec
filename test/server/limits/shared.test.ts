/**
 * Limits shared through Redis (rate-limiter-flexible's Redis limiter) on the real local
 * Redis under a random key prefix, over the connection a cluster node uses for commands
 * (cluster/redis.ts `main`); for outages, through a TCP proxy the test cuts or freezes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, type RedisLinks } from '../../../src/server/cluster/redis.js';
import { type Limit, sharedLimiter, type WhileAway } from '../../../src/server/limits/limiter.js';
import { dropPrefix, randomPrefix, redisAvailable, TEST_REDIS_URL } from '../helpers/redis.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';

const redisHere = await redisAvailable();
const prefix = randomPrefix();

describe.skipIf(!redisHere)('limits shared through Redis', () => {
  const links: RedisLinks[] = [];
  let proxy: TcpProxy;
  /** A node's command connection, straight to Redis or through the proxy. */
  const link = async (nodeId: string, viaProxy = false) => {
    const url = viaProxy ? `redis://127.0.0.1:${proxy.port}` : TEST_REDIS_URL;
    const l = await connectRedis(
      { redisUrl: url, nodeId, redisPrefix: prefix, leaseMs: 1000, balancerSlot: null },
      { error: () => undefined, warn: () => undefined, back: () => undefined, deafened: () => undefined },
    );
    links.push(l);
    return l;
  };
  const warned: string[] = [];
  const limiter = (l: RedisLinks, name: string, limit: Limit, whileAway: WhileAway = 'refuse') =>
    sharedLimiter(l.main, `${prefix}${name}`, limit, whileAway, (_, msg) => warned.push(msg));
  const takes = async (take: (key: string) => Promise<boolean>, key: string, n: number) => {
    const taken = [];
    for (let i = 0; i < n; i++) taken.push(await take(key));
    return taken;
  };
  const until = async (ok: () => boolean, what: string) => {
    const deadline = Date.now() + 10_000;
    while (!ok()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  beforeAll(async () => {
    proxy = await startTcpProxy('127.0.0.1', Number(new URL(TEST_REDIS_URL).port || 6379));
  });
  afterAll(async () => {
    for (const l of links) await l.close(2000);
    await proxy?.close();
    if (redisHere) await dropPrefix(TEST_REDIS_URL, prefix);
  });

  it('two nodes count one window per key; other keys have their own', async () => {
    const [a, b] = [await link('a'), await link('b')];
    const onA = limiter(a, 'api', { points: 3, seconds: 10 });
    const onB = limiter(b, 'api', { points: 3, seconds: 10 });
    const taken = [];
    for (const node of [onA, onB, onA, onB]) taken.push(await node.take('10.0.0.4'));
    expect(taken).toEqual([true, true, true, false]);
    expect(await onB.take('10.0.0.5')).toBe(true);
    // Kept in Redis under the cluster's prefix, for the window only.
    const ttl = await a.main.pttl(`${prefix}api:10.0.0.4`);
    expect(ttl).toBeGreaterThan(8000);
    expect(ttl).toBeLessThanOrEqual(10_000);
  });

  it("a window's points come back when it ends", async () => {
    const messages = limiter(await link('a'), 'messages', { points: 2, seconds: 2 });
    expect(await takes(messages.take, '10.0.0.6', 3)).toEqual([true, true, false]);
    await new Promise((r) => setTimeout(r, 2100));
    expect(await takes(messages.take, '10.0.0.6', 3)).toEqual([true, true, false]);
  });

  it('a key that spent its window is refused by the node without asking Redis again', async () => {
    const l = await link('c', true);
    const hints = limiter(l, 'hints', { points: 2, seconds: 60 });
    expect(await takes(hints.take, '10.0.0.7', 2)).toEqual([true, true]);
    proxy.cut();
    try {
      await until(() => l.main.status !== 'ready', 'the connection to drop');
      // Redis is out of reach: the spent key is still refused (not ERR_UNAVAILABLE), another cannot be checked.
      expect(await hints.take('10.0.0.7')).toBe(false);
      await expect(hints.take('10.0.0.8')).rejects.toMatchObject({ code: 'ERR_UNAVAILABLE', status: 503 });
    } finally {
      proxy.restore();
    }
  });

  it('while Redis is out of reach: a refusing limit refuses at once, a local one counts on the node and says so', async () => {
    const l = await link('d', true);
    const api = limiter(l, 'api', { points: 2, seconds: 60 });
    const messages = limiter(l, 'messages', { points: 2, seconds: 60 }, 'count-locally');
    expect(await messages.take('10.0.0.9')).toBe(true);
    warned.length = 0;
    proxy.cut();
    try {
      await until(() => l.main.status !== 'ready', 'the connection to drop');
      const started = performance.now();
      await expect(api.take('10.0.0.9')).rejects.toMatchObject({ code: 'ERR_UNAVAILABLE' });
      // Not after the command limit (2 s): at once.
      expect(performance.now() - started).toBeLessThan(1000);
      // The node's own count starts afresh: the shared window's point is not known here.
      expect(await takes(messages.take, '10.0.0.9', 3)).toEqual([true, true, false]);
      expect(warned).toEqual(['Redis is away: this limit is counted by each node on its own']);
    } finally {
      proxy.restore();
    }
    await until(() => l.main.status === 'ready', 'the connection to come back');
    // Counted in Redis again, where the window still holds the point spent before.
    expect(await takes(messages.take, '10.0.0.9', 2)).toEqual([true, false]);
    expect(warned).toEqual([
      'Redis is away: this limit is counted by each node on its own',
      'Redis is back: this limit is counted over every node again',
    ]);
  }, 30_000);

  it('every point has a clock: a frozen Redis fails a take after the command limit', async () => {
    const l = await link('e', true);
    const api = limiter(l, 'api', { points: 5, seconds: 60 });
    const messages = limiter(l, 'messages', { points: 5, seconds: 60 }, 'count-locally');
    expect(await api.take('10.0.0.10')).toBe(true);
    proxy.freeze();
    try {
      const started = performance.now();
      const [refused, counted] = await Promise.allSettled([api.take('10.0.0.10'), messages.take('10.0.0.10')]);
      const waited = performance.now() - started;
      expect(refused).toMatchObject({ status: 'rejected', reason: { code: 'ERR_UNAVAILABLE' } });
      expect(counted).toEqual({ status: 'fulfilled', value: true });
      // cluster/redis.ts: COMMAND_TIMEOUT_MS.
      expect(waited).toBeGreaterThanOrEqual(1900);
      expect(waited).toBeLessThan(4000);
    } finally {
      proxy.thaw();
    }
  }, 30_000);
});
