/**
 * Redis failing under a running cluster (a private redis-server, never the shared one).
 * While many tables open at once through three nodes, Redis's connections are killed
 * again and again (CLIENT KILL) and Redis itself is killed and started again empty: no
 * node dies, every refusal a player gets is ERR_UNAVAILABLE, a refused handshake or a
 * session closed at once because it could not be counted (never ERR_INTERNAL or
 * nothing), and afterwards a game is played through the nodes to its end. And with Redis
 * down, a node told to stop exits within seconds, releasing its tables through
 * PostgreSQL; a node asked about one of them then refuses with ERR_UNAVAILABLE rather
 * than hold it half loaded, and the game goes on once Redis is back.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { CreateTableReply, JoinTableReply } from '../../../src/protocol/messages.js';
import { Client } from '../helpers/client.js';
import { type Cluster, clusterAvailable, clusterForFile, healthOf } from '../helpers/cluster.js';
import { type PrivateRedis, redisClient, startPrivateRedis } from '../helpers/redis.js';
import { finishAndCheck, playUntil, SeatPlayer } from '../helpers/seat-player.js';
import { api } from '../helpers/server.js';
import { seatTable } from '../helpers/tables.js';

const run = await clusterAvailable();
/** Tables opened at least, and how many open at once. */
const TABLES = 45;
const LANES = 8;

