/**
 * The server's analysis process (pool.ts starts it through IdleProcesses): it answers one
 * decision of a finished game at a time, at the lowest CPU priority, with how long it took.
 */
import { analyseMoment } from '../../analysis/index.js';
import { serveIdleJobs } from './idle-processes.js';
import type { AnalyseJob, Done } from './pool.js';

serveIdleJobs<AnalyseJob, Done>((job) => {
  const started = performance.now();
  return { result: analyseMoment(job.moment, job.iterations, job.seed), ms: performance.now() - started };
});
