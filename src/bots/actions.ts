/** Between the engine's card ids (what the bots think in) and the actions a bot returns. */
import { type CardId, RANK } from '../engine/cards.js';
import type { Action, PassChoice } from '../engine/types.js';

/** A pass in Round slot order (-1 for unused) as the engine's PassChoice. */
export function passChoiceOf(players: number, slots: readonly number[]): PassChoice {
  const devil = slots.slice(2).filter((id) => id >= 0).map((id) => RANK[id]);
  return players === 2 ? { faceUp: RANK[slots[0]], hidden: RANK[slots[1]], devil } : { left: RANK[slots[0]], right: RANK[slots[1]], devil };
}

function samePass(a: PassChoice, b: PassChoice): boolean {
  const firstTwo = (p: PassChoice): number[] => ('left' in p ? [p.left, p.right] : [p.faceUp, p.hidden]);
  const [a1, a2] = firstTwo(a);
  const [b1, b2] = firstTwo(b);
  return a1 === b1 && a2 === b2 && a.devil.length === b.devil.length && a.devil.every((r) => b.devil.includes(r));
}

/**
 * The member of `legal` that is this pass or play. Bots always choose among legal cards,
 * so it is there; if a caller offers a narrower list, the first legal action stands in.
 */
export function pickLegal(legal: readonly Action[], seat: number, choice: { readonly pass: readonly number[] } | { readonly card: CardId }, players: number): Action {
  if ('card' in choice) {
    const rank = RANK[choice.card];
    return legal.find((a) => a.type === 'play' && a.card === rank) ?? legal[0];
  }
  const pass = passChoiceOf(players, choice.pass);
  return legal.find((a) => a.type === 'pass' && a.seat === seat && samePass(a.pass, pass)) ?? legal[0];
}
