/**
 * No leaks on a cluster: the checked random games of helpers/leak-games.ts (people, bots,
 * a spectator, a reconnection, a seat given up while a second tab holds it) with each
 * game's connections spread over three nodes and nginx, so every message of every seat
 * and spectator was built or forwarded by a node that is not the table's owner too.
 */
import { afterAll, beforeAll, beforeEach, it, onTestFailed } from 'vitest';
import { type Cluster, clusterAvailable, startCluster } from '../helpers/cluster.js';
import { expectCheckedTraffic, playCheckedGames } from '../helpers/leak-games.js';

const run = await clusterAvailable();
let cluster: Cluster;
beforeAll(async () => {
  if (run) cluster = await startCluster({ env: { SOCKET_RATE_PER_SECOND: '1000' } });
});
beforeEach(() => {
  onTestFailed(() => console.error(`what the nodes logged (warnings and errors):\n${cluster?.warnings()}`));
});
afterAll(async () => {
  await cluster?.stop();
});

const GAMES = 20;

it.skipIf(!run)(
  `${GAMES} random games over three nodes and nginx: no client ever receives a card it may not know`,
  async () => {
    const urls = [...cluster.nodes.map((n) => n.url), cluster.nginx.url];
    const total = await playCheckedGames({ server: cluster.nodes[0].server, urls, store: cluster.db.url }, GAMES);
    expectCheckedTraffic(total, GAMES);
  },
  300_000,
);
