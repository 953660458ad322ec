/**
 * Redis away while a table plays on (a private redis-server, never the shared one; leases
 * long enough that its owner keeps it through the outage). The owner's broadcasts for the
 * other nodes are not queued in memory to be sent, stale, when Redis returns: they are
 * counted (/metrics) and not sent, and a spectator on another node catches up once Redis
 * is back, from the table's current state, without receiving the missed updates late.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { GameUpdate } from '../../../src/protocol/messages.js';
import { Client } from '../helpers/client.js';
import { clusterAvailable, clusterForFile, healthOf } from '../helpers/cluster.js';
import { type PrivateRedis, startPrivateRedis } from '../helpers/redis.js';
import { playUntil, SeatPlayer } from '../helpers/seat-player.js';
import { seatTable } from '../helpers/tables.js';

const run = await clusterAvailable();

/** The owner's count of broadcasts not sent for lack of Redis. */
async function unsent(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('bottle_imp_broadcasts_unsent_total '));
  if (!line) throw new Error('no bottle_imp_broadcasts_unsent_total in /metrics');
  return Number(line.split(' ')[1]);
}

describe('Redis away while a table plays on', () => {
  let redis: PrivateRedis | undefined;
  // Registered first, so it runs after the cluster has stopped.
  afterAll(async () => {
    await redis?.stop();
  });
  const file = clusterForFile(run, async () => {
    redis = await startPrivateRedis();
    // A lease that outlasts the outage: the owner keeps its table and plays on without Redis.
    return { nodes: 2, redisUrl: redis.url, env: { LEASE_MS: '60000' } };
  });

  it.skipIf(!run)(
    'broadcasts for the other node are counted, not queued, and its spectator catches up when Redis is back',
    async () => {
      const { cluster } = file;
      const [owner, other] = cluster.nodes;
      // One person and three quick bots on the owner's node; a spectator on the other node.
      const { code, humans } = await seatTable(owner.server, { players: 4, rounds: 3 }, 1, { level: 'easy' });
      const player = new SeatPlayer(humans[0], owner.url, code, 0);
      const spectator = new Client(other.url);
      expect((await spectator.watch(code)).ok).toBe(true);
      await playUntil([player], () => player.client.game!.seq >= 8, 'a few steps');
      await spectator.until(() => spectator.game?.seq === player.client.game!.seq, 'the spectator to follow');
      expect(await unsent(owner.url)).toBe(0);

      await redis!.down();
      await healthOf([owner], (b) => b.redis === false, 'Redis down');
      const downAt = player.client.game!.seq;
      // Play goes on at the owner's node; nothing reaches the other node.
      await playUntil([player], () => player.client.game!.seq >= downAt + 24, 'play without Redis');
      const missed = player.client.game!.seq - downAt;

      await player.client.until(() => player.client.myTurn(), "the person's turn");
      const seen: GameUpdate[] = [];
      spectator.socket.on('game', (u: GameUpdate) => seen.push(u));
      const backAt = player.client.game!.seq;
      await redis!.up();
      await healthOf(cluster.nodes, (b) => b.redis === true && b.ok === true, 'Redis back');
      // The spectator gets the state as it is now (bots that were still to pass may have passed since).
      await spectator.until(
        () => spectator.game!.seq >= backAt && spectator.game!.seq === player.client.game!.seq,
        'the spectator to catch up',
        20_000,
      );
      // None of the updates it missed arrived late, out of date: each was counted instead (/metrics is read through Redis's rate limit).
      expect(seen.filter((u) => u.seq < backAt)).toEqual([]);
      expect(await unsent(owner.url)).toBeGreaterThanOrEqual(missed);

      // And the game goes on, followed on the other node.
      await playUntil([player], () => player.client.game!.seq >= backAt + 4, 'play after the outage');
      await spectator.until(() => spectator.game?.seq === player.client.game!.seq, 'the spectator to follow again');
      player.close();
      spectator.close();
    },
    180_000,
  );
});
