/**
 * Deals handed out to worker threads (the shared WorkerPool) one at a time, results
 * gathered by deal number. When `stop` is aborted (Ctrl-C, or a strength test's verdict)
 * no new deal is handed out, deals still being played are dropped, and the deals finished
 * so far are returned, so a long run interrupted still reports what it measured. A
 * program's failure (without --forfeit) stops the run the same way and is thrown as a
 * ProgramFailure: what was measured with a broken entrant is not reported.
 *
 * Ending the threads ends their programs (seats `cmd:…`): the program threads go with
 * them, the programs' standard input closes, and a program exits at the end of its input
 * (docs/bot-protocol.md), in the middle of a hand or not.
 */
import { WorkerPool } from '../../bots/worker-pool.js';
import { ProgramFailure } from '../botproto/program.js';
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
  const halt = new AbortController();
  let failure: string | undefined;
  stop?.addEventListener('abort', () => halt.abort(), { once: true });
  let next = 0;
  let done = 0;
  // One lane per thread, each taking the next deal as soon as its last one is finished.
  const lane = async (): Promise<void> => {
    while (next < deals && !halt.signal.aborted) {
      const result = await pool.run(next++);
      if (result.failure !== undefined) {
        failure ??= result.failure;
        halt.abort();
        return;
      }
      results[result.deal] = result;
      onDeal(++done, result);
    }
  };
  const halted = new Promise<void>((resolve) => halt.signal.addEventListener('abort', () => resolve(), { once: true }));
  if (stop?.aborted) halt.abort();
  const lanes = Promise.all(Array.from({ length: threads }, lane));
  try {
    await Promise.race([lanes, halted]);
  } finally {
    // Closing rejects the deals still being played; after a stop that is expected.
    lanes.catch(() => undefined);
    await pool.close();
  }
  if (failure !== undefined) throw new ProgramFailure(failure);
  return results.filter((r) => r !== undefined);
}
