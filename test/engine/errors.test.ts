/**
 * Every error code, with the sentence the player reads, and the promise that goes with
 * it: a rejected action changes nothing anyone can see (every seat's view, the
 * spectator's, the log).
 */
import { describe, expect, test } from 'vitest';
import { type Action, type Deal, type ErrorCode, Game, type GameOptions, type Result } from '../../src/engine/index.js';
import { must, playInOrder, snapshot, tableFor } from './helpers.js';
import { playSixPlayerTricks, sixPlayerTable, workedExampleTable } from './tables.js';

describe('options', () => {
  test.each<[string, GameOptions, string]>([
    ['too many players', { players: 7 as 6 }, 'The game is for 2 to 6 players.'],
    ['an unknown mode', { players: 4, mode: 'solo' as 'individual' }, 'Unknown mode "solo".'],
    ['a team mode for another player count', { players: 4, mode: '2-2-2' }, 'Mode 2-2-2 is not played with 4 players.'],
    [
      'both lengths',
      { players: 3, rounds: 3, targetScore: 100 },
      'Give either a number of rounds or a target score, not both.',
    ],
    ['a zero target', { players: 3, targetScore: 0 }, 'The target score must be a whole number of at least 1.'],
    [
      'a fractional number of rounds',
      { players: 3, rounds: 1.5 },
      'The number of rounds must be a whole number of at least 1.',
    ],
  ])('%s: ERR_BAD_OPTIONS', (_, options, message) => {
    for (const made of [Game.create(options, 1), Game.awaitingDeals(options)]) {
      expect(made).toEqual({ ok: false, error: { code: 'ERR_BAD_OPTIONS', message, detail: message } });
    }
  });

  test('a seed that is neither a number nor wide: ERR_BAD_OPTIONS', () => {
    expect(Game.create({ players: 4 }, Number.NaN)).toMatchObject({
      ok: false,
      error: { code: 'ERR_BAD_OPTIONS', message: 'The seed must be a number or 64 lowercase hexadecimal digits.' },
    });
  });
});

/** Reject and change nothing: the code, the message, and an identical game afterwards. */
function expectRejected(
  game: Game,
  attempt: (g: Game) => Result<unknown>,
  code: ErrorCode,
  message: string,
  detail?: string,
): void {
  const before = snapshot(game);
  const result = attempt(game);
  expect(result).toMatchObject({ ok: false, error: { code, message, ...(detail ? { detail } : {}) } });
  expect(snapshot(game)).toBe(before);
}

const apply = (action: unknown) => (g: Game) => g.apply(action as Action);

describe('deals (games replayed from supplied deals)', () => {
  const threeHands = [
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    [13, 14, 15, 16, 17, 18, 20, 21, 22, 23, 24, 25],
    [26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37],
  ];
  const deal = (d: unknown) => (g: Game) => g.deal(d as Deal);

  test.each<[string, unknown, string]>([
    ['not an object', null, 'a deal must be an object'],
    ['a dealer who is not at the table', { dealer: 3, hands: threeHands }, 'dealer must be a seat index from 0 to 2'],
    ['too few hands', { dealer: 0, hands: threeHands.slice(0, 2) }, 'hands must list 3 hands, one per seat'],
    [
      'a short hand',
      { dealer: 0, hands: [threeHands[0].slice(1), threeHands[1], threeHands[2]] },
      'the hand of seat 1 must hold 12 cards',
    ],
    [
      'a half card in the base deck',
      { dealer: 0, hands: [[...threeHands[0].slice(1), 2.5], threeHands[1], threeHands[2]] },
      'the hand of seat 1 holds 2.5, which is not a card of the base deck',
    ],
    [
      'the 19, which is a price and not a card',
      { dealer: 0, hands: [[...threeHands[0].slice(1), 19], threeHands[1], threeHands[2]] },
      'the hand of seat 1 holds 19, which is not a card of the base deck',
    ],
    [
      'a card dealt twice',
      { dealer: 0, hands: [threeHands[0], [...threeHands[1].slice(1), 12], threeHands[2]] },
      '12 (red) is dealt twice',
    ],
    [
      'face-up rows at a three-player table',
      { dealer: 0, hands: threeHands, faceUp: [[], [], []] },
      'faceUp is only dealt with 2 players',
    ],
  ])('%s: ERR_BAD_DEAL', (_, bad, message) => {
    expectRejected(tableFor({ players: 3 }), deal(bad), 'ERR_BAD_DEAL', message);
  });

  test('two players without face-up rows: ERR_BAD_DEAL', () => {
    const hands = [
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      [13, 14, 15, 16, 17, 18, 20, 21, 22, 23, 24, 25],
    ];
    expectRejected(
      tableFor({ players: 2 }),
      deal({ dealer: 0, hands }),
      'ERR_BAD_DEAL',
      'faceUp must list 2 face-up rows, one per seat',
    );
  });

  test('a deal while a round is being played: ERR_NOT_DEALING_TIME', () => {
    expectRejected(
      workedExampleTable(),
      deal({ dealer: 0, hands: threeHands }),
      'ERR_NOT_DEALING_TIME',
      'The round in progress has not ended.',
    );
  });
});

