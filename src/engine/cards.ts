/**
 * The deck. A card's rank is its identity; inside the engine a card is also known by
 * its *id*, its index in the full deck sorted by rank (0..53), so that sets of cards fit
 * in two 32-bit words (see cardset.ts) and "below the price" is a comparison of ids.
 */

export const SUITS = ['red', 'blue', 'green'] as const;
export type Suit = (typeof SUITS)[number];

/** A card as players name it: its rank (1, 2.5, 37, ...). */
export type Rank = number;
/** A card as the engine indexes it: 0..53 in rank order. */
export type CardId = number;

/** The bottle's price at the start of every round; 19 is not a playing card. */
export const START_PRICE: Rank = 19;

// [rank, suit, points] for all 54 cards, in rank order. Half ranks join the deck only
// for 5 and 6 players (the extended deck).
const TABLE: ReadonlyArray<readonly [Rank, Suit, number]> = [
  [1, 'red', 1],
  [2, 'red', 1],
  [2.5, 'red', 1],
  [3, 'blue', 1],
  [4, 'red', 2],
  [4.5, 'red', 2],
  [5, 'red', 2],
  [6, 'blue', 1],
  [6.5, 'blue', 1],
  [7, 'red', 3],
  [8, 'blue', 2],
  [8.5, 'blue', 2],
  [9, 'red', 3],
  [10, 'blue', 2],
  [10.5, 'blue', 2],
  [11, 'green', 1],
  [12, 'red', 4],
  [12.5, 'red', 4],
  [13, 'blue', 3],
  [14, 'green', 1],
  [14.5, 'green', 1],
  [15, 'red', 4],
  [16, 'green', 2],
  [16.5, 'green', 2],
  [17, 'blue', 4],
  [18, 'red', 5],
  [18.5, 'red', 5],
  [20, 'blue', 4],
  [20.5, 'blue', 4],
  [21, 'green', 2],
  [22, 'red', 5],
  [22.5, 'red', 5],
  [23, 'blue', 4],
  [24, 'green', 3],
  [24.5, 'green', 3],
  [25, 'red', 6],
  [26, 'green', 3],
  [26.5, 'green', 3],
  [27, 'blue', 5],
  [28, 'red', 6],
  [28.5, 'red', 6],
  [29, 'green', 4],
  [30, 'blue', 5],
  [30.5, 'blue', 5],
  [31, 'green', 4],
  [32, 'blue', 6],
  [32.5, 'blue', 6],
  [33, 'green', 5],
  [34, 'green', 5],
  [34.5, 'green', 5],
  [35, 'blue', 6],
  [36, 'green', 6],
  [36.5, 'green', 6],
  [37, 'green', 6],
];

export const CARD_COUNT = TABLE.length;
export const RANK: readonly Rank[] = TABLE.map((c) => c[0]);
export const SUIT_INDEX: readonly number[] = TABLE.map((c) => SUITS.indexOf(c[1]));
export const POINTS: readonly number[] = TABLE.map((c) => c[2]);
export const IS_EXTENDED: readonly boolean[] = RANK.map((r) => !Number.isInteger(r));

const ID_BY_RANK = new Map<Rank, CardId>(RANK.map((r, id) => [r, id]));

/** The id of a rank, or -1 when no card has that rank. */
export function cardId(rank: Rank): CardId {
  return ID_BY_RANK.get(rank) ?? -1;
}

export function suitOf(rank: Rank): Suit | undefined {
  const id = cardId(rank);
  return id < 0 ? undefined : SUITS[SUIT_INDEX[id]];
}

export function pointsOf(rank: Rank): number {
  const id = cardId(rank);
  return id < 0 ? 0 : POINTS[id];
}

/**
 * A price as an id threshold: a card is below the price exactly when its id is smaller.
 * Prices are always 19 or the rank of a card, so this is exact.
 */
export function priceThreshold(price: Rank): number {
  let t = 0;
  while (t < CARD_COUNT && RANK[t] < price) t++;
  return t;
}

export const START_THRESHOLD = priceThreshold(START_PRICE);

/** The price a threshold stands for (the inverse of priceThreshold for real prices). */
export function thresholdPrice(threshold: number): Rank {
  return threshold === START_THRESHOLD ? START_PRICE : RANK[threshold];
}

/** The ids of the deck used with this many players, in rank order. */
export function deckIds(extended: boolean): CardId[] {
  const ids: CardId[] = [];
  for (let id = 0; id < CARD_COUNT; id++) if (extended || !IS_EXTENDED[id]) ids.push(id);
  return ids;
}

export function describeCard(rank: Rank): string {
  const suit = suitOf(rank);
  return suit ? `${rank} (${suit})` : String(rank);
}
