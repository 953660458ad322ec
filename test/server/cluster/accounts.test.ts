/**
 * Accounts across a cluster (nodes on one PostgreSQL and one Redis): sign in through one
 * node and play through another, the session and the seat being store rows every node
 * reads; the sign-in limit per account counted over every node (in Redis); and an account
 * banned by the operator, or deleted through one node, cut on every node at once (told
 * through Redis: the nodes' own check of sessions is set too rare to be what finds it).
 */
import { expect, it } from 'vitest';
import { ban, tellNodes } from '../../../src/server/admin.js';
import { configFromEnv } from '../../../src/server/config.js';
import { Client, playToEnd } from '../helpers/client.js';
import { clusterAvailable, clusterForFile } from '../helpers/cluster.js';
import { Jar } from '../helpers/jar.js';
import { withStore } from '../helpers/stored.js';

const run = await clusterAvailable();
const file = clusterForFile(run, { nodes: 2, env: { SESSION_CHECK_SECONDS: '3600' } });
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

it.skipIf(!run)('cuts a banned or deleted account’s connections on every node at once', async () => {
  const [a, b] = file.cluster.nodes;
  const signUp = async (name: string, from: string) => {
    const jar = new Jar(a.server, from);
    expect((await jar.signUp(name, PASSWORD)).status).toBe(201);
    const made = await jar.request<{ code: string }>('POST', '/api/tables', {
      name: 'Me',
      options: { players: 3, mode: 'individual', rounds: 1 },
    });
    return { jar, code: made.body.code };
  };
  /** A signed-in connection through `node`, following the account's table there; what it is told when it ends. */
  const follow = async (node: typeof a, jar: Jar, code: string) => {
    const c = new Client(node.url, null, undefined, code, { cookie: `bi_session=${jar.cookie}`, origin: node.url });
    expect((await c.watch(code)).seat).toBe(0);
    const ended = new Promise<unknown>((resolve) => c.socket.once('session:ended', resolve));
    return { c, ended };
  };
  const cal = await signUp('node_cal', '127.0.10.30');
  const dee = await signUp('node_dee', '127.0.10.31');
  const eve = await signUp('node_eve', '127.0.10.32');
  const calOnA = await follow(a, cal.jar, cal.code);
  const calOnB = await follow(b, cal.jar, cal.code);
  const deeOnB = await follow(b, dee.jar, dee.code);
  const eveOnB = await follow(b, eve.jar, eve.code);
  try {
    const config = configFromEnv({
      DATABASE_URL: file.cluster.db.url,
      REDIS_URL: file.cluster.redisUrl,
      REDIS_PREFIX: file.cluster.prefix,
    });
    await withStore(file.cluster.db.url, (store) =>
      ban(store, 'node_cal', Date.now(), (id) => tellNodes(config.cluster!, id)),
    );
    expect(await calOnA.ended).toEqual({ code: 'ERR_BANNED' });
    expect(await calOnB.ended).toEqual({ code: 'ERR_BANNED' });
    // Deleted through node A: its connection through node B is closed too.
    expect((await dee.jar.request('DELETE', '/api/me')).status).toBe(204);
    expect(await deeOnB.ended).toEqual({ code: 'ERR_SIGNED_OUT' });
    await calOnB.c.until(() => !calOnB.c.socket.connected, 'the banned connection closed');
    // Nobody else is cut.
    expect((await eveOnB.c.call('chat:send', { text: 'still here' })).ok).toBe(true);
  } finally {
    for (const f of [calOnA, calOnB, deeOnB, eveOnB]) f.c.close();
  }
});