describe('actions', () => {
  test('an action that is not an object: ERR_BAD_ACTION', () => {
    expectRejected(workedExampleTable(), apply(null), 'ERR_BAD_ACTION', 'An action must be an object.');
  });

  test('an action that is neither a pass nor a play: ERR_BAD_ACTION', () => {
    expectRejected(
      workedExampleTable(),
      apply({ type: 'bid', seat: 0 }),
      'ERR_BAD_ACTION',
      'An action is either a pass or a play.',
    );
  });

  // The message counts seats from 1, as people do: index 4 is "seat 5".
  test.each([
    [4, '5'],
    [-1, '0'],
    [1.5, '1.5'],
    ['0', '0'],
  ])('seat %s at a four-player table: ERR_BAD_SEAT', (seat, named) => {
    expectRejected(
      workedExampleTable(),
      apply({ type: 'play', seat, card: 24 }),
      'ERR_BAD_SEAT',
      `There is no seat ${named} at this table.`,
    );
  });

  test('a pass before anything is dealt: ERR_NOT_PASSING_TIME', () => {
    expectRejected(
      tableFor({ players: 4 }),
      apply({ type: 'pass', seat: 0, pass: { left: 1, right: 2, devil: [3] } }),
      'ERR_NOT_PASSING_TIME',
      'It is not the time to pass cards.',
    );
  });

  test('a play before anything is dealt: ERR_NOT_PLAYING_TIME', () => {
    expectRejected(
      tableFor({ players: 4 }),
      apply({ type: 'play', seat: 0, card: 24 }),
      'ERR_NOT_PLAYING_TIME',
      'The cards have not been dealt yet.',
    );
  });
});

