/**
 * The search bots play for their team (RULES.md §4: every member is credited the team's
 * summed score, and a bottle's owner scores nothing for its won pile).
 *
 * The scenario: the mover is last in a trick its partner is winning with a card under the
 * price, so the partner is about to take the bottle. The mover can take it instead (it
 * holds a card between the partner's card and the price) or let the partner have it, and
 * whoever ends up with it keeps it: no card still out lies below the mover's taking card,
 * and the mover holds none below the partner's card, so nobody can buy it off either of
 * them later. The bottle then costs the team the won pile of whichever partner holds it.
 * So a team player takes the bottle itself when its partner's pile is the bigger one
 * (by 15 points or more) and lets the partner keep it when its own pile is. A bot playing
 * for itself would never take it: that costs the mover the devil's trick and its pile.
 *
 * Positions are found in games of uniformly random legal actions (which buy bottles often), from the
 * mover's view only; the search level then decides from that view.
 */
import { describe, expect, test } from 'vitest';
import { botForLevel } from '../../src/bots/index.js';
import { Game, type Mode, type PlayerCount, type Rank, Rng, type TableView, view } from '../../src/engine/index.js';

interface Scenario {
  readonly seed: number;
  readonly view: TableView;
  /** The mover's cards that would take the bottle from its partner. */
  readonly takes: readonly Rank[];
  /** True when the partner's won pile is the bigger one, so the team wants the mover to take the bottle. */
  readonly shouldTake: boolean;
}

/** Points by which one partner's won pile must exceed the other's for the answer to be clear. */
const PILE_GAP = 15;

function scenarioOf(v: TableView, players: number): Omit<Scenario, 'seed' | 'view'> | null {
  const me = v.viewer;
  const winning = v.trick.winning;
  if (v.phase !== 'play' || v.teams === null || me === null || winning === null || !winning.takesBottle) return null;
  if (v.trick.cards.length !== players - 1 || winning.seat === me || v.teams[winning.seat] !== v.teams[me]) return null;
  const partnerCard = v.trick.cards.find((c) => c.seat === winning.seat)!.card;
  const price = v.bottles[v.bottleInPlay - 1].price;
  const takes = v.legal.filter((c) => c > partnerCard && c < price);
  if (takes.length === 0 || takes.length === v.legal.length) return null;
  // Whoever has the bottle after this trick keeps it.
  if (v.outstanding.some((c) => c < Math.min(...takes)) || v.hand!.some((c) => c < partnerCard)) return null;
  const gap = v.wonPoints[winning.seat] - v.wonPoints[me];
  if (Math.abs(gap) < PILE_GAP) return null;
  return { takes, shouldTake: gap > 0 };
}

/** The first positions of the scenario in random games, at least three and both ways round (searching at most `seeds` games). */
function scenarios(players: PlayerCount, mode: Mode, seeds: number): Scenario[] {
  const found: Scenario[] = [];
  const enough = () => found.length >= 3 && found.some((s) => s.shouldTake) && found.some((s) => !s.shouldTake);
  for (let seed = 1; seed <= seeds && !enough(); seed++) {
    const created = Game.create({ players, mode, rounds: 1 }, seed);
    if (!created.ok) throw new Error(created.error.message);
    const game = created.value;
    const rng = new Rng(seed);
    while (game.phase !== 'over') {
      const seat = game.toAct()[0];
      const legal = game.legalActions(seat);
      // Only the last card of a trick can be the scenario; the view is built only then.
      if (game.currentTrick().cards.length === players - 1) {
        const v = view(game, seat);
        const s = scenarioOf(v, players);
        if (s) found.push({ ...s, seed, view: v });
      }
      const applied = game.apply(legal[rng.below(legal.length)]);
      if (!applied.ok) throw new Error(applied.error.message);
    }
  }
  return found;
}

const TABLES: [PlayerCount, Mode, number][] = [
  [4, '2-1-1', 6000],
  [5, '2-2-1', 6000],
  [6, '2-2-2', 6000],
  [6, '2-2-1-1', 6000],
];

describe('team modes: the search bots play for the team', () => {
  test.each(TABLES)(
    '%i players, %s: the mover takes the bottle off its partner exactly when the partner has the bigger pile',
    (players, mode, seeds) => {
      const found = scenarios(players, mode, seeds);
      // The positions exist at every table, both ways round, so the test cannot pass by finding none.
      expect(found.some((s) => s.shouldTake)).toBe(true);
      expect(found.some((s) => !s.shouldTake)).toBe(true);
      // `hard`; `expert` adds up five such searches on other deals (and takes five times the time).
      for (const s of found) {
        const action = botForLevel('hard', s.seed).decide(s.view);
        if (action.type !== 'play') throw new Error(`hard answered a play with ${action.type}`);
        const took = s.takes.includes(action.card);
        const where = `seed ${s.seed}, seat ${s.view.viewer! + 1}, piles ${s.view.wonPoints.join('/')}, played ${action.card}`;
        expect(took, where).toBe(s.shouldTake);
      }
    },
    240_000,
  );
});
