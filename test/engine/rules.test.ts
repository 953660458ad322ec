/**
 * The rule book as stories: each test deals a table by hand, passes and plays, and
 * checks what RULES.md says must happen.
 */
import { describe, expect, test } from 'vitest';
import { createRound, Game, Rng, setupFor, view } from '../../src/engine/index.js';
import {
  dealtBefore,
  must,
  passAll,
  playInOrder,
  playLowestUntilRoundEnds,
  playTrickBySeat,
  randomStep,
  roundScored,
  seededRandomGame,
  snapshot,
  tableFor,
  trickWon,
} from './helpers.js';
import { playSixPlayerTricks, SIX, sixPlayerTable, TWO, WORKED_EXAMPLE, workedExampleTable } from './tables.js';

const ADAM = 0;
const BETTY = 1;
const CHRISTIAN = 2;
const DORIS = 3;

describe('RULES.md §7, the worked example', () => {
  const { afterPassing } = WORKED_EXAMPLE;
  const table = workedExampleTable;

  test('the passes arrive as the story says', () => {
    const game = table();
    for (const seat of [ADAM, BETTY, CHRISTIAN, DORIS]) expect(view(game, seat).hand).toEqual(afterPassing[seat]);
    expect(game.toAct()).toEqual([ADAM]);
  });

  test('Adam leads 24, Betty 15, Christian 17, Doris 32: Christian takes the trick and the bottle at 17', () => {
    const game = table();
    expect(game.bottles()).toEqual([{ owner: null, price: 19 }]);
    must(game.apply({ type: 'play', seat: ADAM, card: 24 }));
    // Betty has no green, so every card of hers is legal.
    expect(game.legalCards(BETTY)).toEqual(afterPassing[BETTY]);
    const events = playInOrder(game, [15, 17, 32]);
    expect(trickWon(events)).toEqual({
      leader: ADAM,
      cards: [
        { seat: ADAM, card: 24 },
        { seat: BETTY, card: 15 },
        { seat: CHRISTIAN, card: 17 },
        { seat: DORIS, card: 32 },
      ],
      winner: CHRISTIAN,
      bottle: 1,
      price: 17,
      points: 3 + 4 + 4 + 6,
    });
    expect(events).toContainEqual({ type: 'bottleSold', bottle: 1, seller: null, buyer: CHRISTIAN, price: 17 });
    expect(game.bottles()).toEqual([{ owner: CHRISTIAN, price: 17 }]);
    // The winner leads the next trick.
    expect(game.toAct()).toEqual([CHRISTIAN]);
    expect(view(game, null).wonPoints).toEqual([0, 0, 17, 0]);
  });
});

describe('the worked example played to the end of the round (RULES.md §3.5)', () => {
  // Betty plays low all round: she buys the bottle back trick after trick, wins seven
  // tricks (104 points) and still scores only minus the devil's 6 points.
  const tricks = [
    { cards: [24, 15, 17, 32], winner: CHRISTIAN, price: 17 },
    // Christian leads blue; Adam has none and throws 33. Betty's 8 is the only card below 17.
    { cards: [20, 23, 33, 8], winner: BETTY, price: 8 },
    { cards: [7, 22, 28, 37], winner: BETTY, price: 7 },
    { cards: [6, 13, 35, 36], winner: BETTY, price: 6 },
    { cards: [5, 18, 25, 34], winner: BETTY, price: 5 },
    // Doris is out of red and throws the blue 27.
    { cards: [4, 12, 27, 31], winner: BETTY, price: 4 },
    { cards: [2, 9, 30, 29], winner: BETTY, price: 2 },
    { cards: [1, 10, 3, 26], winner: BETTY, price: 1 },
  ];

  test('the bottle’s owner pays the devil points and scores nothing for its won pile', () => {
    const game = workedExampleTable();
    for (const expected of tricks) {
      const trick = trickWon(playInOrder(game, expected.cards));
      expect({ cards: trick.cards.map((c) => c.card), winner: trick.winner, price: trick.price }).toEqual(expected);
    }
    const result = game.log[0].result!;
    expect(result.devil).toEqual([11, 14, 16, 21]);
    expect(result.devilPoints).toBe(1 + 1 + 2 + 2);
    expect(result.wonPoints).toEqual([0, 15 + 20 + 16 + 18 + 15 + 13 + 7, 17, 0]);
    expect(result.bottles).toEqual([{ owner: BETTY, price: 1 }]);
    expect(result.scores).toEqual([0, -6, 17, 0]);
    expect(game.totals).toEqual([0, -6, 17, 0]);
  });

  test('a seat that did not follow suit is known by everyone to lack that suit', () => {
    const game = workedExampleTable();
    playInOrder(game, [24, 15, 17, 32]);
    for (const viewer of [null, ADAM, BETTY, CHRISTIAN, DORIS])
      expect(view(game, viewer).voids).toEqual([[], ['green'], ['green'], ['green']]);
    playInOrder(game, [20, 23, 33, 8]);
    expect(view(game, null).voids).toEqual([['blue'], ['green'], ['green'], ['green']]);
  });

  test('2-1-1: Adam and Christian are team A (first player, and two seats on); Betty B, Doris C', () => {
    const game = workedExampleTable('2-1-1');
    for (const { cards } of tricks) playInOrder(game, cards);
    const result = game.log[0].result!;
    expect(result.teams).toEqual(['A', 'B', 'A', 'C']);
    expect(result.scores).toEqual([0 + 17, -6, 0 + 17, 0]);
  });
});

