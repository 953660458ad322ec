/**
 * The browser side of `npm run bench:worker`: a module Web Worker, built by Vite as the
 * web client's offline worker is, that fetches the positions (views.json) and times the
 * expert bot's decision on each, exactly as the offline game's worker decides.
 */
/// <reference lib="webworker" />
import { botForLevel } from '../../src/bots/index.js';
import type { Action, TableView } from '../../src/engine/index.js';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = async () => {
  const views = (await (await fetch('./views.json')).json()) as TableView[];
  const times: number[] = [];
  const actions: Action[] = [];
  for (const v of views) {
    const started = performance.now();
    actions.push(botForLevel('expert', 1).decide(v));
    times.push(performance.now() - started);
  }
  self.postMessage({ times, actions });
};
