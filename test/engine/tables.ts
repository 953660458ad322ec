/**
 * Tables dealt by hand for the engine tests: who holds what after passing, what each seat
 * passed, and (for the six-player round) every trick. The numbers in the comments were
 * worked out by hand from RULES.md.
 */
import type { Game, GameEvent, Mode, PassChoice } from '../../src/engine/index.js';
import { dealtBefore, must, passAll, playTrickBySeat, tableFor } from './helpers.js';

/**
 * RULES.md §7 at a four-player table. Doris (seat 3) deals, so Adam (seat 0) leads. The
 * passes leave Betty, Christian and Doris without green, so their 15, 17 and 32 are all
 * legal on Adam's green 24. The devil's trick: 11, 14, 16, 21 = 1+1+2+2 = 6 points.
 */
export const WORKED_EXAMPLE = {
  afterPassing: [
    [24, 26, 29, 31, 33, 34, 36, 37], // Adam
    [1, 2, 4, 5, 6, 7, 8, 15], // Betty
    [9, 10, 12, 13, 17, 18, 20, 22], // Christian
    [3, 23, 25, 27, 28, 30, 32, 35], // Doris
  ],
  passes: [
    { left: 1, right: 3, devil: [11] },
    { left: 9, right: 26, devil: [14] },
    { left: 23, right: 2, devil: [16] },
    { left: 29, right: 10, devil: [21] },
  ] as PassChoice[],
};

/** The worked example's table, dealt (mode and length as given) and passed. */
export function workedExampleTable(mode: Mode = 'individual'): Game {
  const game = tableFor({ players: 4, mode });
  must(game.deal({ dealer: 3, ...dealtBefore(WORKED_EXAMPLE.afterPassing, WORKED_EXAMPLE.passes) }));
  passAll(game, WORKED_EXAMPLE.passes);
  return game;
}

/**
 * A two-player table: seat 1 deals, seat 0 leads. Seat 1 holds no blue in its hidden
 * hand: its only blues, 13 and 35, lie in its face-up row, and the 35 is the card seat 0
 * passed into that row. The devil's trick: 33, 34, 36, 37 = 5+5+6+6 = 22 points.
 */
export const TWO = {
  hiddenAfter: [
    [3, 4, 5, 6, 7, 8, 10, 17, 20],
    [1, 2, 9, 12, 15, 18, 22, 25, 28],
  ],
  faceUpAfter: [
    [23, 26, 27, 29, 30, 31, 32],
    [11, 13, 14, 16, 21, 24, 35],
  ],
  passes: [
    { faceUp: 35, hidden: 28, devil: [33, 34] },
    { faceUp: 31, hidden: 7, devil: [36, 37] },
  ] as PassChoice[],
  /** The whole round in play order, trick by trick (worked out in rules.test.ts). */
  plays: [
    10, 35, 8, 13, 28, 7, 25, 5, 32, 24, 30, 22, 31, 21, 29, 16, 4, 18, 27, 15, 26, 14, 3, 11, 6, 12, 17, 9, 20, 2, 23,
    1,
  ],
};

/**
 * A six-player round (seat 5 deals, seat 0 leads). Each seat keeps 3 red, 3 blue and 2
 * green cards, so every trick is followed in suit; the six greens no trick needs go to
 * the devil: 11, 14, 14.5, 21, 24, 24.5 = 1+1+1+2+3+3 = 11 devil points.
 */
export const SIX = {
  afterPassing: [
    [1, 6.5, 12, 16, 23, 28.5, 30, 34.5],
    [4.5, 6, 15, 18.5, 20.5, 31, 34, 35],
    [3, 4, 17, 18, 20, 28, 29, 37],
    [5, 10, 10.5, 12.5, 25, 26.5, 32.5, 36.5],
    [2.5, 8.5, 9, 16.5, 22.5, 26, 27, 32],
    [2, 7, 8, 13, 22, 30.5, 33, 36],
  ],
  // Each seat passes its left neighbour's lowest card and its right neighbour's highest.
  passes: [
    { left: 4.5, right: 36, devil: [11] },
    { left: 3, right: 34.5, devil: [14] },
    { left: 5, right: 35, devil: [14.5] },
    { left: 2.5, right: 37, devil: [21] },
    { left: 2, right: 36.5, devil: [24] },
    { left: 1, right: 32, devil: [24.5] },
  ] as PassChoice[],
  // The eight tricks, each written seat by seat (seat 0's card first).
  tricks: [
    [28.5, 18.5, 28, 25, 22.5, 22],
    [30, 35, 17, 32.5, 32, 30.5],
    [34.5, 34, 37, 36.5, 16.5, 36],
    [23, 20.5, 20, 10.5, 27, 13],
    [16, 31, 29, 26.5, 26, 33],
    [12, 15, 18, 12.5, 9, 7],
    [1, 4.5, 4, 5, 2.5, 2],
    [6.5, 6, 3, 10, 8.5, 8],
  ],
};

/** The six-player round dealt and passed, in a mode and with a length. */
export function sixPlayerTable(mode: Mode, length: { rounds: number } | { targetScore: number } = { rounds: 1 }) {
  const game = tableFor({ players: 6, mode, ...length });
  const started = must(game.deal({ dealer: 5, ...dealtBefore(SIX.afterPassing, SIX.passes) }));
  passAll(game, SIX.passes);
  return { game, started };
}

/** The whole six-player round; returns the events of its last play. */
export function playSixPlayerTricks(game: Game): GameEvent[] {
  let last: GameEvent[] = [];
  for (const t of SIX.tricks) last = playTrickBySeat(game, t);
  return last;
}
