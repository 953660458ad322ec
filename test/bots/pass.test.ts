/**
 * The heuristic's pass: the riskiest cards, or a whole short suit when the void it makes
 * is worth more; and the pass search starts from exactly that pass.
 */
import { describe, expect, test } from 'vitest';
import { choosePass, passOrder, passSet } from '../../src/bots/policy.js';
import { passCandidates } from '../../src/bots/search.js';
import {
  Game,
  type Mode,
  modesFor,
  type PlayerCount,
  Rng,
  SUIT_INDEX,
  searchPosition,
  view,
} from '../../src/engine/index.js';

const TABLES: [PlayerCount, Mode][] = ([2, 3, 4, 5, 6] as PlayerCount[]).flatMap((n) =>
  modesFor(n).map((m): [PlayerCount, Mode] => [n, m]),
);

describe('the heuristic pass', () => {
  test.each(TABLES)(
    '%i players, %s: riskiest cards or a whole short suit; the search tries it first',
    (players, mode) => {
      let voids = 0;
      for (let seed = 1; seed <= 60; seed++) {
        const game = Game.create({ players, mode, rounds: 1 }, seed);
        if (!game.ok) throw new Error(game.error.message);
        const seat = seed % players;
        const { round } = searchPosition(view(game.value, seat));
        const k = 2 + round.devilCount(seat);
        const set = passSet(round, seat);
        const riskiest = passOrder(round, seat).slice(0, k);
        expect(new Set(set).size).toBe(k);
        if ([...set].sort().join() !== [...riskiest].sort().join()) {
          // Differing from the riskiest cards is only ever for a void: every card of one
          // suit the hand holds is passed.
          const suits = [0, 1, 2].filter((s) => set.some((id) => SUIT_INDEX[id] === s));
          const emptied = suits.filter(
            (s) =>
              passOrder(round, seat).filter((id) => SUIT_INDEX[id] === s).length ===
              set.filter((id) => SUIT_INDEX[id] === s).length,
          );
          expect(emptied.length).toBeGreaterThan(0);
          voids++;
        }
        const [first] = passCandidates(round, seat);
        expect(first).toEqual(choosePass(round, seat, new Rng(seed), 0));
      }
      // The rule is not dead: some deals at some tables pass for a void.
      if (players >= 4) expect(voids).toBeGreaterThan(0);
    },
  );
});