describe('two players (RULES.md §3.3)', () => {
  const { hiddenAfter, faceUpAfter, passes } = TWO;

  function table() {
    const game = tableFor({ players: 2 });
    const dealt = dealtBefore(hiddenAfter, passes, faceUpAfter);
    expect(dealt.hands.map((h) => h.length)).toEqual([12, 12]);
    expect(dealt.faceUp!.map((h) => h.length)).toEqual([6, 6]);
    must(game.deal({ dealer: 1, ...dealt }));
    return game;
  }

  test('each seat is dealt 12 hidden cards and 6 face-up cards, and the rows are public', () => {
    const game = table();
    const spectator = view(game, null);
    expect(spectator.faceUp!.map((row) => row.length)).toEqual([6, 6]);
    expect(spectator.handSizes).toEqual([12, 12]);
    expect(view(game, 0).faceUp).toEqual(view(game, 1).faceUp);
  });

  test('the face-up pass lands in the opponent’s face-up row, the hidden pass in its hand', () => {
    const game = table();
    const events = passAll(game, passes);
    expect(events).toContainEqual({
      type: 'passesExchanged',
      faceUpAdded: [
        { seat: 1, card: 35 },
        { seat: 0, card: 31 },
      ],
    });
    expect(events).toContainEqual({
      type: 'cardsReceived',
      to: 1,
      cards: [
        { from: 0, card: 35, into: 'faceUp' },
        { from: 0, card: 28, into: 'hand' },
      ],
    });
    for (const seat of [0, 1]) {
      expect(view(game, seat).hand).toEqual(hiddenAfter[seat]);
      expect(view(game, seat).faceUp).toEqual(faceUpAfter);
    }
    expect(view(game, null).devilSize).toBe(4);
  });

  test('a trick is leader, opponent, leader, opponent, and follow suit counts the face-up row', () => {
    const game = table();
    passAll(game, passes);
    must(game.apply({ type: 'play', seat: 0, card: 10 }));
    expect(game.toAct()).toEqual([1]);
    // Seat 1's hidden hand has no blue, but its face-up row does: it must play blue.
    expect(game.legalCards(1)).toEqual([13, 35]);
    const refused = game.apply({ type: 'play', seat: 1, card: 9 });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'ERR_MUST_FOLLOW_SUIT', message: 'You must follow blue: 9 is red.' },
    });
    const second = must(game.apply({ type: 'play', seat: 1, card: 35 }));
    expect(second).toEqual([{ type: 'cardPlayed', seat: 1, card: 35, fromFaceUp: true }]);
    // The leader plays again and follows its own led suit, from its hand or its row.
    expect(game.toAct()).toEqual([0]);
    expect(game.legalCards(0)).toEqual([3, 6, 8, 17, 20, 23, 27, 30, 32]);
    must(game.apply({ type: 'play', seat: 0, card: 8 }));
    expect(game.toAct()).toEqual([1]);
    const last = must(game.apply({ type: 'play', seat: 1, card: 13 }));
    // 10, 8 and 13 are below 19: the highest of them, seat 1's 13, wins trick and bottle.
    expect(last).toContainEqual({
      type: 'trickWon',
      index: 0,
      trick: {
        leader: 0,
        cards: [
          { seat: 0, card: 10 },
          { seat: 1, card: 35 },
          { seat: 0, card: 8 },
          { seat: 1, card: 13 },
        ],
        winner: 1,
        bottle: 1,
        price: 13,
        points: 2 + 6 + 2 + 3,
      },
    });
    expect(view(game, 0).faceUp).toEqual([
      [23, 26, 27, 29, 30, 31, 32],
      [11, 14, 16, 21, 24],
    ]);
  });

  test('a whole two-player round: eight tricks of four, and the last trick sells the bottle', () => {
    const game = table();
    passAll(game, passes);
    const tricks = [
      { leader: 0, cards: [10, 35, 8, 13], winner: 1, price: 13 },
      // Seat 1 leads red twice over; seat 0 follows with 7 and 5, and 7 is highest below 13.
      { leader: 1, cards: [28, 7, 25, 5], winner: 0, price: 7 },
      // Nothing below 7: the highest card wins and the bottle stays with seat 0.
      { leader: 0, cards: [32, 24, 30, 22], winner: 0, price: null },
      { leader: 0, cards: [31, 21, 29, 16], winner: 0, price: null },
      { leader: 0, cards: [4, 18, 27, 15], winner: 0, price: 4 },
      { leader: 0, cards: [26, 14, 3, 11], winner: 0, price: 3 },
      { leader: 0, cards: [6, 12, 17, 9], winner: 0, price: null },
      // Below 3: seat 1's 2 and 1; the 2 is higher and buys the bottle in the last trick.
      { leader: 0, cards: [20, 2, 23, 1], winner: 1, price: 2 },
    ];
    expect(tricks.flatMap((t) => t.cards)).toEqual(TWO.plays);
    for (const expected of tricks) {
      const trick = trickWon(playInOrder(game, expected.cards));
      expect({
        leader: trick.leader,
        cards: trick.cards.map((c) => c.card),
        winner: trick.winner,
        price: trick.price,
      }).toEqual(expected);
    }
    const result = game.log[0].result!;
    expect(result.devil).toEqual([33, 34, 36, 37]);
    expect(result.devilPoints).toBe(5 + 5 + 6 + 6);
    expect(result.wonPoints).toEqual([17 + 19 + 12 + 16 + 6 + 12, 13 + 10]);
    expect(result.scores).toEqual([82, -22]);
  });

  test('a seat may lead from its face-up row', () => {
    const game = table();
    passAll(game, passes);
    const events = must(game.apply({ type: 'play', seat: 0, card: 32 }));
    expect(events).toEqual([{ type: 'cardPlayed', seat: 0, card: 32, fromFaceUp: true }]);
  });
});

