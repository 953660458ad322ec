/**
 * Outages of the shared services under a running cluster. Redis (a private redis-server,
 * never the shared one) is killed mid-game and started again empty: the nodes say so on
 * /healthz, reconnect, and play goes on to the end. PostgreSQL becomes unreachable for a
 * few seconds (a TCP proxy in front of it is cut): actions are refused with ERR_UNAVAILABLE,
 * never acknowledged and lost, and play resumes when it is back.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { chooseAction } from '../helpers/choose.js';
import { type Cluster, type ClusterNode, clusterAvailable, health, startCluster } from '../helpers/cluster.js';
import { expectSoundLog } from '../helpers/log-check.js';
import { ADMIN_URL } from '../helpers/postgres.js';
import { type PrivateRedis, startPrivateRedis } from '../helpers/redis.js';
import { playUntil, SeatPlayer } from '../helpers/seat-player.js';
import { storedGame } from '../helpers/stored.js';
import { seatTable } from '../helpers/tables.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';

const run = await clusterAvailable();

/** Wait until every running node's /healthz body matches. */
async function healthOf(nodes: readonly ClusterNode[], want: (body: Record<string, unknown>) => boolean, what: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const all = await Promise.all(nodes.map((n) => health(n).catch(() => ({ status: 0, body: {} }))));
    if (all.every((h) => want(h.body as Record<string, unknown>))) return;
    if (Date.now() > deadline) throw new Error(`the nodes did not report ${what}: ${JSON.stringify(all)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('Redis restarted mid-game', () => {
  let redis: PrivateRedis;
  let cluster: Cluster;
  beforeAll(async () => {
    if (!run) return;
    redis = await startPrivateRedis();
    cluster = await startCluster({ redisUrl: redis.url });
  });
  beforeEach(() => {
    onTestFailed(() => console.error(`what the nodes logged (warnings and errors):\n${cluster?.warnings()}`));
  });
  afterAll(async () => {
    await cluster?.stop();
    await redis?.stop();
  });

  it.skipIf(!run)(
    'the nodes report it, reconnect, and the game is played to its end',
    async () => {
      const urls = cluster.nodes.map((n) => n.url);
      const { code, humans, tokens } = await seatTable(cluster.nodes[0].server, { players: 4, rounds: 1 }, 3, {
        level: 'easy',
        urls,
      });
      const gameId = humans[0].game!.gameId;
      const players = humans.map((h, seat) => new SeatPlayer(h, urls[(seat + 1) % urls.length], code, seat));
      await playUntil(players, () => players[0].client.game!.seq >= 6, 'a few steps');

      await redis.down();
      await healthOf(cluster.nodes, (b) => b.redis === false, 'Redis down');
      await redis.up();
      await healthOf(cluster.nodes, (b) => b.redis === true && b.ok === true, 'Redis back');

      await playUntil(
        players,
        () => players.every((p) => p.client.game?.view.phase === 'over'),
        'the end of the game',
        120_000,
      );
      const stored = await storedGame(cluster.db.url, gameId);
      expect(stored.status).toBe('finished');
      expectSoundLog(
        stored,
        players.flatMap((p) => p.acked.map((a) => ({ ...a, seat: tokens.indexOf(p.client.token!) }))),
      );
      for (const p of players) p.close();
    },
    180_000,
  );
});

describe('PostgreSQL unreachable for a few seconds', () => {
  let proxy: TcpProxy;
  let cluster: Cluster;
  beforeAll(async () => {
    if (!run) return;
    // Every node reaches PostgreSQL through the proxy; the test reads the database directly.
    const server = new URL(ADMIN_URL);
    proxy = await startTcpProxy(server.hostname, Number(server.port || 5432));
    cluster = await startCluster({
      databaseUrl: (db) => {
        const via = new URL(db.url);
        via.host = `127.0.0.1:${proxy.port}`;
        return via.toString();
      },
    });
  });
  beforeEach(() => {
    onTestFailed(() => console.error(`what the nodes logged (warnings and errors):\n${cluster?.warnings()}`));
  });
  afterAll(async () => {
    await cluster?.stop();
    await proxy?.close();
  });

  it.skipIf(!run)(
    'actions are refused with ERR_UNAVAILABLE and nothing is acknowledged; play resumes when it is back',
    async () => {
      const urls = cluster.nodes.map((n) => n.url);
      const { code, humans, tokens } = await seatTable(cluster.nodes[0].server, { players: 3, rounds: 1 }, 2, {
        level: 'easy',
        urls: [urls[1], urls[2]],
      });
      const gameId = humans[0].game!.gameId;
      const players = humans.map((h, seat) => new SeatPlayer(h, urls[seat + 1], code, seat));
      await playUntil(
        players,
        () => players[0].client.game!.seq >= 4 && players.some((p) => p.client.myTurn()),
        'a person to act',
      );
      const mover = players.find((p) => p.client.myTurn())!;
      const before = mover.client.game!.seq;

      proxy.cut();
      const action = chooseAction(mover.client.game!.view, Math.random);
      const refused = await mover.client.callWithin(10_000, 'game:act', { action });
      expect(refused).toMatchObject({ ok: false, error: { code: 'ERR_UNAVAILABLE' } });
      await healthOf(cluster.nodes, (b) => b.database === false && b.ok === false, 'the database down');
      expect(mover.client.game!.seq).toBe(before);

      proxy.restore();
      await healthOf(cluster.nodes, (b) => b.database === true && b.ok === true, 'the database back');
      await playUntil(players, () => mover.client.game!.seq > before, 'the first step after the outage', 30_000);
      await playUntil(
        players,
        () => players.every((p) => p.client.game?.view.phase === 'over'),
        'the end of the game',
        120_000,
      );
      const stored = await storedGame(cluster.db.url, gameId);
      expect(stored.status).toBe('finished');
      expectSoundLog(
        stored,
        players.flatMap((p) => p.acked.map((a) => ({ ...a, seat: tokens.indexOf(p.client.token!) }))),
      );
      expect(stored.actions.length).toBeGreaterThan(before);
      for (const p of players) p.close();
    },
    180_000,
  );
});
