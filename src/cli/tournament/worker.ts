/** A tournament worker thread: receives the spec once, then deal numbers; answers with each deal's results. */
import { poolData, serveJobs } from '../../bots/worker-pool.js';
import { Programs } from '../botproto/programs.js';
import { loadBaselineBots } from './baseline.js';
import { playDeal, type TournamentSpec } from './match.js';

const spec = poolData<TournamentSpec>();
// Deals wait on the port until serveJobs listens, so loading the baseline first is safe.
const baseline = spec.baseline ? await loadBaselineBots(spec.baseline.dir) : null;
// This thread's own copy of each program (seats `cmd:…`), kept from deal to deal.
const programs = new Programs(spec);
serveJobs<number, ReturnType<typeof playDeal>>((deal) => playDeal(spec, deal, baseline, programs));
