/**
 * The position notation (src/engine/notation.ts): printing then parsing gives the same
 * line, and the parsed game plays on exactly as the game it was printed from, over random
 * games of every player count and mode (fast-check, fixed seeds); golden positions
 * written by hand; and every way a line can be wrong.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  Game,
  type GameEvent,
  type GameOptions,
  modesFor,
  parsePosition,
  printPosition,
  Rng,
  view,
} from '../../src/engine/index.js';
import { dealtBefore, must, passAll, playInOrder, randomAction, tableFor } from './helpers.js';
import { TWO, workedExampleTable } from './tables.js';

const CONFIGS: GameOptions[] = ([2, 3, 4, 5, 6] as const).flatMap((players) =>
  modesFor(players).map((mode) => ({ players, mode })),
);

/**
 * What the two games must agree on at every step: everything but the rounds before the
 * position, which the original skips (`skip`) and the parsed game never had.
 */
function state(game: Game, skip: number) {
  const viewers = [null, ...Array.from({ length: game.players }, (_, s) => s)];
  return {
    position: printPosition(game),
    views: viewers.map((v) => {
      const seen = view(game, v);
      return { ...seen, results: seen.results.slice(skip) };
    }),
    log: game.log.slice(skip),
    core: game.snapshot(),
    toAct: game.toAct(),
    phase: game.phase,
    totals: game.totals,
    winners: game.winners,
  };
}

describe.each(CONFIGS)('$players players, $mode', (options) => {
  test('print → parse → print is the identity, and the parsed game plays on like the original', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 0, max: 90 }), fc.integer({ min: 1, max: 2 }), (seed, at, rounds) => {
        const original = must(Game.create({ ...options, rounds }, seed));
        const rng = new Rng(seed + 1);
        for (let k = 0; k < at && original.phase !== 'over'; k++) must(original.apply(randomAction(original, rng)));
        const line = printPosition(original);
        const parsed = must(parsePosition(line));
        expect(printPosition(parsed)).toBe(line);
        const roundsBefore = original.roundIndex;
        expect(state(parsed, 0)).toEqual(state(original, roundsBefore));
        while (original.phase !== 'over') {
          const action = randomAction(original, rng);
          const events = must(original.apply(action));
          const next: GameEvent[] = must(parsed.apply(action));
          // The original deals its next round from its seed; the parsed game is handed that deal.
          if (parsed.phase === 'deal') {
            const dealt = original.log[original.log.length - 1];
            next.push(
              ...must(parsed.deal({ dealer: dealt.dealer, hands: dealt.hands, faceUp: dealt.faceUp ?? undefined })),
            );
          }
          expect(next).toEqual(events);
          expect(state(parsed, 0)).toEqual(state(original, roundsBefore));
          expect(printPosition(must(parsePosition(printPosition(original))))).toBe(printPosition(original));
        }
      }),
      { numRuns: 4, seed: 20261206 },
    );
  });
});

/** RULES.md §7 after its trick: Christian (seat 3) took the bottle at 17 and leads next. */
const WORKED =
  'bi1 4/individual/r8 1 4 0,0,0,0 26,29,31,33,34,36,37/1,2,4,5,6,7,8/9,10,12,13,18,20,22/3,23,25,27,28,30,35 ' +
  '1,3,11/9,26,14/23,2,16/29,10,21 24,15,17,32 17@3 3';

describe('golden positions', () => {
  test('the rule book’s worked example after its first trick', () => {
    const game = workedExampleTable();
    playInOrder(game, [24, 15, 17, 32]);
    expect(printPosition(game)).toBe(WORKED);
    const parsed = must(parsePosition(WORKED));
    expect(parsed.toAct()).toEqual([2]);
    expect(parsed.bottles()).toEqual([{ owner: 2, price: 17 }]);
    expect(view(parsed, 2).hand).toEqual([9, 10, 12, 13, 18, 20, 22]);
    expect(parsed.log[0].tricks[0]).toMatchObject({ leader: 0, winner: 2, bottle: 1, price: 17, points: 17 });
  });

  test('two players: cards played from a face-up row are marked +', () => {
    const game = tableFor({ players: 2 });
    must(game.deal({ dealer: 1, ...dealtBefore(TWO.hiddenAfter, TWO.passes, TWO.faceUpAfter) }));
    passAll(game, TWO.passes);
    playInOrder(game, TWO.plays.slice(0, 4));
    const line =
      'bi1 2/individual/r6 1 2 0,0 3,4,5,6,7,17,20+23,26,27,29,30,31,32/1,2,9,12,15,18,22,25,28+11,14,16,21,24 ' +
      '35,28,33,34/31,7,36,37 10,+35,8,+13 13@2 2';
    expect(printPosition(game)).toBe(line);
    expect(printPosition(must(parsePosition(line)))).toBe(line);
  });

  test('a position during the passing, in a later round of a game to a target score', () => {
    const line =
      'bi1 3/individual/t200 4 2 55,-10,83 1,2,3,4,5,6,7,8,9/10,11,12,13,14,15,16,17,18,20,21,22/23,24,25,26,27,28,29,30,31,32,33,34 ' +
      '-/-/- - 19@- 1,2,3';
    expect(line).not.toContain('35');
    expect(parsePosition(line).ok).toBe(false);
    const fixed = line.replace('1,2,3,4,5,6,7,8,9/', '1,2,3,4,5,6,7,8,9,35,36,37/');
    const game = must(parsePosition(fixed));
    expect(game.roundIndex).toBe(3);
    expect(game.totals).toEqual([55, -10, 83]);
    expect(game.log[0].firstPlayer).toBe(2);
    expect(printPosition(game)).toBe(fixed);
  });
});

