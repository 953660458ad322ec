/**
 * Deals handed out to worker threads (the shared WorkerPool) one at a time, results
 * gathered by deal number. When `stop` is aborted (Ctrl-C) no new deal is handed out,
 * deals still being played are dropped, and the deals finished so far are returned, so a
 * long run interrupted still reports what it measured.
 */
import { WorkerPool } from '../../bots/worker-pool.js';
import type { DealResult, TournamentSpec } from './match.js';

export async function runDeals(
  spec: TournamentSpec,
  deals: number,
  workers: number,
  onDeal: (done: number, result: DealResult) => void,
  stop?: AbortSignal,
): Promise<DealResult[]> {
  const results: DealResult[] = new Array(deals);
  const threads = Math.max(1, Math.min(workers, deals));
  const pool = new WorkerPool<number, DealResult>(new URL('./worker.js', import.meta.url), threads, {
    workerData: spec,
  });
  let next = 0;
  let done = 0;
  // One lane per thread, each taking the next deal as soon as its last one is finished.
  const lane = async (): Promise<void> => {
    while (next < deals && !stop?.aborted) {
      const result = await pool.run(next++);
      results[result.deal] = result;
      onDeal(++done, result);
    }
  };
  const aborted = new Promise<void>((resolve) => stop?.addEventListener('abort', () => resolve(), { once: true }));
  const lanes = Promise.all(Array.from({ length: threads }, lane));
  try {
    await Promise.race([lanes, aborted]);
  } finally {
    // Closing rejects the deals still being played; after an abort that is expected.
    lanes.catch(() => undefined);
    await pool.close();
  }
  return results.filter((r) => r !== undefined);
}
