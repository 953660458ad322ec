/**
 * Token buckets: a bucket holds up to `burst` tokens and refills at `perSecond`; each
 * request takes one. Unlike a fixed window, no burst can be doubled across a window
 * boundary. Used for Socket.IO messages (per connection and per address), for
 * `table:watch` (per connection) and for the HTTP API (per address).
 */
class Bucket {
  private tokens: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    /** The time the caller read: a bucket timed from a later clock reading would start a hair below full. */
    private at: number,
  ) {
    this.tokens = burst;
  }

  take(now: number): boolean {
    this.refill(now);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** A full bucket is the same as a new one, so it need not be kept. */
  full(now: number): boolean {
    this.refill(now);
    return this.tokens >= this.burst;
  }

  private refill(now: number): void {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
  }
}

/** One bucket per key (a connection or an address); buckets that refilled are dropped. */
export class Buckets {
  private readonly byKey = new Map<string, Bucket>();
  private prunedAt = performance.now();

  constructor(
    private readonly perSecond: number,
    /** Tokens a quiet key may spend at once. */
    private readonly burst: number,
  ) {}

  take(key: string): boolean {
    const now = performance.now();
    // Forgetting full buckets keeps memory bounded by the keys active in the last minute.
    if (now - this.prunedAt > 60_000) this.prune(now);
    let b = this.byKey.get(key);
    if (!b) this.byKey.set(key, (b = new Bucket(this.perSecond, this.burst, now)));
    return b.take(now);
  }

  forget(key: string): void {
    this.byKey.delete(key);
  }

  private prune(now: number): void {
    this.prunedAt = now;
    for (const [key, b] of this.byKey) if (b.full(now)) this.byKey.delete(key);
  }
}
