/**
 * The races that real time reaches only by luck, reached on purpose: tables run in this
 * process on virtual time (helpers/in-process.ts), with bot decisions held back until the
 * test lets them through. A player comes back while the stand-in bot that replaced them
 * is thinking; the host asks for a rematch while a bot (or the host's stand-in) thinks the
 * last card; a turn clock runs out in the very tick a player acts, in either order; with
 * the clock off, nobody connected is ever replaced.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientAction } from '../../../src/protocol/messages.js';
import { chooseAction } from '../helpers/choose.js';
import { type InProcess, inProcess, lastUpdate, type Player } from '../helpers/in-process.js';

let tables: InProcess;
afterEach(async () => {
  tables.pool.release();
  await tables.close();
});

/** The first legal action of the player's latest view. */
function firstLegal(p: Player): ClientAction {
  return chooseAction(lastUpdate(p.follower).view, () => 0);
}

/** A table of `players` with the host as its only person, bots in the other seats, started. */
async function hostAndBots(players: number, turnClock: 'off' | 'normal') {
  const {
    table,
    players: [host],
  } = await tables.table({ players, rounds: 1, turnClock });
  for (let seat = 1; seat < players; seat++)
    await tables.send(table, { type: 'seat:bot', by: host.claim, message: { seat, level: 'easy' } });
  await tables.send(table, { type: 'table:start', by: host.claim, message: {} });
  return { table, host };
}

