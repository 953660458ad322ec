/**
 * Play now's queue in a cluster (play-now/queue.ts): the tickets of every node in Redis, so
 * that one wave matches them all and a node that dies loses none. One node at a time leads
 * (a lock that runs out unless renewed at each wave), and every step that checks and changes
 * tickets is one Lua script, so that it is atomic against cancels and other nodes. Times in
 * the scripts are Redis's own (TIME), so the nodes' clocks need not agree.
 *
 * Keys under the cluster's prefix and `pn:`: `t` (hash: ticket id → ticket), `a` (sorted set:
 * ticket id → the moment it is dropped unless followed), `c:ID` (a wave's claim, with an
 * expiry), `f:ID` (a matched ticket's seat, with an expiry), `lead` and `n` (the counts).
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { decode, MalformedPayloadError } from '../decode.js';
import type { Found, PlayNowQueue, QueueCounts, Ticket } from '../play-now/queue.js';
import { CountsPayloadSchema, FoundPayloadSchema, TicketPayloadSchema } from './payloads.js';
import { viaRedis } from './redis.js';

const NOW = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** KEYS: t, a. ARGV: id, ticket, alive ms. */
const ADD = `${NOW}
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[3]), ARGV[1])
return 1`;

/** KEYS: t, a. ARGV: prefix, id. */
const CANCEL = `
if redis.call('HDEL', KEYS[1], ARGV[2]) == 0 then return 0 end
redis.call('ZREM', KEYS[2], ARGV[2])
redis.call('DEL', ARGV[1] .. 'c:' .. ARGV[2])
return 1`;

/** KEYS: t, a. ARGV: alive ms, ids…. Returns the ids no longer queued. */
const KEEP = `${NOW}
local gone = {}
for i = 2, #ARGV do
  if redis.call('HEXISTS', KEYS[1], ARGV[i]) == 1 then
    redis.call('ZADD', KEYS[2], 'GT', now + tonumber(ARGV[1]), ARGV[i])
  else
    gone[#gone + 1] = ARGV[i]
  end
end
return gone`;

/** KEYS: lead. ARGV: this node's claimant, ms. */
const LEAD = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
return 0`;

/** KEYS: t, a. ARGV: prefix. Drops tickets nobody follows (unless claimed); returns the unclaimed ones. */
const WAITING = `${NOW}
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now)) do
  if redis.call('EXISTS', ARGV[1] .. 'c:' .. id) == 0 then
    redis.call('HDEL', KEYS[1], id)
    redis.call('ZREM', KEYS[2], id)
  end
