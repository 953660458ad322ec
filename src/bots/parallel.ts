/**
 * Root-parallel search: the same position searched by several worker threads with
 * different seeds, their root visits added up. Bot.decide is synchronous, so the threads
 * are a WorkerPool used through its blocking `runEach`. The threads load the compiled
 * module (dist/bots/search-worker.js) and are unref'd, so an idle pool never keeps a
 * process alive.
 */
import type { TableView } from '../engine/index.js';
import type { Budget } from './bot.js';
import type { ViewSearch } from './ismcts.js';
import { addResults, type SearchResult, searchSeed } from './search.js';
import { type SearchJob, searchView } from './search-view.js';
import { WorkerPool } from './worker-pool.js';

/** How long a search thread may stay silent before it is taken for dead and the decision fails. */
const SILENT_THREAD_MS = 10 * 60_000;

const pools = new Map<number, WorkerPool<SearchJob, SearchResult>>();

function pool(threads: number): WorkerPool<SearchJob, SearchResult> {
  let p = pools.get(threads);
  if (!p?.open) {
    p = new WorkerPool(new URL('./search-worker.js', import.meta.url), threads, { unref: true });
    pools.set(threads, p);
  }
  return p;
}

/**
 * Search `view` on `threads` workers, each with its share of the iterations and its own
 * seed; each runs `searches` searches of its share (search-view.ts).
 */
function searchInParallel(
  view: TableView,
  budget: Required<Budget>,
  seed: number,
  threads: number,
  searches: number,
): SearchResult[] {
  const share = { iterations: Math.ceil(budget.iterations / threads), ms: budget.ms };
  const jobs = Array.from({ length: threads }, (_, k) => ({
    view,
    budget: share,
    seed: searchSeed(seed, k),
    searches,
  }));
  try {
    return pool(threads).runEach(jobs, SILENT_THREAD_MS);
  } catch (e) {
    // A pool whose thread went silent is closed; the next search starts a fresh one.
    throw new Error(`parallel search: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/**
 * ismcts's search (ismctsBot's `search`) on `threads` worker threads; a forced play (one
 * legal card) is not worth a thread and is searched here.
 */
export function searchOnThreads(threads: number): ViewSearch {
  return (view, budget, seed, searches) =>
    view.phase === 'pass' || view.legal.length > 1
      ? addResults(searchInParallel(view, budget, seed, threads, searches))
      : searchView(view, budget, seed, searches);
}
