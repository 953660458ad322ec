/**
 * Per-address limits shared by every node through Redis, so that an address meets the
 * same limit whichever node the balancer sends it to: the API's token bucket (and, taken
 * in batches, Socket.IO messages': batched-buckets.ts) and the cap on open tables per
 * creating address. (Limits per connection stay with the node; Engine.IO sessions per
 * address: sessions.ts.) Each is one Lua script, so that checking and counting is atomic.
 */
import type { Redis } from 'ioredis';
import type { CreationCap } from '../tables/lobby.js';
import { viaRedis } from './redis.js';

/** A table counts against its creator for at most this long if its closing was never counted. */
const CREATION_TTL_MS = 24 * 3600_000;

/** KEYS: the address's set of tables, the table's creator. ARGV: the cap, the code, the address, the ttl. */
const RESERVE = `
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('SADD', KEYS[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('SET', KEYS[2], ARGV[3], 'PX', ARGV[4])
return 1`;

/** KEYS: the table's creator. ARGV: the key prefix of the addresses' sets, the code. */
const RELEASE = `
local address = redis.call('GET', KEYS[1])
if address then
  redis.call('SREM', ARGV[1] .. address, ARGV[2])
  redis.call('DEL', KEYS[1])
end
return 0`;

/** A token bucket by Redis's clock: takes up to ARGV[3] tokens, returns how many. KEYS: the bucket. ARGV: tokens per ms, burst, wanted. */
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(b[1]) or burst
local at = tonumber(b[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate)
local taken = math.max(0, math.min(tonumber(ARGV[3]), math.floor(tokens)))
tokens = tokens - taken
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', now)
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate) + 1000)
return taken`;

/** Redis out of reach: the request is refused, not let through unlimited nor left waiting. */
const UNCHECKED = 'The server cannot check its limits just now. Try again in a moment.';

export class SharedCreationCap implements CreationCap {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly max: number,
  ) {}

  async reserve(address: string, code: string): Promise<boolean> {
    const keys = [`${this.prefix}created:${address}`, `${this.prefix}creator:${code}`];
    return (
      (await viaRedis(this.redis.eval(RESERVE, 2, ...keys, this.max, code, address, CREATION_TTL_MS), UNCHECKED)) === 1
    );
  }

  async release(code: string): Promise<void> {
    await viaRedis(
      this.redis.eval(RELEASE, 1, `${this.prefix}creator:${code}`, `${this.prefix}created:`, code),
      UNCHECKED,
    );
  }
}

/** Token buckets per key (an address) shared by every node: `take` is false when the key's bucket is empty. */
export class SharedBuckets {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly perSecond: number,
    private readonly burst: number,
  ) {}

  async take(key: string): Promise<boolean> {
    return (await this.takeUpTo(key, 1)) === 1;
  }

  /** Up to `wanted` of the key's tokens at once: how many it got (0 when its bucket is empty). */
  async takeUpTo(key: string, wanted: number): Promise<number> {
    return Number(
      await viaRedis(
        this.redis.eval(TAKE, 1, `${this.prefix}${key}`, this.perSecond / 1000, this.burst, wanted),
        UNCHECKED,
      ),
    );
  }
}
