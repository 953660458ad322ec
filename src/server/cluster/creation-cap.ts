/**
 * The cap on open tables per creating address, shared by every node through Redis so that
 * an address meets the same cap whichever node the balancer sends it to (the rate limits
 * per address: limits/limiter.ts; Engine.IO sessions per address: sessions.ts). Reserving
 * and releasing are each one Lua script, so that checking and counting is atomic.
 */
import type { Redis } from 'ioredis';
import { UNCHECKED } from '../limits/limiter.js';
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
