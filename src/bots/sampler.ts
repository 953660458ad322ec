/**
 * Determinization for search: deal the cards a seat has not seen to the other hidden
 * hands and the devil's trick, consistently with everything the seat knows (the engine's
 * searchPosition places the known cards; here only sizes and revealed voids constrain the rest).
 *
 * Cards go out one at a time in random order, each to a recipient drawn in proportion to
 * the room it has left, but only when the cards still to deal can then be dealt at all.
 * With three suits that check is Hall's condition over the seven sets of suits, so the
 * sampler never dead-ends and never breaks a void.
 */
import { type CardId, cardIds, type Rng, type Round, type SearchPosition, SUIT_INDEX } from '../engine/index.js';

const ALL_SUITS = 7;

export class Sampler {
  /** The cards to deal, in a fixed order: a deal is a recipient for each (assign). */
  readonly cards: readonly CardId[];
  /** Recipients: other seats with missing cards, then the devil's trick (seat -1). */
  readonly who: number[] = [];
  /** Per recipient, a bit per suit it may receive. */
  readonly accepts: number[] = [];
  /** The order cards are dealt in, shuffled afresh (in place) for every deal. */
  private readonly order: number[];
  private readonly scratch: Int8Array;
  private readonly need: number[] = [];
  private readonly cap: number[] = [];
  private readonly left = [0, 0, 0];

  constructor(private readonly known: SearchPosition) {
    this.cards = cardIds(known.unseenLo, known.unseenHi);
    this.order = this.cards.map((_, i) => i);
    this.scratch = new Int8Array(this.cards.length);
    known.missing.forEach((m, s) => {
      if (m > 0) this.addRecipient(s, ALL_SUITS & ~known.voidBits[s], m);
    });
    if (known.devilMissing > 0) this.addRecipient(-1, ALL_SUITS, known.devilMissing);
    const total = this.need.reduce((a, b) => a + b, 0);
    if (total !== this.cards.length) throw new Error(`sampler: ${this.cards.length} unseen cards for ${total} places`);
  }

  private addRecipient(seat: number, accepts: number, need: number): void {
    this.who.push(seat);
    this.accepts.push(accepts);
    this.need.push(need);
    this.cap.push(0);
  }

  /** Copy the known round into `out` and deal the unseen cards into it. */
  sample(rng: Rng, out: Round): void {
    this.assign(rng, this.scratch);
    this.place(this.scratch, out);
  }

  /** Copy the known round into `out` and give each card the recipient `deal` names for it. */
  place(deal: Int8Array, out: Round): void {
    out.copyFrom(this.known.round);
    for (let i = 0; i < deal.length; i++) out.place(this.who[deal[i]], this.cards[i]);
  }

  /** Whether cards i and j of `deal` may trade places (each recipient accepts the other's suit). */
  canSwap(deal: Int8Array, i: number, j: number): boolean {
    const a = deal[i];
    const b = deal[j];
    return (
      a !== b &&
      (this.accepts[a] & (1 << SUIT_INDEX[this.cards[j]])) !== 0 &&
      (this.accepts[b] & (1 << SUIT_INDEX[this.cards[i]])) !== 0
    );
  }

  /** A random deal into `out`: for each card of `cards`, the index of its recipient in `who`. */
  assign(rng: Rng, out: Int8Array): void {
    const order = this.order;
    for (let i = order.length - 1; i > 0; i--) {
      const j = rng.below(i + 1);
      const t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    const left = this.left;
    left[0] = left[1] = left[2] = 0;
    for (const id of this.cards) left[SUIT_INDEX[id]]++;
    const cap = this.cap;
    for (let k = 0; k < cap.length; k++) cap[k] = this.need[k];

    for (const i of order) {
      const id = this.cards[i];
      const suitBit = 1 << SUIT_INDEX[id];
      left[SUIT_INDEX[id]]--;
      // Draw a recipient by remaining room; drop ones that would leave the rest undealable.
      let tried = 0;
      for (;;) {
        let weight = 0;
        for (let k = 0; k < cap.length; k++)
          if ((tried & (1 << k)) === 0 && (this.accepts[k] & suitBit) !== 0) weight += cap[k];
        if (weight === 0) throw new Error('sampler: no consistent deal (the view contradicts itself)');
        let pick = rng.below(weight);
        let k = 0;
        for (; k < cap.length; k++) {
          if ((tried & (1 << k)) !== 0 || (this.accepts[k] & suitBit) === 0) continue;
          if (pick < cap[k]) break;
          pick -= cap[k];
        }
        cap[k]--;
        if (this.dealable()) {
          out[i] = k;
          break;
        }
        cap[k]++;
        tried |= 1 << k;
      }
    }
  }

  /** Hall's condition: every set of suits fits into the room of the recipients that accept one of them. */
  private dealable(): boolean {
    for (let set = 1; set <= ALL_SUITS; set++) {
      let cards = 0;
      for (let s = 0; s < 3; s++) if (set & (1 << s)) cards += this.left[s];
      let room = 0;
      for (let k = 0; k < this.cap.length; k++) if (this.accepts[k] & set) room += this.cap[k];
      if (cards > room) return false;
    }
    return true;
  }
}
