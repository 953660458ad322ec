/** A worker thread of the parallel search: searches the position it is sent and answers on its port. */
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import type { TableView } from '../engine/index.js';
import type { Budget } from './bot.js';
import { searchView } from './ismcts.js';

interface Job {
  readonly view: TableView;
  readonly budget: Required<Budget>;
  readonly seed: number;
}

const { port, done } = workerData as { port: MessagePort; done: Int32Array };
parentPort!.on('message', (job: Job) => {
  try {
    port.postMessage({ ok: true, result: searchView(job.view, job.budget, job.seed) });
  } catch (e) {
    port.postMessage({ ok: false, error: e instanceof Error ? e.message : String(e) });
  }
  Atomics.add(done, 0, 1);
  Atomics.notify(done, 0);
});