describe('five players: the dealer’s short hand (RULES.md §3.1)', () => {
  // The extended deck dealt in rank order, 11 cards a seat and 10 to the dealer (seat 2).
  function table() {
    const deck = [
      1, 2, 2.5, 3, 4, 4.5, 5, 6, 6.5, 7, 8, 8.5, 9, 10, 10.5, 11, 12, 12.5, 13, 14, 14.5, 15, 16, 16.5, 17, 18, 18.5,
      20, 20.5, 21, 22, 22.5, 23, 24, 24.5, 25, 26, 26.5, 27, 28, 28.5, 29, 30, 30.5, 31, 32, 32.5, 33, 34, 34.5, 35,
      36, 36.5, 37,
    ];
    const sizes = [11, 11, 10, 11, 11];
    const hands: number[][] = [];
    let k = 0;
    for (const size of sizes) {
      hands.push(deck.slice(k, k + size));
      k += size;
    }
    const game = tableFor({ players: 5 });
    must(game.deal({ dealer: 2, hands }));
    return { game, hands };
  }

  test('the dealer is dealt 10 cards, the others 11; a dealer with 11 is a bad deal', () => {
    const { game } = table();
    expect(view(game, null).handSizes).toEqual([11, 11, 10, 11, 11]);
    const wrong = tableFor({ players: 5 }).deal({ dealer: 1, hands: table().hands });
    expect(wrong).toMatchObject({
      ok: false,
      error: { code: 'ERR_BAD_DEAL', message: 'the hand of seat 2 must hold 10 cards' },
    });
  });

  test('2-2-1: seat 2 deals, so seat 3 is the first player and the teams run A B C A B from it', () => {
    const game = tableFor({ players: 5, mode: '2-2-1' });
    must(game.deal({ dealer: 2, hands: table().hands }));
    const seen = view(game, null);
    expect(seen.firstPlayer).toBe(3);
    expect(seen.teams).toEqual(['C', 'A', 'B', 'A', 'B']);
    // Team modes play with one bottle, even with five players.
    expect(seen.bottleCount).toBe(1);
    expect(seen.bottles).toEqual([{ owner: null, price: 19 }]);
  });

  test('the dealer passes only left and right; everyone else also feeds the devil’s trick', () => {
    const { game, hands } = table();
    const refused = game.apply({
      type: 'pass',
      seat: 2,
      pass: { left: hands[2][0], right: hands[2][1], devil: [hands[2][2]] },
    });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'ERR_BAD_PASS', message: 'As the dealer, pass one card to the left and one to the right.' },
    });
    const shortPass = game.apply({ type: 'pass', seat: 0, pass: { left: hands[0][0], right: hands[0][1], devil: [] } });
    expect(shortPass).toMatchObject({
      ok: false,
      error: {
        code: 'ERR_BAD_PASS',
        message: 'Pass one card to the left, one to the right and one to the devil’s trick.',
      },
    });

    const passes = hands.map((h, seat) => ({ left: h[0], right: h[1], devil: seat === 2 ? [] : [h[2]] }));
    passAll(game, passes);
    // Everyone ends with 10 cards for the 10 tricks of 5, and the devil's trick holds 4.
    expect(view(game, null).handSizes).toEqual([10, 10, 10, 10, 10]);
    expect(view(game, null).devilSize).toBe(4);
    expect(view(game, 2).myDevil).toEqual([]);
    expect(game.toAct()).toEqual([3]);

    const result = roundScored(playLowestUntilRoundEnds(game));
    expect(game.log[0].tricks).toHaveLength(10);
    expect(game.log[0].tricks.every((t) => t.cards.length === 5)).toBe(true);
    expect([...result.devil].sort((a, b) => a - b)).toEqual(
      [hands[0][2], hands[1][2], hands[3][2], hands[4][2]].sort((a, b) => a - b),
    );
  });
});

