/**
 * Bad input on a cluster (helpers/bad-input-suite.ts): the table is made on one node and
 * every attacking, playing and watching connection goes to another, so each refusal the
 * owner makes comes back through the node the connection is on, and nothing changes.
 */
import { it } from 'vitest';
import { ATTACKED_SERVER_ENV, badInputSuite } from '../helpers/bad-input-suite.js';
import { clusterAvailable, startCluster } from '../helpers/cluster.js';

if (await clusterAvailable())
  badInputSuite(async () => {
    const cluster = await startCluster({ nodes: 2, env: ATTACKED_SERVER_ENV });
    return { server: cluster.nodes[0].server, url: cluster.nodes[1].url, stop: () => cluster.stop() };
  });
else it.skip('bad input on a cluster (needs PostgreSQL, Redis and nginx)', () => undefined);
