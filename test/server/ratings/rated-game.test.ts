/**
 * When a game is rated and its result (src/server/ratings/rated-game.ts), decided from rows
 * alone: the pools, the setups a rated table may have, who counts as what as a game starts,
 * and the ranking as it ends (ties share a rank, lasting partners are one team, a player
 * who left or whose last three turns a stand-in played ranks last, with their team).
 */
import { describe, expect, it } from 'vitest';
import { teamsFor } from '../../../src/engine/index.js';
import { poolOf } from '../../../src/server/ratings/pool.js';
import { ratableSetup, ratedResult, ratedStart } from '../../../src/server/ratings/rated-game.js';

const rated = { rated: true, coach: false, turnClock: 'normal' as const, players: 4, mode: 'individual' as const };
const person = (accountId: string) => ({ bot: null, accountId });

describe('rated games', () => {
  it('have one pool per player count of individual games, five and six together, and one for teams', () => {
    expect([2, 3, 4, 5, 6].map((players) => poolOf({ players, mode: 'individual' }))).toEqual([
      '2p',
      '3p',
      '4p',
      '5-6p',
      '5-6p',
    ]);
    expect(poolOf({ players: 6, mode: '2-2-2' })).toBe('teams');
  });

  it('need the coach off and a clock of normal or fast', () => {
    expect(ratableSetup(rated)).toBeNull();
    expect(ratableSetup({ ...rated, turnClock: 'fast' })).toBeNull();
    for (const bad of [{ coach: true }, { turnClock: 'relaxed' as const }, { turnClock: 'off' as const }])
      expect(ratableSetup({ ...rated, ...bad })?.code).toBe('ERR_NOT_RATABLE');
    expect(ratableSetup({ ...rated, rated: false, coach: true })).toBeNull();
  });

  it('start with two different people signed in; bots are anchors, guests and bot accounts unrated', () => {
    const seats = [
      person('a'),
      { bot: 'hard' as const },
      { bot: null },
      { bot: null, accountId: 'b', botAccount: true },
    ];
    expect(ratedStart(rated, seats)).toBeNull();
    expect(ratedStart(rated, [...seats.slice(0, 3), person('b')])).toEqual({
      pool: '4p',
      seats: [{ account: 'a' }, { anchor: 'hard' }, { unrated: true }, { account: 'b' }],
    });
    // One account in two seats, an unrated table, a table with the coach on: unrated.
    expect(ratedStart(rated, [person('a'), person('a'), person('b'), { bot: null }])).toBeNull();
    expect(ratedStart({ ...rated, rated: false }, [person('a'), person('b'), person('c'), person('d')])).toBeNull();
    expect(ratedStart({ ...rated, coach: true }, [person('a'), person('b'), person('c'), person('d')])).toBeNull();
  });

  const start = { pool: '4p' as const, seats: ['a', 'b', 'c', 'd'].map((account) => ({ account })) };
  const here = (botTurns = [0, 0, 0, 0]) =>
    ['a', 'b', 'c', 'd'].map((accountId, s) => ({ accountId, botTurns: botTurns[s] }));
  const individual = [{ teams: null }];

  it('rank by total, ties sharing a rank', () => {
    expect(ratedResult(start, [30, 10, 30, -5], individual, here())).toMatchObject({
      teams: [[0], [1], [2], [3]],
      ranks: [1, 3, 1, 4],
    });
  });

  it('rank last whoever left, or ended away (three turns in a row by a stand-in), ties among them', () => {
    const left = here().map((s, seat) => (seat === 0 ? { ...s, accountId: null } : s));
    expect(ratedResult(start, [30, 10, 20, -5], individual, left).ranks).toEqual([4, 2, 1, 3]);
    expect(ratedResult(start, [30, 10, 20, -5], individual, here([3, 2, 0, 5])).ranks).toEqual([3, 2, 1, 3]);
  });

  it('rate as teams only the partners of every round, a team with a quitter last', () => {
    const six = { pool: 'teams' as const, seats: ['a', 'b', 'c', 'd', 'e', 'f'].map((account) => ({ account })) };
    const end = ['a', 'b', 'c', 'd', 'e', 'f'].map((accountId) => ({ accountId, botTurns: 0 }));
    const pairs = [0, 1, 2].map((first) => ({ teams: teamsFor('2-2-2', 6, first) }));
    expect(ratedResult(six, [5, 9, 1, 5, 9, 1], pairs, end)).toMatchObject({
      teams: [
        [0, 3],
        [1, 4],
        [2, 5],
      ],
      ranks: [2, 1, 3],
    });
    const quit = end.map((s, seat) => (seat === 4 ? { ...s, botTurns: 3 } : s));
    expect(ratedResult(six, [5, 9, 1, 5, 9, 1], pairs, quit).ranks).toEqual([1, 3, 2]);
    // 2-2-1-1: teams drawn afresh each round. Over two rounds seats 1 and 4 happened to stay
    // partners; over three, nobody did.
    const drawn = [0, 1].map((first) => ({ teams: teamsFor('2-2-1-1', 6, first) }));
    expect(ratedResult(six, [1, 2, 3, 4, 5, 6], drawn, end).teams).toEqual([[0], [1, 4], [2], [3], [5]]);
    drawn.push({ teams: teamsFor('2-2-1-1', 6, 2) });
    expect(ratedResult(six, [1, 2, 3, 4, 5, 6], drawn, end).teams).toEqual([[0], [1], [2], [3], [4], [5]]);
  });
});
