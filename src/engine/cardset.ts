/**
 * Sets of cards as two 32-bit words: ids 0..31 in `lo`, ids 32..53 in `hi`.
 * The hot paths of the engine and the bots work on these words directly; these helpers
 * are for the places where clarity beats the last nanosecond.
 */
import { CARD_COUNT, type CardId, POINTS, SUIT_INDEX } from './cards.js';

export function bitCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Index of the lowest set bit of a non-zero word. */
export function lowestBit(x: number): number {
  return 31 - Math.clz32(x & -x);
}

/** The k-th (0-based, in id order) card of a set. The set must have more than k cards. */
export function nthCard(lo: number, hi: number, k: number): CardId {
  const nLo = bitCount(lo);
  let word = lo;
  let base = 0;
  if (k >= nLo) {
    word = hi;
    base = 32;
    k -= nLo;
  }
  while (k-- > 0) word &= word - 1;
  return base + lowestBit(word);
}

export function hasCard(lo: number, hi: number, id: CardId): boolean {
  return id < 32 ? (lo & (1 << id)) !== 0 : (hi & (1 << (id - 32))) !== 0;
}

/** Add a card to the set at index i of a pair of word arrays (one set per seat). */
export function addCard(lo: Int32Array, hi: Int32Array, i: number, id: CardId): void {
  if (id < 32) lo[i] |= 1 << id;
  else hi[i] |= 1 << (id - 32);
}

/** Take a card out of the set at index i of a pair of word arrays. */
export function removeCard(lo: Int32Array, hi: Int32Array, i: number, id: CardId): void {
  if (id < 32) lo[i] &= ~(1 << id);
  else hi[i] &= ~(1 << (id - 32));
}

/** The set of the given ids as its two words. */
export function setOf(ids: Iterable<CardId>): [number, number] {
  const words = [new Int32Array(1), new Int32Array(1)] as const;
  for (const id of ids) addCard(words[0], words[1], 0, id);
  return [words[0][0], words[1][0]];
}

/** The points of the cards in a set. */
export function setPoints(lo: number, hi: number): number {
  let p = 0;
  for (let w = lo; w !== 0; w &= w - 1) p += POINTS[lowestBit(w)];
  for (let w = hi; w !== 0; w &= w - 1) p += POINTS[32 + lowestBit(w)];
  return p;
}

/** The ids of a set, in rank order. */
export function cardIds(lo: number, hi: number): CardId[] {
  const out: CardId[] = [];
  for (let w = lo; w !== 0; w &= w - 1) out.push(lowestBit(w));
  for (let w = hi; w !== 0; w &= w - 1) out.push(32 + lowestBit(w));
  return out;
}

/** Per id x (0..54), the set of the ids below x: BELOW_LO[x], BELOW_HI[x]. */
export const BELOW_LO = new Int32Array(CARD_COUNT + 1);
export const BELOW_HI = new Int32Array(CARD_COUNT + 1);
for (let x = 0; x <= CARD_COUNT; x++) {
  BELOW_LO[x] = x >= 32 ? -1 : (1 << x) - 1;
  BELOW_HI[x] = x <= 32 ? 0 : (1 << (x - 32)) - 1;
}

/** Per suit, the mask of all its cards: SUIT_LO[s], SUIT_HI[s]. */
export const SUIT_LO = new Int32Array(3);
export const SUIT_HI = new Int32Array(3);
for (let id = 0; id < CARD_COUNT; id++) {
  if (id < 32) SUIT_LO[SUIT_INDEX[id]] |= 1 << id;
  else SUIT_HI[SUIT_INDEX[id]] |= 1 << (id - 32);
}
