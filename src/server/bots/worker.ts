/**
 * A live bot thread of the server (pool.ts): it receives a job (a bot's decision or a
 * hint) with a seat's view and answers with the result and how long it took, so that long
 * thinking never holds up the event loop. Analyses run in analysis-process.ts instead.
 */
import { hintFor } from '../../analysis/index.js';
import { botForLevel } from '../../bots/index.js';
import { serveJobs } from '../../bots/worker-pool.js';
import type { Done, LiveJob } from './pool.js';

function perform(job: LiveJob): unknown {
  switch (job.kind) {
    case 'decide':
      return botForLevel(job.level, job.seed).decide(job.view);
    case 'hint':
      return hintFor(job.view, job.iterations, job.seed);
  }
}

serveJobs<LiveJob, Done>((job) => {
  const started = performance.now();
  return { result: perform(job), ms: performance.now() - started };
});
