/**
 * Who follows each table, on every node: a Redis hash per table, one field per
 * connection (`node` + space + connection id) whose value is the seat claim it follows
 * with (or none: a spectator). The node holding the connection writes it when the owner
 * accepted the watch and deletes it when the connection goes. A node that takes a table
 * over reads it, so that players connected through other nodes are present for it from
 * the first moment, and their seats do not fall to bots.
 */
import type { Redis } from 'ioredis';
import type { SeatClaim } from '../tables/seat-rules.js';

export interface Follower {
  readonly node: string;
  readonly connection: string;
  readonly claim: SeatClaim | null;
}

export class Followers {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly nodeId: string,
  ) {}

  private key(code: string): string {
    return `${this.prefix}followers:${code}`;
  }

  async add(code: string, connection: string, claim: SeatClaim | null): Promise<void> {
    await this.redis.hset(this.key(code), `${this.nodeId} ${connection}`, JSON.stringify(claim));
  }

  async remove(code: string, connection: string): Promise<void> {
    await this.redis.hdel(this.key(code), `${this.nodeId} ${connection}`);
  }

  /** Everyone following the table through the given live nodes (fields of dead nodes are deleted). */
  async of(code: string, alive: ReadonlySet<string>): Promise<Follower[]> {
    const all = await this.redis.hgetall(this.key(code));
    const out: Follower[] = [];
    const dead: string[] = [];
    for (const [field, value] of Object.entries(all)) {
      const [node, connection] = field.split(' ');
      if (!alive.has(node)) {
        dead.push(field);
        continue;
      }
      out.push({ node, connection, claim: JSON.parse(value) as SeatClaim | null });
    }
    if (dead.length > 0) await this.redis.hdel(this.key(code), ...dead);
    return out;
  }

  /** A closed table: nobody follows it any more. */
  async clear(code: string): Promise<void> {
    await this.redis.del(this.key(code));
  }
}
