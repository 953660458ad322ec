/** Between the engine's card ids (what the bots think in) and the actions a bot returns. */
import { type Action, type CardId, type PassChoice, RANK } from '../engine/index.js';

/** A pass in Round slot order (-1 for unused) as the engine's PassChoice. */
export function passChoiceOf(players: number, slots: readonly number[]): PassChoice {
  const devil = slots
    .slice(2)
    .filter((id) => id >= 0)
    .map((id) => RANK[id]);
  return players === 2
    ? { faceUp: RANK[slots[0]], hidden: RANK[slots[1]], devil }
    : { left: RANK[slots[0]], right: RANK[slots[1]], devil };
}

function samePass(a: PassChoice, b: PassChoice): boolean {
  const firstTwo = (p: PassChoice): number[] => ('left' in p ? [p.left, p.right] : [p.faceUp, p.hidden]);
  const [a1, a2] = firstTwo(a);
  const [b1, b2] = firstTwo(b);
  return a1 === b1 && a2 === b2 && a.devil.length === b.devil.length && a.devil.every((r) => b.devil.includes(r));
}

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
      : legal.find((a) => a.type === 'pass' && a.seat === seat && samePass(a.pass, passChoiceOf(players, choice.pass)));
  if (found) return found;
  const what =
    'card' in choice ? `card ${RANK[choice.card]}` : `pass ${JSON.stringify(passChoiceOf(players, choice.pass))}`;
  throw new Error(`bot for seat ${seat + 1} chose ${what}, which is not among its ${legal.length} legal actions`);
}
