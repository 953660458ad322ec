/**
 * Root-parallel search: the same position searched by several worker threads with
 * different seeds, their root visits added up. Bot.decide is synchronous, so the calling
 * thread blocks on an Atomics counter while the workers run and then reads their answers
 * with receiveMessageOnPort. Workers load the compiled module (dist/bots/search-worker.js)
 * and are unref'd, so an idle pool never keeps a process alive.
 */
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { TableView } from '../engine/index.js';
import type { Budget } from './bot.js';
import type { SearchResult } from './search.js';

interface Helper {
  readonly worker: Worker;
  readonly port: MessagePort;
}

const pools = new Map<number, Helper[]>();
const done = new Int32Array(new SharedArrayBuffer(4));

function pool(threads: number): Helper[] {
  let helpers = pools.get(threads);
  if (!helpers) {
    helpers = Array.from({ length: threads }, () => {
      const { port1, port2 } = new MessageChannel();
      const worker = new Worker(new URL('./search-worker.js', import.meta.url), {
        workerData: { port: port2, done },
        transferList: [port2],
      });
      worker.unref();
      port1.unref();
      return { worker, port: port1 };
    });
    pools.set(threads, helpers);
  }
  return helpers;
}

/** Search `view` on `threads` workers, each with its share of the iterations and its own seed. */
export function searchInParallel(
  view: TableView,
  budget: Required<Budget>,
  seed: number,
  threads: number,
): SearchResult[] {
  const helpers = pool(threads);
  const share = { iterations: Math.ceil(budget.iterations / threads), ms: budget.ms };
  Atomics.store(done, 0, 0);
  helpers.forEach((h, k) => {
    h.worker.postMessage({ view, budget: share, seed: (seed + Math.imul(k, 0x9e3779b9)) >>> 0 });
  });
  for (let finished = 0; finished < threads; finished = Atomics.load(done, 0)) Atomics.wait(done, 0, finished);
  return helpers.map((h) => {
    const answer = receiveMessageOnPort(h.port)?.message as
      | { ok: true; result: SearchResult }
      | { ok: false; error: string }
      | undefined;
    if (!answer) throw new Error('parallel search: a worker finished without an answer');
    if (!answer.ok) throw new Error(`parallel search: ${answer.error}`);
    return answer.result;
  });
}
