/**
 * Who follows each table, on every node: a Redis hash per table, one field per
 * connection (the node's process + space + connection id) whose value is the seat claim it
 * follows with (or none: a spectator). The node holding the connection writes it when the owner
 * accepted the watch and deletes it when the connection goes; a closed table's goes whole. A node that takes a table
 * over reads it, so that players connected through other nodes are present for it from
 * the first moment, and their seats do not fall to bots. The field names the process, not
 * the node: the connections of a node killed and started again under the same NODE_ID died
 * with its old process, whose stamp (nodes.ts) runs out, so they stop counting. A record
 * whose claim is malformed (payloads.ts) is logged and left out, never counted.
 */
import type { Redis } from 'ioredis';
import { decode } from '../decode.js';
import type { SeatClaim } from '../tables/seat-rules.js';
import type { Attendance } from '../tables/summary.js';
import { FollowerClaimSchema } from './payloads.js';
import { viaRedis } from './redis.js';

export interface Follower {
  /** The node process holding the connection (node.ts). */
  readonly process: string;
  readonly connection: string;
  readonly claim: SeatClaim | null;
}

export class Followers {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly process: string,
    private readonly log: { warn(o: object, msg: string): void },
  ) {}

  private key(code: string): string {
    return `${this.prefix}followers:${code}`;
  }

  async add(code: string, connection: string, claim: SeatClaim | null): Promise<void> {
    await this.redis.hset(this.key(code), `${this.process} ${connection}`, JSON.stringify(claim));
  }

  async remove(code: string, connection: string): Promise<void> {
    await this.redis.hdel(this.key(code), `${this.process} ${connection}`);
  }

  /**
   * Everyone following the table through the given live processes. (Fields of others stay
   * until the table closes: a process missing from `alive` may only be late to stamp itself.)
   */
  async of(code: string, alive: ReadonlySet<string>): Promise<Follower[]> {
    const all = await viaRedis(this.redis.hgetall(this.key(code)));
    const out: Follower[] = [];
    for (const [field, value] of Object.entries(all)) {
      const [process, connection] = field.split(' ');
      if (!alive.has(process)) continue;
      const claim = this.claimOf(code, field, value);
      if (claim !== undefined) out.push({ process, connection, claim });
    }
    return out;
  }

  /** Who is at each of these tables through the given live processes (one round trip for all). */
  async attendance(codes: readonly string[], alive: ReadonlySet<string>): Promise<Map<string, Attendance>> {
    const pipeline = this.redis.pipeline();
    for (const code of codes) pipeline.hgetall(this.key(code));
    const replies = (await viaRedis(pipeline.exec())) ?? [];
    const out = new Map<string, Attendance>();
    codes.forEach((code, i) => {
      const [error, all] = replies[i] ?? [null, {}];
      const seats = new Set<number>();
      let spectators = 0;
      for (const [field, value] of Object.entries(error ? {} : (all as Record<string, string>))) {
        if (!alive.has(field.split(' ')[0])) continue;
        const claim = this.claimOf(code, field, value);
        if (claim === null) spectators++;
        else if (claim) seats.add(claim.seat);
      }
      out.set(code, { isPresent: (seat) => seats.has(seat), spectators: () => spectators });
    });
    return out;
  }

  /** A record's claim (null: a spectator), or undefined when it is malformed: logged, not counted. */
  private claimOf(code: string, field: string, value: string): SeatClaim | null | undefined {
    try {
      return decode(`the follower record ${field} of table ${code}`, FollowerClaimSchema, value);
    } catch (e) {
      this.log.warn({ err: e, table: code }, 'follower record refused');
      return undefined;
    }
  }

  /** A closed table: nobody follows it any more. */
  async clear(code: string): Promise<void> {
    await this.redis.del(this.key(code));
  }
}
