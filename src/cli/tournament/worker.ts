/** A tournament worker thread: receives the spec once, then deal numbers; answers with each deal's results. */
import { poolData, serveJobs } from '../../bots/worker-pool.js';
import { loadBaselineBots } from './baseline.js';
import { playDeal, type TournamentSpec } from './match.js';

const spec = poolData<TournamentSpec>();
// Deals wait on the port until serveJobs listens, so loading the baseline first is safe.
const baseline = spec.baseline ? await loadBaselineBots(spec.baseline.dir) : null;
serveJobs<number, ReturnType<typeof playDeal>>((deal) => playDeal(spec, deal, baseline));
