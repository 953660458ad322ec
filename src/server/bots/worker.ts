/**
 * A bot thread: it receives a seat's view and legal actions and answers with the bot's
 * choice, so a bot that thinks long never holds up the server's event loop.
 */
import { parentPort } from 'node:worker_threads';
import { botForLevel } from '../../bots/index.js';
import type { DecideRequest, DecideResponse } from './pool.js';

if (!parentPort) throw new Error('the bot worker must run in a worker thread');
const port = parentPort;

port.on('message', (req: DecideRequest) => {
  let reply: DecideResponse;
  const started = performance.now();
  try {
    const action = botForLevel(req.level, req.seed).decide(req.view, req.legal);
    reply = { id: req.id, action, ms: performance.now() - started };
  } catch (e) {
    reply = { id: req.id, error: e instanceof Error ? e.message : String(e), ms: performance.now() - started };
  }
  port.postMessage(reply);
});
