/**
 * Redis for tests: the shared server at TEST_REDIS_URL (default: the development
 * machines' 127.0.0.1:6379) under a random key prefix per test file, removed afterwards;
 * and, for a test that restarts Redis, a private `redis-server` of its own on a free port
 * (the shared one is never restarted). Without a reachable Redis the cluster tests are
 * skipped with a message, except under CI=true, where that fails the run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connectRedis, type RedisLinks } from '../../../src/server/cluster/redis.js';
import { dropRedisPrefix, redisClient } from '../../../src/server/deploy/services.js';
import { freePort } from './nginx.js';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
export const REDIS_SERVER = process.env.REDIS_SERVER || 'redis-server';

export { redisClient };

async function answers(url: string): Promise<boolean> {
  const client = redisClient(url);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** Whether the Redis tests can run here; says why not, and throws under CI. */
export async function redisAvailable(): Promise<boolean> {
  if (await answers(TEST_REDIS_URL)) return true;
  const why = `No Redis answers at ${TEST_REDIS_URL}: the cluster tests are skipped (set TEST_REDIS_URL or start one).`;
  if (process.env.CI === 'true') throw new Error(`${why} Under CI=true a missing Redis fails the run.`);
  console.warn(why);
  return false;
}

/** A key prefix no other test uses. */
export function randomPrefix(): string {
  return `bottle-imp-test-${randomBytes(6).toString('hex')}:`;
}

/** Delete every key under `prefix` (never anything else: the server is shared). */
export const dropPrefix = dropRedisPrefix;

export interface PrivateRedis {
  readonly url: string;
  readonly port: number;
  /** Kill it (SIGKILL: nothing is saved, so every key is gone when it comes back). */
  down(): Promise<void>;
  /** Start it again on the same port. */
  up(): Promise<void>;
  stop(): Promise<void>;
}

/** A redis-server of this test's own, without persistence, on a free loopback port. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const up = async () => {
    const started = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning'],
      { stdio: 'ignore' },
    );
    child = started;
    const deadline = Date.now() + 10_000;
    while (!(await answers(url))) {
      if (started.exitCode !== null || Date.now() > deadline) throw new Error(`redis-server did not start on ${port}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const end = async (signal: NodeJS.Signals) => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((r) => running.once('exit', r));
    running.kill(signal);
    await exited;
  };
  await up();
  return { url, port, down: () => end('SIGKILL'), up, stop: () => end('SIGTERM') };
}

/** A node's Redis links to the shared test server under `prefix`, its problems unheard. */
export function nodeLinks(prefix: string, nodeId: string): Promise<RedisLinks> {
  return connectRedis(
    { redisUrl: TEST_REDIS_URL, nodeId, redisPrefix: prefix, leaseMs: 1000, balancerSlot: null },
    { error: () => undefined, warn: () => undefined, back: () => undefined, deafened: () => undefined },
  );
}
