/**
 * Perft for cards. From fixed positions late in a round, count every distinct legal way
 * to play the round out, and tally the final score tables, twice: with the engine's fast
 * core (bitmask move generator, cloned rounds) and with the naive implementation in
 * naive.ts. Both must agree with each other and with the counts written below.
 */
import { describe, expect, test } from 'vitest';
import { cardIds } from '../../src/engine/cardset.js';
import { Game, type PassChoice } from '../../src/engine/index.js';
import { PHASE_DONE, type Round } from '../../src/engine/round.js';
import { dealtBefore, must } from './helpers.js';
import type { Position } from './naive.js';
import * as naive from './naive.js';
import { POSITIONS } from './perft-positions.js';
import { SIX, TWO } from './tables.js';

interface Expected {
  /** The position's name in perft-positions.ts. */
  readonly position: string;
  /** Distinct legal play sequences to the end of the round. */
  readonly sequences: number;
  /** Distinct tables of final round scores those sequences reach. */
  readonly scoreTables: number;
  /** The most frequent final score table, seat 0 first, and how many sequences end in it. */
  readonly mostFrequent: string;
  readonly mostFrequentCount: number;
}

const TABLE: Expected[] = [
  // Worked out by hand in rules.test.ts: seat 1 leads red or blue, everyone follows with
  // the one card of that suit left, twice; either way seat 3 ends with both bottles.
  {
    position: '6 players, the two-bottle story, two tricks left',
    sequences: 2,
    scoreTables: 1,
    mostFrequent: '21 56 32 -22 30 22',
    mostFrequentCount: 2,
  },
  // Seat 0 leads one of its four blues; seat 1 has no blue and plays any of its four
  // reds; seat 0 follows blue (3 ways), seat 1 any (3): 144 ways. The last trick: the
  // leader has 2 choices, the other 2, then 1 and 1: 4 ways. 144 × 4 = 576.
  {
    position: '2 players, the face-up story, two tricks left',
    sequences: 576,
    scoreTables: 6,
    mostFrequent: '70 -22',
    mostFrequentCount: 192,
  },
  {
    position: '2 players, three tricks left',
    sequences: 6592,
    scoreTables: 29,
    mostFrequent: '62 -12',
    mostFrequentCount: 1024,
  },
  {
    position: '2 players, in the last card of a trick',
    sequences: 17280,
    scoreTables: 30,
    mostFrequent: '44 -19',
    mostFrequentCount: 1504,
  },
  {
    position: '3 players, four tricks left',
    sequences: 2624,
    scoreTables: 29,
    mostFrequent: '53 -5 20',
    mostFrequentCount: 416,
  },
  {
    position: '4 players, in mid-trick',
    sequences: 1776,
    scoreTables: 186,
    mostFrequent: '40 12 14 -12',
    mostFrequentCount: 88,
  },
  { position: '4 players, 2-1-1', sequences: 4776, scoreTables: 347, mostFrequent: '6 54 6 0', mostFrequentCount: 104 },
  {
    position: '5 players, two bottles',
    sequences: 3232,
    scoreTables: 118,
    mostFrequent: '-13 34 -13 14 30',
    mostFrequentCount: 152,
  },
  {
    position: '5 players, 2-2-1',
    sequences: 3936,
    scoreTables: 16,
    mostFrequent: '100 -12 0 100 -12',
    mostFrequentCount: 2016,
  },
  {
    position: '6 players, one seat owns both bottles',
    sequences: 39168,
    scoreTables: 110,
    mostFrequent: '-18 0 22 23 45 -18',
    mostFrequentCount: 20288,
  },
  {
    position: '6 players, two bottles, both with seat 5',
    sequences: 3360,
    scoreTables: 390,
    mostFrequent: '0 -22 0 -22 18 73',
    mostFrequentCount: 344,
  },
  {
    position: '6 players, 2-2-1-1',
    sequences: 1728,
    scoreTables: 74,
    mostFrequent: '53 34 0 53 34 0',
    mostFrequentCount: 188,
  },
  {
    position: '6 players, 2-2-2',
    sequences: 400,
    scoreTables: 115,
    mostFrequent: '3 23 86 3 23 86',
    mostFrequentCount: 14,
  },
];

