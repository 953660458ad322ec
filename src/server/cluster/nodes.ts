/**
 * Which nodes are alive: each node's process (node.ts) stamps itself into one Redis sorted
 * set on every heartbeat (score: until when it counts as alive). A process missing its
 * stamps for a lease is dead to the others, who then stop counting its connections as
 * present; a node started again under the same NODE_ID is a new process, so the
 * connections of the one that died do not come back to life with it.
 */
import type { Redis } from 'ioredis';

/** Stamps of nodes dead for this long are swept from the set. */
const FORGET_AFTER_MS = 10 * 60_000;

export class Nodes {
  private readonly key: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly process: string,
    private readonly leaseMs: number,
  ) {
    this.key = `${prefix}nodes`;
  }

  /**
   * This process is alive for another lease; returns the processes alive now (this one
   * included), and whether it was missing from the set (its first stamp, or Redis lost its data).
   */
  async beat(now: number): Promise<{ alive: Set<string>; missing: boolean }> {
    const [added, , alive] = (await this.redis
      .multi()
      .zadd(this.key, now + this.leaseMs, this.process)
      .zremrangebyscore(this.key, '-inf', now - FORGET_AFTER_MS)
      .zrangebyscore(this.key, now, '+inf')
      .exec()) as [Error | null, unknown][];
    if (alive[0]) throw alive[0];
    return { alive: new Set(alive[1] as string[]), missing: added[1] === 1 };
  }

  /** Shutting down: no longer alive, at once. */
  async leave(): Promise<void> {
    await this.redis.zrem(this.key, this.process);
  }
}
