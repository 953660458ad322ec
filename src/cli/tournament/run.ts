/**
 * Deals handed out to worker threads one at a time, results gathered by deal number.
 * When `stop` is aborted (Ctrl-C) no new deal is handed out and the deals finished so far
 * are returned, so a long run interrupted still reports what it measured.
 */
import { Worker } from 'node:worker_threads';
import type { DealResult, TournamentSpec } from './match.js';

export async function runDeals(spec: TournamentSpec, deals: number, workers: number, onDeal: (done: number, result: DealResult) => void, stop?: AbortSignal): Promise<DealResult[]> {
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
              if (next < deals && !stop?.aborted) worker.postMessage(next++);
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
              onDeal(++done, m.result);
              feed();
            });
            worker.on('error', reject);
            stop?.addEventListener('abort', () => resolve(), { once: true });
            feed();
          }),
      ),
    );
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
  return results.filter((r) => r !== undefined);
}
