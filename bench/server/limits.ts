/**
 * `npm run bench:limits`: what a rate limit costs per point (src/server/limits/), in this
 * process's memory and in Redis (a private redis-server on loopback, over the command
 * connection a cluster node uses). For each: the wall time per point, this process's CPU
 * and Redis's CPU per point, taken one at a time and --parallel P (50) at once, over 100
 * keys; and a flood of points from keys that spent their window (refused from memory).
 * Prints one JSON object.
 */
import { connectRedis } from '../../src/server/cluster/redis.js';
import { type Limiter, localLimiter, sharedLimiter } from '../../src/server/limits/limiter.js';
import { redisClient, startPrivateRedis } from '../../test/server/helpers/redis.js';
import { wholeOption } from '../options.js';

const PARALLEL = wholeOption('parallel', 50);
const POINTS = wholeOption('points', 20_000);
const KEYS = 100;

const redis = await startPrivateRedis();
const admin = redisClient(redis.url);
await admin.connect();
const links = await connectRedis(
  { redisUrl: redis.url, nodeId: 'bench', redisPrefix: 'bench:', leaseMs: 5000, balancerSlot: null },
  { error: () => undefined, warn: () => undefined, back: () => undefined, deafened: () => undefined },
);

/** Redis's CPU seconds so far (user and system). */
async function redisCpu(): Promise<number> {
  const info = await admin.info('cpu');
  const field = (name: string) => Number(info.match(new RegExp(`${name}:([\\d.]+)`))?.[1]);
  return field('used_cpu_user') + field('used_cpu_sys');
}

interface Figures {
  wallUs: number;
  nodeCpuUs: number;
  redisCpuUs: number;
  refused: number;
}

async function measure(limiter: Limiter, parallel: number): Promise<Figures> {
  for (let i = 0; i < 2000; i++) await limiter.take(`key-${i % KEYS}`);
  const redisBefore = await redisCpu();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let refused = 0;
  for (let i = 0; i < POINTS; i += parallel) {
    const batch = Array.from({ length: parallel }, (_, j) => limiter.take(`key-${(i + j) % KEYS}`));
    refused += (await Promise.all(batch)).filter((taken) => !taken).length;
  }
  const cpu = process.cpuUsage(cpuBefore);
  const round = (us: number) => Math.round(us * 10) / 10;
  return {
    wallUs: round(((performance.now() - started) * 1000) / POINTS),
    nodeCpuUs: round((cpu.user + cpu.system) / POINTS),
    redisCpuUs: round((((await redisCpu()) - redisBefore) * 1e6) / POINTS),
    refused,
  };
}

const roomy = { points: 1_000_000_000, seconds: 60 };
const spent = { points: 1, seconds: 60 };
const shared = (name: string, limit: typeof roomy) =>
  sharedLimiter(links.main, `bench:${name}`, limit, 'refuse', () => undefined);
const figures = {
  date: new Date().toISOString(),
  points: POINTS,
  memory: { oneAtATime: await measure(localLimiter(roomy), 1), parallel: await measure(localLimiter(roomy), PARALLEL) },
  redis: { oneAtATime: await measure(shared('a', roomy), 1), parallel: await measure(shared('b', roomy), PARALLEL) },
  // Every key spent its window while warming up: every point is refused from the node's memory.
  redisSpent: await measure(shared('c', spent), PARALLEL),
  parallel: PARALLEL,
};
console.log(JSON.stringify(figures, null, 2));
await links.close(1000);
admin.disconnect();
await redis.stop();
