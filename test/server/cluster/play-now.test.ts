/**
 * Play now in a cluster: two nodes on one PostgreSQL database and one Redis, nginx in
 * front. Guests queue on different nodes and are matched into one table by whichever node
 * leads the wave, and play it through nginx; a node that dies in the middle of a wave (its
 * claims on the tickets left in Redis) loses no ticket: once its claims run out, the other
 * node matches them, and a guest whose connection went down with it follows its ticket again.
 */
import { expect, it } from 'vitest';
import type { MatchFound } from '../../../src/protocol/play-now.js';
import { Client, playToEnd } from '../helpers/client.js';
import { clusterAvailable, clusterForFile } from '../helpers/cluster.js';
import { redisClient } from '../helpers/redis.js';
import { api } from '../helpers/server.js';

const run = await clusterAvailable();
// Long enough that nothing starts with bots here: only four people make a table.
const file = clusterForFile(run, { nodes: 2, env: { PLAY_NOW_WAIT_SECONDS: '3600' } });

/** A guest who queued through `url` and follows its ticket over a connection to `url`. */
class Guest {
  readonly client: Client;
  found: MatchFound | null = null;
  waiting = 0;

  constructor(
    readonly ticket: string,
    url: string,
  ) {
    this.client = new Client(url);
    this.client.socket.on('match:found', (m: MatchFound) => {
      this.found = m;
    });
    this.client.socket.on('match:waiting', () => {
      this.waiting++;
    });
  }

  static async queue(url: string, name: string): Promise<Guest> {
    const queued = await api<{ ticket: string }>({ url }, 'POST', '/api/play-now', {
      players: 4,
      rated: false,
      rounds: 1,
      name,
    });
    expect(queued.status).toBe(202);
    const guest = new Guest(queued.body.ticket, url);
    await guest.follow();
    return guest;
  }

  async follow(): Promise<void> {
    expect(await this.client.call('match:follow', { ticket: this.ticket })).toEqual({ ok: true });
  }

  until(what: string, ms = 30_000): Promise<void> {
    return this.client.until(() => this.found !== null, what, ms);
  }
}

it.skipIf(!run)(
  'four guests on two nodes are matched into one table and play it through nginx',
  async () => {
    const { cluster } = file;
    const [a, b] = cluster.nodes;
    const guests = [await Guest.queue(a.url, 'Ann'), await Guest.queue(b.url, 'Bea'), await Guest.queue(a.url, 'Cy')];
    // Three wait (each told so, on its own node).
    await Promise.all(guests.map((g) => g.client.until(() => g.waiting > 0, 'match:waiting', 10_000)));
    expect(guests.every((g) => g.found === null)).toBe(true);
    guests.push(await Guest.queue(b.url, 'Dee'));
    await Promise.all(guests.map((g) => g.until('match:found')));
    const code = guests[0].found!.code;
    expect(guests.every((g) => g.found!.code === code)).toBe(true);
    expect(guests.map((g) => g.found!.seat).sort()).toEqual([0, 1, 2, 3]);

    const players = guests.map((g) => new Client(cluster.front().url, g.found!.token!, undefined, code));
    for (const p of players) expect((await p.watch(code)).ok).toBe(true);
    expect(
      players
        .map((p) => p.table!.seats.map((s) => s.name))
        .at(0)
        ?.sort(),
    ).toEqual(['Ann', 'Bea', 'Cy', 'Dee']);
    await playToEnd(players);
    for (const c of [...players, ...guests.map((g) => g.client)]) c.close();
  },
  120_000,
);

it.skipIf(!run)(
  'a node killed in the middle of a wave loses no ticket',
  async () => {
    const { cluster } = file;
    const [a, b] = cluster.nodes;
    const redis = redisClient(cluster.redisUrl);
    await redis.connect();
    try {
      // Three guests queue and follow on node a; a fourth follows on node b.
      const onA = [await Guest.queue(a.url, 'Eve'), await Guest.queue(a.url, 'Fay'), await Guest.queue(a.url, 'Gil')];
      // What a wave of node a leaves when it dies between claiming a table's tickets and
      // confirming them: its claims, running out on their own (CLAIM_MS in play-now.ts).
      for (const g of onA) await redis.set(`${cluster.prefix}pn:c:${g.ticket}`, `${a.id}/dead`, 'PX', 8000);
      await a.kill();
      const fourth = await Guest.queue(b.url, 'Hal');
      // The guests of node a lost their connection: as a reconnecting client does, they follow again on b.
      const again = onA.map((g) => new Guest(g.ticket, b.url));
      for (const g of again) await g.follow();
      await Promise.all([fourth, ...again].map((g) => g.until('match:found after the claims ran out', 40_000)));
      const code = fourth.found!.code;
      expect(again.every((g) => g.found!.code === code)).toBe(true);
      expect([fourth, ...again].map((g) => g.found!.seat).sort()).toEqual([0, 1, 2, 3]);
      // Nothing is left in the queue.
      expect(await redis.hlen(`${cluster.prefix}pn:t`)).toBe(0);
      for (const g of [fourth, ...again, ...onA]) g.client.close();
    } finally {
      redis.disconnect();
      await a.start();
    }
    // Real waits: the dead node's lead and claims run out (seconds), under the machine's load.
  },
  120_000,
);
