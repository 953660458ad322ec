/**
 * `npm run bench:worker`: the expert bot's decision time in a module Web Worker of
 * headless Chromium (/usr/bin/chromium, as the offline game runs it) against Node on the
 * same positions. The positions are every decision of one seat with a choice (a pass, or
 * a play with two legal cards or more) in medium bots' games of 3 and 4 players; each is
 * decided by the expert (seed 1) in Node, then at once in the browser's worker
 * (decide-worker.ts, built by Vite), which must choose the same action: taking turns
 * position by position, both meet the same load on a shared machine. Prints JSON: median
 * and p99 in wall-clock ms for each (Node's CPU ms too), and the machine.
 *
 * Options: --positions N (80 per table size).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { botForLevel } from '../../src/bots/index.js';
import { type Action, Game, type PlayerCount, type TableView, view } from '../../src/engine/index.js';
import { wholeOption } from '../options.js';
import { timeDecisions } from './decide.js';

const PER_SIZE = wholeOption('positions', 80);
// Compiled to dist/bench-build/bench/worker/run.js: the repository is four folders up.
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const OUT = path.join(ROOT, 'dist/bench-build/worker-web');

/** Seat 0's decisions with a choice, in medium bots' games of `players`, until `count` are found. */
function positions(players: PlayerCount, count: number): TableView[] {
  const found: TableView[] = [];
  for (let seed = 1; found.length < count; seed++) {
    const created = Game.create({ players, rounds: 1 }, seed);
    if (!created.ok) throw new Error(created.error.message);
    const game = created.value;
    const bots = Array.from({ length: players }, (_, s) => botForLevel('medium', seed * 10 + s));
    while (game.phase !== 'over') {
      const s = game.toAct()[0];
      const v = view(game, s);
      if (s === 0 && found.length < count && (v.phase === 'pass' || v.legal.length > 1)) found.push(v);
      const applied = game.apply(bots[s].decide(v));
      if (!applied.ok) throw new Error(applied.error.message);
    }
  }
  return found;
}

function stats(ms: readonly number[]): { median: number; p99: number; n: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const round = (x: number) => Math.round(x * 100) / 100;
  return { median: round(at(0.5)), p99: round(at(0.99)), n: sorted.length };
}

/** The worker in headless Chromium, ready to time a position by its index; `close` ends it all. */
async function browserWorker(views: readonly TableView[]): Promise<{
  decide: (index: number) => Promise<{ times: number[]; actions: Action[] }>;
  version: string;
  close: () => Promise<void>;
}> {
  await build({
    configFile: false,
    logLevel: 'error',
    build: {
      outDir: OUT,
      emptyOutDir: true,
      target: 'es2022',
      lib: {
        entry: path.join(ROOT, 'bench/worker/decide-worker.ts'),
        formats: ['es'],
        fileName: () => 'decide-worker.js',
      },
    },
  });
  const files: Record<string, { type: string; body: string }> = {
    '/index.html': { type: 'text/html', body: '<!doctype html><title>bench</title>' },
    '/decide-worker.js': { type: 'text/javascript', body: readFileSync(path.join(OUT, 'decide-worker.js'), 'utf8') },
    '/views.json': { type: 'application/json', body: JSON.stringify(views) },
  };
  const server = createServer((req, res) => {
    const file = files[req.url ?? ''];
    res.writeHead(file ? 200 : 404, { 'content-type': file?.type ?? 'text/plain' });
    res.end(file?.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/index.html`);
  await page.evaluate(() => {
    (globalThis as unknown as { bench: Worker }).bench = new Worker('./decide-worker.js', { type: 'module' });
  });
  return {
    decide: (index) =>
      page.evaluate(
        (i) =>
          new Promise<{ times: number[]; actions: Action[] }>((resolve, reject) => {
            const worker = (globalThis as unknown as { bench: Worker }).bench;
            worker.onmessage = (e) => resolve(e.data);
            worker.onerror = (e) => reject(new Error(e.message));
            worker.postMessage(i);
          }),
        index,
      ),
    version: browser.version(),
    close: async () => {
      await browser.close();
      server.close();
    },
  };
}

const views = ([3, 4] as const).flatMap((p) => positions(p, PER_SIZE));
const worker = await browserWorker(views);
const node = { times: [] as number[], cpu: [] as number[], actions: [] as Action[] };
const browser = { times: [] as number[], actions: [] as Action[] };
for (let i = 0; i < views.length; i++) {
  const cpu = process.cpuUsage();
  const here = timeDecisions([views[i]]);
  const used = process.cpuUsage(cpu);
  node.times.push(...here.times);
  node.actions.push(...here.actions);
  node.cpu.push((used.user + used.system) / 1000);
  const there = await worker.decide(i);
  browser.times.push(...there.times);
  browser.actions.push(...there.actions);
}
await worker.close();
const same = browser.actions.filter((a, i) => JSON.stringify(a) === JSON.stringify(node.actions[i])).length;
console.log(
  JSON.stringify(
    {
      positions: views.length,
      sameDecisions: same,
      node: stats(node.times),
      nodeCpu: stats(node.cpu),
      browserWorker: stats(browser.times),
      node_version: process.version,
      chromium: worker.version,
      cpu: cpus()[0]?.model,
      cores: cpus().length,
      loadavg: loadavg().map((x) => Math.round(x * 100) / 100),
    },
    null,
    2,
  ),
);
if (same !== views.length) process.exitCode = 1;