/** The six-player story of tables.ts, played up to its last two tricks (leaders 0, 1, 2, 4, 5, 0). */
function storyPosition(): Position {
  const { hands } = dealtBefore(SIX.afterPassing, SIX.passes);
  const leaders = [0, 1, 2, 4, 5, 0];
  return {
    name: '6 players, the two-bottle story, two tricks left',
    players: 6,
    mode: 'individual',
    dealer: 5,
    hands,
    passes: SIX.passes as unknown as Position['passes'],
    plays: leaders.flatMap((leader, k) => SIX.tricks[k].map((_, i) => SIX.tricks[k][(leader + i) % 6])),
  };
}

/** The two-player story of tables.ts, played up to its last two tricks. */
function twoPlayerStoryPosition(): Position {
  const dealt = dealtBefore(TWO.hiddenAfter, TWO.passes, TWO.faceUpAfter);
  return {
    name: '2 players, the face-up story, two tricks left',
    players: 2,
    mode: 'individual',
    dealer: 1,
    hands: dealt.hands,
    faceUp: dealt.faceUp,
    passes: TWO.passes as unknown as Position['passes'],
    plays: TWO.plays.slice(0, 24),
  };
}

const positions = new Map([storyPosition(), twoPlayerStoryPosition(), ...POSITIONS].map((p) => [p.name, p]));

/** The position played up to its last card through the checked public API. */
function gameAt(position: Position): Game {
  const game = must(
    Game.awaitingDeals({ players: position.players as 2, mode: position.mode as 'individual', rounds: 1 }),
  );
  must(game.deal({ dealer: position.dealer, hands: position.hands, faceUp: position.faceUp }));
  for (const [seat, pass] of position.passes.entries())
    must(game.apply({ type: 'pass', seat, pass: pass as unknown as PassChoice }));
  for (const card of position.plays) must(game.apply({ type: 'play', seat: game.toAct()[0], card }));
  return game;
}

/** Perft on the engine's core: every legal card from computeLegal, on a copy of the round. */
function enginePerft(round: Round, outcomes = new Map<string, number>()): Map<string, number> {
  round.computeLegal();
  for (const id of cardIds(round.legalLo, round.legalHi)) {
    const next = round.clone();
    next.play(id);
    if (next.phase === PHASE_DONE) {
      const scores: number[] = [];
      next.score(scores);
      const key = scores.join(' ');
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    } else {
      enginePerft(next, outcomes);
    }
  }
  return outcomes;
}

/** Perft through the checked API (legalCards, apply on clones): slow, for small positions. */
function apiPerft(game: Game): number {
  const [seat] = game.toAct();
  let count = 0;
  for (const card of game.legalCards(seat)) {
    const next = game.clone();
    must(next.apply({ type: 'play', seat, card }));
    count += next.phase === 'play' ? apiPerft(next) : 1;
  }
  return count;
}

function summary(outcomes: Map<string, number>): Omit<Expected, 'position'> {
  const entries = [...outcomes.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return {
    sequences: entries.reduce((sum, [, count]) => sum + count, 0),
    scoreTables: entries.length,
    mostFrequent: entries[0][0],
    mostFrequentCount: entries[0][1],
  };
}

describe('perft: distinct legal play sequences to the end of the round', () => {
  test('every position has its expected counts', () => {
    expect(TABLE.map((row) => row.position).sort()).toEqual([...positions.keys()].sort());
  });

  test.each(TABLE)('$position: $sequences sequences', ({ position: name, ...expected }) => {
    const position = positions.get(name)!;
    const game = gameAt(position);
    const fromEngine = enginePerft(game.snapshot());
    const fromNaive = naive.perft(naive.setUp(position));
    // The whole distribution, not only the summary, must agree.
    expect(new Map([...fromEngine].sort())).toEqual(new Map([...fromNaive].sort()));
    expect(summary(fromEngine)).toEqual(expected);
    // The checked public API (legalCards, apply) counts the same, where that is quick.
    if (expected.sequences <= 2000) expect(apiPerft(game)).toBe(expected.sequences);
  });
});
