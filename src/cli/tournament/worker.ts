/** A tournament worker thread: receives the spec once, then deal numbers; answers with each deal's results. */
import { workerData } from 'node:worker_threads';
import { serveJobs } from '../../bots/worker-pool.js';
import { playDeal, type TournamentSpec } from './match.js';

const spec = workerData as TournamentSpec;
serveJobs<number, ReturnType<typeof playDeal>>((deal) => playDeal(spec, deal));
