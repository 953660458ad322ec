/**
 * An absent player on virtual time, in this process (helpers/in-process.ts): a seat whose
 * last connection closed is played by a stand-in bot once its grace (the table's
 * turnSeconds) runs out, and handed back when the person follows the table again, the
 * stand-in's choice coming to nothing; from then on the game waits for the person,
 * however long. (That a closed socket
 * starts the absence, through the server: test/server/absence.test.ts.)
 */
import { afterEach, expect, it } from 'vitest';
import { chooseAction } from '../helpers/choose.js';
import { type InProcess, inProcess, lastUpdate } from '../helpers/in-process.js';

let tables: InProcess;
afterEach(async () => {
  tables.pool.release();
  await tables.close();
});

it('a disconnected seat is played by a stand-in after its grace, and is the person’s alone once back', async () => {
  tables = await inProcess();
  const {
    table,
    players: [host, absent],
  } = await tables.table({ players: 3, rounds: 1, turnSeconds: 30, turnClock: 'off' }, ['Bea']);
  await tables.send(table, { type: 'seat:bot', by: host.claim, message: { seat: 2, level: 'easy' } });
  await tables.send(table, { type: 'table:start', by: host.claim, message: {} });
  const gameId = table.summary().gameId!;

  await tables.until(() => lastUpdate(host.follower).view.passed[2], 'the bot to pass');
  const first = lastUpdate(host.follower);

  // Seat 1's only connection closes: the seat shows as disconnected, with the grace it has.
  absent.follower.open = false;
  await tables.send(table, { type: 'unwatch', connection: absent.follower.id });
  expect(table.summary().seats[1]).toMatchObject({ connected: false, away: false });
  // (In seconds since the epoch, as the protocol gives it.)
  expect(lastUpdate(host.follower).deadline).toBe((tables.clock.now() + 30_000) / 1000);
  // The grace runs out: a stand-in takes the seat and thinks about its pass (held back).
  tables.pool.hold();
  await tables.clock.advance(29_999);
  expect(table.summary().seats[1].away).toBe(false);
  await tables.clock.advance(1);
  expect(table.summary().seats[1].away).toBe(true);
  await tables.until(() => tables.pool.thinking === 1, 'the stand-in to think');
  await tables.send(table, {
    type: 'game:act',
    by: host.claim,
    message: { action: chooseAction(first.view, () => 0), seq: lastUpdate(host.follower).seq },
  });

  // Back before the stand-in is done: the seat is handed back, and the stand-in's pass comes
  // to nothing. The game waits for the person, the last to pass, however long.
  await tables.watch(table, absent.token);
  expect(table.summary().seats[1]).toMatchObject({ connected: true, away: false });
  tables.pool.release();
  await tables.clock.advance(10 * 30_000);
  await tables.until(() => tables.pool.thinking === 0, 'the stand-in to be done');
  await tables.clock.advance(10 * 30_000);
  expect((await tables.store.loadActions(gameId)).filter((a) => a.action.seat === 1)).toEqual([]);
  expect(lastUpdate(host.follower).view.passed).toEqual([true, false, true]);
  expect(table.game!.toAct()).toEqual([1]);
  expect(table.summary().seats[1]).toMatchObject({ connected: true, away: false });
});