describe('choosing a pass (RULES.md §3.1, §3.3)', () => {
  test.each([
    // [players, cards in the seat's hand, ways to pass]: an ordered pair of neighbour cards, then the devil cards.
    [2, 12, 12 * 11 * ((10 * 9) / 2)],
    [3, 12, 12 * 11 * 10],
    [4, 9, 9 * 8 * 7],
    [6, 9, 9 * 8 * 7],
  ] as const)('%i players: a seat with %i cards has %i ways to pass, each one legal', (players, handSize, ways) => {
    const game = must(Game.create({ players }, players));
    const seat = (game.snapshot().dealer + 1) % players;
    expect(view(game, seat).hand).toHaveLength(handSize);
    const actions = game.legalActions(seat);
    expect(actions).toHaveLength(ways);
    expect(new Set(actions.map((a) => JSON.stringify(a))).size).toBe(ways);
    for (const action of [actions[0], actions[Math.floor(ways / 2)], actions[ways - 1]])
      expect(game.clone().apply(action).ok).toBe(true);
  });

  test('the five-player dealer chooses only a left and a right card: 10 × 9 ways', () => {
    const game = must(Game.create({ players: 5 }, 5));
    const actions = game.legalActions(game.snapshot().dealer);
    expect(actions).toHaveLength(90);
    expect(actions.every((a) => a.type === 'pass' && a.pass.devil.length === 0)).toBe(true);
  });

  test('a seat that has passed, or is not to play, has no legal action', () => {
    const game = must(Game.create({ players: 4 }, 4));
    const seat = game.toAct()[0];
    must(game.apply(game.legalActions(seat)[0]));
    expect(game.legalActions(seat)).toEqual([]);
    expect(game.toAct()).not.toContain(seat);
    for (const s of game.toAct()) must(game.apply(game.legalActions(s)[0]));
    const [leader] = game.toAct();
    for (let s = 0; s < 4; s++) expect(game.legalActions(s).length > 0).toBe(s === leader);
  });

  test('a viewer who is not at the table sees what a spectator sees', () => {
    const game = must(Game.create({ players: 3 }, 3));
    expect(view(game, 3)).toEqual(view(game, null));
    expect(view(game, -1).hand).toBeNull();
  });
});

