/**
 * Which node the balancer sends a table's players to. nginx (docs/deploy.md) routes every
 * Socket.IO request that names a table (`?table=CODE`) by `hash $arg_table` over the
 * nodes, in the order its configuration lists them; a node told its place in that list
 * (BALANCER_SLOT) makes only table codes that hash to itself, so that the players of the
 * tables it made, and owns, come straight to it and nothing of theirs is forwarded.
 *
 * nginx's `hash` (without `consistent`) picks, with every server of weight 1, server
 * number ((crc32(key) >> 16) & 0x7fff) mod N first (the Cache::Memcached formula), and
 * hashes again only if that server is down. So while every node is up the prediction is
 * exact; when one is down its players land elsewhere and are forwarded, as without
 * routing. A wrong or missing slot costs forwarding, never correctness.
 */
import { crc32 } from 'node:zlib';

/** A node's place among the balancer's servers: `index` from 0, of `count`. */
export interface BalancerSlot {
  readonly index: number;
  readonly count: number;
}

/** The server (from 0, of `count`) nginx's `hash` sends `key` to while every server is up. */
export function balancerSlotOf(key: string, count: number): number {
  return ((crc32(key) >>> 16) & 0x7fff) % count;
}

/** BALANCER_SLOT is "i/N": this node is the i-th (from 1) of the N servers the balancer lists. */
export function parseBalancerSlot(raw: string | undefined): BalancerSlot | null {
  if (raw === undefined || raw === '') return null;
  const m = raw.match(/^(\d{1,4})\/(\d{1,4})$/);
  const index = m ? Number(m[1]) : 0;
  const count = m ? Number(m[2]) : 0;
  if (!m || index < 1 || index > count)
    throw new Error(
      `BALANCER_SLOT must be "i/N", this node's place among the balancer's N servers (1 ≤ i ≤ N), not "${raw}"`,
    );
  return { index: index - 1, count };
}
