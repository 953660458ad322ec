/**
 * The rule-based player, on the engine's fast Round. It is both the `heuristic` bot and
 * the playout policy of the searches, so it must be quick and must only read what the
 * mover may know: its own hand and passes, the face-up rows, the cards played, the trick,
 * bottles, won piles and voids. It never reads another seat's hand or the devil's trick
 * (position.ts leaves those empty when the heuristic bot plays, and test/bots checks that
 * its decisions do not change when the hidden cards do).
 *
 * The rules, in the game's words (docs/bots.md explains them):
 * - A card below the price that ends up the highest such card in the trick takes the
 *   bottle. Holding the bottle at the end costs the devil's points (and, with 2 or 3
 *   players, the holder's won pile): the mover's own devil cards and, for the others'
 *   (each seat passes its lowest card there), the lowest cards it has not seen, which
 *   are then not counted as cards anyone can still play.
 * - The chance of keeping a bottle bought at price x falls with the number of unseen
 *   cards below x (each is a way for someone else to buy it) and with tricks left.
 * - The chance that a later player in the trick overtakes a card is estimated from the
 *   unseen cards that would do it, per player still to play: of the led suit for one
 *   expected to follow it, of any suit for one known to be void in it.
 * - Low cards are liabilities: the fewer unseen cards lie below one, the likelier it is to
 *   be the only card under the price some day. Playing one safely is worth something
 *   ("get rid of low cards while the price is high"); high cards are small assets.
 * - Passing: the lowest cards go to the devil's trick, then the right neighbour, then the
 *   left (2 players: devil's trick, opponent's hand, opponent's face-up row).
 */
import {
  BELOW_HI,
  BELOW_LO,
  bitCount,
  type CardId,
  cardIds,
  deckIds,
  lowestBit,
  nthCard,
  PASS_SLOTS,
  PHASE_PASS,
  PHASE_PLAY,
  POINTS,
  type Rng,
  type Round,
  START_THRESHOLD,
  SUIT_HI,
  SUIT_INDEX,
  SUIT_LO,
  setOf,
  setPoints,
  winningPosition,
} from '../engine/index.js';

const DECK: Record<'base' | 'extended', [number, number]> = {
  base: setOf(deckIds(false)),
  extended: setOf(deckIds(true)),
};
/** The trick with a candidate card added, to ask who would win it (scratch, never a Round's own array). */
const TRICK = new Int8Array(6);

/** What the mover knows that every candidate card's value depends on. */
interface Context {
  readonly seat: number;
  /** Cards the mover cannot place exactly: everything not played, not its own, not in its devil share. */
  readonly otherLo: number;
  readonly otherHi: number;
  readonly others: number;
  readonly avgPoints: number;
  /** What the devil's trick will cost: the points of its cards. */
  readonly devilCost: number;
  /** Cards each other player holds, on average. */
  readonly handSize: number;
}

function contextOf(r: Round, seat: number): Context {
  const deck = DECK[r.setup.extended ? 'extended' : 'base'];
  let lo = deck[0] & ~r.playedLo & ~r.handLo[seat] & ~r.upLo[seat];
  let hi = deck[1] & ~r.playedHi & ~r.handHi[seat] & ~r.upHi[seat];
  let myDevilPoints = 0;
  let myDevilCards = 0;
  for (let k = 2; k < PASS_SLOTS; k++) {
    const id = r.passCards[seat * PASS_SLOTS + k];
    if (id < 0) continue;
    myDevilPoints += POINTS[id];
    myDevilCards++;
    if (id < 32) lo &= ~(1 << id);
    else hi &= ~(1 << (id - 32));
  }
  // The rest of the devil's trick is most likely the lowest cards not yet seen: every seat
  // passes its lowest card there, the riskiest to keep. So those cannot buy the bottle or
  // overtake a card, and they, not the average card, are what the bottle will cost.
  const [devilLo, devilHi] = lowestCards(lo, hi, r.setup.devilSize - myDevilCards);
  lo &= ~devilLo;
  hi &= ~devilHi;
  const others = bitCount(lo) + bitCount(hi);
  const avgPoints = others > 0 ? setPoints(lo, hi) / others : 0;
  const devilCost = myDevilPoints + setPoints(devilLo, devilHi);
  const handSize = Math.max(1, r.setup.tricks - r.tricksPlayed);
  return { seat, otherLo: lo, otherHi: hi, others, avgPoints, devilCost, handSize };
}

