/** Deals handed out to worker threads one at a time, results gathered in deal order. */
import { Worker } from 'node:worker_threads';
import type { DealResult, TournamentSpec } from './match.js';

export async function runDeals(spec: TournamentSpec, deals: number, workers: number, onDeal: (done: number) => void): Promise<DealResult[]> {
  const results: DealResult[] = new Array(deals);
  let next = 0;
  let done = 0;
  const url = new URL('./worker.js', import.meta.url);
  const pool = Array.from({ length: Math.max(1, Math.min(workers, deals)) }, () => new Worker(url, { workerData: spec }));
  try {
    await Promise.all(
      pool.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const feed = (): void => {
              if (next < deals) worker.postMessage(next++);
              else {
                worker.postMessage(null);
                resolve();
              }
            };
            worker.on('message', (m: { ok: true; result: DealResult } | { ok: false; error: string }) => {
              if (!m.ok) {
                reject(new Error(m.error));
                return;
              }
              results[m.result.deal] = m.result;
              onDeal(++done);
              feed();
            });
            worker.on('error', reject);
            feed();
          }),
      ),
    );
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
  return results;
}
