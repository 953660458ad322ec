/**
 * Token buckets for Socket.IO messages, one per connection and one per client address,
 * and a count of open connections per address.
 */
class Bucket {
  private tokens: number;
  private at = performance.now();

  constructor(private readonly perSecond: number) {
    // A burst of two seconds' worth is allowed.
    this.tokens = perSecond * 2;
  }

  take(): boolean {
    const now = performance.now();
    this.tokens = Math.min(this.perSecond * 2, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

export class RateLimiter {
  private readonly byConnection = new Map<string, Bucket>();
  private readonly byAddress = new Map<string, { bucket: Bucket; connections: number }>();

  constructor(
    private readonly connectionRate: number,
    private readonly addressRate: number,
  ) {}

  /** Count a new connection from an address; false when it already has too many. */
  openConnection(address: string, max: number): boolean {
    const a = this.byAddress.get(address) ?? { bucket: new Bucket(this.addressRate), connections: 0 };
    if (a.connections >= max) return false;
    a.connections++;
    this.byAddress.set(address, a);
    return true;
  }

  closeConnection(address: string): void {
    const a = this.byAddress.get(address);
    if (a && --a.connections <= 0) this.byAddress.delete(address);
  }

  /** One message from a connection: allowed only if both its buckets have room. */
  take(connection: string, address: string): boolean {
    let c = this.byConnection.get(connection);
    if (!c) this.byConnection.set(connection, (c = new Bucket(this.connectionRate)));
    const a = this.byAddress.get(address);
    return c.take() && (a ? a.bucket.take() : true);
  }

  forget(connection: string): void {
    this.byConnection.delete(connection);
  }
}
