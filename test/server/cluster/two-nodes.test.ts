/**
 * Two real nodes (the built server, twice) on one PostgreSQL database (fresh) and Redis
 * (random prefix): a table is owned by one node and played through both; commands that
 * arrive at the other node are answered by the owner; when the owner is killed (SIGKILL),
 * the other node takes the table over within 10 s and the game goes on with every
 * acknowledged action kept. (The three-node cluster behind nginx is in cluster.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableReply, JoinTableReply } from '../../../src/protocol/messages.js';
import { PostgresStore } from '../../../src/server/store/postgres.js';
import { chooseAction } from '../helpers/choose.js';
import { Client, playToEnd, step } from '../helpers/client.js';
import { nodeEnv, takenOverAt } from '../helpers/cluster.js';
import { freshDatabase, postgresAvailable, type TestDatabase } from '../helpers/postgres.js';
import { dropPrefix, randomPrefix, redisAvailable, TEST_REDIS_URL } from '../helpers/redis.js';
import { api, startServer, type TestServer } from '../helpers/server.js';

const here = (await postgresAvailable()) && (await redisAvailable());
const LEASE_MS = 1500;

describe.skipIf(!here)('two nodes', () => {
  let db: TestDatabase;
  const prefix = randomPrefix();
  const nodes: TestServer[] = [];
  const clients: Client[] = [];
  const start = async (id: string) => {
    const node = await startServer(nodeEnv(db, prefix, id, LEASE_MS));
    nodes.push(node);
    return node;
  };
  const client = (node: TestServer, token: string) => {
    const c = new Client(node.url, token);
    clients.push(c);
    return c;
  };
  /** A 3-player table made on `owner` with bots in seats 2 and 3 left out: two people, one bot. */
  const table = async (owner: TestServer, other: TestServer) => {
    const made = await api<CreateTableReply>(owner, 'POST', '/api/tables', {
      name: 'Ann',
      options: { players: 3, mode: 'individual', rounds: 1, public: true, turnSeconds: 120 },
    });
    // Joined through the other node: forwarded to the owner.
    const joined = await api<JoinTableReply>(other, 'POST', `/api/tables/${made.body.code}/seats`, { name: 'Bea' });
    expect(joined.status).toBe(201);
    return { code: made.body.code, tokens: [made.body.token, joined.body.token] };
  };

  /** A game started at a table made on `owner`, both people connected through `other`. */
  const playingOn = async (owner: TestServer, other: TestServer) => {
    const { code, tokens } = await table(owner, other);
    const ann = client(other, tokens[0]);
    const bea = client(other, tokens[1]);
    for (const p of [ann, bea]) expect((await p.watch(code)).ok).toBe(true);
    expect((await ann.call('seat:bot', { seat: 2, level: 'easy' })).ok).toBe(true);
    expect((await ann.call('table:start', {})).ok).toBe(true);
    await Promise.all([ann, bea].map((p) => p.until(() => p.game !== null, 'the first update')));
    return { code, ann, bea };
  };

  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    if (!here) return;
    db = await freshDatabase();
    a = await start('node-a');
    b = await start('node-b');
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    for (const n of nodes) await n.stop().catch(() => undefined);
    if (!here) return;
    await db.drop();
    await dropPrefix(TEST_REDIS_URL, prefix);
  });

  it('players on both nodes play a game to the end; the other node forwards to the owner', async () => {
    const { code, tokens } = await table(a, b);
    const ann = client(a, tokens[0]);
    const bea = client(b, tokens[1]);
    // Public tables are listed from the database: the same list through either node.
    const lists = await Promise.all([a, b].map((n) => api<{ code: string }[]>(n, 'GET', '/api/tables')));
    for (const l of lists) expect(l.body.map((t) => t.code)).toContain(code);
    expect((await ann.watch(code)).ok).toBe(true);
    const watched = await bea.watch(code);
    expect(watched.ok).toBe(true);
    expect(watched.seat).toBe(1);
    // Bea's node is not the owner: her host command is refused by the owner's rules, her bot request too.
    expect(await bea.call('seat:bot', { seat: 2, level: 'easy' })).toMatchObject({ error: { code: 'ERR_NOT_HOST' } });
    expect((await ann.call('seat:bot', { seat: 2, level: 'easy' })).ok).toBe(true);
    // The table summary reads the same through either node, presence on both nodes included.
    const summaries = await Promise.all(
      [a, b].map((n) => api<{ seats: { connected: boolean }[] }>(n, 'GET', `/api/tables/${code}`)),
    );
    for (const s of summaries) expect(s.body.seats.map((x) => x.connected)).toEqual([true, true, false]);
    expect((await ann.call('table:start', {})).ok).toBe(true);
    await bea.until(() => bea.game !== null, 'the first update on the other node');
    // Chat from the other node reaches the owner's node.
    expect((await bea.call('chat:send', { text: 'hello from b' })).ok).toBe(true);
    await ann.until(() => ann.inbox.some((m) => m.kind === 'chat'), 'the chat through the adapter');
    await playToEnd([ann, bea], 90_000);
    expect(bea.game?.view.phase).toBe('over');

    const store = await PostgresStore.open(db.url);
    try {
      const game = bea.game!;
      const stored = await store.loadActions(game.gameId);
      expect(stored).toHaveLength(game.seq);
      for (const c of [ann, bea])
        for (const { seq, action } of c.acked) expect(stored[seq - 1].action).toMatchObject(action);
      expect((await store.ownerOf(code))?.node).toBe('node-a');
    } finally {
      await store.close();
    }
  });

  it('SIGKILL of the owner mid-game: the other node takes the table over within 10 s and play goes on', async () => {
    const { code, ann, bea } = await playingOn(a, b);
    // A few actions, then the owner dies.
    for (let i = 0; i < 6; i++) await step([ann, bea]);
    const before = Math.max(...[ann, bea].map((c) => c.game!.seq));
    const killed = Date.now();
    await a.kill();
    // The requirement is the takeover itself: from the kill to node-b's log line saying it
    // holds and has resumed the table (not the test's own retries and round trips).
    const took = (await takenOverAt([b], code, killed)) - killed;
    expect(took).toBeLessThan(10_000);

    // Then node-b accepts actions again.
    let accepted = false;
    const giveUp = Date.now() + 60_000;
    while (!accepted) {
      expect(Date.now()).toBeLessThan(giveUp);
      const player = [ann, bea].find((c) => c.myTurn());
      if (!player) {
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      // A client reconnecting after a failure would watch again: the owner's updates come through the new owner.
      accepted = (await player.act(chooseAction(player.game!.view, Math.random))).ok;
      if (!accepted) await new Promise((r) => setTimeout(r, 200));
    }
    for (const c of [ann, bea]) await c.watch(code, { lastSeq: c.game!.seq, gameId: c.game!.gameId });
    await playToEnd([ann, bea], 90_000);

    const store = await PostgresStore.open(db.url);
    try {
      const game = ann.game!;
      expect(game.seq).toBeGreaterThan(before);
      const stored = await store.loadActions(game.gameId);
      expect(stored).toHaveLength(game.seq);
      for (const c of [ann, bea])
        for (const { seq, action } of c.acked) expect(stored[seq - 1].action).toMatchObject(action);
      expect((await store.ownerOf(code))?.node).toBe('node-b');
    } finally {
      await store.close();
    }
  });

  it('SIGTERM hands the tables of a node over at once: the lease is released, not left to run out', async () => {
    const c = await start('node-c');
    const { code, ann, bea } = await playingOn(c, b);
    expect(await c.stop()).toBe(0);
    const store = await PostgresStore.open(db.url);
    try {
      const owner = await store.ownerOf(code);
      expect(owner?.node).not.toBe('node-c');
      // The very first action after the stop is accepted: nobody waits for a lease to run out.
      await ann.until(() => ann.myTurn() || bea.myTurn(), 'a person to move');
      const player = ann.myTurn() ? ann : bea;
      const first = await player.act(chooseAction(player.game!.view, Math.random));
      expect(first).toMatchObject({ ok: true });
      // Its update comes from the new owner.
      const seq = first.ok ? (first.seq as number) : 0;
      await player.until(() => player.game!.seq >= seq, 'the update from the new owner');
      await playToEnd([ann, bea], 90_000);
      expect((await store.ownerOf(code))?.node).not.toBe('node-c');
      const game = ann.game!;
      expect(await store.loadActions(game.gameId)).toHaveLength(game.seq);
    } finally {
      await store.close();
    }
  });
});