describe('two bottles (RULES.md §3.4) and one seat owning both', () => {
  test('six players pass one card left, one right and one to the devil’s trick', () => {
    const { game } = sixPlayerTable('individual');
    for (let s = 0; s < 6; s++) expect(view(game, s).hand).toEqual(SIX.afterPassing[s]);
    expect(view(game, null).devilSize).toBe(6);
    for (let s = 0; s < 6; s++) expect(view(game, s).myDevil).toEqual(SIX.passes[s].devil);
  });

  test('the bottle in play is the one with the higher price; on equal prices, bottle 1', () => {
    const { game } = sixPlayerTable('individual');
    expect(view(game, null).bottleCount).toBe(2);
    const story = [
      // Both at 19: bottle 1 is in play; 18.5 is the only card below 19.
      { inPlay: 1, winner: 1, bottle: 1, price: 18.5, points: 6 + 5 + 6 + 6 + 5 + 5 },
      // Bottle 2 (19) is now dearer: in play. 17 is the only blue below 19.
      { inPlay: 2, winner: 2, bottle: 2, price: 17, points: 5 + 6 + 4 + 6 + 6 + 5 },
      // 18.5 > 17: bottle 1 again. 16.5 is below 18.5.
      { inPlay: 1, winner: 4, bottle: 1, price: 16.5, points: 5 + 5 + 6 + 6 + 2 + 6 },
      // 17 > 16.5: bottle 2. Below 17 are 10.5 and 13; the higher, 13, buys it.
      { inPlay: 2, winner: 5, bottle: 2, price: 13, points: 4 + 4 + 4 + 2 + 5 + 3 },
      // 16.5 > 13: bottle 1. 16 is below 16.5.
      { inPlay: 1, winner: 0, bottle: 1, price: 16, points: 2 + 4 + 4 + 3 + 3 + 5 },
      // 16 > 13: bottle 1 stays in play. Below 16: 12, 15, 12.5, 9, 7; 15 is highest.
      { inPlay: 1, winner: 1, bottle: 1, price: 15, points: 4 + 4 + 5 + 4 + 3 + 3 },
      // 15 > 13: bottle 1 once more. Everything is below 15; the 5 is highest.
      { inPlay: 1, winner: 3, bottle: 1, price: 5, points: 1 + 2 + 2 + 2 + 1 + 1 },
      // 13 > 5: bottle 2. Everything is below 13; seat 3's 10 is highest.
      { inPlay: 2, winner: 3, bottle: 2, price: 10, points: 1 + 1 + 1 + 2 + 2 + 2 },
    ];
    story.forEach((expected, k) => {
      expect(view(game, null).bottleInPlay).toBe(expected.inPlay);
      const trick = trickWon(playTrickBySeat(game, SIX.tricks[k]));
      expect({
        inPlay: expected.inPlay,
        winner: trick.winner,
        bottle: trick.bottle,
        price: trick.price,
        points: trick.points,
      }).toEqual(expected);
    });
    expect(game.phase).toBe('over');
    const result = game.log[0].result!;
    expect(result.bottles).toEqual([
      { owner: 3, price: 5 },
      { owner: 3, price: 10 },
    ]);
    expect(result.devil).toEqual([11, 14, 14.5, 21, 24, 24.5]);
    expect(result.devilPoints).toBe(11);
    expect(result.wonPoints).toEqual([21, 33 + 23, 32, 9 + 9, 30, 22]);
    // Seat 3 owns both bottles: minus twice the devil points, and nothing for its pile.
    expect(result.scores).toEqual([21, 56, 32, -22, 30, 22]);
  });

  test('with one bottle the same cards make other tricks: the last trick sells it, and its buyer pays', () => {
    const { game } = sixPlayerTable('2-2-2');
    expect(view(game, null).bottleCount).toBe(1);
    const sold = SIX.tricks.map((t) => {
      const trick = trickWon(playTrickBySeat(game, t));
      return [trick.winner, trick.price];
    });
    expect(sold).toEqual([
      [1, 18.5],
      [2, 17],
      [4, 16.5],
      [5, 13],
      // Nothing below 13: seat 5's 33, the highest card, wins and the bottle stays.
      [5, null],
      // Seat 5 leads now; below 13 the highest card is seat 3's 12.5.
      [3, 12.5],
      [3, 5],
      // Below 5 only seat 2's 3: seat 2 buys the bottle in the last trick.
      [2, 3],
    ]);
    const result = game.log[0].result!;
    expect(result.bottles).toEqual([{ owner: 2, price: 3 }]);
    expect(result.wonPoints).toEqual([0, 33, 32 + 9, 23 + 9, 30, 22 + 21]);
  });
});

