/**
 * A hint at the table is worked out outside the table's queue (src/server/tables/hints.ts):
 * while a person's hint is still being worked out, the bots' turns go on. The hint is held
 * back by the test (helpers/in-process.ts) until the bots have moved, so no timing decides
 * the outcome. (That bot turns go before hints on the threads themselves:
 * test/server/bots/live-queue.test.ts.)
 */
import { afterEach, expect, it } from 'vitest';
import { type InProcess, inProcess, lastUpdate } from '../helpers/in-process.js';

let tables: InProcess;
afterEach(async () => {
  tables.pool.releaseHints();
  await tables.close();
});

it("a hint still being worked out does not hold up a bot's move", async () => {
  tables = await inProcess();
  tables.pool.holdHints();
  const {
    table,
    players: [host],
  } = await tables.table({ players: 3, rounds: 1, coach: true });
  for (const seat of [1, 2])
    await tables.send(table, { type: 'seat:bot', by: host.claim, message: { seat, level: 'easy' } });
  await tables.send(table, { type: 'table:start', by: host.claim, message: {} });
  const start = lastUpdate(host.follower);
  expect(start.view.passed).toEqual([false, false, false]);

  // Everyone passes at once: the host asks for a hint, and it is still being worked out...
  let answered = false;
  const asked = tables.send(table, { type: 'game:hint', by: host.claim, message: {} }).then((reply) => {
    answered = true;
    return reply;
  });
  await tables.until(() => tables.pool.hintsThinking === 1, 'the hint to be worked out');
  // ...while both bots pass.
  await tables.until(
    () => lastUpdate(host.follower).view.passed.filter(Boolean).length === 2,
    'the bots to pass while the hint is worked out',
  );
  expect(answered).toBe(false);
  expect(lastUpdate(host.follower).view.passed[0]).toBe(false);

  // The hint comes once worked out, for the decision the host still has to make.
  tables.pool.releaseHints();
  const { hint } = await asked;
  expect(hint).toBeDefined();
  expect(lastUpdate(host.follower).view.passed[0]).toBe(false);
});
