/**
 * Three nodes on one PostgreSQL database and one Redis, nginx in front: the players of
 * one table sit on different nodes (straight to each node's port) and play a whole game,
 * a spectator on another node follows it and reads the chat the players send from theirs;
 * a second game is played through nginx over WebSockets and followed over long-polling.
 */
import { expect, it } from 'vitest';
import { Client, playToEnd } from '../helpers/client.js';
import { clusterAvailable, clusterForFile, health } from '../helpers/cluster.js';
import { playBehindBalancer } from '../helpers/nginx.js';
import { api } from '../helpers/server.js';
import { storedGame } from '../helpers/stored.js';
import { seatTable } from '../helpers/tables.js';

const run = await clusterAvailable();
const file = clusterForFile(run);

it.skipIf(!run)('every node says it reaches the database and Redis, also through nginx', async () => {
  const { cluster } = file;
  for (const n of cluster.nodes)
    expect(await health(n)).toEqual({ status: 200, body: { ok: true, database: true, redis: true } });
  expect(await api(cluster.front(), 'GET', '/healthz')).toEqual({
    status: 200,
    body: { ok: true, database: true, redis: true },
  });
});

it.skipIf(!run)(
  'players on three nodes play a whole game; a spectator on another node follows it and reads their chat',
  async () => {
    const { cluster } = file;
    const [a, b, c] = cluster.nodes;
    const { code, humans, tokens } = await seatTable(a.server, { players: 4, rounds: 1 }, 3, {
      urls: [a.url, b.url, c.url],
    });
    const gameId = humans[0].game!.gameId;
    // The spectator sits on the node the table was not made on, and not with the host.
    const spectator = new Client(c.url);
    expect((await spectator.watch(code)).ok).toBe(true);

    // Chat from seat 1 (node b) reaches the host (node a), seat 2 (node c) and the spectator.
    expect(await humans[1].call('chat:send', { text: 'hello from b' })).toEqual({ ok: true });
    const readers = [humans[0], humans[2], spectator];
    await Promise.all(
      readers.map((r) =>
        r.until(
          () => r.inbox.some((m) => m.kind === 'chat' && (m.message as { text?: string }).text === 'hello from b'),
          'the chat from another node',
          10_000,
        ),
      ),
    );
    // Spectators read but never send, whichever node they are on.
    const refused = await spectator.call('chat:send', { text: 'me too' });
    expect(!refused.ok && refused.error.code).toBe('ERR_NOT_SEATED');

    await playToEnd(humans);
    await spectator.until(() => spectator.game?.view.phase === 'over', 'the end for the spectator');
    // Everyone saw the same last step, and the table's connections are counted across nodes.
    const last = humans[0].game!.seq;
    for (const h of humans) expect(h.game!.seq).toBe(last);
    expect(spectator.game!.seq).toBe(last);
    expect(humans[0].table!.seats.slice(0, 3).map((s) => s.connected)).toEqual([true, true, true]);

    const stored = await storedGame(cluster.db.url, gameId);
    expect(stored.status).toBe('finished');
    expect(stored.actions.map((x) => x.seq)).toEqual(stored.actions.map((_, i) => i + 1));
    const acked = humans.flatMap((h) => h.acked.map((x) => ({ ...x, seat: tokens.indexOf(h.token!) })));
    for (const x of acked) expect(stored.actions[x.seq - 1].action).toEqual({ ...x.action, seat: x.seat });
    for (const x of [...humans, spectator]) x.close();
  },
  90_000,
);

it.skipIf(!run)('a game is played through nginx over WebSockets and followed over long-polling', async () => {
  await playBehindBalancer(file.cluster.front());
});
