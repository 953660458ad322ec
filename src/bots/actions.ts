/** Between the engine's card ids (what the bots think in) and the actions a bot returns. */
import { type Action, type CardId, passOfSlots, RANK, sameSlots, slotsOf } from '../engine/index.js';

/**
 * The member of `legal` that is this pass or play. A bot chooses among the legal cards of
 * its own position, so the choice is always there; if it is not, the bot has a bug (or
 * was handed a view and a legal list that disagree), and that must fail loudly rather
 * than play an arbitrary card.
 */
export function pickLegal(
  legal: readonly Action[],
  seat: number,
  choice: { readonly pass: readonly number[] } | { readonly card: CardId },
  players: number,
): Action {
  const found =
    'card' in choice
      ? legal.find((a) => a.type === 'play' && a.card === RANK[choice.card])
      : legal.find((a) => a.type === 'pass' && a.seat === seat && sameSlots(slotsOf(players, a.pass), choice.pass));
  if (found) return found;
  const what =
    'card' in choice ? `card ${RANK[choice.card]}` : `pass ${JSON.stringify(passOfSlots(players, choice.pass))}`;
  throw new Error(`bot for seat ${seat + 1} chose ${what}, which is not among its ${legal.length} legal actions`);
}
