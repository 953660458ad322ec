/**
 * The fast core of one round: deal, pass, tricks and scoring on card-id bitmasks, with
 * no allocation per play. The public Game (game.ts) wraps it with checks, events and
 * history; bots copy it for their playouts. It trusts its caller: every method assumes
 * a legal input, so only code that has checked legality (or chose from `legalMask`)
 * may call it.
 *
 * Its state is the engine's alone: the class (RoundCore) stays inside src/engine, and
 * index.ts exports only the type `Round`, the same object with every field read-only,
 * and `createRound`. Code outside the engine reads a round and changes it only through
 * its methods (play, pass, place, …), so no rule is decided outside the engine. The
 * read-only type costs nothing at run time: it is the same object.
 */
import { type CardId, deckIds, POINTS, START_THRESHOLD, SUIT_INDEX } from './cards.js';
import {
  addCard as addTo,
  bitCount,
  hasCard,
  nthCard,
  removeCard as removeFrom,
  SUIT_HI,
  SUIT_LO,
  setPoints,
} from './cardset.js';
import type { RandomSource, Rng } from './rng.js';
import {
  bottleCount,
  dealtHandSize,
  devilCardsOf,
  leftOf,
  type Mode,
  type PlayerCount,
  rightOf,
  type Setup,
  setupFor,
  teamsFor,
} from './setup.js';

export const PHASE_PASS = 0;
export const PHASE_PLAY = 1;
export const PHASE_DONE = 2;

/** Slots of a seat's pass, 4 per seat: left, right, devil, devil (3–6 players) or
 * face-up, hidden, devil, devil (2 players). -1 marks an unused slot. */
export const PASS_SLOTS = 4;

/** A typed array as code outside the engine sees it: readable, never writable. */
export interface ReadonlyInts extends ArrayLike<number>, Iterable<number> {
  readonly [index: number]: number;
  subarray(begin?: number, end?: number): ReadonlyInts;
  slice(begin?: number, end?: number): ReadonlyInts;
}

type ReadOnly<T> = T extends Int32Array | Int8Array | Uint8Array ? ReadonlyInts : T;

/**
 * A round as code outside the engine sees it (index.ts exports this, not the class):
 * every field read-only, typed arrays included; its methods are the only way to change it.
 */
export type Round = { readonly [K in Exclude<keyof RoundCore, 'clone'>]: ReadOnly<RoundCore[K]> } & {
  /** A full copy, for search. */
  clone(): Round;
};

/** A fresh round of a table, before the deal (for benchmarks and playouts from scratch). */
export function createRound(players: PlayerCount, mode: Mode, dealer: number): Round {
  return new RoundCore(players, mode, dealer);
}

export class RoundCore {
  readonly setup: Setup;
  readonly n: number;
  readonly bottles: 1 | 2;
  /** Team index per seat (0 = A), or null in individual mode. */
  readonly teamOf: Int8Array | null;
  readonly mode: Mode;
  readonly dealer: number;
  readonly firstPlayer: number;

  phase = PHASE_PASS;
  /** Hidden hands. */
  readonly handLo: Int32Array;
  readonly handHi: Int32Array;
  /** Face-up rows (2 players; empty otherwise). */
  readonly upLo: Int32Array;
  readonly upHi: Int32Array;
  devilLo = 0;
  devilHi = 0;

  /** Chosen passes, PASS_SLOTS per seat; a seat has passed when its first slot is set. */
  readonly passCards: Int8Array;
  passesMade = 0;

  /** Per bottle (index 0 = bottle 1): price as an id threshold, and owner seat or -1. */
  readonly threshold = new Int32Array(2);
  readonly owner = new Int8Array(2);

  leader: number;
  turn: number;
  trickLen = 0;
  readonly trickCards = new Int8Array(6);
  ledSuit = -1;
  tricksPlayed = 0;
  /** Result of the last complete trick: winner and the bottle sold (1, 2) or 0. */
  lastWinner = -1;
  lastBottle = 0;

  readonly wonPoints: Int32Array;
  readonly wonTricks: Int32Array;
  /** Per seat, bit s set when the seat has shown it lacks suit s. */
  readonly voids: Uint8Array;
  playedLo = 0;
  playedHi = 0;

  /** Scratch output of computeLegal(). */
  legalLo = 0;
  legalHi = 0;

