/**
 * A table's players routed to its owner (docs/deploy.md): three nodes behind nginx, each
 * told its place in nginx's list (BALANCER_SLOT). A table made through nginx is owned by
 * the node its code hashes to; players who name their table in the handshake reach that
 * node, over WebSocket and over long-polling, and while nobody on another node follows the
 * table its updates are not published to Redis at all; a spectator on another node gets
 * every update from then on; a table whose hashed node is down is served by another node,
 * which keeps its updates off Redis too while its players are all on it.
 */
import { Redis } from 'ioredis';
import { io } from 'socket.io-client';
import { expect, it } from 'vitest';
import type { CreateTableReply, GameUpdate } from '../../../src/protocol/messages.js';
import { balancerSlotOf, parseBalancerSlot } from '../../../src/server/cluster/routing.js';
import { Client, playToEnd, step } from '../helpers/client.js';
import { type Cluster, clusterAvailable, clusterForFile } from '../helpers/cluster.js';
import { api } from '../helpers/server.js';
import { seatTable } from '../helpers/tables.js';

const run = await clusterAvailable();
const file = clusterForFile(run);

/** The node nginx sends a table's players to while every node is up. */
const hashedNode = (c: Cluster, code: string) => c.nodes[balancerSlotOf(code, c.nodes.length)];

/** Open Socket.IO connections per node (each node's /metrics). */
async function connections(c: Cluster): Promise<number[]> {
  return Promise.all(
    c.nodes.map(async (n) => {
      const text = await (await fetch(`${n.url}/metrics`)).text();
      return Number(text.match(/^bottle_imp_connections (\d+)$/m)?.[1]);
    }),
  );
}

/** Every message the nodes' Socket.IO adapter publishes to Redis, as it passes. */
async function adapterTraffic(c: Cluster): Promise<{ mentioning(code: string): number; close(): void }> {
  const sub = new Redis(c.redisUrl);
  const seen: Buffer[] = [];
  sub.on('pmessageBuffer', (_pattern: Buffer, _channel: Buffer, message: Buffer) => seen.push(message));
  await sub.psubscribe(`${c.prefix}socket.io#*`);
  return {
    mentioning: (code) => seen.filter((m) => m.includes(code)).length,
    close: () => sub.disconnect(),
  };
}

it('BALANCER_SLOT reads "i/N" (from 1) and refuses anything else; the hash is the Cache::Memcached formula', () => {
  expect(parseBalancerSlot('2/3')).toEqual({ index: 1, count: 3 });
  expect(parseBalancerSlot(undefined)).toBeNull();
  for (const bad of ['0/3', '4/3', '3', 'a/b', '1/0']) expect(() => parseBalancerSlot(bad)).toThrow(/BALANCER_SLOT/);
  // crc32("hello") is 0x3610a686: (0x3610a686 >> 16) & 0x7fff = 13840, and 13840 mod 3 = 1.
  expect(balancerSlotOf('hello', 3)).toBe(1);
  expect(balancerSlotOf('hello', 1)).toBe(0);
});

it.skipIf(!run)('a table made through nginx is owned by the node its code hashes to', async () => {
  const c = file.cluster;
  const owners = new Set<string>();
  for (let i = 0; i < 6; i++) {
    const made = await api<CreateTableReply>(c.front(), 'POST', '/api/tables', {
      name: 'Host',
      options: { players: 3, rounds: 1 },
    });
    expect(made.status).toBe(201);
    const owner = await c.ownerOf(made.body.code);
    expect(owner).toBe(hashedNode(c, made.body.code).id);
    owners.add(owner!);
  }
  // nginx spreads the requests that make tables over the nodes: more than one made some.
  expect(owners.size).toBeGreaterThan(1);
});

