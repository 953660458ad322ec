/** The one converter between a pass as written (PassChoice) and the core's four slots. */
import { describe, expect, test } from 'vitest';
import { Game, passOfSlots, Rng, sameSlots, slotsOf } from '../../src/engine/index.js';
import { must, randomPass } from './helpers.js';

describe('pass slots', () => {
  test.each([2, 3, 4, 5, 6] as const)(
    'at %i players every pass survives the round trip, and the devil’s order does not matter',
    (players) => {
      const rng = new Rng(players);
      for (let seed = 0; seed < 20; seed++) {
        const game = must(Game.create({ players }, seed));
        for (let seat = 0; seat < players; seat++) {
          const pass = randomPass(game, seat, rng);
          const slots = slotsOf(players, pass);
          expect(slots).toHaveLength(4);
          expect(passOfSlots(players, slots)).toEqual(pass);
          const swapped = [slots[0], slots[1], slots[3], slots[2]];
          expect(sameSlots(slots, swapped)).toBe(true);
          expect(sameSlots(slots, [slots[1], slots[0], slots[2], slots[3]])).toBe(false);
        }
      }
    },
  );
});