/** Kill Redis's client connections (all but our own) every `everyMs` until stopped. */
function killConnections(url: string, everyMs: number): { stop(): Promise<number> } {
  const killer = redisClient(url);
  let going = true;
  let kills = 0;
  const loop = (async () => {
    await killer.connect();
    for (let i = 0; going; i++) {
      // Subscribed and ordinary connections in turn; while Redis is down this just fails.
      const type = i % 2 === 0 ? 'pubsub' : 'normal';
      kills += Number(await killer.call('CLIENT', 'KILL', 'TYPE', type, 'SKIPME', 'yes').catch(() => 0));
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop() {
      going = false;
      await loop;
      killer.disconnect();
      return kills;
    },
  };
}

/** A 4-seat table made on node g, its three guests joining and watching through the nodes in turn; every refusal's code. */
async function openTable(cluster: Cluster, g: number, clients: Client[]): Promise<string[]> {
  const node = (i: number) => cluster.nodes[i % cluster.nodes.length];
  const refusals: string[] = [];
  const made = await api<CreateTableReply>(node(g).server, 'POST', '/api/tables', {
    name: 'Host',
    options: { players: 4, rounds: 1 },
  });
  if (made.status !== 201) return [(made.body as unknown as { error: { code: string } }).error.code];
  for (let s = 1; s < 4; s++) {
    const joined = await api<JoinTableReply>(node(g + s).server, 'POST', `/api/tables/${made.body.code}/seats`, {
      name: `Guest ${s}`,
    });
    if (joined.status !== 201) {
      refusals.push((joined.body as unknown as { error: { code: string } }).error.code);
      continue;
    }
    const c = new Client(node(g + s + 1).url, joined.body.token);
    clients.push(c);
    const watched = await c.callWithin(20_000, 'table:watch', { code: made.body.code, token: joined.body.token });
    if (!watched.ok) refusals.push(watched.error.code);
  }
  return refusals;
}

describe('Redis failing under three nodes', () => {
  let redis: PrivateRedis | undefined;
  // Registered first, so it runs after the cluster has stopped.
  afterAll(async () => {
    await redis?.stop();
  });
  const file = clusterForFile(run, async () => {
    redis = await startPrivateRedis();
    // Every request comes from one address, and many more of them than a player makes: this
    // file is about Redis failing, not about the API's rate limit (messaging.test.ts).
    return { redisUrl: redis.url, env: { MAX_TABLES_PER_ADDRESS: '1000', HTTP_RATE_PER_MINUTE: '1000000' } };
  });

  /**
   * Every node's process is running, and none wrote anything but its JSON log lines and the
   * one start-up line naming the address to open (a crash writes a stack).
   */
  const expectAllAlive = (cluster: Cluster) => {
    for (const n of cluster.nodes) {
      expect(n.server.process.exitCode, `node ${n.id} exited`).toBeNull();
      const stray = n
        .output()
        .split('\n')
        .filter((l) => l.trim() !== '' && !l.startsWith('{') && !l.startsWith('bottle-imp server: open http'));
      expect(stray, `node ${n.id} wrote outside its log`).toEqual([]);
    }
  };

  it.skipIf(!run)(
    'tables opening at once while Redis connections are killed and Redis restarts: no node dies, refusals are ERR_UNAVAILABLE, play goes on',
    async () => {
      const { cluster } = file;
      const clients: Client[] = [];
      const killing = killConnections(redis!.url, 100);
      // In the middle of it, Redis itself goes away and comes back empty.
      let calm = false;
      const storm = (async () => {
        await new Promise((r) => setTimeout(r, 1500));
        await redis!.down();
        await new Promise((r) => setTimeout(r, 1000));
        await redis!.up();
        await new Promise((r) => setTimeout(r, 1500));
        calm = true;
      })();
      // Tables open LANES at a time, for as long as the storm lasts (TABLES at least).
      const opening = Promise.all(
        Array.from({ length: LANES }, async (_, lane) => {
          const seen: string[] = [];
          for (let g = lane; !calm || g < TABLES; g += LANES) seen.push(...(await openTable(cluster, g, clients)));
          return seen;
        }),
      );
      await storm;
      const refusals = (await opening).flat();
      expect(await killing.stop()).toBeGreaterThan(0);
      for (const c of clients) c.close();
      // A connection's handshake needs Redis too (sessions are counted over the nodes), so
      // while Redis is out of reach a node refuses it at the door (a client retries it). A
      // session let in just before Redis went is closed as soon as its count fails (never
      // kept uncounted, src/server/realtime/sessions.ts): its first message is then
      // unanswered (DISCONNECTED here; the web client reconnects).
      const atTheDoor = ['ERR_UNAVAILABLE', 'HANDSHAKE_REFUSED', 'DISCONNECTED'];
      expect(refusals.filter((code) => !atTheDoor.includes(code))).toEqual([]);
      expectAllAlive(cluster);

      // Redis whole again: a game through the three nodes is played to its end.
      await healthOf(cluster.nodes, (b) => b.ok === true, 'Redis back');
      const urls = cluster.nodes.map((n) => n.url);
      const { code, humans } = await seatTable(cluster.nodes[0].server, { players: 3, rounds: 1 }, 3, { urls });
      const players = humans.map((c, seat) => new SeatPlayer(c, urls[seat], code, seat));
      await finishAndCheck(players, cluster.db.url, { ms: 120_000 });
      for (const p of players) p.close();
      expectAllAlive(cluster);
    },
    180_000,
  );

  it.skipIf(!run)(
    'Redis down: a node told to stop exits within seconds and releases its tables; another node loading one refuses with ERR_UNAVAILABLE; play goes on when Redis is back',
    async () => {
      const { cluster } = file;
      const [owner, other] = cluster.nodes;
      // The host's connection is on the owner, so its actions keep being played (and broadcast
      // into the adapter's queue) while Redis is away; it reconnects through another node.
      const { code, humans } = await seatTable(owner.server, { players: 3, rounds: 1 }, 1);
      const host = new SeatPlayer(humans[0], other.url, code, 0);
      await playUntil([host], () => host.client.game!.seq >= 4, 'a few steps');
      expect(await cluster.ownerOf(code)).toBe(owner.id);

      await redis!.down();
      const before = host.client.game!.seq;
      await playUntil([host], () => host.client.game!.seq >= before + 3, 'steps while Redis is down');
      // The helper kills a node that has not stopped after 15 s: then the exit code is null.
      expect(await owner.stop()).toBe(0);
      expect(await cluster.ownerOf(code)).toBeNull();

      // Nobody holds the table; a node asked about it now cannot tell who follows it: refused, and not kept half loaded.
      const summary = await api<{ error: { code: string } }>(other.server, 'GET', `/api/tables/${code}`);
      expect(summary).toMatchObject({ status: 503, body: { error: { code: 'ERR_UNAVAILABLE' } } });

      await redis!.up();
      await healthOf([other], (b) => b.ok === true, 'Redis back');
      await finishAndCheck([host], cluster.db.url, { ms: 120_000 });
      host.close();
      await owner.start();
    },
    180_000,
  );
});
