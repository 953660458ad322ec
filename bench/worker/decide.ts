/** The timed loop of `npm run bench:worker`, the same in Node (run.ts) and in the browser's worker (decide-worker.ts). */
import { botForLevel } from '../../src/bots/index.js';
import type { Action, TableView } from '../../src/engine/index.js';

/** The expert's decision on each view (seed 1), with the milliseconds each took. */
export function timeDecisions(views: readonly TableView[]): { times: number[]; actions: Action[] } {
  const times: number[] = [];
  const actions: Action[] = [];
  for (const v of views) {
    const started = performance.now();
    actions.push(botForLevel('expert', 1).decide(v));
    times.push(performance.now() - started);
  }
  return { times, actions };
}