end
local out = {}
local all = redis.call('HGETALL', KEYS[1])
for i = 1, #all, 2 do
  if redis.call('EXISTS', ARGV[1] .. 'c:' .. all[i]) == 0 then out[#out + 1] = all[i + 1] end
end
return out`;

/** KEYS: t. ARGV: prefix, claimant, ms, ids…. All or none. */
const CLAIM = `
for i = 4, #ARGV do
  if redis.call('HEXISTS', KEYS[1], ARGV[i]) == 0 or redis.call('EXISTS', ARGV[1] .. 'c:' .. ARGV[i]) == 1 then
    return 0
  end
end
for i = 4, #ARGV do redis.call('SET', ARGV[1] .. 'c:' .. ARGV[i], ARGV[2], 'PX', ARGV[3]) end
return 1`;

/** ARGV: prefix, claimant, ids…. */
const RELEASE = `
for i = 3, #ARGV do
  local key = ARGV[1] .. 'c:' .. ARGV[i]
  if redis.call('GET', key) == ARGV[2] then redis.call('DEL', key) end
end
return 1`;

/** KEYS: t, a. ARGV: prefix, claimant, keep ms, then id and seat pairs. */
const CONFIRM = `
local ok = true
for i = 4, #ARGV, 2 do
  if redis.call('GET', ARGV[1] .. 'c:' .. ARGV[i]) ~= ARGV[2] or redis.call('HEXISTS', KEYS[1], ARGV[i]) == 0 then
    ok = false
  end
end
for i = 4, #ARGV, 2 do
  local claim = ARGV[1] .. 'c:' .. ARGV[i]
  if redis.call('GET', claim) == ARGV[2] then redis.call('DEL', claim) end
  if ok then
    redis.call('HDEL', KEYS[1], ARGV[i])
    redis.call('ZREM', KEYS[2], ARGV[i])
    redis.call('SET', ARGV[1] .. 'f:' .. ARGV[i], ARGV[i + 1], 'PX', ARGV[3])
  end
end
if ok then return 1 end
return 0`;

/** How long the counts of the last wave are shown at most (its leader died). */
const COUNTS_MS = 10_000;

export class RedisQueue implements PlayNowQueue {
  private readonly prefix: string;
  private readonly keys: [string, string];
  /** This process's claims and lead, new at every start. */
  private readonly claimant: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    nodeId: string,
    private readonly warn: (o: object, msg: string) => void,
  ) {
    this.prefix = `${prefix}pn:`;
    this.keys = [`${this.prefix}t`, `${this.prefix}a`];
    this.claimant = `${nodeId}/${randomBytes(6).toString('hex')}`;
  }

  async add(ticket: Ticket, aliveMs: number): Promise<void> {
    await viaRedis(this.redis.eval(ADD, 2, ...this.keys, ticket.id, JSON.stringify(ticket), aliveMs));
  }

  async cancel(id: string): Promise<boolean> {
    return (await viaRedis(this.redis.eval(CANCEL, 2, ...this.keys, this.prefix, id))) === 1;
  }

  async get(id: string): Promise<Ticket | null> {
    const raw = await viaRedis(this.redis.hget(this.keys[0], id));
    return raw === null ? null : decode('a play-now ticket', TicketPayloadSchema, raw);
  }

  async keep(ids: readonly string[], aliveMs: number): Promise<string[]> {
    if (ids.length === 0) return [];
    return (await viaRedis(this.redis.eval(KEEP, 2, ...this.keys, aliveMs, ...ids))) as string[];
  }

  async lead(ms: number): Promise<boolean> {
    return (await viaRedis(this.redis.eval(LEAD, 1, `${this.prefix}lead`, this.claimant, ms))) === 1;
  }

  async waiting(): Promise<Ticket[]> {
    const raw = (await viaRedis(this.redis.eval(WAITING, 2, ...this.keys, this.prefix))) as string[];
    const tickets: Ticket[] = [];
    for (const r of raw) {
      try {
        tickets.push(decode('a play-now ticket', TicketPayloadSchema, r));
      } catch (e) {
        // Left where it is (its player can cancel it; unfollowed, it runs out): the others are matched.
        if (e instanceof MalformedPayloadError) this.warn({ err: e }, 'play-now ticket skipped');
        else throw e;
      }
    }
    return tickets;
  }

  async claim(ids: readonly string[], ms: number): Promise<boolean> {
    return (await viaRedis(this.redis.eval(CLAIM, 1, this.keys[0], this.prefix, this.claimant, ms, ...ids))) === 1;
  }

  async confirm(seats: ReadonlyMap<string, Found>, keepMs: number): Promise<boolean> {
    const pairs = [...seats].flatMap(([id, f]) => [id, JSON.stringify(f)]);
    const done = await viaRedis(
      this.redis.eval(CONFIRM, 2, ...this.keys, this.prefix, this.claimant, keepMs, ...pairs),
    );
    return done === 1;
  }

  async release(ids: readonly string[]): Promise<void> {
    await viaRedis(this.redis.eval(RELEASE, 0, this.prefix, this.claimant, ...ids));
  }

  async found(id: string): Promise<Found | null> {
    const raw = await viaRedis(this.redis.get(`${this.prefix}f:${id}`));
    return raw === null ? null : decode('a play-now seat', FoundPayloadSchema, raw);
  }

  async counts(): Promise<QueueCounts> {
    const raw = await viaRedis(this.redis.get(`${this.prefix}n`));
    return new Map(raw === null ? [] : decode('the play-now counts', CountsPayloadSchema, raw));
  }

  async count(counts: QueueCounts): Promise<void> {
    await viaRedis(this.redis.set(`${this.prefix}n`, JSON.stringify([...counts]), 'PX', COUNTS_MS));
  }
}
