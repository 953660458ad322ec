/**
 * A bot thread of the server's pools (pool.ts): it receives a job (a bot's decision, a
 * hint, or one decision of a game to analyse) with a seat's view and answers with the
 * result and how long it took, so that long thinking never holds up the event loop.
 */
import { analyseMoment, hintFor } from '../../analysis/index.js';
import { botForLevel } from '../../bots/index.js';
import { serveJobs } from '../../bots/worker-pool.js';
import type { Done, Job } from './pool.js';

function perform(job: Job): unknown {
  switch (job.kind) {
    case 'decide':
      return botForLevel(job.level, job.seed).decide(job.view, job.legal);
    case 'hint':
      return hintFor(job.view, job.iterations, job.seed);
    case 'analyse':
      return analyseMoment(job.moment, job.iterations, job.seed);
  }
}

serveJobs<Job, Done>((job) => {
  const started = performance.now();
  return { result: perform(job), ms: performance.now() - started };
});