describe('team modes (RULES.md §4)', () => {
  // The six-player round with one bottle, as above. Individually: seat 0 won nothing,
  // 1 won 33, 2 owns the bottle (-11), 3 won 32, 4 won 30, 5 won 43.

  test('2-2-2: A B C A B C from the first player, partners opposite; each member gets the team sum', () => {
    const { game, started } = sixPlayerTable('2-2-2');
    expect(started[0]).toMatchObject({ type: 'roundStarted', firstPlayer: 0, teams: ['A', 'B', 'C', 'A', 'B', 'C'] });
    const last = playSixPlayerTricks(game);
    // A = seats 0+3 = 0+32; B = 1+4 = 33+30; C = 2+5 = -11+43.
    expect(roundScored(last).scores).toEqual([32, 63, 32, 32, 63, 32]);
    // Equal totals share the win: both members of team B.
    expect(last).toContainEqual({ type: 'gameOver', totals: [32, 63, 32, 32, 63, 32], winners: [1, 4] });
    expect(game.winners).toEqual([1, 4]);
  });

  test('2-2-1-1: A B C A B D; the two single seats score alone', () => {
    const { game } = sixPlayerTable('2-2-1-1');
    const result = roundScored(playSixPlayerTricks(game));
    expect(result.teams).toEqual(['A', 'B', 'C', 'A', 'B', 'D']);
    expect(result.scores).toEqual([32, 63, -11, 32, 63, 43]);
    expect(game.winners).toEqual([1, 4]);
  });

  test('seats score together when they are one seat or team mates, and only then', () => {
    // Dealer 5, so seat 0 plays first: A B C A B D.
    const teams = createRound(6, '2-2-1-1', 5);
    const letters = ['A', 'B', 'C', 'A', 'B', 'D'];
    const alone = createRound(6, 'individual', 5);
    for (let a = 0; a < 6; a++) {
      for (let b = 0; b < 6; b++) {
        expect(teams.sameSide(a, b)).toBe(letters[a] === letters[b]);
        expect(alone.sameSide(a, b)).toBe(a === b);
      }
    }
  });

  test('every team mode: teams drawn afresh each round from its first player, one bottle, team sums credited', () => {
    for (const [mode, players, pattern] of [
      ['2-1-1', 4, ['A', 'B', 'A', 'C']],
      ['2-2-1', 5, ['A', 'B', 'C', 'A', 'B']],
      ['2-2-2', 6, ['A', 'B', 'C', 'A', 'B', 'C']],
      ['2-2-1-1', 6, ['A', 'B', 'C', 'A', 'B', 'D']],
    ] as const) {
      const game = seededRandomGame({ players, mode, rounds: players }, players);
      for (const round of game.log) {
        const result = round.result!;
        const firstPlayer = (round.dealer + 1) % players;
        // Seat s sits (s - firstPlayer) places clockwise from the first player.
        const expected = Array.from({ length: players }, (_, s) => pattern[(s - firstPlayer + players) % players]);
        expect(result.teams).toEqual(expected);
        expect(result.bottles).toHaveLength(1);
        const owner = result.bottles[0].owner;
        const individual = result.wonPoints.map((won, s) => (s === owner ? -result.devilPoints : won));
        const teamSum = (letter: string) =>
          individual.reduce((sum, score, s) => sum + (expected[s] === letter ? score : 0), 0);
        expect(result.scores).toEqual(expected.map(teamSum));
      }
    }
  });
});