describe('on virtual time', () => {
  it('a player who comes back while the stand-in thinks keeps the seat, and the stand-in does not play it', async () => {
    tables = await inProcess();
    tables.pool.hold();
    const { table, host } = await hostAndBots(3, 'normal');
    const started = lastUpdate(host.follower);
    expect(started.view.phase).toBe('pass');
    // The two bots think about their passes, held back.
    await tables.until(() => tables.pool.thinking === 2, 'the bots to think');

    // The host's pass clock (twice a card's 40 s) runs out: a stand-in takes the seat and thinks too.
    expect(tables.clock.untilNext()).toBe(80_000);
    await tables.clock.advance(80_000);
    expect(table.summary().seats[0].away).toBe(true);
    await tables.until(() => tables.pool.thinking === 3, 'the stand-in to think');

    await tables.send(table, { type: 'seat:back', by: host.claim, message: {} });
    expect(table.summary().seats[0].away).toBe(false);
    tables.pool.release();
    await tables.until(() => lastUpdate(host.follower).view.passed.filter(Boolean).length === 2, 'the bots to pass');
    // The stand-in's choice came too late: the seat is the host's again, still to pass, on a fresh clock.
    const now = lastUpdate(host.follower);
    expect(now.view.passed[0]).toBe(false);
    expect(now.view.hand).toEqual(started.view.hand);
    expect(now.clocks[0]).toBe(tables.clock.now() + 80_000);
    const reply = await tables.send(table, {
      type: 'game:act',
      by: host.claim,
      message: { action: firstLegal(host), seq: now.seq },
    });
    expect(reply.seq).toBe(now.seq + 1);
  });

  it('a rematch asked while a bot thinks the last card is refused; asked once it played, it starts the next game', async () => {
    tables = await inProcess();
    tables.pool.hold();
    const { table, host } = await hostAndBots(3, 'normal');
    // The host plays each turn; the bots' decisions go through one at a time, up to the last
    // card. Whose the last card is depends on the deal: when it is the host's, the host lets
    // its clock run out, so that a bot (the stand-in) thinks it all the same.
    for (;;) {
      const u = lastUpdate(host.follower);
      const cardsLeft = u.view.handSizes.reduce((a, b) => a + b, 0);
      if (u.view.mustAct && cardsLeft === 1 && u.view.phase === 'play') {
        await tables.clock.advance(tables.clock.untilNext());
        expect(table.summary().seats[0].away).toBe(true);
        await tables.until(() => tables.pool.thinking > 0, 'the stand-in to think');
        break;
      }
      if (u.view.mustAct) {
        await tables.send(table, {
          type: 'game:act',
          by: host.claim,
          message: { action: firstLegal(host), seq: u.seq },
        });
        continue;
      }
      await tables.until(() => tables.pool.thinking > 0, 'a bot to think');
      if (u.view.phase === 'play' && cardsLeft === 1) break;
      const seq = u.seq;
      tables.pool.release(1);
      await tables.until(() => lastUpdate(host.follower).seq > seq, 'the bot to act');
    }

    const before = table.summary();
    await expect(tables.send(table, { type: 'table:rematch', by: host.claim, message: {} })).rejects.toMatchObject({
      code: 'ERR_NOT_FINISHED',
    });
    expect(table.summary()).toEqual(before);

    const lastSeq = lastUpdate(host.follower).seq;
    tables.pool.release(1);
    await tables.until(() => table.status === 'finished', 'the game to finish');
    expect(lastUpdate(host.follower).seq).toBe(lastSeq + 1);
    await tables.send(table, { type: 'table:rematch', by: host.claim, message: {} });
    const next = table.summary();
    expect(next.status).toBe('playing');
    expect(next.gameId).not.toBe(before.gameId);
    expect(next.finishedGames).toEqual([before.gameId]);
    // The new game's bots think about its passes, from its first view.
    await tables.until(() => tables.pool.thinking === 2, "the new game's bots to think");
    expect(lastUpdate(host.follower).gameId).toBe(next.gameId);
    expect(lastUpdate(host.follower).seq).toBe(0);
  });

  it('an action queued in the tick its clock runs out is taken, and the seat is not replaced', async () => {
    tables = await inProcess();
    tables.pool.hold();
    const { table, host } = await hostAndBots(3, 'normal');
    const u = lastUpdate(host.follower);
    await tables.clock.advance(79_999);
    // The action first, the clock's firing in the same tick after it.
    const acted = tables.send(table, {
      type: 'game:act',
      by: host.claim,
      message: { action: firstLegal(host), seq: u.seq },
    });
    const ranOut = tables.clock.advance(1);
    expect((await acted).seq).toBe(u.seq + 1);
    await ranOut;
    expect(table.summary().seats[0].away).toBe(false);
    expect(host.follower.tables.some((t) => t.seats[0].away)).toBe(false);
    // The bots think about their passes; no stand-in for the host thinks with them.
    await tables.until(() => tables.pool.thinking === 2, 'the bots to think');
    await tables.clock.advance(0);
    expect(tables.pool.thinking).toBe(2);
  });

  it('a clock that runs out in the tick before the action: the stand-in takes the seat, and the action takes it back', async () => {
    tables = await inProcess();
    tables.pool.hold();
    const { table, host } = await hostAndBots(3, 'normal');
    const u = lastUpdate(host.follower);
    await tables.until(() => tables.pool.thinking === 2, 'the bots to think');
    await tables.clock.advance(79_999);
    const ranOut = tables.clock.advance(1);
    const acted = tables.send(table, {
      type: 'game:act',
      by: host.claim,
      message: { action: firstLegal(host), seq: u.seq },
    });
    await ranOut;
    // Replaced first: everyone was told the stand-in plays the seat...
    expect(host.follower.tables.some((t) => t.seats[0].away)).toBe(true);
    // ...then the person's own action, which takes the seat back; the stand-in's thinking comes to nothing.
    expect((await acted).seq).toBe(u.seq + 1);
    expect(table.summary().seats[0].away).toBe(false);
    tables.pool.release();
    await tables.until(
      () => lastUpdate(host.follower).view.passed.every(Boolean) || lastUpdate(host.follower).view.phase === 'play',
      'the bots to pass',
    );
    expect(table.game!.nextActionOf(0, u.seq)?.seq).toBe(u.seq + 1);
    expect(table.game!.nextActionOf(0, u.seq + 1)).toBeUndefined();
  });

  it('with the clock off, a connected player who does not act is never replaced', async () => {
    tables = await inProcess();
    const { table, host } = await hostAndBots(3, 'off');
    await tables.until(() => lastUpdate(host.follower).view.passed.filter(Boolean).length === 2, 'the bots to pass');
    // Three times the normal pass time goes by with nobody acting.
    await tables.clock.advance(3 * 80_000);
    const u = lastUpdate(host.follower);
    expect(u.view.passed[0]).toBe(false);
    expect(u.clocks).toEqual([null, null, null]);
    expect(table.summary().seats.map((x) => x.away)).toEqual([false, false, false]);
  });
});
