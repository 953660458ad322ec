/**
 * The daily deal on the server, in this process on virtual time (helpers/in-process.ts):
 * the real lobby, tables, bot driver and expert bots on a real SQLite store. Two people who
 * make the same plays meet the same bots' cards, whoever passes first, and two who differ
 * play the same game up to their first difference; an attempt is one per player and day,
 * resumed while it runs, refused once over; results, a player's standing and the field's
 * choices stay hidden from whoever has not finished today's deal; the day rolls over at
 * midnight UTC.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Action, TableView } from '../../src/engine/index.js';
import { DailyDeals, type DailyPlayer } from '../../src/server/daily/daily.js';
import { GameOwner } from '../../src/server/game-owner/owner.js';
import { hashToken } from '../../src/server/ids.js';
import { chooseAction } from './helpers/choose.js';
import { type Follower, type InProcess, inProcess, lastUpdate } from './helpers/in-process.js';

const SECRET = 'f'.repeat(64);
let tables: InProcess;
let daily: DailyDeals;

beforeEach(async () => {
  tables = await inProcess({ DAILY_SECRET: SECRET });
  daily = new DailyDeals(tables.lobby, tables.store, SECRET, () => tables.clock.now());
});
afterEach(async () => {
  tables.pool.release();
  await tables.close();
});

const guest = (n: number): DailyPlayer => ({ key: `guest:${n}`, accountId: null, name: `Guest ${n}` });

/** A person's attempt: its table followed as seat 1. */
async function attempt(player: DailyPlayer) {
  const started = await daily.start(player, '127.0.0.1');
  const table = (await tables.lobby.get(started.code))!;
  const follower = await tables.watch(table, started.token);
  return {
    started,
    table,
    follower,
    claim: { seat: 0, tokenHash: hashToken(started.token) },
  };
}

type Attempt = Awaited<ReturnType<typeof attempt>>;

/** Seat 1's view now: its last update, or before any, the game as stored (the watch reply's). */
async function current(a: Attempt) {
  const u = a.follower.games.at(-1);
  if (u) return { view: u.view, seq: u.seq };
  const row = await tables.store.loadGame(await gameOf(a));
  const owner = await GameOwner.restore(row!, tables.store);
  return { view: owner.view(0), seq: owner.seq };
}

async function gameOf(a: Attempt): Promise<string> {
  return (await tables.lobby.summary(a.started.code)).gameId!;
}

/**
 * Seat 1 makes its next decision: the first card or pass a simple client would make, or
 * the one `pick` points at (0 the first, just under 1 the last). The action sent, or null once over.
 */
async function decide(a: Attempt, pick: (view: TableView) => number = () => 0) {
  const ready = () => a.follower.games.length === 0 || lastUpdate(a.follower).view.mustAct;
  await tables.until(() => ready() || lastUpdate(a.follower).view.phase === 'over', 'seat 1 to act');
  const { view, seq } = await current(a);
  if (view.phase === 'over') return null;
  const action = chooseAction(view, () => pick(view));
  await tables.send(a.table, { type: 'game:act', by: a.claim, message: { action, seq } });
  return action;
}

/** The last card where seat 1 may choose between cards, else the first: a different play than `decide`'s. */
const otherCard = (view: TableView) => (view.phase === 'play' && view.legal.length > 1 ? 0.999 : 0);

/** The game's actions as stored: who did what (not when). */
async function actions(a: Attempt) {
  return (await tables.store.loadActions(await gameOf(a))).map((r) => r.action);
}

const passesDone = (f: Follower) => f.games.at(-1)?.view.passed.filter(Boolean).length ?? 0;

