/**
 * The turn clock (docs/protocol.md) on virtual time, in this process (helpers/in-process.ts):
 * a connected player who does not act in time is replaced by a stand-in bot and takes the
 * seat back with `seat:back` or by acting; the passes of a later round start on the clock
 * once the last round's summary is read; a stored clock fires after a restart, at once
 * when it ran out meanwhile. A normal clock gives 40 s a card and 80 s a pass, the summary
 * 15 s. (That the server process arms the clocks: test/server/turn-clock.test.ts.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { TurnClock } from '../../../src/values/index.js';
import { chooseAction } from '../helpers/choose.js';
import { type InProcess, inProcess, lastUpdate, type Player } from '../helpers/in-process.js';

let tables: InProcess;
afterEach(async () => {
  tables.pool.release();
  tables.pool.releaseHints();
  await tables.close();
});

const PASS_MS = 80_000;
const CARD_MS = 40_000;
const READING_MS = 15_000;

/** A started table of `players`: the host, the only person, and easy bots in the other seats. */
async function hostAndBots(options: { players: number; rounds: number; turnClock: TurnClock }) {
  const {
    table,
    players: [host],
  } = await tables.table(options);
  for (let seat = 1; seat < options.players; seat++)
    await tables.send(table, { type: 'seat:bot', by: host.claim, message: { seat, level: 'easy' } });
  await tables.send(table, { type: 'table:start', by: host.claim, message: {} });
  return { table, host };
}

/** The host acts on its latest view (its first legal action). */
function act(table: Parameters<InProcess['send']>[0], host: Player) {
  const u = lastUpdate(host.follower);
  return tables.send(table, {
    type: 'game:act',
    by: host.claim,
    message: { action: chooseAction(u.view, () => 0), seq: u.seq },
  });
}

/** The seat's actions as stored, in order: each one's type, and whether a bot (the stand-in) chose it. */
async function actionsOf(gameId: string, seat: number): Promise<{ type: string; byBot: boolean }[]> {
  const actions = await tables.store.loadActions(gameId);
  return actions.filter((a) => a.action.seat === seat).map((a) => ({ type: a.action.type, byBot: a.byBot }));
}

const bothBotsPassed = (host: Player) => () => lastUpdate(host.follower).view.passed.filter(Boolean).length === 2;

describe('a connected player who does not act', () => {
  it('is replaced when the clock runs out, and takes the seat back by seat:back and by acting', async () => {
    tables = await inProcess();
    const { table, host } = await hostAndBots({ players: 3, rounds: 1, turnClock: 'normal' });
    const gameId = table.summary().gameId!;
    // The pass: every seat's clock starts with the round (the first has no summary to read).
    const first = lastUpdate(host.follower);
    expect(first.clocks[0]).toBe(tables.clock.now() + PASS_MS);
    expect(first.reading).toBeNull();
    await tables.until(bothBotsPassed(host), 'the bots to pass');

    // Nothing happens before it runs out, though the player is connected.
    await tables.clock.advance(PASS_MS - 1);
    expect(table.summary().seats[0]).toMatchObject({ away: false, connected: true });
    await tables.clock.advance(1);
    expect(table.summary().seats[0]).toMatchObject({ away: true, connected: true });
    // The stand-in passes for the seat.
    await tables.until(() => lastUpdate(host.follower).view.phase === 'play', 'the stand-in to pass');
    expect((await actionsOf(gameId, 0))[0]).toEqual({ type: 'pass', byBot: true });

    // seat:back: the seat is the player's again, and everyone is told; once only.
    expect(await tables.send(table, { type: 'seat:back', by: host.claim, message: {} })).toEqual({});
    expect(table.summary().seats[0].away).toBe(false);
    expect(host.follower.tables.at(-1)!.seats[0].away).toBe(false);
    await expect(tables.send(table, { type: 'seat:back', by: host.claim, message: {} })).rejects.toMatchObject({
      code: 'ERR_NOT_AWAY',
    });

    // The player's turn to play comes with a fresh clock of a card's time; it plays it itself.
    await tables.until(() => lastUpdate(host.follower).view.mustAct, 'my turn to play');
    expect(lastUpdate(host.follower).clocks[0]).toBe(tables.clock.now() + CARD_MS);
    await act(table, host);
    expect((await actionsOf(gameId, 0)).at(-1)).toEqual({ type: 'play', byBot: false });

    // Idle again at its next turn: replaced again once the clock runs out. The stand-in
    // thinks (held back), and the player's own action takes the seat back before it is done.
    await tables.until(
      () => lastUpdate(host.follower).view.mustAct || lastUpdate(host.follower).view.phase === 'over',
      'my next turn',
    );
    if (lastUpdate(host.follower).view.phase === 'over') return;
    tables.pool.hold();
    await tables.clock.advance(CARD_MS);
    expect(table.summary().seats[0].away).toBe(true);
    await tables.until(() => tables.pool.thinking === 1, 'the stand-in to think');
    await act(table, host);
    expect(table.summary().seats[0].away).toBe(false);
    tables.pool.release();
    const mine = await actionsOf(gameId, 0);
    expect(mine.at(-1)).toEqual({ type: 'play', byBot: false });
    // The stand-in's choice, let through now, comes to nothing: the seat is the person's.
    await tables.clock.advance(0);
    await tables.until(() => table.summary().seats[0].away === false, 'the seat to stay mine');
    expect(await actionsOf(gameId, 0)).toEqual(mine);
  });
});