  constructor(players: PlayerCount, mode: Mode, dealer: number) {
    const n = players;
    this.setup = setupFor(players);
    this.n = n;
    this.bottles = bottleCount(players, mode);
    this.mode = mode;
    this.dealer = dealer;
    this.firstPlayer = leftOf(dealer, n);
    const letters = teamsFor(mode, n, this.firstPlayer);
    this.teamOf = letters ? Int8Array.from(letters, (l) => l.charCodeAt(0) - 65) : null;
    this.handLo = new Int32Array(n);
    this.handHi = new Int32Array(n);
    this.upLo = new Int32Array(n);
    this.upHi = new Int32Array(n);
    this.passCards = new Int8Array(n * PASS_SLOTS).fill(-1);
    this.wonPoints = new Int32Array(n);
    this.wonTricks = new Int32Array(n);
    this.voids = new Uint8Array(n);
    this.threshold.fill(START_THRESHOLD);
    this.owner.fill(-1);
    this.leader = this.firstPlayer;
    this.turn = this.firstPlayer;
  }

  /** Deal the given hidden hands and face-up rows (card ids), already checked. */
  deal(hands: readonly (readonly CardId[])[], faceUp: readonly (readonly CardId[])[] | null): void {
    for (let s = 0; s < this.n; s++) {
      for (const id of hands[s]) addTo(this.handLo, this.handHi, s, id);
      if (faceUp) for (const id of faceUp[s]) addTo(this.upLo, this.upHi, s, id);
    }
  }

  /** Shuffle the deck for this player count and deal it (Fisher–Yates, no allocation). */
  dealRandom(rng: RandomSource): void {
    const deck = SHUFFLE_SCRATCH;
    const ids = this.setup.extended ? EXTENDED_DECK : BASE_DECK;
    const size = ids.length;
    deck.set(ids);
    for (let i = size - 1; i > 0; i--) {
      const j = rng.below(i + 1);
      const t = deck[i];
      deck[i] = deck[j];
      deck[j] = t;
    }
    let k = 0;
    for (let s = 0; s < this.n; s++) {
      for (let c = dealtHandSize(this.setup, s, this.dealer); c > 0; c--) addTo(this.handLo, this.handHi, s, deck[k++]);
    }
    for (let s = 0; s < this.n; s++) {
      for (let c = this.setup.faceUpSize; c > 0; c--) addTo(this.upLo, this.upHi, s, deck[k++]);
    }
  }

  hasPassed(seat: number): boolean {
    return this.passCards[seat * PASS_SLOTS] >= 0;
  }

  /** Cards this seat puts in the devil's trick. */
  devilCount(seat: number): number {
    return devilCardsOf(this.setup, seat, this.dealer);
  }

  /**
   * Record a seat's pass (ids from its hidden hand; d1/d2 = -1 when unused) and take the
   * cards out of its hand. When the last seat has passed, all passed cards arrive.
   */
  pass(seat: number, first: CardId, second: CardId, d1: CardId, d2: CardId): void {
    const o = seat * PASS_SLOTS;
    this.passCards[o] = first;
    this.passCards[o + 1] = second;
    this.passCards[o + 2] = d1;
    this.passCards[o + 3] = d2;
    for (let k = 0; k < PASS_SLOTS; k++) {
      const id = this.passCards[o + k];
      if (id >= 0) removeFrom(this.handLo, this.handHi, seat, id);
    }
    if (++this.passesMade === this.n) this.exchange();
  }

  private exchange(): void {
    const n = this.n;
    for (let s = 0; s < n; s++) {
      const o = s * PASS_SLOTS;
      const first = this.passCards[o];
      const second = this.passCards[o + 1];
      if (n === 2) {
        addTo(this.upLo, this.upHi, 1 - s, first);
        addTo(this.handLo, this.handHi, 1 - s, second);
      } else {
        addTo(this.handLo, this.handHi, leftOf(s, n), first);
        addTo(this.handLo, this.handHi, rightOf(s, n), second);
      }
      for (let k = 2; k < PASS_SLOTS; k++) {
        const id = this.passCards[o + k];
        if (id >= 0) this.addToDevil(id);
      }
    }
    this.phase = PHASE_PLAY;
  }

  /** The bottle in play (0 or 1): the higher price; on equal prices, bottle 1. */
  bottleInPlay(): number {
    return this.bottles === 2 && this.threshold[1] > this.threshold[0] ? 1 : 0;
  }