describe('passing', () => {
  // Seat 0 deals at a four-player table; the deck in rank order, nine cards a seat.
  const hands = [
    [1, 2, 3, 4, 5, 6, 7, 8, 9],
    [10, 11, 12, 13, 14, 15, 16, 17, 18],
    [20, 21, 22, 23, 24, 25, 26, 27, 28],
    [29, 30, 31, 32, 33, 34, 35, 36, 37],
  ];
  function passing(): Game {
    const game = tableFor({ players: 4 });
    must(game.deal({ dealer: 0, hands }));
    must(game.apply({ type: 'pass', seat: 1, pass: { left: 10, right: 11, devil: [12] } }));
    return game;
  }

  test('playing while cards are being passed: ERR_NOT_PLAYING_TIME', () => {
    expectRejected(
      passing(),
      apply({ type: 'play', seat: 1, card: 13 }),
      'ERR_NOT_PLAYING_TIME',
      'Cards are still being passed; play starts when everyone has passed.',
      'seat 2 played before the passing was over',
    );
  });

  test('passing twice: ERR_ALREADY_PASSED', () => {
    expectRejected(
      passing(),
      apply({ type: 'pass', seat: 1, pass: { left: 13, right: 14, devil: [15] } }),
      'ERR_ALREADY_PASSED',
      'You have already passed your cards this round.',
      'seat 2 passed twice',
    );
  });

  test.each<[string, unknown]>([
    ['no devil card', { left: 20, right: 21, devil: [] }],
    ['two devil cards', { left: 20, right: 21, devil: [22, 23] }],
    ['no right card', { left: 20, devil: [22] }],
    ['the two-player shape', { faceUp: 20, hidden: 21, devil: [22] }],
    ['not an object', 'left'],
  ])('a pass with %s: ERR_BAD_PASS', (_, pass) => {
    expectRejected(
      passing(),
      apply({ type: 'pass', seat: 2, pass }),
      'ERR_BAD_PASS',
      'Pass one card to the left, one to the right and one to the devil’s trick.',
    );
  });

  test('the same card twice: ERR_BAD_PASS', () => {
    expectRejected(
      passing(),
      apply({ type: 'pass', seat: 0, pass: { left: 1, right: 1, devil: [3] } }),
      'ERR_BAD_PASS',
      'You cannot pass 1 twice.',
      'seat 1 passed 1 twice',
    );
  });

  test('a card another seat holds: ERR_CARD_NOT_HELD', () => {
    expectRejected(
      passing(),
      apply({ type: 'pass', seat: 0, pass: { left: 1, right: 2, devil: [37] } }),
      'ERR_CARD_NOT_HELD',
      'You do not hold 37 in your hand.',
      'seat 1 passed 37, which it does not hold in its hand',
    );
  });

  test('with two players, a card from the face-up row: ERR_CARD_NOT_HELD, saying why', () => {
    const game = tableFor({ players: 2 });
    must(
      game.deal({
        dealer: 0,
        hands: [
          [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
          [13, 14, 15, 16, 17, 18, 20, 21, 22, 23, 24, 25],
        ],
        faceUp: [
          [26, 27, 28, 29, 30, 31],
          [32, 33, 34, 35, 36, 37],
        ],
      }),
    );
    expectRejected(
      game,
      apply({ type: 'pass', seat: 0, pass: { faceUp: 26, hidden: 1, devil: [2, 3] } }),
      'ERR_CARD_NOT_HELD',
      'You do not hold 26 in your hand. Cards are passed from your hidden hand, not your face-up row.',
    );
  });
});

describe('playing', () => {
  test('a pass once play has begun: ERR_NOT_PASSING_TIME', () => {
    expectRejected(
      workedExampleTable(),
      apply({ type: 'pass', seat: 0, pass: { left: 24, right: 26, devil: [29] } }),
      'ERR_NOT_PASSING_TIME',
      'It is not the time to pass cards.',
      'seat 1 passed cards outside the passing step',
    );
  });

  test('out of turn: ERR_NOT_YOUR_TURN', () => {
    expectRejected(
      workedExampleTable(),
      apply({ type: 'play', seat: 1, card: 15 }),
      'ERR_NOT_YOUR_TURN',
      'It is not your turn: seat 1 plays next.',
      'seat 2 played out of turn (seat 1 was to play)',
    );
  });

  test.each<[string, unknown]>([
    ['a card in another hand', 15],
    ['a card in the devil’s trick', 11],
    ['a card already passed away', 1],
    ['no card at all', 19],
    ['not a number', '24'],
  ])('%s: ERR_CARD_NOT_HELD', (_, card) => {
    expectRejected(
      workedExampleTable(),
      apply({ type: 'play', seat: 0, card }),
      'ERR_CARD_NOT_HELD',
      `You do not hold ${card}.`,
      `seat 1 played ${card}, which it does not hold`,
    );
  });

  test('a card already played: ERR_CARD_NOT_HELD', () => {
    const game = workedExampleTable();
    playInOrder(game, [24, 15, 17, 32]);
    playInOrder(game, [20, 23]);
    expectRejected(game, apply({ type: 'play', seat: 0, card: 24 }), 'ERR_CARD_NOT_HELD', 'You do not hold 24.');
  });

  test('not following suit: ERR_MUST_FOLLOW_SUIT', () => {
    const game = workedExampleTable();
    playInOrder(game, [24, 15, 17, 32]);
    // Christian leads blue; Doris holds blue (23, 27, ...) and may not throw the red 25.
    must(game.apply({ type: 'play', seat: 2, card: 20 }));
    expectRejected(
      game,
      apply({ type: 'play', seat: 3, card: 25 }),
      'ERR_MUST_FOLLOW_SUIT',
      'You must follow blue: 25 is red.',
      'seat 4 must follow blue but played 25 (red)',
    );
  });

  test('any action once the game is over: ERR_GAME_OVER', () => {
    const { game } = sixPlayerTable('individual');
    playSixPlayerTricks(game);
    expect(game.phase).toBe('over');
    expectRejected(game, apply({ type: 'play', seat: 0, card: 1 }), 'ERR_GAME_OVER', 'The game is over.');
    expectRejected(
      game,
      apply({ type: 'pass', seat: 0, pass: { left: 1, right: 2, devil: [3] } }),
      'ERR_GAME_OVER',
      'The game is over.',
    );
    expectRejected(game, (g) => g.deal({ dealer: 0, hands: [] }), 'ERR_GAME_OVER', 'The game is over.');
  });
});