describe('a round after the first', () => {
  it('starts its pass clocks after the reading time, and nobody is replaced before', async () => {
    tables = await inProcess();
    const { table, host } = await hostAndBots({ players: 3, rounds: 2, turnClock: 'normal' });
    // The host plays the first round itself, on the spot.
    while (lastUpdate(host.follower).view.round === 0) {
      const u = lastUpdate(host.follower);
      if (u.view.mustAct) await act(table, host);
      else await tables.until(() => lastUpdate(host.follower).seq > u.seq, 'the bots to act');
    }
    const dealt = tables.clock.now();
    const next = lastUpdate(host.follower);
    expect(next.view.phase).toBe('pass');
    // Everyone's pass clock stands still while the summary is read, then has the whole pass.
    expect(next.reading).toBe(dealt + READING_MS);
    expect(next.clocks[0]).toBe(dealt + READING_MS + PASS_MS);
    await tables.until(bothBotsPassed(host), 'the bots to pass');
    // The bots' passes came during the reading time, and said it was on.
    expect(lastUpdate(host.follower).reading).toBe(dealt + READING_MS);

    // The player does not pass: it is replaced only once reading and pass are both over.
    await tables.clock.advance(READING_MS + PASS_MS - 1);
    expect(table.summary().seats[0].away).toBe(false);
    await tables.clock.advance(1);
    expect(table.summary().seats[0].away).toBe(true);
    // Once the clocks run, updates say so: the stand-in's pass comes after.
    await tables.until(() => lastUpdate(host.follower).view.phase === 'play', 'the stand-in to pass');
    expect(lastUpdate(host.follower).reading).toBeNull();
  });
});

describe('a stored clock', () => {
  it('fires after a restart, at once when it ran out while the server was down, and only once', async () => {
    tables = await inProcess();
    const { table, host } = await hostAndBots({ players: 3, rounds: 1, turnClock: 'normal' });
    const code = table.summary().code;
    const gameId = table.summary().gameId!;
    await tables.until(bothBotsPassed(host), 'the bots to pass');
    const deadline = lastUpdate(host.follower).clocks[0];
    expect((await tables.store.timersOf(code)).find((t) => t.kind === 'turn' && t.seat === 0)?.deadline).toBe(deadline);

    // Down past the deadline: nothing in memory to fire it.
    const lobby = await tables.restart();
    await tables.clock.advance(PASS_MS + 1_000);
    expect((await tables.store.loadTable(code))!.seats[0].away).toBe(false);

    // Loaded again (somebody follows it), it fires at once: a fresh clock would take 80 s.
    const again = await lobby.mustGet(code);
    const watcher = await tables.watch(again);
    await tables.clock.advance(0);
    expect(again.summary().seats[0].away).toBe(true);
    await tables.until(() => watcher.games.at(-1)?.view.passed[0] === true, 'the stand-in to pass');
    // Its first action is the stand-in's pass, made once; the stand-in may have led a card
    // since (it keeps the seat while its person is away), so later plays are not counted.
    const actions = await actionsOf(gameId, 0);
    expect(actions[0]).toEqual({ type: 'pass', byBot: true });
    expect(actions.filter((a) => a.type === 'pass')).toHaveLength(1);
    // It fired once: it is no longer stored.
    expect((await tables.store.timersOf(code)).filter((t) => t.kind === 'turn' && t.seat === 0)).toEqual([]);
  });
});
