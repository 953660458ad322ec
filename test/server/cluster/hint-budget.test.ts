/**
 * The hint budget per address (HINTS_PER_MINUTE) over two real nodes: one address whose
 * seats are on both nodes gets the shared budget, not one per node. Three people (one
 * address, seats 0 and 1 connected to different nodes) and no bot, the coach on, in the
 * pass: repeated asks for the same decision cost no work but still count.
 */
import { describe, expect, it } from 'vitest';
import { clusterAvailable, clusterForFile } from '../helpers/cluster.js';
import { seatTable } from '../helpers/tables.js';

const run = await clusterAvailable();
const BUDGET = 3;

describe('hints per address over two nodes', () => {
  const file = clusterForFile(run, { nodes: 2, env: { HINTS_PER_MINUTE: String(BUDGET), HINT_ITERATIONS: '60' } });

  it.skipIf(!run)('one address asking on both nodes gets the shared budget', async () => {
    const { cluster } = file;
    const { humans } = await seatTable(cluster.nodes[0].server, { players: 3, rounds: 1 }, 3, {
      start: false,
      bots: false,
      urls: cluster.nodes.map((n) => n.url),
      from: '127.0.0.31',
    });
    const [host, other] = humans;
    expect(await host.call('table:coach', { coach: true })).toEqual({ ok: true });
    expect(await host.call('table:start', {})).toEqual({ ok: true });
    await Promise.all(humans.map((c) => c.until(() => c.game !== null, 'the game')));
    const codes: string[] = [];
    for (const c of [host, other, host, other]) {
      const reply = await c.call('game:hint', {});
      codes.push(reply.ok ? 'OK' : reply.error.code);
    }
    // A window per node would have let all four through.
    expect(codes).toEqual(['OK', 'OK', 'OK', 'ERR_HINT_BUDGET']);
    for (const c of humans) c.close();
  });
});
