/** Information-set Monte Carlo tree search: every iteration searches a fresh deal of the unseen cards. */
import { searchPosition, type TableView } from '../engine/index.js';
import { pickLegal } from './actions.js';
import type { Bot, BotOptions, Budget } from './bot.js';
import { decisionSeed } from './decision.js';
import { inferredDeals } from './inference.js';
import { searchInParallel } from './parallel.js';
import { Sampler } from './sampler.js';
import { addResults, bestChoice, type SearchResult, search } from './search.js';

/** Iterations per decision by default (BENCHMARKS.md has the decision times it gives). */
export const ISMCTS_DEFAULT_ITERATIONS = 10_000;

export function resolveBudget(budget: Budget | undefined, iterations: number): Required<Budget> {
  if (!budget || (budget.iterations === undefined && budget.ms === undefined)) return { iterations, ms: 0 };
  return { iterations: budget.iterations ?? Number.MAX_SAFE_INTEGER, ms: budget.ms ?? 0 };
}

/** One search of the seat's information set, on this thread. */
export function searchView(view: TableView, budget: Required<Budget>, seed: number): SearchResult {
  const known = searchPosition(view);
  const deals = inferredDeals(known, new Sampler(known), budget.iterations);
  return search(known.round, known.seat, deals, budget, seed);
}

export function ismctsBot(options: BotOptions, name = 'ismcts'): Bot {
  const budget = resolveBudget(options.budget, ISMCTS_DEFAULT_ITERATIONS);
  const threads = Math.max(1, Math.floor(options.threads ?? 1));
  return {
    name,
    decide(view, legal) {
      const seed = decisionSeed(options.seed, view);
      const result =
        threads > 1 && legal.length > 1
          ? addResults(searchInParallel(view, budget, seed, threads))
          : searchView(view, budget, seed);
      return pickLegal(legal, view.viewer!, bestChoice(result), view.options.players);
    },
  };
}
