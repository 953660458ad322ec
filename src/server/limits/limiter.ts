/**
 * Rate limits per key (a connection, a client address) on rate-limiter-flexible: each key
 * may spend `points` in a fixed window of `seconds` that its first point starts. In this
 * process's memory (RateLimiterMemory), or in Redis (RateLimiterRedis, one atomic script
 * per point) so that every node of a cluster counts against the same window.
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ServerError } from '../errors.js';

/** At most `points` per key in each window of `seconds` (a whole number: Redis keeps the window as a key's expiry). */
export interface Limit {
  readonly points: number;
  readonly seconds: number;
}

export interface Limiter {
  /** Spends one of the key's points: false when its window has none left. */
  take(key: string): Promise<boolean>;
}

/** What a shared limit does while Redis is out of reach. */
export type WhileAway =
  /** The request is refused with ERR_UNAVAILABLE: neither let through unlimited nor left waiting. */
  | 'refuse'
  /** Each node counts the key on its own meanwhile (the limit is then per node), and logs so. */
  | 'count-locally';

/** The refusal of a shared limit while Redis is away (and of the cluster's open-table cap). */
export const UNCHECKED = 'The server cannot check its limits just now. Try again in a moment.';

/** The library refuses a point with a RateLimiterRes; anything else it throws is a failure of its store. */
function spend(limiter: RateLimiterMemory | RateLimiterRedis, key: string): Promise<boolean> {
  return limiter.consume(key).then(
    () => true,
    (e: unknown) => {
      if (e instanceof RateLimiterRes) return false;
      throw e;
    },
  );
}

/** A limit counted by this process alone. Its counts live as long as their window. */
export function localLimiter(limit: Limit): Limiter {
  const limiter = new RateLimiterMemory({ points: limit.points, duration: limit.seconds });
  return { take: (key) => spend(limiter, key) };
}

/**
 * A limit counted in Redis under `prefix`, one window per key for every node. `redis` is
 * a connection whose commands have a time limit and fail at once while it is down
 * (cluster/redis.ts `main`), so no point waits for Redis longer than that.
 */
export function sharedLimiter(
  redis: Redis,
  prefix: string,
  limit: Limit,
  whileAway: WhileAway,
  warn: (o: object, msg: string) => void,
): Limiter {
  const shared = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: prefix,
    points: limit.points,
    duration: limit.seconds,
    // A key that spent its window is refused by this node without asking Redis until the
    // window ends: a flood costs Redis at most a window's points per node.
    inMemoryBlockOnConsumed: limit.points,
    // Fail at once while the connection is not up, whatever its queueing.
    rejectIfRedisNotReady: true,
  });
  // The library's insuranceLimiter would do the same, but could not say when it takes over and when Redis is back.
  const local = whileAway === 'count-locally' ? localLimiter(limit) : null;
  let away = false;
  return {
    async take(key) {
      let taken: boolean;
      try {
        taken = await spend(shared, key);
      } catch {
        if (!local) throw new ServerError('ERR_UNAVAILABLE', UNCHECKED, 503);
        if (!away) warn({ limit: prefix }, 'Redis is away: this limit is counted by each node on its own');
        away = true;
        return local.take(key);
      }
      if (away) warn({ limit: prefix }, 'Redis is back: this limit is counted over every node again');
      away = false;
      return taken;
    },
  };
}
