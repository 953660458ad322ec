/**
 * No leaks on a cluster: the checked random games of helpers/leak-games.ts (people, bots,
 * a spectator, a reconnection, a seat given up while a second tab holds it) with each
 * game's connections spread over three nodes and nginx, so every message of every seat
 * and spectator was built or forwarded by a node that is not the table's owner too. One
 * game in ten goes through a Redis outage while its seat is given up (its own
 * redis-server, killed and started again empty), one in ten through PostgreSQL cut off
 * (a TCP proxy in front of it). `LEAK_GAMES` plays more (BENCHMARKS.md: 100).
 */
import { afterAll, expect, it } from 'vitest';
import { clusterAvailable, clusterForFile, healthOf } from '../helpers/cluster.js';
import { expectCheckedTraffic, outageAt, playCheckedGames } from '../helpers/leak-games.js';
import { ADMIN_URL } from '../helpers/postgres.js';
import { type PrivateRedis, startPrivateRedis } from '../helpers/redis.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';

const run = await clusterAvailable();
let redis: PrivateRedis | undefined;
let proxy: TcpProxy | undefined;
// Registered first, so they run after the cluster has stopped.
afterAll(async () => {
  await redis?.stop();
  await proxy?.close();
});
const file = clusterForFile(run, async () => {
  redis = await startPrivateRedis();
  const server = new URL(ADMIN_URL);
  const started = await startTcpProxy(server.hostname, Number(server.port || 5432));
  proxy = started;
  return {
    redisUrl: redis.url,
    // Every node reaches PostgreSQL through the proxy; the checker reads the database directly.
    databaseUrl: (db) => {
      const via = new URL(db.url);
      via.host = `127.0.0.1:${started.port}`;
      return via.toString();
    },
    // A lease that outlasts an outage: tables stay with their owners. Every game's table is
    // made from one address, and a finished one stays open a while.
    env: { SOCKET_RATE_PER_SECOND: '1000', LEASE_MS: '15000', MAX_TABLES_PER_ADDRESS: '1000' },
  };
});

const GAMES = Number(process.env.LEAK_GAMES ?? 20);

it.skipIf(!run)(
  `${GAMES} random games over three nodes and nginx, some through a Redis or PostgreSQL outage: no client ever receives a card it may not know`,
  async () => {
    const { cluster } = file;
    const nodes = cluster.nodes;
    const urls = [...nodes.map((n) => n.url), cluster.nginx.url];
    const total = await playCheckedGames(
      {
        server: nodes[0].server,
        urls,
        store: cluster.db.url,
        outages: {
          redis: {
            down: async () => {
              await redis!.down();
              await healthOf(nodes, (b) => b.redis === false, 'Redis down');
            },
            up: async () => {
              await redis!.up();
              await healthOf(nodes, (b) => b.ok === true, 'Redis back');
            },
          },
          postgres: {
            down: async () => {
              proxy!.cut();
              await healthOf(nodes, (b) => b.database === false, 'PostgreSQL down');
            },
            up: async () => {
              proxy!.restore();
              await healthOf(nodes, (b) => b.ok === true, 'PostgreSQL back');
            },
          },
        },
      },
      GAMES,
    );
    expectCheckedTraffic(total, GAMES);
    expect(total.outages).toBe(Array.from({ length: GAMES }, (_, i) => outageAt(i)).filter(Boolean).length);
    console.info(
      `${GAMES} games (${total.outages} through an outage): ${total.messages} messages, ${total.cards} cards checked, no leak`,
    );
  },
  GAMES * 20_000,
);
