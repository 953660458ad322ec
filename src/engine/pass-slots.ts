/**
 * A pass as players write it (PassChoice: left and right, or face-up and hidden, and the
 * devil's cards) and as the fast core keeps it: four slots of card ids, first, second,
 * devil, devil, -1 where unused (round.ts PASS_SLOTS). The one converter between the two,
 * for the engine, the bots and the analysis.
 */
import { cardId, RANK, type Rank } from './cards.js';
import type { PassChoice, SidePass, TwoPlayerPass } from './types.js';

/** The first two cards of a pass: to the left and right, or (2 players) face-up and hidden. */
export function firstTwoOf(players: number, pass: PassChoice): [Rank, Rank] {
  return players === 2
    ? [(pass as TwoPlayerPass).faceUp, (pass as TwoPlayerPass).hidden]
    : [(pass as SidePass).left, (pass as SidePass).right];
}

export function slotsOf(players: number, pass: PassChoice): number[] {
  const [first, second] = firstTwoOf(players, pass);
  const devil = (k: number) => (pass.devil[k] === undefined ? -1 : cardId(pass.devil[k]));
  return [cardId(first), cardId(second), devil(0), devil(1)];
}

export function passOfSlots(players: number, slots: readonly number[]): PassChoice {
  const devil = slots
    .slice(2)
    .filter((id) => id >= 0)
    .map((id) => RANK[id]);
  return players === 2
    ? { faceUp: RANK[slots[0]], hidden: RANK[slots[1]], devil }
    : { left: RANK[slots[0]], right: RANK[slots[1]], devil };
}

/** Two passes in slots are the same when the first two match and the devil's cards are the same set. */
export function sameSlots(a: readonly number[], b: readonly number[]): boolean {
  return a[0] === b[0] && a[1] === b[1] && ((a[2] === b[2] && a[3] === b[3]) || (a[2] === b[3] && a[3] === b[2]));
}