describe('dealers and the length of a game (RULES.md §2, §5)', () => {
  test('the dealer moves one seat clockwise each round, and the seat after the dealer leads', () => {
    for (const players of [2, 3, 4, 5, 6] as const) {
      const game = seededRandomGame({ players, rounds: 7 }, 100 + players);
      const first = game.log[0].dealer;
      game.log.forEach((round, k) => {
        expect(round.dealer).toBe((first + k) % players);
        expect(round.tricks[0].leader).toBe((first + k + 1) % players);
      });
    }
  });

  test('a supplied deal must name the next dealer', () => {
    const game = tableFor({ players: 3, rounds: 2 });
    const hands = [
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      [13, 14, 15, 16, 17, 18, 20, 21, 22, 23, 24, 25],
      [26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37],
    ];
    must(game.deal({ dealer: 2, hands }));
    passAll(
      game,
      [0, 1, 2].map((s) => ({ left: hands[s][0], right: hands[s][1], devil: [hands[s][2]] })),
    );
    playLowestUntilRoundEnds(game);
    expect(game.phase).toBe('deal');
    expect(game.nextDealer).toBe(0);
    const before = snapshot(game);
    expect(game.deal({ dealer: 1, hands })).toMatchObject({
      ok: false,
      error: {
        code: 'ERR_BAD_DEAL',
        message: 'dealer must be seat 1 (index 0), the seat after the previous dealer, not seat 2 (index 1)',
      },
    });
    expect(snapshot(game)).toBe(before);
    must(game.deal({ dealer: 0, hands: [hands[1], hands[2], hands[0]] }));
  });

  test('a game of a fixed number of rounds ends after exactly that many', () => {
    for (const players of [2, 3, 4, 5, 6] as const) {
      for (const rounds of [1, 3]) {
        const game = seededRandomGame({ players, rounds }, rounds * 10 + players);
        expect(game.log).toHaveLength(rounds);
        expect(game.log.every((r) => r.result !== null)).toBe(true);
      }
    }
  });

  test('with no length given, each player count plays its default number of rounds', () => {
    for (const [players, rounds] of [
      [2, 6],
      [3, 9],
      [4, 8],
      [5, 5],
      [6, 6],
    ] as const) {
      expect(setupFor(players).defaultRounds).toBe(rounds);
      expect(must(Game.create({ players }, 1)).options).toEqual({ players, mode: 'individual', rounds });
    }
  });

  test('a target score plays whole rounds until at least one total reaches it', () => {
    for (const players of [2, 3, 4, 5, 6] as const) {
      const game = seededRandomGame({ players, targetScore: 60 }, players);
      const results = game.log.map((r) => r.result!);
      const reached = (totals: readonly number[]) => totals.some((t) => t >= 60);
      expect(reached(results[results.length - 1].totals)).toBe(true);
      expect(results.slice(0, -1).some((r) => reached(r.totals))).toBe(false);
      const best = Math.max(...game.totals);
      expect(game.winners).toEqual(game.totals.flatMap((t, s) => (t === best ? [s] : [])));
    }
  });

  test('a target score ends the game only once a total reaches it; equal totals share the win', () => {
    // After the six-player round in 2-2-2 the totals are 32, 63, 32, 32, 63, 32.
    const short = sixPlayerTable('2-2-2', { targetScore: 63 }).game;
    playSixPlayerTricks(short);
    expect(short.phase).toBe('over');
    expect(short.winners).toEqual([1, 4]);
    const long = sixPlayerTable('2-2-2', { targetScore: 64 }).game;
    playSixPlayerTricks(long);
    expect(long.phase).toBe('deal');
    expect(long.winners).toBeNull();
    expect(long.nextDealer).toBe(0);
  });
});

describe('arithmetic of the rule book', () => {
  test('the bottle can never stay unsold until the last trick: too many cards are below 19', () => {
    for (const players of [2, 3, 4, 5, 6] as const) {
      const setup = setupFor(players);
      const belowNineteen = setup.extended ? 27 : 18;
      // At most devilSize of them hide in the devil's trick; the rest are played, and any
      // trick holding one sells the bottle in play. They cannot all fit in one trick.
      expect(belowNineteen - setup.devilSize).toBeGreaterThan(setup.trickSize);
    }
  });
});

describe('what the round log states of each round', () => {
  test('the seat left of the dealer leads first, and team letters follow from that seat', () => {
    const game = must(Game.create({ players: 6, mode: '2-2-1-1', rounds: 3 }, 12));
    for (let round = 0; round < 3; round++) {
      const log = game.log[round];
      expect(log.firstPlayer).toBe((log.dealer + 1) % 6);
      expect(log.teams).toEqual(view(game, 0).teams);
      expect(log.teams?.[log.firstPlayer]).toBe('A');
      const rng = new Rng(round);
      while (game.log.length === round + 1 && game.phase !== 'over') randomStep(game, rng);
    }
    expect(must(Game.create({ players: 4 }, 3)).log[0].teams).toBeNull();
  });
});
