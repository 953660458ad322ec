/**
 * The oracle: the same search as ismcts, but on the true deal. It is the one bot that is
 * handed more than a view (a way to look at the real round), so it exists only for
 * measuring what hidden information costs; it is never offered to players and createBot
 * cannot make it.
 */
import type { Round } from '../engine/index.js';
import { actionOf } from './actions.js';
import type { Bot, BotOptions } from './bot.js';
import { decisionSeed } from './decision.js';
import { ISMCTS_DEFAULT_ITERATIONS, resolveBudget } from './ismcts.js';
import { bestChoice, search } from './search.js';

export function oracleBot(options: BotOptions, trueRound: () => Round): Bot {
  const budget = resolveBudget(options.budget, ISMCTS_DEFAULT_ITERATIONS);
  return {
    name: 'oracle',
    decide(view) {
      const seat = view.viewer!;
      const round = trueRound();
      const result = search(round, seat, (_rng, out) => out.copyFrom(round), budget, decisionSeed(options.seed, view));
      return actionOf(seat, bestChoice(result), round.n);
    },
  };
}
