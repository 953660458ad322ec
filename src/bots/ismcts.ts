/** Information-set Monte Carlo tree search: every iteration searches a fresh deal of the unseen cards. */
import { pickLegal } from './actions.js';
import type { Bot, BotOptions, Budget } from './bot.js';
import { decisionSeed } from './decision.js';
import { knownRound } from './position.js';
import { Sampler } from './sampler.js';
import { search } from './search.js';

/** Iterations per decision by default: about 100 ms median on one core of the reference machine (BENCHMARKS.md). */
export const ISMCTS_DEFAULT_ITERATIONS = 2000;

export function resolveBudget(budget: Budget | undefined, iterations: number): Required<Budget> {
  if (!budget || (budget.iterations === undefined && budget.ms === undefined)) return { iterations, ms: 0 };
  return { iterations: budget.iterations ?? Number.MAX_SAFE_INTEGER, ms: budget.ms ?? 0 };
}

export function ismctsBot(options: BotOptions, name = 'ismcts'): Bot {
  const budget = resolveBudget(options.budget, ISMCTS_DEFAULT_ITERATIONS);
  return {
    name,
    decide(view, legal) {
      const known = knownRound(view);
      const sampler = new Sampler(known);
      const result = search(known.round, known.seat, (rng, out) => sampler.sample(rng, out), budget, decisionSeed(options.seed, view));
      const choice = result.pass ? { pass: result.pass } : { card: result.card! };
      return pickLegal(legal, known.seat, choice, known.round.n);
    },
  };
}
