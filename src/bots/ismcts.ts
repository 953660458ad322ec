/**
 * Information-set Monte Carlo tree search: every iteration searches a fresh deal of the
 * unseen cards. Pure, on the calling thread: the search on several worker threads is
 * Node's alone (parallel.ts), handed in by createBot (index.ts), so that a browser's
 * bundle of the bots (the offline game's Web Worker) holds no Node module at all.
 */
import type { TableView } from '../engine/index.js';
import { actionOf } from './actions.js';
import type { Bot, BotOptions, Budget } from './bot.js';
import { decisionSeed } from './decision.js';
import { bestChoice, type SearchResult } from './search.js';
import { searchView } from './search-view.js';

/** Iterations of one search of the default. */
export const SEARCH_ITERATIONS = 2000;

/**
 * The hard level's one search. Search saturates early: the expert's 10,000 iterations
 * scored no better than one search of 2,000 (about +0.3 points per hand over 2,000 hands
 * and more), while against 500 they pass the sequential test (docs/journal/benchmarks-2026.md, sixth round)
 * and 500 still keep most of 2,000's lead over the heuristic. So hard searches 500: a
 * level people can tell from expert, and four times quicker to answer.
 */
export const HARD_ITERATIONS = 500;

/**
 * Without a budget a decision runs this many independent searches of SEARCH_ITERATIONS
 * each (searchView): the expert level. With 5 or 6 players a round, and so every
 * playout, is longer, so fewer searches keep its time per decision within the issue's
 * limits (BENCHMARKS.md).
 */
export function defaultSearches(players: number): number {
  return players >= 5 ? 2 : 5;
}

/** The default's iterations per decision with 2–4 players (also the oracle's default). */
export const ISMCTS_DEFAULT_ITERATIONS = defaultSearches(4) * SEARCH_ITERATIONS;

/** The budget as given, completed; null when none was given. */
function givenBudget(budget: Budget | undefined): Required<Budget> | null {
  if (!budget || (budget.iterations === undefined && budget.ms === undefined)) return null;
  return { iterations: budget.iterations ?? Number.MAX_SAFE_INTEGER, ms: budget.ms ?? 0 };
}

export function resolveBudget(budget: Budget | undefined, iterations: number): Required<Budget> {
  return givenBudget(budget) ?? { iterations, ms: 0 };
}

/** How a decision's position is searched: `searches` searches of `budget` in all, their root visits added up. */
export type ViewSearch = (view: TableView, budget: Required<Budget>, seed: number, searches: number) => SearchResult;

/**
 * A given budget is searched once (or `searches` times); none gives the default
 * (defaultSearches). The search runs on this thread unless `search` says otherwise
 * (options.threads is createBot's, which passes the threads' search here).
 */
export function ismctsBot(options: BotOptions, name = 'ismcts', search: ViewSearch = searchView): Bot {
  const fixed = givenBudget(options.budget);
  return {
    name,
    decide(view) {
      const searches = Math.max(1, Math.floor(options.searches ?? (fixed ? 1 : defaultSearches(view.options.players))));
      const budget = fixed ?? { iterations: searches * SEARCH_ITERATIONS, ms: 0 };
      const seed = decisionSeed(options.seed, view);
      return actionOf(view.viewer!, bestChoice(search(view, budget, seed, searches)), view.options.players);
    },
  };
}