  /** Set legalLo/legalHi to the cards the seat to play may play. Returns how many. */
  computeLegal(): number {
    const s = this.turn;
    let lo = this.handLo[s] | this.upLo[s];
    let hi = this.handHi[s] | this.upHi[s];
    if (this.trickLen > 0) {
      const fLo = lo & SUIT_LO[this.ledSuit];
      const fHi = hi & SUIT_HI[this.ledSuit];
      if ((fLo | fHi) !== 0) {
        lo = fLo;
        hi = fHi;
      }
    }
    this.legalLo = lo;
    this.legalHi = hi;
    return bitCount(lo) + bitCount(hi);
  }

  /** Whether the seat to play may play this card now. */
  isLegal(id: CardId): boolean {
    this.computeLegal();
    return hasCard(this.legalLo, this.legalHi, id);
  }

  /** Play a card (legal, by the seat whose turn it is). */
  play(id: CardId): void {
    const s = this.turn;
    const bit = id < 32 ? 1 << id : 1 << (id - 32);
    if (id < 32) {
      if (this.handLo[s] & bit) this.handLo[s] &= ~bit;
      else this.upLo[s] &= ~bit;
      this.playedLo |= bit;
    } else {
      if (this.handHi[s] & bit) this.handHi[s] &= ~bit;
      else this.upHi[s] &= ~bit;
      this.playedHi |= bit;
    }
    const suit = SUIT_INDEX[id];
    if (this.trickLen === 0) this.ledSuit = suit;
    else if (suit !== this.ledSuit) this.voids[s] |= 1 << this.ledSuit;
    this.trickCards[this.trickLen++] = id;
    if (this.trickLen === this.setup.trickSize) this.finishTrick();
    else this.turn = (this.leader + this.trickLen) % this.n;
  }

  /** The trick is complete: its winner takes the cards, and perhaps the bottle in play. */
  private finishTrick(): void {
    const b = this.bottleInPlay();
    const pos = winningPosition(this.trickCards, this.trickLen, this.threshold[b]);
    const best = this.trickCards[pos];
    const winner = (this.leader + pos) % this.n;
    let points = 0;
    for (let i = 0; i < this.trickLen; i++) points += POINTS[this.trickCards[i]];
    if (best < this.threshold[b]) {
      this.owner[b] = winner;
      this.threshold[b] = best;
      this.lastBottle = b + 1;
    } else {
      this.lastBottle = 0;
    }
    this.lastWinner = winner;
    this.wonPoints[winner] += points;
    this.wonTricks[winner]++;
    this.leader = winner;
    this.turn = winner;
    this.trickLen = 0;
    this.ledSuit = -1;
    if (++this.tricksPlayed === this.setup.tricks) this.phase = PHASE_DONE;
  }

  devilPoints(): number {
    return setPoints(this.devilLo, this.devilHi);
  }

  /**
   * Put a card the searcher could not see into a seat's hidden hand, or into the devil's
   * trick (seat -1): how a determinization fills a searchable position (position.ts).
   */
  place(seat: number, id: CardId): void {
    if (seat >= 0) addTo(this.handLo, this.handHi, seat, id);
    else this.addToDevil(id);
  }

  private addToDevil(id: CardId): void {
    if (id < 32) this.devilLo |= 1 << id;
    else this.devilHi |= 1 << (id - 32);
  }

  /** Whether seats a and b score together: the same seat, or team mates in a team mode. */
  sameSide(a: number, b: number): boolean {
    return a === b || (this.teamOf !== null && this.teamOf[a] === this.teamOf[b]);
  }

  /**
   * Each seat's credited score for the finished round (RULES.md §3.5 and §4): a bottle
   * owner loses the devil points per bottle and scores no cards; in team modes every
   * member is credited the team's sum.
   */
  score(out: Int32Array | number[]): void {
    const devil = this.devilPoints();
    const n = this.n;
    for (let s = 0; s < n; s++) {
      const bottles = (this.owner[0] === s ? 1 : 0) + (this.owner[1] === s ? 1 : 0);
      out[s] = bottles > 0 ? -bottles * devil : this.wonPoints[s];
    }
    const teamOf = this.teamOf;
    if (teamOf) {
      const sums = [0, 0, 0, 0];
      for (let s = 0; s < n; s++) sums[teamOf[s]] += out[s];
      for (let s = 0; s < n; s++) out[s] = sums[teamOf[s]];
    }
  }