/** The k lowest cards of a set (all of them if it has fewer). */
function lowestCards(lo: number, hi: number, k: number): [number, number] {
  let outLo = 0;
  let outHi = 0;
  for (; k > 0 && (lo | hi) !== 0; k--) {
    if (lo !== 0) {
      outLo |= lo & -lo;
      lo &= lo - 1;
    } else {
      outHi |= hi & -hi;
      hi &= hi - 1;
    }
  }
  return [outLo, outHi];
}

/** Unseen cards with ids strictly between a and b, of one suit (or of any when suit < 0). */
function othersBetween(c: Context, a: number, b: number, suit = -1): number {
  if (b <= a + 1) return 0;
  const lo = c.otherLo & BELOW_LO[b] & ~BELOW_LO[a + 1] & (suit < 0 ? -1 : SUIT_LO[suit]);
  const hi = c.otherHi & BELOW_HI[b] & ~BELOW_HI[a + 1] & (suit < 0 ? -1 : SUIT_HI[suit]);
  return bitCount(lo) + bitCount(hi);
}

/**
 * How many unseen cards between a and b a later player may be able to play: all of them
 * for one known to be void in the led suit (suit < 0), else those of the led suit and,
 * discounted, the rest (it may be void without having shown it yet).
 */
function reach(c: Context, a: number, b: number, suit: number): number {
  const all = othersBetween(c, a, b);
  if (suit < 0) return all;
  const inSuit = othersBetween(c, a, b, suit);
  return inSuit + 0.15 * (all - inSuit);
}

/** Chance that one later player holds at least one of k given unseen cards. */
function holdsOne(c: Context, k: number): number {
  if (k <= 0 || c.others === 0) return 0;
  return 1 - (1 - Math.min(1, k / c.others)) ** c.handSize;
}

/** Chance that whoever buys the bottle at threshold x keeps it to the end of the round. */
function keepChance(c: Context, x: number, tricksAfter: number): number {
  if (tricksAfter <= 0) return 1;
  const undercuts = othersBetween(c, -1, x);
  return 1 / (1 + 0.5 * undercuts * Math.min(1, tricksAfter / 3));
}

/** What a later player in the trick may do to a candidate card (chanceLaterPlayers). */
const OVERTAKE_BUY = 0;
const BEAT_OR_SELL = 1;

/**
 * The chance that at least one player still to play in this trick does `what` to the
 * mover's card `id` (price `t`): overtake a card that buys the bottle, or beat a card that
 * wins on top or sell the bottle under the price. A player is expected to follow the led
 * suit, unless it has shown it lacks that suit: ranks decide tricks, so a void player can
 * overtake with any suit, and can dump a card freely. (A constant, not a callback: this
 * runs for every card of every playout, and a closure per call was garbage.)
 */
function chanceLaterPlayers(r: Round, c: Context, id: CardId, t: number, what: number): number {
  const led = r.trickLen > 0 ? r.ledSuit : SUIT_INDEX[id];
  let none = 1;
  for (let k = r.trickLen + 1; k < r.setup.trickSize; k++) {
    const p = (r.leader + k) % r.n;
    if (p === c.seat) continue;
    const suit = (r.voids[p] & (1 << led)) !== 0 ? -1 : led;
    const each =
      what === OVERTAKE_BUY
        ? 0.4 * holdsOne(c, reach(c, id, t, suit))
        : 0.5 * holdsOne(c, reach(c, id, 64, suit)) + 0.3 * holdsOne(c, reach(c, -1, t, suit));
    none *= 1 - each;
  }
  return 1 - none;
}

/**
 * The largest table at which the heuristic counts the holder's won pile in the bottle's
 * cost. With 2 and 3 players that gained against the rule without it; with 4 to 6 no
 * measurement favoured it and against bots-v1 it lost 1.2 points per hand at 4
 * (docs/journal/benchmarks-2026.md, issue 12's eighth and ninth rounds).
 */
const WON_PILE_MAX_PLAYERS = 3;

/**
 * What ending the round with the bottle costs `holder`: the devil's points and, at small
 * tables, every point of its won pile, which then scores nothing. So a seat that has won
 * little can afford the bottle, one that has won much cannot.
 */
function bottleCost(r: Round, c: Context, holder: number): number {
  return r.n <= WON_PILE_MAX_PLAYERS ? c.devilCost + r.wonPoints[holder] : c.devilCost;
}

/** Points of value per card fewer in the suit led from, for a suit of one or two cards. */
const SHORT_SUIT_LEAD = 4;