describe('the daily deal', () => {
  test('the same plays give the same game, bots’ cards included, whoever passes first; a different play, the same game up to it', async () => {
    // A passes before the bots do; B only once all three bots have passed.
    tables.pool.hold();
    const a = await attempt(guest(1));
    await decide(a);
    tables.pool.release();
    const b = await attempt(guest(2));
    expect(b.started.code).not.toBe(a.started.code);
    await tables.until(() => passesDone(b.follower) === 3, 'the bots of B to pass');
    await decide(b);
    // Then the same first cards of the first hand.
    for (let k = 0; k < 3; k++) {
      await decide(a);
      await decide(b);
    }
    await tables.until(() => lastUpdate(a.follower).view.mustAct && lastUpdate(b.follower).view.mustAct, 'both to act');
    const [inA, inB] = [await actions(a), await actions(b)];
    expect(inA.length).toBeGreaterThan(4 + 3 * 4 - 1);
    const passes = (xs: typeof inA) => xs.filter((x) => x.type === 'pass').sort((x, y) => x.seat - y.seat);
    expect(passes(inB)).toEqual(passes(inA));
    expect(inB.filter((x) => x.type === 'play')).toEqual(inA.filter((x) => x.type === 'play'));
    // The same deal, dealt from the day's secret: seat 1 holds the same cards at both tables.
    expect((await current(b)).view.hand).toEqual((await current(a)).view.hand);

    // Then B plays another card than A where seat 1 has a choice: the games are the same up
    // to that card, the bots' cards included, and only from there on may they differ.
    let [x, y]: unknown[] = [null, null];
    while (JSON.stringify(x) === JSON.stringify(y)) [x, y] = [await decide(a), await decide(b, otherCard)];
    await tables.until(() => lastUpdate(a.follower).view.mustAct && lastUpdate(b.follower).view.mustAct, 'both to act');
    const plays = async (at: Attempt) => (await actions(at)).filter((p) => p.type === 'play');
    const [playsA, playsB] = [await plays(a), await plays(b)];
    const first = playsA.findIndex((p, k) => JSON.stringify(p) !== JSON.stringify(playsB[k]));
    expect(playsB.slice(0, first)).toEqual(playsA.slice(0, first));
    expect([playsA[first], playsB[first]]).toEqual([
      { type: 'play', seat: 0, ...(x as object) },
      { type: 'play', seat: 0, ...(y as object) },
    ]);
  }, 300_000);

  test('a finished attempt: its score is seat 1’s points over the 3 hands, a second is refused, results for those who finished', async () => {
    const a = await attempt(guest(1));
    while ((await current(a)).view.phase !== 'over') await decide(a);
    const { view } = await current(a);
    expect(view.results).toHaveLength(3);
    const score = view.results.reduce((sum, r) => sum + r.scores[0], 0);
    await expect(daily.start(guest(1), '127.0.0.1')).rejects.toMatchObject({ code: 'ERR_ALREADY_PLAYED' });
    await expect(tables.send(a.table, { type: 'table:rematch', by: a.claim, message: {} })).rejects.toMatchObject({
      code: 'ERR_ALREADY_PLAYED',
    });
    await expect(daily.results('2026-12-04', guest(2), 100)).rejects.toMatchObject({ code: 'ERR_NOT_FINISHED' });
    await expect(daily.choices('2026-12-04', guest(2))).rejects.toMatchObject({ code: 'ERR_NOT_FINISHED' });
    const gameId = await gameOf(a);
    const alone = { rank: 1, of: 1, percentile: 100, score, gameId, guest: true };
    expect(await daily.results('2026-12-04', guest(1), 100)).toEqual({
      date: '2026-12-04',
      entries: 1,
      players: [],
      guests: [{ rank: 1, name: 'Guest 1', score, gameId }],
      mine: alone,
      deals: null,
    });

    // The field's choices at each of seat 1's decisions: here the player alone.
    const own = await daily.choices('2026-12-04', guest(1));
    const plays = (await actions(a)).filter((x) => x.seat === 0);
    expect(plays).toHaveLength(27);
    expect(own.gameId).toBe(gameId);
    expect(own.decisions).toHaveLength(plays.length);
    expect(own.decisions.slice(0, 2)).toMatchObject([
      { hand: 0, decision: 0, field: 1 },
      { hand: 0, decision: 1, field: 1 },
    ]);
    expect(own.decisions.at(-1)).toMatchObject({ hand: 2, decision: 8 });
    for (const d of own.decisions) expect(d.choices).toEqual([{ action: d.chosen, players: 1, score }]);
    expect(await daily.choices('2026-12-04', guest(1), gameId)).toEqual(own);
    await expect(daily.choices('2026-12-04', guest(1), 'nothing')).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
    await constructedField(plays, score);
  }, 300_000);

  /**
   * The field's choices and a standing on a field made around A's finished attempt: who
   * reached each of A's positions, what they chose there and what they scored.
   */
  async function constructedField(plays: readonly Action[], score: number) {
    const day = '2026-12-04';
    const card = (k: number): Action => {
      const p = plays[k];
      if (p.type !== 'play') throw new Error('a card was expected');
      return { ...p, card: p.card === 2 ? 3 : 2 };
    };
    const pass = plays[0];
    if (pass.type !== 'pass' || !('left' in pass.pass)) throw new Error('a pass was expected');
    // Three more finished attempts: X as A up to its 5th decision (a card), Y as A up to its
    // 5th too, then as X; Z another pass at once. Their cards after the difference do not matter.
    const others: [string, number, Action[]][] = [
      ['guest:x', score + 6, [...plays.slice(0, 4), card(4), ...plays.slice(5)]],
      ['guest:y', score - 2, [...plays.slice(0, 4), card(4), ...plays.slice(5)]],
      ['account:z', score + 1, [{ ...pass, pass: { ...pass.pass, left: pass.pass.right, right: pass.pass.left } }]],
    ];
    for (const [player, points, acts] of others) {
      const row = { day, player, accountId: null, name: player, tableCode: 'NONE', gameId: `g-${player}` };
      await tables.store.startDailyAttempt({ ...row, startedAt: 0, score: null, finishedAt: null });
      await tables.store.finishDailyAttempt(day, player, points, 1, acts);
    }
    const field = (await daily.choices(day, guest(1))).decisions;
    expect(field[0]).toMatchObject({ field: 4, chosen: pass.pass });
    expect(field[0].choices).toEqual([
      { action: pass.pass, players: 3, score: Math.round((100 * (3 * score + 4)) / 3) / 100 },
      { action: { ...pass.pass, left: pass.pass.right, right: pass.pass.left }, players: 1, score: score + 1 },
    ]);
    for (const d of field.slice(1, 4))
      expect(d.choices).toEqual([
        { action: d.chosen, players: 3, score: Math.round((100 * (3 * score + 4)) / 3) / 100 },
      ]);
    expect(field[4].field).toBe(3);
    expect(field[4].choices).toEqual([
      { action: (card(4) as { card: number }).card, players: 2, score: score + 2 },
      { action: field[4].chosen, players: 1, score },
    ]);
    expect(field[5]).toMatchObject({ field: 1, choices: [{ players: 1, score }] });
    // A's standing among the guests (X, Y and A; Z is an account): second of three, beating one of two.
    expect((await daily.results(day, guest(1), 100)).mine).toMatchObject({
      rank: 2,
      of: 3,
      percentile: 50,
      guest: true,
    });
  }

  test('one attempt per player and day: resumed while it runs, with the same seat token', async () => {
    const first = await daily.start(guest(1), '127.0.0.1');
    const again = await daily.start(guest(1), '127.0.0.1');
    expect(again).toEqual(first);
    expect((await daily.summary()).entries).toBe(1);
    expect(await tables.lobby.summary(first.code)).toMatchObject({
      status: 'playing',
      options: { players: 4, mode: 'individual', rounds: 3, daily: '2026-12-04', coach: false },
      seats: [{ name: 'Guest 1', bot: null }, { bot: 'expert' }, { bot: 'expert' }, { bot: 'expert' }],
    });
  });

  test('today’s results are hidden from those who have not finished; a day to come has none; a bad date is refused', async () => {
    await daily.start(guest(1), '127.0.0.1');
    await expect(daily.results('2026-12-04', guest(1), 100)).rejects.toMatchObject({ code: 'ERR_NOT_FINISHED' });
    await expect(daily.results('2026-12-04', guest(2), 100)).rejects.toMatchObject({ code: 'ERR_NOT_FINISHED' });
    await expect(daily.results('2026-12-04', null, 100)).rejects.toMatchObject({ code: 'ERR_NOT_FINISHED' });
    await expect(daily.results('2026-12-05', guest(1), 100)).rejects.toMatchObject({ code: 'ERR_NOT_FINISHED' });
    await expect(daily.results('2026-02-30', guest(1), 100)).rejects.toMatchObject({ code: 'ERR_BAD_REQUEST' });
  });

  test('the day rolls over at midnight UTC: a new deal, yesterday’s results, deals and games for everyone, its unfinished tables closed', async () => {
    const before = await daily.start(guest(1), '127.0.0.1');
    expect((await daily.summary()).date).toBe('2026-12-04');
    // Its game (record, analysis, view) is the day's cards: hidden from others until the day is over.
    const game = (await tables.store.loadGame((await tables.lobby.summary(before.code)).gameId!))!;
    await expect(daily.mustMayRead(game, guest(2))).rejects.toMatchObject({ code: 'ERR_NOT_FINISHED' });
    // Its table waits for its player all day, opened or not.
    await tables.clock.advance(3 * 3600_000);
    expect((await tables.lobby.summary(before.code)).status).toBe('playing');
    const midnight = Date.UTC(2026, 11, 5);
    await tables.clock.advance(midnight - 1 - tables.clock.now());
    expect((await daily.summary()).date).toBe('2026-12-04');
    await tables.clock.advance(1);
    expect(await daily.summary()).toEqual({ date: '2026-12-05', players: 4, hands: 3, entries: 0 });
    await expect(daily.mustMayRead(game, guest(2))).resolves.toBeUndefined();
    const after = await daily.start(guest(1), '127.0.0.1');
    expect(after.date).toBe('2026-12-05');
    expect(after.code).not.toBe(before.code);
    // Once the day is over, the unfinished attempt's table closes when nobody is at it.
    await tables.clock.advance(30 * 60_000);
    expect((await tables.store.loadTable(before.code))?.table.status).toBe('closed');
    const results = await daily.results('2026-12-04', null, 100);
    expect(results).toMatchObject({ date: '2026-12-04', entries: 1, players: [], guests: [], mine: null });
    expect(results.deals).toHaveLength(3);
    for (const deal of results.deals!) expect(deal.hands.map((h) => h.length)).toEqual([9, 9, 9, 9]);
  });
});