describe('a line that is not a position', () => {
  const bad: [string, string, string][] = [
    ['', 'ERR_BAD_NOTATION', 'a position has 10 fields separated by spaces, not 1'],
    [WORKED.replace('bi1', 'bi2'), 'ERR_BAD_NOTATION', 'a position starts with "bi1", not "bi2"'],
    [WORKED.replace('4/individual/r8', '4/solo/r8'), 'ERR_BAD_NOTATION', 'options (field 2): Unknown mode "solo".'],
    [WORKED.replace('4/individual/r8', '4/individual/8'), 'ERR_BAD_NOTATION', 'options (field 2): "4/individual/8"'],
    [WORKED.replace(' 1 4 ', ' 1 5 '), 'ERR_BAD_NOTATION', 'dealer (field 4): "5" is not a seat from 1 to 4'],
    [WORKED.replace('0,0,0,0', '0,0,0'), 'ERR_BAD_NOTATION', 'totals (field 5)'],
    [WORKED.replace('26,29', '26,x29'), 'ERR_BAD_NOTATION', 'hands (field 6): seat 1: "x29" is not a card'],
    [WORKED.replace('26,29', '26+29'), 'ERR_BAD_NOTATION', 'only 2 players have a face-up row'],
    [WORKED.replace('24,15,17,32', '24,15,17,32,33'), 'ERR_BAD_NOTATION', 'trick 1 has 5 cards'],
    [WORKED.replace('17@3', '17@3,19@-'), 'ERR_BAD_NOTATION', 'bottles (field 9)'],
    [WORKED.replace(' 1 4 ', ' 9 4 '), 'ERR_BAD_POSITION', 'round 9 is past the game’s 8 rounds'],
    [WORKED.replace('17@3', '17@2'), 'ERR_BAD_POSITION', 'the bottles are 17@3, not 17@2'],
    [WORKED.replace(/ 3$/, ' 4'), 'ERR_BAD_POSITION', 'the seats to act are 3, not 4'],
    [WORKED.replace('1,3,11/', '-/'), 'ERR_BAD_POSITION', 'cards were played before every seat had passed'],
    [
      WORKED.replace('26,29', '29'),
      'ERR_BAD_POSITION',
      'seat 1 received 26 from seat 2 but neither holds nor played it',
    ],
    [
      WORKED.replace(',33,', ','),
      'ERR_BAD_POSITION',
      'seat 1’s hidden cards (held, passed, played, less those received) are 8, not the 9 dealt',
    ],
    [
      WORKED.replace('26,29,31,33', '8,26,29,33').replace('1,2,4,5,6,7,8', '1,2,4,5,6,7,31'),
      'ERR_BAD_POSITION',
      'trick 1, card 2: seat 2 must follow green but played 15 (red)',
    ],
    [WORKED.replace('1,2,4', '1,1,4'), 'ERR_BAD_NOTATION', 'hands (field 6): seat 2: 1 is written twice'],
    [
      WORKED.replace('1,2,4', '12.5,2,4').replace('1,3,11', '12.5,3,11'),
      'ERR_BAD_POSITION',
      'the cards are not one deck: the hand of seat 1 holds 12.5, which is not a card of the base deck',
    ],
  ];
  test.each(bad)('%s → %s', (line, code, message) => {
    const parsed = parsePosition(line);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error.code).toBe(code);
    expect(parsed.error.message).toContain(message);
  });
});
