/**
 * "What would this card do?": the trick as it stands plus the viewer's card, judged by
 * the engine's own winningPosition against the price of the bottle in play.
 */
import { cardId, priceThreshold, type Rank, setupFor, type TableView, winningPosition } from '../../engine/index.js';

export interface PlayPreview {
  /** Who would be winning the trick right after this card. */
  readonly seat: number;
  readonly card: Rank;
  /** Whether that card is below the price, so its player would buy the bottle. */
  readonly takesBottle: boolean;
  /** Whether this card completes the trick, so the outcome is final. */
  readonly final: boolean;
}

export function previewPlay(view: TableView, card: Rank): PlayPreview | null {
  if (view.viewer === null || view.phase !== 'play' || !view.legal.includes(card)) return null;
  const cards = [...view.trick.cards, { seat: view.viewer, card }];
  const ids = cards.map((c) => cardId(c.card));
  const threshold = priceThreshold(view.bottles[view.bottleInPlay - 1].price);
  const pos = winningPosition(ids, ids.length, threshold);
  return {
    seat: cards[pos].seat,
    card: cards[pos].card,
    takesBottle: ids[pos] < threshold,
    final: cards.length === setupFor(view.options.players).trickSize,
  };
}
