/**
 * A bot cannot reach hidden cards: it is given only a view, and two games that differ only
 * in cards the seat cannot see give it the same view and so the same decision. The test
 * builds such twin games by swapping the unseen cards of two other seats.
 */
import { describe, expect, test } from 'vitest';
import { type Bot, createBot } from '../../src/bots/index.js';
import { type Deal, Game, type PassChoice, type Rank, type SidePass, view } from '../../src/engine/index.js';
import { must } from './helpers.js';

const BOTS: [string, () => Bot][] = [
  ['heuristic', () => createBot('heuristic', { seed: 3 })],
  ['ismcts', () => createBot('ismcts', { seed: 3, budget: { iterations: 200 } })],
];

/** A game from a deal, with every seat's pass applied (if given). */
function gameOf(deal: Deal, passes: readonly PassChoice[] | null): Game {
  const g = must(Game.awaitingDeals({ players: 4, rounds: 1 }));
  must(g.deal(deal));
  passes?.forEach((pass, seat) => {
    must(g.apply({ type: 'pass', seat, pass }));
  });
  return g;
}

function passed(p: PassChoice): Rank[] {
  const side = p as SidePass;
  return [side.left, side.right, ...side.devil];
}

describe('bots see only their view', () => {
  for (const seed of [1, 2, 3]) {
    const original = must(Game.create({ players: 4, rounds: 1 }, seed));
    const dealt = original.log[0];
    const heuristic = createBot('heuristic', { seed: 1 });
    for (let s = 0; s < 4; s++) must(original.apply(heuristic.decide(view(original, s))));
    const passes = original.log[0].passes as PassChoice[];
    const seat = original.toAct()[0];
    const [a, b] = [0, 1, 2, 3].filter((s) => s !== seat);

    test.each(BOTS)(
      `%s: swapping two other seats' unseen cards changes nothing for the first player (deal ${seed})`,
      (_, make) => {
        // Each of a and b keeps the cards it passes; the cards it keeps go to the other.
        const kept = (s: number) => dealt.hands[s].filter((r) => !passed(passes[s]).includes(r));
        const hands = dealt.hands.map((h) => [...h]);
        hands[a] = [...passed(passes[a]), ...kept(b)];
        hands[b] = [...passed(passes[b]), ...kept(a)];
        const twin = gameOf({ dealer: dealt.dealer, hands }, passes);
        const real = gameOf({ dealer: dealt.dealer, hands: dealt.hands }, passes);
        expect(twin.snapshot().handLo[a]).not.toBe(real.snapshot().handLo[a]);
        expect(view(twin, seat)).toEqual(view(real, seat));
        expect(make().decide(view(twin, seat))).toEqual(make().decide(view(real, seat)));
      },
    );

    test.each(BOTS)(`%s: before passing, other hands dealt differently change nothing (deal ${seed})`, (_, make) => {
      const hands = dealt.hands.map((h) => [...h]);
      [hands[a], hands[b]] = [hands[b], hands[a]];
      const twin = gameOf({ dealer: dealt.dealer, hands }, null);
      const real = gameOf({ dealer: dealt.dealer, hands: dealt.hands }, null);
      expect(view(twin, seat)).toEqual(view(real, seat));
      expect(make().decide(view(twin, seat))).toEqual(make().decide(view(real, seat)));
    });
  }
});
