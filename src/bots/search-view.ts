/**
 * The search of one seat's view on this thread: what ismcts.ts runs for a decision and what
 * each thread of the parallel search (search-worker.ts) runs for its share. Apart from both,
 * so that neither the bot nor the thread imports the other.
 */
import { searchPosition, type TableView } from '../engine/index.js';
import type { Budget } from './bot.js';
import { inferredDeals } from './inference.js';
import { Sampler } from './sampler.js';
import { addResults, decisionIterations, type SearchResult, search, searchSeed } from './search.js';

/** A parallel search's job for one thread: the view, its share of the budget, its seed. */
export interface SearchJob {
  readonly view: TableView;
  readonly budget: Required<Budget>;
  readonly seed: number;
  readonly searches?: number;
}

/**
 * Searches of the seat's information set, on this thread: `searches` independent ones,
 * each with its own pool of deals (inference.ts), its own seed and an equal share of the
 * decision's iterations, their root visits added up. More iterations of one search buy
 * nothing past a few thousand (docs/journal/benchmarks-2026.md): its choice is as good as the deals it
 * sampled and the playouts' model allow, so a larger budget goes to more searches on
 * other deals instead.
 */
export function searchView(view: TableView, budget: Required<Budget>, seed: number, searches = 1): SearchResult {
  const known = searchPosition(view);
  // The pass cap (search.ts) bounds the decision, not each of its searches.
  const share = {
    iterations: Math.ceil(decisionIterations(known.round, budget.iterations) / searches),
    ms: budget.ms / searches,
  };
  const results = Array.from({ length: searches }, (_, k) =>
    search(
      known.round,
      known.seat,
      inferredDeals(known, new Sampler(known), share.iterations),
      share,
      searchSeed(seed, k),
    ),
  );
  return searches === 1 ? results[0] : addResults(results);
}
