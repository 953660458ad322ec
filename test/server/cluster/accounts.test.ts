/**
 * Accounts across a cluster (nodes on one PostgreSQL and one Redis): sign in through one
 * node and play through another, the session and the seat being store rows every node
 * reads; and the sign-in limit per account counted over every node (in Redis).
 */
import { expect, it } from 'vitest';
import { Client, playToEnd } from '../helpers/client.js';
import { clusterAvailable, clusterForFile } from '../helpers/cluster.js';
import { Jar } from '../helpers/jar.js';

const run = await clusterAvailable();
const file = clusterForFile(run, { nodes: 2 });
const PASSWORD = 'violet-otter-marmalade';

it.skipIf(!run)('signs in through node A and plays the account’s seat through node B', async () => {
  const [a, b] = file.cluster.nodes;
  const onA = new Jar(a.server, '127.0.10.1');
  expect((await onA.signUp('node_ann', PASSWORD)).status).toBe(201);
  const created = await onA.request<{ code: string }>('POST', '/api/tables', {
    name: 'Ann',
    options: { players: 3, mode: 'individual', rounds: 1 },
  });
  expect(created.status).toBe(201);
  const { code } = created.body;
  // Node B knows the session (a store row) and finds the account's seat at a table node A owns.
  expect(
    (
      await new Jar(b.server, '127.0.10.1', b.url).request('GET', '/api/me', undefined, {
        cookie: `bi_session=${onA.cookie}`,
      })
    ).status,
  ).toBe(200);
  const player = new Client(b.url, null, undefined, code, { cookie: `bi_session=${onA.cookie}`, origin: b.url });
  try {
    expect((await player.watch(code)).seat).toBe(0);
    for (const seat of [1, 2]) expect((await player.call('seat:bot', { seat, level: 'easy' })).ok).toBe(true);
    expect((await player.call('table:start', {})).ok).toBe(true);
    await playToEnd([player]);
    expect(player.game?.view.phase).toBe('over');
  } finally {
    player.close();
  }
});

it.skipIf(!run)('counts sign-ins per account over every node', async () => {
  const [a, b] = file.cluster.nodes;
  expect((await new Jar(a.server, '127.0.10.2').signUp('node_bea', PASSWORD)).status).toBe(201);
  for (let i = 0; i < 5; i++) {
    const node = i % 2 === 0 ? a : b;
    expect((await new Jar(node.server, `127.0.10.${10 + i}`).signIn('node_bea', 'wrong-password')).status).toBe(401);
  }
  expect((await new Jar(b.server, '127.0.10.20').signIn('node_bea', PASSWORD)).status).toBe(429);
});
