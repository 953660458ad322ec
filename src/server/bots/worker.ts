/**
 * A bot thread: it receives a job (a bot's decision, a hint, or one decision of a game
 * to analyse) with a seat's view and answers with the result, so that long thinking never
 * holds up the server's event loop.
 */
import { parentPort } from 'node:worker_threads';
import { analyseMoment, hintFor } from '../../analysis/index.js';
import { botForLevel } from '../../bots/index.js';
import type { Job, WorkerRequest, WorkerResponse } from './pool.js';

if (!parentPort) throw new Error('the bot worker must run in a worker thread');
const port = parentPort;

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

port.on('message', (req: WorkerRequest) => {
  let reply: WorkerResponse;
  const started = performance.now();
  try {
    reply = { id: req.id, result: perform(req.job), ms: performance.now() - started };
  } catch (e) {
    reply = { id: req.id, error: e instanceof Error ? e.message : String(e), ms: performance.now() - started };
  }
  port.postMessage(reply);
});
