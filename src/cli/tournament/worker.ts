/** A tournament worker thread: receives the spec once, then deal numbers; answers with each deal's results. */
import { parentPort, workerData } from 'node:worker_threads';
import { loadBaselineBots } from './baseline.js';
import { playDeal, type TournamentSpec } from './match.js';

const spec = workerData as TournamentSpec;
// Messages wait on the port until the listener below is added, so loading first is safe.
const baseline = spec.baseline ? await loadBaselineBots(spec.baseline.dir) : null;
parentPort!.on('message', (deal: number | null) => {
  if (deal === null) {
    parentPort!.close();
    return;
  }
  try {
    parentPort!.postMessage({ ok: true, result: playDeal(spec, deal, baseline) });
  } catch (e) {
    parentPort!.postMessage({ ok: false, error: e instanceof Error ? e.message : String(e) });
  }
});
