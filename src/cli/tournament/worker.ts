/** A tournament worker thread: receives the spec once, then deal numbers; answers with each deal's results. */
import { parentPort, workerData } from 'node:worker_threads';
import { playDeal, type TournamentSpec } from './match.js';

const spec = workerData as TournamentSpec;
parentPort!.on('message', (deal: number | null) => {
  if (deal === null) {
    parentPort!.close();
    return;
  }
  try {
    parentPort!.postMessage({ ok: true, result: playDeal(spec, deal) });
  } catch (e) {
    parentPort!.postMessage({ ok: false, error: e instanceof Error ? e.message : String(e) });
  }
});
