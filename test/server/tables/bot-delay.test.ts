/**
 * A bot's thinking delay (BOT_DELAY_MS, varied by up to 40% either way) is drawn from the
 * game's seed, not from Math.random: the same game, step and seat always wait alike, so a
 * game played over on virtual time runs its bots' turns at the same moments.
 */
import { afterEach, expect, it } from 'vitest';
import { thinkShare } from '../../../src/server/ids.js';
import { type InProcess, inProcess } from '../helpers/in-process.js';

let tables: InProcess;
afterEach(async () => {
  tables.pool.release();
  await tables.close();
});

it("each bot's thinking delay is the one the game's seed gives its seat and step", async () => {
  tables = await inProcess({ BOT_DELAY_MS: '900' });
  tables.pool.hold();
  const {
    table,
    players: [host],
  } = await tables.table({ players: 3, rounds: 1 });
  for (const seat of [1, 2])
    await tables.send(table, { type: 'seat:bot', by: host.claim, message: { seat, level: 'easy' } });
  await tables.send(table, { type: 'table:start', by: host.claim, message: {} });
  const game = await tables.store.loadGame(table.summary().gameId!);
  // Both bots pass at the game's first step (seq 0), each after its own delay.
  const [first, second] = [1, 2]
    .map((seat) => 900 * (0.6 + 0.8 * thinkShare(game!.seed, 0, seat)))
    .sort((a, b) => a - b);
  expect(tables.clock.untilNext()).toBeCloseTo(first, 2);
  await tables.clock.advance(tables.clock.untilNext());
  await tables.until(() => tables.pool.thinking === 1, 'the first bot to think');
  expect(tables.clock.untilNext()).toBeCloseTo(second - first, 2);
  await tables.clock.advance(tables.clock.untilNext());
  await tables.until(() => tables.pool.thinking === 2, 'the second bot to think');
});
