/**
 * Outages of the shared services under a running cluster. Redis (a private redis-server,
 * never the shared one) is killed mid-game and started again empty: the nodes say so on
 * /healthz, reconnect, and play goes on to the end. PostgreSQL becomes unreachable for a
 * few seconds (a TCP proxy in front of it is cut): actions are refused (ERR_UNAVAILABLE,
 * or ERR_OUTCOME_UNKNOWN when a write may have reached it), never acknowledged and lost, and play resumes when it is back.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { chooseAction } from '../helpers/choose.js';
import { type Cluster, clusterAvailable, clusterForFile, healthOf } from '../helpers/cluster.js';
import { ADMIN_URL } from '../helpers/postgres.js';
import { type PrivateRedis, startPrivateRedis } from '../helpers/redis.js';
import { finishAndCheck, playUntil, SeatPlayer } from '../helpers/seat-player.js';
import { seatTable } from '../helpers/tables.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';

const run = await clusterAvailable();

/** A table of `humans` people (and bots) made on the first node, each person on another node. */
async function spreadTable(cluster: Cluster, players: number, humans: number) {
  const urls = cluster.nodes.map((n) => n.url).slice(1);
  const { code, humans: clients } = await seatTable(cluster.nodes[0].server, { players, rounds: 1 }, humans, {
    level: 'easy',
    urls,
  });
  return clients.map((c, seat) => new SeatPlayer(c, urls[seat % urls.length], code, seat));
}

describe('Redis restarted mid-game', () => {
  let redis: PrivateRedis | undefined;
  // Registered first, so it runs after the cluster has stopped.
  afterAll(async () => {
    await redis?.stop();
  });
  const file = clusterForFile(run, async () => {
    redis = await startPrivateRedis();
    return { redisUrl: redis.url };
  });

  it.skipIf(!run)(
    'the nodes report it, reconnect, and the game is played to its end',
    async () => {
      const { cluster } = file;
      const players = await spreadTable(cluster, 4, 3);
      await playUntil(players, () => players[0].client.game!.seq >= 6, 'a few steps');

      await redis!.down();
      await healthOf(cluster.nodes, (b) => b.redis === false && b.ok === false, 'Redis down');
      await redis!.up();
      await healthOf(cluster.nodes, (b) => b.redis === true && b.ok === true, 'Redis back');

      await finishAndCheck(players, cluster.db.url, { ms: 120_000 });
      for (const p of players) p.close();
    },
    180_000,
  );
});

describe('PostgreSQL unreachable for a few seconds', () => {
  let proxy: TcpProxy | undefined;
  afterAll(async () => {
    await proxy?.close();
  });
  // Every node reaches PostgreSQL through the proxy; the test reads the database directly.
  const file = clusterForFile(run, async () => {
    const server = new URL(ADMIN_URL);
    const started = await startTcpProxy(server.hostname, Number(server.port || 5432));
    proxy = started;
    return {
      databaseUrl: (db) => {
        const via = new URL(db.url);
        via.host = `127.0.0.1:${started.port}`;
        return via.toString();
      },
    };
  });

  it.skipIf(!run)(
    'actions are refused (unavailable or outcome unknown) and nothing is acknowledged; play resumes when it is back',
    async () => {
      const { cluster } = file;
      const players = await spreadTable(cluster, 3, 2);
      await playUntil(
        players,
        () => players[0].client.game!.seq >= 4 && players.some((p) => p.client.myTurn()),
        'a person to act',
      );
      const mover = players.find((p) => p.client.myTurn())!;
      const before = mover.client.game!.seq;

      proxy!.cut();
      const action = chooseAction(mover.client.game!.view, Math.random);
      const refused = await mover.client.callWithin(10_000, 'game:act', { action });
      // A statement on a broken connection may or may not have reached the database, and the
      // node cannot tell: it says so (ERR_OUTCOME_UNKNOWN) rather than claim nothing was done.
      expect(refused.ok).toBe(false);
      if (!refused.ok) expect(['ERR_UNAVAILABLE', 'ERR_OUTCOME_UNKNOWN']).toContain(refused.error.code);
      await healthOf(cluster.nodes, (b) => b.database === false && b.ok === false, 'the database down');
      expect(mover.client.game!.seq).toBe(before);

      proxy!.restore();
      await healthOf(cluster.nodes, (b) => b.database === true && b.ok === true, 'the database back');
      const stored = await finishAndCheck(players, cluster.db.url, { ms: 120_000 });
      expect(stored.actions.length).toBeGreaterThan(before);
      for (const p of players) p.close();
    },
    180_000,
  );
});
