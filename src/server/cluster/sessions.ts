/**
 * Engine.IO sessions per address counted over every node, so that MAX_CONNECTIONS_PER_ADDRESS
 * is one cap for the cluster, not one per node. An address's sessions are one Redis hash
 * (session id → the node process holding it); a session counts while that process is
 * alive, which it shows by stamping itself into a sorted set at every heartbeat. A process
 * killed without closing its sessions therefore stops counting them one lease after its
 * last stamp, and they are deleted the next time their address is counted. The process,
 * not the node's name, holds them: a node restarted under the same NODE_ID starts with
 * none. Opening, replacing (see realtime/sessions.ts) and counting are one Lua script, so
 * two nodes cannot both take an address's last place; closing is deleting the session's
 * field, which is the same whether done once or twice.
 */
import type { Redis } from 'ioredis';
import { ServerError } from '../errors.js';
import type { SessionCount } from '../realtime/sessions.js';

/** A stamp gone for this long is swept, with any session of its process still left. */
const FORGET_AFTER_MS = 10 * 60_000;
/** An address's hash lives this long after its last session opened (a bound on what a lost close leaves). */
const ADDRESS_TTL_MS = 24 * 3600_000;

/**
 * Counts the address's sessions held by live processes; deletes those of processes gone
 * for long. KEYS: the address's hash, the processes' stamps. ARGV: now, forget-after.
 */
const LIVE = `
local function live(now, forget)
  local fields = redis.call('HGETALL', KEYS[1])
  local n = 0
  for i = 1, #fields, 2 do
    local stamp = tonumber(redis.call('ZSCORE', KEYS[2], fields[i + 1]))
    if stamp and stamp >= now then
      n = n + 1
    elseif not stamp or stamp < now - forget then
      redis.call('HDEL', KEYS[1], fields[i])
    end
  end
  return n
end`;

/** ARGV: now, forget-after, cap, previous ('' for none). 1 if there is room. */
const ROOM = `${LIVE}
if ARGV[4] ~= '' and redis.call('HEXISTS', KEYS[1], ARGV[4]) == 1 then return 1 end
if live(tonumber(ARGV[1]), tonumber(ARGV[2])) < tonumber(ARGV[3]) then return 1 end
return 0`;

/** ARGV: now, forget-after, cap, previous, id, process, ttl. 0 refused, 1 counted, 2 counted in place of previous. */
const OPEN = `${LIVE}
local replaced = ARGV[4] ~= '' and redis.call('HDEL', KEYS[1], ARGV[4]) == 1
if not replaced and live(tonumber(ARGV[1]), tonumber(ARGV[2])) >= tonumber(ARGV[3]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[5], ARGV[6])
redis.call('PEXPIRE', KEYS[1], ARGV[7])
if replaced then return 2 end
return 1`;

function unreachable(): ServerError {
  return new ServerError(
    'ERR_UNAVAILABLE',
    'The server cannot count connections just now. Try again in a moment.',
    503,
  );
}

export class SharedSessions implements SessionCount {
  private readonly stamps: string;
  /** This process's sessions counted in Redis (id → address), to tell Redis again should it lose them. */
  private readonly mine = new Map<string, string>();
  /** Closes Redis did not take (it was away): tried again at every beat. */
  private readonly unclosed = new Map<string, string>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    /** This process among the stamps: the node's name and a part new at every start (node.ts). */
    private readonly process: string,
    private readonly max: number,
    /** How long a stamp keeps this process's sessions counting: the cluster's lease. */
    private readonly aliveMs: number,
  ) {
    this.stamps = `${prefix}session-processes`;
  }

  private keys(address: string): [string, string] {
    return [`${this.prefix}sessions:${address}`, this.stamps];
  }

  async hasRoom(address: string, previous: string | null): Promise<boolean> {
    try {
      const room = await this.redis.eval(
        ROOM,
        2,
        ...this.keys(address),
        Date.now(),
        FORGET_AFTER_MS,
        this.max,
        previous ?? '',
      );
      return room === 1;
    } catch {
      throw unreachable();
    }
  }

  async open(address: string, id: string, previous: string | null): Promise<'refused' | 'counted' | 'replaced'> {
    let result: unknown;
    try {
      result = await this.redis.eval(
        OPEN,
        2,
        ...this.keys(address),
        Date.now(),
        FORGET_AFTER_MS,
        this.max,
        previous ?? '',
        id,
        this.process,
        ADDRESS_TTL_MS,
      );
    } catch {
      throw unreachable();
    }
    if (result === 0) return 'refused';
    this.mine.set(id, address);
    return result === 2 ? 'replaced' : 'counted';
  }

  close(address: string, id: string): void {
    this.mine.delete(id);
    this.redis.hdel(this.keys(address)[0], id).catch(() => this.unclosed.set(id, address));
  }

  /**
   * At every heartbeat: this process's sessions count for another `aliveMs`; closes that
   * failed are tried again; after Redis came back empty (`retell`), every session of this
   * process is written again.
   */
  async beat(now: number, retell: boolean): Promise<void> {
    const multi = this.redis
      .multi()
      .zadd(this.stamps, now + this.aliveMs, this.process)
      .zremrangebyscore(this.stamps, '-inf', now - FORGET_AFTER_MS);
    for (const [id, address] of this.unclosed) multi.hdel(this.keys(address)[0], id);
    if (retell)
      for (const [id, address] of this.mine)
        multi.hset(this.keys(address)[0], id, this.process).pexpire(this.keys(address)[0], ADDRESS_TTL_MS);
    const unclosed = [...this.unclosed.keys()];
    await multi.exec();
    for (const id of unclosed) this.unclosed.delete(id);
  }

  /** Shutting down (after every session closed): this process's stamp goes at once. */
  async leave(): Promise<void> {
    await this.redis.zrem(this.stamps, this.process);
  }
}
