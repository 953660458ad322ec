/**
 * Socket.IO messages per address, limited over every node (ADDRESS_RATE_PER_SECOND) without
 * a Redis round trip per message: each node keeps a small allowance per address, taken
 * from the address's shared bucket (SharedBuckets) a tenth of a second's worth at a time,
 * and topped up before it runs out, so that an address sending below its rate never waits
 * for Redis. An address spread over N nodes gets the shared rate, plus at most the
 * allowances the nodes hold (about N tenths of a second's worth). An address whose shared
 * bucket is empty is refused locally until a token can have come back; while Redis is
 * away, each node counts the address on its own (the limit is then per node, as it was
 * before a cluster shared it), and says so.
 */
import { Buckets } from '../realtime/rate-limit.js';
import type { SharedBuckets } from './limits.js';

/** Allowances not used for this long are forgotten (the tokens they held are the shared bucket's loss). */
const IDLE_MS = 60_000;

interface Allowance {
  tokens: number;
  usedAt: number;
  /** Nothing is asked of the shared bucket before this time (it was empty). */
  emptyUntil: number;
  fetching: Promise<void> | null;
}

export class BatchedBuckets {
  private readonly byKey = new Map<string, Allowance>();
  /** While Redis is away: this node's own buckets. */
  private readonly local: Buckets;
  private readonly batch: number;
  private prunedAt = performance.now();
  private away = false;

  constructor(
    private readonly shared: SharedBuckets,
    private readonly perSecond: number,
    burst: number,
    private readonly warn: (o: object, msg: string) => void,
  ) {
    this.local = new Buckets(perSecond, burst);
    this.batch = Math.max(1, Math.ceil(perSecond / 10));
  }

  /** Spend one of the key's tokens: true at once from the allowance, else once the shared bucket answered. */
  take(key: string): boolean | Promise<boolean> {
    const now = performance.now();
    if (now - this.prunedAt > IDLE_MS) this.prune(now);
    let a = this.byKey.get(key);
    if (!a) this.byKey.set(key, (a = { tokens: 0, usedAt: now, emptyUntil: 0, fetching: null }));
    a.usedAt = now;
    if (a.tokens >= 1) {
      a.tokens--;
      // Topped up before it runs out, so that a steady sender does not wait.
      if (a.tokens < this.batch / 2 && now >= a.emptyUntil) void this.fetch(key, a);
      return true;
    }
    if (now < a.emptyUntil) return false;
    return this.fromShared(key, a);
  }

  /** Wait for the shared bucket's tokens, asking again while it has some but others waiting took them. */
  private async fromShared(key: string, a: Allowance): Promise<boolean> {
    for (;;) {
      await this.fetch(key, a);
      if (a.tokens >= 1) {
        a.tokens--;
        return true;
      }
      if (performance.now() < a.emptyUntil) return false;
    }
  }

  /** One request to the shared bucket for the key at a time; the messages waiting share its answer. */
  private fetch(key: string, a: Allowance): Promise<void> {
    a.fetching ??= this.shared
      .takeUpTo(key, this.batch)
      .then(
        (got) => {
          if (this.away) this.warn({}, 'Redis is back: messages per address are counted over every node again');
          this.away = false;
          a.tokens += got;
          if (got === 0) this.empty(a);
        },
        () => {
          if (!this.away) this.warn({}, 'Redis is away: messages per address are counted by each node on its own');
          this.away = true;
          if (this.local.take(key)) a.tokens += 1;
          else this.empty(a);
        },
      )
      .finally(() => {
        a.fetching = null;
      });
    return a.fetching;
  }

  /** The bucket is empty: nothing comes back to it before one token's time. */
  private empty(a: Allowance): void {
    a.emptyUntil = performance.now() + 1000 / this.perSecond;
  }

  private prune(now: number): void {
    this.prunedAt = now;
    for (const [key, a] of this.byKey) if (now - a.usedAt > IDLE_MS && !a.fetching) this.byKey.delete(key);
  }
}
