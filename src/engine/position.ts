/**
 * A seat's view turned into the fast `Round`, with only the cards that seat knows placed
 * where they are: its own hand, every face-up row, the cards it passed to its neighbours
 * (still held by them unless played), its own cards in the devil's trick. Every unknown
 * card is simply absent; a search fills the gaps (Round.place) with a deal consistent
 * with what the position says about them, and plays on with Round.play / pass / score.
 *
 * This is the one place outside the Game that sets a Round's state, and it is in the
 * engine, so the rules stay decided here: bots get positions, never build them.
 */
import { cardId, deckIds, priceThreshold, SUITS } from './cards.js';
import { addCard, bitCount, hasCard, setOf } from './cardset.js';
import { firstTwoOf, slotsOf } from './pass-slots.js';
import { PASS_SLOTS, PHASE_PASS, PHASE_PLAY, type Round, RoundCore } from './round.js';
import { leftOf, type PlayerCount, rightOf } from './setup.js';
import type { TableView } from './view.js';

export interface SearchPosition {
  /** The round as the seat knows it (unknown cards absent). */
  readonly round: Round;
  readonly seat: number;
  /** Cards whose place the seat does not know: other hidden hands and the rest of the devil's trick. */
  readonly unseenLo: number;
  readonly unseenHi: number;
  /** Per seat, how many more hidden cards it holds than the round shows (0 for the viewer). */
  readonly missing: readonly number[];
  /** Cards of the devil's trick the seat has not seen. */
  readonly devilMissing: number;
  /** Per seat, a bit per suit it has shown it lacks. */
  readonly voidBits: readonly number[];
  /** This round's cards played so far, in play order, and the seat that played each (for Round.rewind). */
  readonly plays: Int8Array;
  readonly playSeats: Int8Array;
}

/** What `view.viewer` knows, as a partial Round. The view must be of a seat, not a spectator. */
export function searchPosition(view: TableView): SearchPosition {
  const seat = view.viewer;
  if (seat === null || view.hand === null) throw new Error('a bot plays for a seat, not a spectator');
  const n = view.options.players;
  const r = new RoundCore(n as PlayerCount, view.options.mode, view.dealer);
  const place = (s: number, rank: number): void => addCard(r.handLo, r.handHi, s, cardId(rank));
  for (const rank of view.hand) place(seat, rank);
  view.faceUp?.forEach((row, s) => {
    for (const rank of row) addCard(r.upLo, r.upHi, s, cardId(rank));
  });

  const history = [...view.tricks.flatMap((t) => t.cards), ...view.trick.cards];
  const played = history.map((c) => cardId(c.card));
  const [playedLo, playedHi] = setOf(played);

  if (view.phase === 'play') {
    r.phase = PHASE_PLAY;
    r.passesMade = n;
    if (view.myPass) {
      // Cards passed to a neighbour's hidden hand stay there until that neighbour plays them.
      const [first, second] = firstTwoOf(n, view.myPass);
      r.passCards.set(slotsOf(n, view.myPass), seat * PASS_SLOTS);
      const secondTo = n === 2 ? 1 - seat : rightOf(seat, n);
      if (!hasCard(playedLo, playedHi, cardId(second))) place(secondTo, second);
      if (n > 2 && !hasCard(playedLo, playedHi, cardId(first))) place(leftOf(seat, n), first);
    }
    for (const rank of view.myDevil) r.place(-1, cardId(rank));
  }
  r.playedLo = playedLo;
  r.playedHi = playedHi;

  view.bottles.forEach((b, i) => {
    r.threshold[i] = priceThreshold(b.price);
    r.owner[i] = b.owner ?? -1;
  });
  r.tricksPlayed = view.tricks.length;
  r.leader = view.trick.leader;
  r.trickLen = view.trick.cards.length;
  view.trick.cards.forEach((c, i) => {
    r.trickCards[i] = cardId(c.card);
  });
  r.ledSuit = view.trick.ledSuit === null ? -1 : SUITS.indexOf(view.trick.ledSuit);
  r.turn = (r.leader + r.trickLen) % n;
  const last = view.tricks[view.tricks.length - 1];
  if (last) {
    r.lastWinner = last.winner;
    r.lastBottle = last.bottle ?? 0;
  }
  const voidBits = view.voids.map((suits) => suits.reduce((bits, suit) => bits | (1 << SUITS.indexOf(suit)), 0));
  for (let s = 0; s < n; s++) {
    r.wonPoints[s] = view.wonPoints[s];
    r.wonTricks[s] = view.wonTricks[s];
    r.voids[s] = voidBits[s];
  }

  // Before the exchange a seat that has already passed still holds its whole dealt hand
  // as far as the viewer can tell; the search lets it choose its pass again.
  const missing: number[] = [];
  for (let s = 0; s < n; s++) {
    const dealtBack = view.phase === 'pass' && view.passed[s] && s !== seat ? passedCount(r, s) : 0;
    missing.push(s === seat ? 0 : view.handSizes[s] + dealtBack - bitCount(r.handLo[s]) - bitCount(r.handHi[s]));
  }
  if (view.phase === 'pass') r.phase = PHASE_PASS;

  let knownLo = playedLo | r.devilLo;
  let knownHi = playedHi | r.devilHi;
  for (let s = 0; s < n; s++) {
    knownLo |= r.handLo[s] | r.upLo[s];
    knownHi |= r.handHi[s] | r.upHi[s];
  }
  const deck = setOf(deckIds(r.setup.extended));
  const devilMissing = view.phase === 'play' ? view.devilSize - view.myDevil.length : 0;
  return {
    round: r,
    seat,
    unseenLo: deck[0] & ~knownLo,
    unseenHi: deck[1] & ~knownHi,
    missing,
    devilMissing,
    voidBits,
    plays: Int8Array.from(played),
    playSeats: Int8Array.from(history, (c) => c.seat),
  };
}

function passedCount(r: Round, s: number): number {
  return 2 + r.devilCount(s);
}