  /**
   * Take back every card played this round, `plays` in the order they were played and
   * `seats` who played each: each goes back to its player's hand and the round stands at
   * its first lead again (bottles at the start price and unowned, nothing won, no voids
   * shown). A search replays a sampled deal's round from there (inference on hidden cards).
   */
  rewind(plays: ArrayLike<CardId>, seats: ArrayLike<number>): void {
    for (let k = 0; k < plays.length; k++) addTo(this.handLo, this.handHi, seats[k], plays[k]);
    this.threshold.fill(START_THRESHOLD);
    this.owner.fill(-1);
    this.wonPoints.fill(0);
    this.wonTricks.fill(0);
    this.voids.fill(0);
    this.leader = this.firstPlayer;
    this.turn = this.firstPlayer;
    this.trickLen = 0;
    this.ledSuit = -1;
    this.tricksPlayed = 0;
    this.lastWinner = -1;
    this.lastBottle = 0;
    this.playedLo = 0;
    this.playedHi = 0;
  }

  /** Cards still to be played, all seats together. */
  cardsLeft(): number {
    let c = 0;
    for (let s = 0; s < this.n; s++)
      c += bitCount(this.handLo[s] | this.upLo[s]) + bitCount(this.handHi[s] | this.upHi[s]);
    return c;
  }

  /** A full copy, for search. */
  clone(): RoundCore {
    // Built by the constructor so the copy has the same shape as every other Round and
    // stays on V8's fast paths.
    const r = new RoundCore(this.setup.players, this.mode, this.dealer);
    r.copyFrom(this);
    return r;
  }

  /** Copy another round of the same table into this one, without allocating. */
  copyFrom(other: Round): void {
    // Spelled out: a loop over field names is several times slower on this hot path.
    this.handLo.set(other.handLo);
    this.handHi.set(other.handHi);
    this.upLo.set(other.upLo);
    this.upHi.set(other.upHi);
    this.passCards.set(other.passCards);
    this.threshold.set(other.threshold);
    this.owner.set(other.owner);
    this.trickCards.set(other.trickCards);
    this.wonPoints.set(other.wonPoints);
    this.wonTricks.set(other.wonTricks);
    this.voids.set(other.voids);
    this.phase = other.phase;
    this.devilLo = other.devilLo;
    this.devilHi = other.devilHi;
    this.passesMade = other.passesMade;
    this.leader = other.leader;
    this.turn = other.turn;
    this.trickLen = other.trickLen;
    this.ledSuit = other.ledSuit;
    this.tricksPlayed = other.tricksPlayed;
    this.lastWinner = other.lastWinner;
    this.lastBottle = other.lastBottle;
    this.playedLo = other.playedLo;
    this.playedHi = other.playedHi;
  }

  /** Pick a uniformly random legal card for the seat to play (for playouts). */
  randomLegal(rng: Rng): CardId {
    const count = this.computeLegal();
    return nthCard(this.legalLo, this.legalHi, rng.below(count));
  }

  /** A uniformly random pass for a seat (for playouts and random games). */
  randomPass(seat: number, rng: Rng): void {
    const picks = [-1, -1, -1, -1];
    const wanted = 2 + this.devilCount(seat);
    let lo = this.handLo[seat];
    let hi = this.handHi[seat];
    for (let k = 0; k < wanted; k++) {
      const id = nthCard(lo, hi, rng.below(bitCount(lo) + bitCount(hi)));
      picks[k] = id;
      if (id < 32) lo &= ~(1 << id);
      else hi &= ~(1 << (id - 32));
    }
    this.pass(seat, picks[0], picks[1], picks[2], picks[3]);
  }
}

/**
 * Who wins a trick (RULES.md §3.2), as the position of the winning card: the highest card
 * below the price (threshold) of the bottle in play if there is one, else the highest
 * card. The winner takes the bottle exactly when its card is below the price. Suits
 * never matter. Also answers "who is winning so far" for a trick in progress.
 */
export function winningPosition(cards: ArrayLike<CardId>, len: number, threshold: number): number {
  let best = -1;
  let bestPos = -1;
  let highest = -1;
  let highestPos = -1;
  for (let i = 0; i < len; i++) {
    const id = cards[i];
    if (id < threshold && id > best) {
      best = id;
      bestPos = i;
    }
    if (id > highest) {
      highest = id;
      highestPos = i;
    }
  }
  return bestPos >= 0 ? bestPos : highestPos;
}

const BASE_DECK = Int8Array.from(deckIds(false));
const EXTENDED_DECK = Int8Array.from(deckIds(true));
/** Shared by all rounds: dealing is synchronous, so one scratch deck is enough. */
const SHUFFLE_SCRATCH = new Int8Array(EXTENDED_DECK.length);
