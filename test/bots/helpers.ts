/** Playing games with bots, for the bot tests. */
import type { Bot } from '../../src/bots/index.js';
import { type Action, Game, type GameOptions, view } from '../../src/engine/index.js';

/** Plays a whole game, failing loudly if any bot returns an action outside its legal list or the engine refuses it. */
export function playGame(options: GameOptions, seed: number, botFor: (seat: number, game: Game) => Bot, stopAfter = Number.POSITIVE_INFINITY): Game {
  const game = Game.create(options, seed);
  if (!game.ok) throw new Error(game.error.message);
  const g = game.value;
  const bots = Array.from({ length: g.players }, (_, s) => botFor(s, g));
  for (let steps = 0; g.phase !== 'over' && steps < stopAfter; steps++) {
    const seat = g.toAct()[0];
    const legal = g.legalActions(seat);
    const action = bots[seat].decide(view(g, seat), legal);
    if (!legal.some((a) => sameAction(a, action))) throw new Error(`${bots[seat].name} at seat ${seat} returned an action not in its legal list: ${JSON.stringify(action)}`);
    const applied = g.apply(action);
    if (!applied.ok) throw new Error(`${bots[seat].name} at seat ${seat}: ${applied.error.detail}`);
  }
  return g;
}

export function sameAction(a: Action, b: Action): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
