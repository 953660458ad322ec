/** A worker thread of the parallel search (parallel.ts): searches the position it is sent. */
import { type SearchJob, searchView } from './search-view.js';
import { serveJobs } from './worker-pool.js';

serveJobs<SearchJob, ReturnType<typeof searchView>>((job) => searchView(job.view, job.budget, job.seed, job.searches));
