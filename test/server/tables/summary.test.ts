/**
 * The table's summary, compared by hand (src/server/tables/summary.ts `sameSummary`: the
 * table sends a summary only when it differs from the last one sent): equal summaries are
 * the same, and a change of any one field, however deep, is seen.
 */
import { describe, expect, test } from 'vitest';
import type { TableSummary } from '../../../src/protocol/messages.js';
import { sameSummary } from '../../../src/server/tables/summary.js';
import { SETTINGS } from '../helpers/table-row.js';

function summary(): TableSummary {
  return {
    code: 'ABCDE',
    options: { ...SETTINGS, players: 3, rated: false },
    status: 'playing',
    host: 0,
    seats: [0, 1, 2].map((seat) => ({ seat, name: `P${seat + 1}`, bot: null, connected: true, away: false })),
    gameId: 'g1',
    finishedGames: ['g0'],
    spectators: 1,
  };
}

/** One change of each field a summary has. */
const changes: [string, (s: TableSummary) => TableSummary][] = [
  ['code', (s) => ({ ...s, code: 'FGHIJ' })],
  ['status', (s) => ({ ...s, status: 'finished' })],
  ['host', (s) => ({ ...s, host: 1 })],
  ['gameId', (s) => ({ ...s, gameId: null })],
  ['spectators', (s) => ({ ...s, spectators: 0 })],
  ['an option', (s) => ({ ...s, options: { ...s.options, coach: false } })],
  ['the turn clock', (s) => ({ ...s, options: { ...s.options, turnClock: 'off' } })],
  [
    'an option set in place of another',
    (s) => ({ ...s, options: { ...s.options, rounds: undefined, targetScore: 2 } }),
  ],
  ['a seat name', (s) => ({ ...s, seats: s.seats.map((x) => (x.seat === 1 ? { ...x, name: null } : x)) })],
  ['a seat bot', (s) => ({ ...s, seats: s.seats.map((x) => (x.seat === 2 ? { ...x, bot: 'easy' } : x)) })],
  ['a seat connected', (s) => ({ ...s, seats: s.seats.map((x) => (x.seat === 0 ? { ...x, connected: false } : x)) })],
  ['a seat away', (s) => ({ ...s, seats: s.seats.map((x) => (x.seat === 0 ? { ...x, away: true } : x)) })],
  ['the seat count', (s) => ({ ...s, seats: s.seats.slice(0, 2) })],
  ['a finished game', (s) => ({ ...s, finishedGames: [...s.finishedGames, 'g1'] })],
  ['being rated', (s) => ({ ...s, options: { ...s.options, rated: true } })],
  [
    'the ratings of a game',
    (s) => ({
      ...s,
      ratings: { gameId: 'g0', pool: '3p', seats: [{ seat: 0, before: null, after: 1530, provisional: true }] },
    }),
  ],
];

describe('sameSummary', () => {
  test('equal summaries, built apart, are the same', () => {
    expect(sameSummary(summary(), summary())).toBe(true);
  });

  test.each(changes)('a change of %s is seen, both ways', (_, change) => {
    const changed = change(summary());
    expect(sameSummary(summary(), changed)).toBe(false);
    expect(sameSummary(changed, summary())).toBe(false);
  });

  test('every field of a summary is among those changed here', () => {
    expect(Object.keys(summary()).sort()).toEqual(
      ['code', 'options', 'status', 'host', 'seats', 'gameId', 'finishedGames', 'spectators'].sort(),
    );
  });
});
