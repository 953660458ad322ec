/**
 * No leaks on a cluster: the checked random games of helpers/leak-games.ts (people, bots,
 * a spectator, a reconnection, a seat given up while a second tab holds it) with each
 * game's connections spread over three nodes and nginx, so every message of every seat
 * and spectator was built or forwarded by a node that is not the table's owner too.
 */
import { it } from 'vitest';
import { clusterAvailable, clusterForFile } from '../helpers/cluster.js';
import { expectCheckedTraffic, playCheckedGames } from '../helpers/leak-games.js';

const run = await clusterAvailable();
const file = clusterForFile(run, { env: { SOCKET_RATE_PER_SECOND: '1000' } });

const GAMES = 20;

it.skipIf(!run)(
  `${GAMES} random games over three nodes and nginx: no client ever receives a card it may not know`,
  async () => {
    const { cluster } = file;
    const urls = [...cluster.nodes.map((n) => n.url), cluster.nginx.url];
    const total = await playCheckedGames({ server: cluster.nodes[0].server, urls, store: cluster.db.url }, GAMES);
    expectCheckedTraffic(total, GAMES);
  },
  300_000,
);