/** The value of a card to the mover if it plays it now (higher is better). */
function cardValue(r: Round, c: Context, id: CardId): number {
  const seat = c.seat;
  const b = r.bottleInPlay();
  const t = r.threshold[b];
  const owner = r.owner[b];
  const len = r.trickLen;
  const later = r.setup.trickSize - len - 1;
  const tricksAfter = r.setup.tricks - r.tricksPlayed - 1;
  // A loop rather than TRICK.set(subarray): no view object per card valued.
  for (let i = 0; i < len; i++) TRICK[i] = r.trickCards[i];
  TRICK[len] = id;
  const pos = winningPosition(TRICK, len + 1, t);
  const best = TRICK[pos];
  let trickPoints = later * c.avgPoints;
  for (let i = 0; i <= len; i++) trickPoints += POINTS[TRICK[i]];

  const ownNow = owner >= 0 && r.sameSide(seat, owner);
  const keepNow = keepChance(c, t, tricksAfter + 1);
  const stay = ownNow ? -bottleCost(r, c, owner) * keepNow : 0;

  let value: number;
  let takeChance = 0;
  if (pos === len && id < t) {
    // Buying the bottle with this card, unless a later player plays between it and the price.
    const keep = keepChance(c, id, tricksAfter);
    const bought = -bottleCost(r, c, seat) * keep + (1 - keep) * trickPoints;
    const overtaken = chanceLaterPlayers(r, c, id, t, OVERTAKE_BUY);
    takeChance = 1 - overtaken;
    value = takeChance * bought;
  } else if (pos === len) {
    // Winning on top: points, unless someone plays higher or sells the bottle under the price.
    const lost = chanceLaterPlayers(r, c, id, t, BEAT_OR_SELL);
    // Points won count unless the mover itself holds the bottle (a partner holding it does not void them).
    const won = stay + (owner === seat ? 1 - keepNow : 1) * trickPoints;
    value = (1 - lost) * won + lost * 0.5 * stay;
  } else {
    const winner = (r.leader + pos) % r.n;
    value =
      best < t ? (r.sameSide(seat, winner) ? -bottleCost(r, c, winner) * keepChance(c, best, tricksAfter) : 0) : stay;
  }

  // Shedding a low card while it is safe removes a future risk; spending a high card that
  // does not win gives up a future trick.
  if (id < t) value += ((1 - takeChance) * (0.3 * c.devilCost)) / (1 + othersBetween(c, -1, id));
  else if (pos !== len && !ownNow) value -= 0.5 * c.avgPoints;
  // Leading from a short suit heads for a void: later tricks of that suit then let the
  // mover discard whatever it likes (a dangerous low card, or a card under the price).
  if (len === 0) {
    const suit = SUIT_INDEX[id];
    const k =
      bitCount((r.handLo[seat] | r.upLo[seat]) & SUIT_LO[suit]) +
      bitCount((r.handHi[seat] | r.upHi[seat]) & SUIT_HI[suit]);
    if (k <= 2) value += SHORT_SUIT_LEAD * (3 - k);
  }
  return value;
}

/**
 * The heuristic's card for the seat to play. With probability `noise` it plays a random
 * legal card instead (the searches' playouts use a little).
 */
export function chooseCard(r: Round, rng: Rng, noise: number): CardId {
  const count = r.computeLegal();
  const lo = r.legalLo;
  const hi = r.legalHi;
  if (count === 1) return nthCard(lo, hi, 0);
  if (noise > 0 && rng.below(1000) < noise * 1000) return nthCard(lo, hi, rng.below(count));
  const b = r.bottleInPlay();
  if (r.owner[b] === r.turn) return holderCard(r, r.threshold[b], lo, hi, count);
  const c = contextOf(r, r.turn);
  let bestId = -1;
  let bestValue = -Infinity;
  for (let w = lo; w !== 0; w &= w - 1) {
    const id = lowestBit(w);
    const v = cardValue(r, c, id);
    if (v > bestValue) {
      bestValue = v;
      bestId = id;
    }
  }
  for (let w = hi; w !== 0; w &= w - 1) {
    const id = 32 + lowestBit(w);
    const v = cardValue(r, c, id);
    if (v > bestValue) {
      bestValue = v;
      bestId = id;
    }
  }
  return bestId;
}

