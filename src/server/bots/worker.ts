/**
 * A bot thread: it receives a seat's view and legal actions and answers with the bot's
 * choice, so a bot that thinks long never holds up the server's event loop.
 */
import { botForLevel } from '../../bots/index.js';
import { serveJobs } from '../../bots/worker-pool.js';
import type { DecideRequest, Decision } from './pool.js';

serveJobs<DecideRequest, Decision>((req) => {
  const started = performance.now();
  const action = botForLevel(req.level, req.seed).decide(req.view, req.legal);
  return { action, ms: performance.now() - started };
});
