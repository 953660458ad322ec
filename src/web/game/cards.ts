/** How the client orders and names cards; every fact about a card comes from the engine. */
import { pointsOf, type Rank, SUITS, suitOf } from '../../engine/index.js';
import type { SortOrder } from '../prefs.js';

/** A hand in the player's preferred order: by rank, or grouped by suit and then by rank. */
export function sortCards(cards: readonly Rank[], order: SortOrder): Rank[] {
  const bySuit = (r: Rank) => SUITS.indexOf(suitOf(r) ?? 'red');
  return [...cards].sort((a, b) => (order === 'suit' ? bySuit(a) - bySuit(b) : 0) || a - b);
}

/** A card's identity for a screen reader, e.g. "24 green, 3 points", in the given words. */
export function cardLabel(rank: Rank, t: (key: string, options?: Record<string, unknown>) => string): string {
  const suit = suitOf(rank);
  return t('card.label', { rank: formatRank(rank), suit: suit ? t(`suit.${suit}`) : '', count: pointsOf(rank) });
}

/** Half ranks are printed with a half sign, as on the physical cards. */
export function formatRank(rank: Rank): string {
  return Number.isInteger(rank) ? String(rank) : `${Math.floor(rank)}½`;
}
