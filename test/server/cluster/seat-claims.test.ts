/**
 * Seat claims across nodes when the news that a seat changed hands is lost, and presence
 * when a node comes back under its old name.
 *
 * Redis is killed (a private redis-server, never the shared one) while a player leaves
 * through one tab, so another node holding her second tab never hears `seat:lost`; once
 * Redis is back someone else takes the seat and plays. That second tab gets none of the
 * new player's updates (they are addressed to the new claim), is told it lost the seat
 * once its node has checked its claims against the database again, and cannot act or chat.
 *
 * A node killed and started again at once under the same NODE_ID: the connections its
 * dead process held stop counting as present, so their seat falls to a stand-in bot.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { JoinTableReply } from '../../../src/protocol/messages.js';
import { Client, step } from '../helpers/client.js';
import { clusterAvailable, clusterForFile, healthOf } from '../helpers/cluster.js';
import { cardsIn, DealKnower } from '../helpers/leak-checker.js';
import { type PrivateRedis, startPrivateRedis } from '../helpers/redis.js';
import { api } from '../helpers/server.js';
import { storedGame } from '../helpers/stored.js';
import { seatTable } from '../helpers/tables.js';

const run = await clusterAvailable();

describe('Redis killed while a seat changes hands', () => {
  let redis: PrivateRedis | undefined;
  // Registered first, so it runs after the cluster has stopped.
  afterAll(async () => {
    await redis?.stop();
  });
  const file = clusterForFile(run, async () => {
    redis = await startPrivateRedis();
    // A lease that outlasts the outage: the table stays with its owner.
    return { redisUrl: redis.url, env: { LEASE_MS: '30000' } };
  });

  it.skipIf(!run)(
    "a tab on another node that never heard its seat was lost gets none of the next player's updates",
    async () => {
      const { cluster } = file;
      const [owner, other] = cluster.nodes;
      // The host and Mallory (seat 1) through nginx, which routes them to the table's owner.
      const {
        code,
        humans: [host, mallory],
        tokens,
      } = await seatTable(owner.server, { players: 3, rounds: 1 }, 2, {
        start: false,
        bots: false,
        urls: [cluster.nginx.url],
        named: true,
      });
      // Her second tab, straight to another node.
      const tab = new Client(other.url, tokens[1]);
      expect(await tab.watch(code)).toMatchObject({ ok: true, seat: 1 });

      await redis!.down();
      await healthOf(cluster.nodes, (b) => b.redis === false, 'Redis down');
      expect(await mallory.call('table:leave', {})).toEqual({ ok: true });
      await mallory.until(() => mallory.lostSeat(), 'seat:lost in the tab on the owner');
      await redis!.up();
      await healthOf(cluster.nodes, (b) => b.redis === true && b.ok === true, 'Redis back');
      expect(tab.lostSeat()).toBe(false);

      // Someone else takes seat 1 and the game starts at once.
      const joined = await api<JoinTableReply>(owner.server, 'POST', `/api/tables/${code}/seats`, {
        name: 'Victim',
        seat: 1,
      });
      expect(joined.status).toBe(201);
      const victim = new Client(cluster.nginx.url, joined.body.token, undefined, code);
      expect(await victim.watch(code)).toMatchObject({ ok: true, seat: 1 });
      expect((await host.call('seat:bot', { seat: 2, level: 'easy' })).ok).toBe(true);
      expect((await host.call('table:start', {})).ok).toBe(true);
      const players = [host, victim];
      await victim.until(() => victim.game !== null, 'the first update');
      while (victim.game!.seq < 8) await step(players);
      // None of the new player's updates reached the tab (a view is private when it has a viewer).
      const updates = () => tab.inbox.flatMap((m) => (m.kind === 'game' ? [m.update] : []));
      const privately = () =>
        updates().flatMap((u) => (u.view.viewer === null ? [] : [`seq ${u.seq} as seat ${u.view.viewer}`]));
      expect(victim.inbox.filter((m) => m.kind === 'game').length).toBeGreaterThan(2);
      expect(privately()).toEqual([]);

      // Her tab's node checks its claims once it hears Redis again: the tab is a spectator now.
      await tab.until(() => tab.lostSeat(), 'seat:lost in the tab on the other node', 20_000);
      for (const [event, message] of [
        ['chat:send', { text: 'hello' }],
        ['game:act', { action: { type: 'play', card: 0 } }],
      ] as const)
        expect(await tab.call(event, message)).toMatchObject({ ok: false, error: { code: 'ERR_NOT_SEATED' } });
      while (victim.game!.seq < 16 && victim.game!.view.phase !== 'over') await step(players);
      await tab.until(() => tab.game?.seq === victim.game!.seq, 'the tab to follow as a spectator');

      // Every update the tab got in this game was the spectators', with nothing a spectator may not know.
      expect(updates().length).toBeGreaterThan(0);
      expect(privately()).toEqual([]);
      const stored = await storedGame(cluster.db.url, victim.game!.gameId);
      const knower = new DealKnower(
        stored.options,
        stored.seed,
        stored.actions.map((a) => a.action),
      );
      for (const u of updates())
        for (const { card, path } of cardsIn(u))
          expect(knower.allowed(u.seq, null).has(card), `card ${card} at ${path} (seq ${u.seq})`).toBe(true);
      for (const c of [host, mallory, tab, victim]) c.close();
    },
    120_000,
  );
});

describe('a node killed and started again under the same NODE_ID', () => {
  const file = clusterForFile(run, { nodes: 2 });

  it.skipIf(!run)(
    'the connections of its dead process stop counting as present: their seat gets a stand-in',
    async () => {
      const { cluster } = file;
      const [owner, other] = cluster.nodes;
      // The host on the owner; seat 1 on the other node, which is killed and comes straight back.
      const {
        code,
        humans: [host],
      } = await seatTable(owner.server, { players: 3, rounds: 3, turnSeconds: 5 }, 2, {
        urls: [owner.url, other.url],
      });
      const seat1 = () => host.table!.seats[1];
      expect(seat1()).toMatchObject({ connected: true, away: false });
      await other.restart();

      await host.until(() => !seat1().connected, 'seat 1 counted absent', 30_000);
      // Absent for the grace period (turnSeconds): a stand-in bot plays the seat.
      await host.until(() => seat1().away, 'a stand-in for seat 1', 30_000);
      expect(host.table!.code).toBe(code);
      host.close();
    },
    120_000,
  );
});
