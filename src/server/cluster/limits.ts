/**
 * Per-address limits shared by every node through Redis, so that an address meets the
 * same limit whichever node the balancer sends it to: the API's token bucket, the cap on
 * open tables per creating address (each one Lua script, so that checking and counting is
 * atomic) and Engine.IO sessions per address. (Limits per connection stay with the node
 * that holds the connection.)
 */
import type { Redis } from 'ioredis';
import { ServerError } from '../errors.js';
import type { SessionCounter } from '../realtime/sessions.js';
import type { CreationCap } from '../tables/lobby.js';

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

/** A token bucket by Redis's clock. KEYS: the bucket. ARGV: tokens per ms, burst. */
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(b[1]) or burst
local at = tonumber(b[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate)
local ok = 0
if tokens >= 1 then
  tokens = tokens - 1
  ok = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', now)
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate) + 1000)
return ok`;

/** Redis out of reach: the request is refused, not let through unlimited nor left waiting. */
function unreachable(): ServerError {
  return new ServerError('ERR_UNAVAILABLE', 'The server cannot check its limits just now. Try again in a moment.', 503);
}

export class SharedCreationCap implements CreationCap {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly max: number,
  ) {}

  async reserve(address: string, code: string): Promise<boolean> {
    try {
      const keys = [`${this.prefix}created:${address}`, `${this.prefix}creator:${code}`];
      return (await this.redis.eval(RESERVE, 2, ...keys, this.max, code, address, CREATION_TTL_MS)) === 1;
    } catch {
      throw unreachable();
    }
  }

  async release(code: string): Promise<void> {
    await this.redis.eval(RELEASE, 1, `${this.prefix}creator:${code}`, `${this.prefix}created:`, code);
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
    try {
      return (await this.redis.eval(TAKE, 1, `${this.prefix}${key}`, this.perSecond / 1000, this.burst)) === 1;
    } catch {
      throw unreachable();
    }
  }
}

/**
 * Engine.IO sessions per address over every node: each node counts its own in a hash of
 * its own (address → sessions), which expires unless the node stays alive and starts
 * empty with the node; an address's total is the sum over the nodes alive.
 */
export class SharedSessions implements SessionCounter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly nodeId: string,
    private readonly max: number,
    /** The nodes alive now (cluster/nodes.ts). */
    private readonly alive: () => ReadonlySet<string>,
  ) {}

  private key(node: string): string {
    return `${this.prefix}sessions:${node}`;
  }

  /** This node starts with no sessions (a node of the same name before it left its count behind). */
  async reset(): Promise<void> {
    await this.redis.del(this.key(this.nodeId));
  }

  /** This node's count lives as long as the node stamps itself alive. */
  async keep(ttlMs: number): Promise<void> {
    await this.redis.pexpire(this.key(this.nodeId), ttlMs);
  }

  private async total(address: string): Promise<number> {
    const nodes = new Set([...this.alive(), this.nodeId]);
    const pipeline = this.redis.pipeline();
    for (const node of nodes) pipeline.hget(this.key(node), address);
    let sum = 0;
    for (const [error, n] of (await pipeline.exec()) ?? []) {
      if (error) throw error;
      sum += Number(n ?? 0);
    }
    return sum;
  }

  async hasRoom(address: string): Promise<boolean> {
    return (await this.total(address)) < this.max;
  }

  async open(address: string): Promise<boolean> {
    await this.redis.hincrby(this.key(this.nodeId), address, 1);
    if ((await this.total(address)) <= this.max) return true;
    this.close(address);
    return false;
  }

  close(address: string): void {
    this.redis.hincrby(this.key(this.nodeId), address, -1).catch(() => undefined);
  }
}
