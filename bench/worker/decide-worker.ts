/**
 * The browser side of `npm run bench:worker`: a module Web Worker, built by Vite as the
 * web client's offline worker is, that fetches the positions (views.json) once and, for
 * each index it is sent, times the expert bot's decision on that position, exactly as
 * the offline game's worker decides.
 */
/// <reference lib="webworker" />
import type { TableView } from '../../src/engine/index.js';
import { timeDecisions } from './decide.js';

declare const self: DedicatedWorkerGlobalScope;

let views: Promise<TableView[]> | null = null;

self.onmessage = async (e: MessageEvent<number>) => {
  views ??= fetch('./views.json').then((r) => r.json() as Promise<TableView[]>);
  const all = await views;
  self.postMessage(timeDecisions([all[e.data]]));
};