it.skipIf(!run)(
  'players naming their table reach its owner; its updates stay off Redis until a spectator on another node follows, who then sees them all',
  async () => {
    const c = file.cluster;
    const traffic = await adapterTraffic(c);
    const before = await connections(c);
    const { code, humans } = await seatTable(c.front(), { players: 3, rounds: 1 }, 2, { named: true });
    const owner = hashedNode(c, code);
    expect(await c.ownerOf(code)).toBe(owner.id);
    const after = await connections(c);
    expect(after.map((n, i) => n - before[i])).toEqual(c.nodes.map((n) => (n === owner ? 2 : 0)));

    for (let i = 0; i < 6; i++) await step(humans);
    expect(humans[0].game!.seq).toBeGreaterThan(0);
    expect(traffic.mentioning(code)).toBe(0);

    // A spectator on another node (straight to it, past nginx): from now on the updates cross Redis.
    const elsewhere = c.nodes.find((n) => n !== owner)!;
    const spectator = new Client(elsewhere.url);
    expect((await spectator.watch(code)).ok).toBe(true);
    await playToEnd(humans);
    const last = humans[0].game!;
    await spectator.until(() => spectator.game?.seq === last.seq, 'the spectator to see the last step');
    expect(spectator.game!.view.phase).toBe('over');
    expect(traffic.mentioning(code)).toBeGreaterThan(0);

    traffic.close();
    spectator.close();
    for (const h of humans) h.close();
  },
  90_000,
);

it.skipIf(!run)(
  'a long-polling spectator naming the table stays on one node (the table hash is sticky) and follows the game',
  async () => {
    const c = file.cluster;
    const front = c.front();
    const { code, humans } = await seatTable(front, { players: 3, rounds: 1 }, 2, { named: true });
    const polling = io(front.url, {
      transports: ['polling'],
      reconnection: false,
      forceNew: true,
      query: { table: code },
    });
    const seen: GameUpdate[] = [];
    polling.on('game', (u: GameUpdate) => seen.push(u));
    expect((await polling.timeout(10_000).emitWithAck('table:watch', { code })).ok).toBe(true);
    await playToEnd(humans);
    const last = humans[0].game!;
    await humans[0].until(() => seen.some((u) => u.seq === last.seq), 'the polling spectator to see the end');
    expect(polling.io.engine.transport.name).toBe('polling');
    polling.close();
    for (const h of humans) h.close();
  },
  90_000,
);

it.skipIf(!run)(
  'a table whose hashed node is down is served by another node, which its players reach through nginx',
  async () => {
    const c = file.cluster;
    const front = c.front();
    const { code, humans, tokens } = await seatTable(front, { players: 3, rounds: 1 }, 2, { named: true });
    for (let i = 0; i < 4; i++) await step(humans);
    const owner = hashedNode(c, code);
    // Stopped gracefully: it releases the table, and another node takes it at once.
    await owner.stop();
    try {
      const next = await c.newOwnerOf(code, owner.id);
      expect(next).not.toBe(owner.id);
      const back = tokens.map((t) => new Client(front.url, t, undefined, code));
      for (const b of back) expect((await b.watch(code)).ok).toBe(true);
      await playToEnd(back);
      expect(back[0].game!.view.phase).toBe('over');
      for (const b of back) b.close();
    } finally {
      for (const h of humans) h.close();
      await owner.start();
    }
  },
  120_000,
);

it.skipIf(!run)(
  'a table taken over with nobody following it through another node keeps its updates off Redis, until a spectator elsewhere follows',
  async () => {
    const c = file.cluster;
    const { code, humans, tokens } = await seatTable(c.front(), { players: 3, rounds: 1 }, 2, { named: true });
    for (let i = 0; i < 3; i++) await step(humans);
    const owner = hashedNode(c, code);
    await owner.stop();
    try {
      const nextId = await c.newOwnerOf(code, owner.id);
      const next = c.nodes.find((n) => n.id === nextId)!;
      // The players come back straight to the new owner (past nginx, which may pick another node).
      const traffic = await adapterTraffic(c);
      const back = tokens.map((t) => new Client(next.url, t, undefined, code));
      for (const b of back) expect((await b.watch(code)).ok).toBe(true);
      for (let i = 0; i < 4; i++) await step(back);
      expect(traffic.mentioning(code)).toBe(0);

      // A spectator on the third node: from now on the updates cross Redis, and it sees them all.
      const third = c.nodes.find((n) => n !== owner && n !== next)!;
      const spectator = new Client(third.url);
      expect((await spectator.watch(code)).ok).toBe(true);
      await playToEnd(back);
      const last = back[0].game!;
      await spectator.until(() => spectator.game?.seq === last.seq, 'the spectator to see the last step');
      expect(traffic.mentioning(code)).toBeGreaterThan(0);
      traffic.close();
      spectator.close();
      for (const b of back) b.close();
    } finally {
      for (const h of humans) h.close();
      await owner.start();
    }
  },
  120_000,
);
