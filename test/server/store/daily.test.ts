/**
 * The store's daily deal, on SQLite and on PostgreSQL alike: one attempt per player and
 * day, its score and seat 1's plays kept as first given, a day's ranking best first with
 * guests apart, the whole field with its plays, and a
 * secret that the first to store it keeps.
 */
import { describe, expect, it } from 'vitest';
import type { DailyAttemptRow, Store } from '../../../src/server/store/store.js';
import { storeKinds, storeSuite } from '../helpers/store-backings.js';

const attempt = (player: string, extra: Partial<DailyAttemptRow> = {}): DailyAttemptRow => ({
  day: '2026-12-03',
  player,
  accountId: null,
  name: player,
  tableCode: `T${player.length}`,
  gameId: `g-${player}`,
  startedAt: 1_796_036_421_826,
  score: null,
  finishedAt: null,
  ...extra,
});

describe.each(storeKinds)('the $name store’s daily deal', (kind) => {
  const { skip } = kind;
  let store: Store;
  storeSuite(kind, (opened) => {
    store = opened.store;
  });

  it.skipIf(skip)('keeps one attempt per player and day, and its first score', async () => {
    expect(await store.startDailyAttempt(attempt('guest:a'))).toBe(true);
    expect(await store.startDailyAttempt(attempt('guest:a', { tableCode: 'OTHER' }))).toBe(false);
    expect(await store.startDailyAttempt(attempt('guest:a', { day: '2026-12-04' }))).toBe(true);
    expect(await store.dailyAttempt('2026-12-03', 'guest:a')).toEqual(attempt('guest:a'));
    expect(await store.unscoredDailyAttempts('2026-12-03')).toEqual([attempt('guest:a')]);
    const plays = [
      { type: 'pass', seat: 0, pass: { left: 3, right: 17, devil: [25] } },
      { type: 'play', seat: 0, card: 9 },
    ] as const;
    await store.finishDailyAttempt('2026-12-03', 'guest:a', 17, 1_796_036_500_000, plays);
    await store.finishDailyAttempt('2026-12-03', 'guest:a', 99, 1_796_036_600_000, []);
    expect(await store.dailyAttempt('2026-12-03', 'guest:a')).toMatchObject({
      score: 17,
      finishedAt: 1_796_036_500_000,
    });
    expect(await store.unscoredDailyAttempts('2026-12-03')).toEqual([]);
    expect(await store.dailyField('2026-12-03')).toEqual([
      { player: 'guest:a', gameId: 'g-guest:a', score: 17, plays },
    ]);
    expect(await store.dailyEntries('2026-12-03')).toBe(1);
    expect(await store.dailyAttempt('2026-12-05', 'guest:a')).toBeNull();
  });

  it.skipIf(skip)('ranks a day best first, the earlier finish first among equals, guests apart', async () => {
    const day = '2026-12-10';
    const rows = [
      attempt('account:x', { day, score: 5, finishedAt: 30 }),
      attempt('account:y', { day, score: 12, finishedAt: 20 }),
      attempt('account:z', { day, score: 5, finishedAt: 10 }),
      attempt('account:w', { day }),
      attempt('guest:q', { day, score: 40, finishedAt: 5 }),
    ];
    for (const r of rows) expect(await store.startDailyAttempt(r)).toBe(true);
    expect((await store.dailyRanking(day, false, 100)).map((r) => r.player)).toEqual([
      'account:y',
      'account:z',
      'account:x',
    ]);
    expect((await store.dailyRanking(day, false, 2)).map((r) => r.player)).toEqual(['account:y', 'account:z']);
    expect((await store.dailyRanking(day, true, 100)).map((r) => r.player)).toEqual(['guest:q']);
    // The whole field, accounts and guests together, in the same order (without kept plays: null).
    expect((await store.dailyField(day)).map((r) => [r.player, r.plays])).toEqual([
      ['guest:q', null],
      ['account:y', null],
      ['account:z', null],
      ['account:x', null],
    ]);
    expect(await store.dailyEntries(day)).toBe(5);
  });

  it.skipIf(skip)('keeps the first secret stored', async () => {
    expect(await store.keepDailySecret('a'.repeat(64))).toBe('a'.repeat(64));
    expect(await store.keepDailySecret('b'.repeat(64))).toBe('a'.repeat(64));
  });
});
