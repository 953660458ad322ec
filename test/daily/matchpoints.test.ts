/** Duplicate scoring: matchpoints per hand among those who held the same cards, and overall. */
import { describe, expect, test } from 'vitest';
import { dailySeed, duplicateSeed, matchpoints, scoreEvent } from '../../src/daily/index.js';

describe('matchpoints', () => {
  test('two for each score beaten, one for each tie, none for each better one', () => {
    expect(matchpoints([10, 4, 4, -3])).toEqual([6, 3, 3, 0]);
    expect(matchpoints([7])).toEqual([0]);
    expect(matchpoints([])).toEqual([]);
    expect(matchpoints([2, 2, 2])).toEqual([2, 2, 2]);
  });

  test('a constructed results table: each hand compared only with the same seat’s cards', () => {
    // Two hands. Seat 0 held by A, B, C (alone against bots); seat 1 by D and E (tables of people).
    const entries = [
      { seat: 0, hands: [10, -5] }, // A
      { seat: 0, hands: [3, 8] }, // B
      { seat: 0, hands: [10, 0] }, // C
      { seat: 1, hands: [-20, 1] }, // D
      { seat: 1, hands: [-30, 1] }, // E
    ];
    expect(scoreEvent(entries)).toEqual([
      { hands: [3, 0], matchpoints: 3, points: 5 },
      { hands: [0, 4], matchpoints: 4, points: 11 },
      { hands: [3, 2], matchpoints: 5, points: 10 },
      // D beat E on hand 1 (-20 over -30), tied hand 2: the seat-0 scores are no part of it.
      { hands: [2, 1], matchpoints: 3, points: -19 },
      { hands: [0, 1], matchpoints: 1, points: -29 },
    ]);
    // Every hand hands out n(n-1) matchpoints to each field of n.
    const perHand = scoreEvent(entries).map((e) => e.hands);
    for (const h of [0, 1]) {
      expect(perHand.slice(0, 3).reduce((s, e) => s + e[h], 0)).toBe(6);
      expect(perHand.slice(3).reduce((s, e) => s + e[h], 0)).toBe(2);
    }
  });

  test('an event’s seed is the secret’s, its own per code and apart from the days’', () => {
    const secret = 'b'.repeat(64);
    expect(duplicateSeed(secret, 'ABCD2345')).toMatch(/^[0-9a-f]{64}$/);
    expect(duplicateSeed(secret, 'ABCD2345')).toBe(duplicateSeed(secret, 'ABCD2345'));
    expect(duplicateSeed(secret, 'ABCD2346')).not.toBe(duplicateSeed(secret, 'ABCD2345'));
    expect(duplicateSeed('c'.repeat(64), 'ABCD2345')).not.toBe(duplicateSeed(secret, 'ABCD2345'));
    expect(duplicateSeed(secret, '2026-12-04')).not.toBe(dailySeed(secret, '2026-12-04'));
  });
});
