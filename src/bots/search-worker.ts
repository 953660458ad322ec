/** A worker thread of the parallel search (parallel.ts): searches the position it is sent. */
import type { TableView } from '../engine/index.js';
import type { Budget } from './bot.js';
import { searchView } from './ismcts.js';
import { serveJobs } from './worker-pool.js';

export interface SearchJob {
  readonly view: TableView;
  readonly budget: Required<Budget>;
  readonly seed: number;
  readonly searches?: number;
}

serveJobs<SearchJob, ReturnType<typeof searchView>>((job) => searchView(job.view, job.budget, job.seed, job.searches));