/**
 * The bottle holder's card. It scores nothing for tricks while it holds the bottle, so
 * only selling it matters: someone else must end a trick with the highest card under the
 * price. So it never outbids a card under the price already in the trick, and otherwise
 * plays its lowest card (a lead with it makes the followers of that suit sell-prone, and
 * low cards are the ones that would rebuy the bottle later). Last to play with nothing
 * under the price, it keeps out of the way with a card at or above the price if it has
 * one, else it rebuys as high as it can (a high price is easier to sell).
 */
function holderCard(r: Round, t: number, lo: number, hi: number, count: number): CardId {
  let bestUnder = -1;
  for (let i = 0; i < r.trickLen; i++)
    if (r.trickCards[i] < t && r.trickCards[i] > bestUnder) bestUnder = r.trickCards[i];
  const lowest = nthCard(lo, hi, 0);
  if (bestUnder < 0 ? r.trickLen < r.setup.trickSize - 1 : lowest < bestUnder) return lowest;
  const aboveLo = lo & ~BELOW_LO[t];
  const aboveHi = hi & ~BELOW_HI[t];
  if ((aboveLo | aboveHi) !== 0) return nthCard(aboveLo, aboveHi, 0);
  return nthCard(lo, hi, count - 1);
}

/**
 * The seat's hidden cards ordered from the one it most wants to pass away: the lowest
 * cards first (they are the ones that end up alone under the price), ties broken by
 * fewer points (points given to the devil's trick hurt whoever ends with the bottle).
 */
export function passOrder(r: Round, seat: number): CardId[] {
  return cardIds(r.handLo[seat], r.handHi[seat]).sort((a, b) => passRisk(b) - passRisk(a));
}

/** How much the seat wants a card gone: low cards most, high cards (small assets) least. */
export function passRisk(id: CardId): number {
  return (id < START_THRESHOLD ? START_THRESHOLD - id : (START_THRESHOLD - id) * 0.5) - 0.1 * POINTS[id];
}

/** What a suit the seat passes away entirely is worth, in passRisk units (a void lets it discard freely later). */
const PASS_VOID = 10;

/**
 * The cards the seat passes, riskiest first: the riskiest cards, unless passing all of a
 * short suit (with the riskiest of the rest) is worth more, counting PASS_VOID for the
 * void it makes: it can then discard a dangerous low card when that suit is led.
 */
export function passSet(r: Round, seat: number): CardId[] {
  const order = passOrder(r, seat);
  const k = 2 + r.devilCount(seat);
  let best = order.slice(0, k);
  let bestValue = best.reduce((sum, id) => sum + passRisk(id), 0);
  for (let suit = 0; suit < 3; suit++) {
    const short = order.filter((id) => SUIT_INDEX[id] === suit);
    if (short.length === 0 || short.length > k) continue;
    const set = [...short, ...order.filter((id) => SUIT_INDEX[id] !== suit).slice(0, k - short.length)];
    const value = set.reduce((sum, id) => sum + passRisk(id), PASS_VOID);
    if (value > bestValue) {
      best = set.sort((a, b) => passRisk(b) - passRisk(a));
      bestValue = value;
    }
  }
  return best;
}

/**
 * The heuristic's pass in Round slot order (left, right, devil, devil; 2 players:
 * face-up, hidden, devil, devil; -1 for unused): the riskiest card to the devil's trick,
 * the next to the right neighbour (2 players: the opponent's hidden hand), then the left
 * (the opponent's face-up row).
 */
export function choosePass(r: Round, seat: number, rng: Rng, noise: number): number[] {
  let order: CardId[];
  if (noise > 0 && rng.below(1000) < noise * 1000) {
    order = passOrder(r, seat);
    for (let i = order.length - 1; i > 0; i--) {
      const j = rng.below(i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
  } else {
    order = passSet(r, seat);
  }
  const devils = r.devilCount(seat);
  const devil = order.slice(0, devils);
  const right = order[devils];
  const left = order[devils + 1];
  return [left, right, devil[0] ?? -1, devil[1] ?? -1];
}

/** Let every seat that has not passed yet pass by the heuristic. */
export function passAll(r: Round, rng: Rng, noise: number): void {
  for (let s = 0; s < r.n && r.phase === PHASE_PASS; s++) {
    if (r.hasPassed(s)) continue;
    const [a, b, d1, d2] = choosePass(r, s, rng, noise);
    r.pass(s, a, b, d1, d2);
  }
}

/** Play the round to its end with the heuristic (passing first if needed). */
export function playOut(r: Round, rng: Rng, noise: number): void {
  passAll(r, rng, noise);
  while (r.phase === PHASE_PLAY) r.play(chooseCard(r, rng, noise));
}
