/**
 * The one WorkerPool (src/bots/worker-pool.ts), with the parallel search's compiled thread
 * script (dist/bots/search-worker.js, so run `npm run build` first): asynchronous and
 * blocking jobs give the same answers as a search on this thread, and a failing job fails
 * alone.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import type { SearchResult } from '../../src/bots/search.js';
import type { SearchJob } from '../../src/bots/search-view.js';
import { searchView } from '../../src/bots/search-view.js';
import { JobTimeLimitError, WorkerPool } from '../../src/bots/worker-pool.js';
import { Game, Rng, view } from '../../src/engine/index.js';
import { randomStep } from '../engine/helpers.js';

const script = pathToFileURL(join(import.meta.dirname, '../../dist/bots/search-worker.js'));
const pools: WorkerPool<SearchJob, SearchResult>[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function poolOf(size: number): WorkerPool<SearchJob, SearchResult> {
  const p = new WorkerPool<SearchJob, SearchResult>(script, size);
  pools.push(p);
  return p;
}

function jobs(count: number): SearchJob[] {
  const made = Game.create({ players: 4, rounds: 1 }, 5);
  if (!made.ok) throw new Error(made.error.message);
  const v = view(made.value, 0);
  return Array.from({ length: count }, (_, k) => ({ view: v, budget: { iterations: 60, ms: 60_000 }, seed: k + 1 }));
}

describe('WorkerPool', () => {
  test('asynchronous and blocking jobs answer exactly what the search answers on this thread', async () => {
    const pool = poolOf(2);
    const todo = jobs(3);
    const local = todo.map((j) => searchView(j.view, j.budget, j.seed));
    // Three jobs on two threads: the third waits for a free thread.
    expect(await Promise.all(todo.map((j) => pool.run(j)))).toEqual(local);
    expect(pool.runEach(todo.slice(0, 2), 60_000)).toEqual(local.slice(0, 2));
    expect(() => pool.runEach(todo, 60_000)).toThrow('runEach needs an idle thread for each job');
    // Blocking right after an asynchronous answer gets its own answers, never the earlier ones.
    for (let i = 0; i < 30; i++) {
      expect(await pool.run(todo[i % 3])).toEqual(local[i % 3]);
      expect(pool.runEach([todo[(i + 1) % 3]], 60_000)).toEqual([local[(i + 1) % 3]]);
    }
  });

  test('a job that throws fails alone; the thread serves the next job', async () => {
    const pool = poolOf(1);
    const broken = { ...jobs(1)[0], view: undefined } as unknown as SearchJob;
    // The thread's own error comes back, for either way of running the job.
    await expect(pool.run(broken)).rejects.toThrow(/of undefined/);
    expect(() => pool.runEach([broken], 60_000)).toThrow(/of undefined/);
    const [good] = jobs(1);
    expect(await pool.run(good)).toEqual(searchView(good.view, good.budget, good.seed));
    // A failing job among several: the others' answers are not left for later jobs.
    const two = poolOf(2);
    expect(() => two.runEach([broken, good], 60_000)).toThrow(/of undefined/);
    const other = jobs(2)[1];
    expect(await two.run(other)).toEqual(searchView(other.view, other.budget, other.seed));
    expect(two.runEach([good, good], 60_000)).toHaveLength(2);
    await pool.close();
    await expect(pool.run(good)).rejects.toThrow('the worker pool is closed');
  });

  test('a job past its time limit fails, its thread is replaced, and the pool serves on', async () => {
    const pool = poolOf(1);
    const [good] = jobs(1);
    // A search of a card to play with no end in sight (a pass's search is capped): what a
    // hung thread looks like from outside.
    const game = Game.create({ players: 4, rounds: 1 }, 5);
    if (!game.ok) throw new Error(game.error.message);
    const rng = new Rng(1);
    while (game.value.phase === 'pass') randomStep(game.value, rng);
    const playing = view(game.value, game.value.toAct()[0]);
    const endless = { view: playing, budget: { iterations: Number.MAX_SAFE_INTEGER, ms: 3_600_000 }, seed: 1 };
    const queued = pool.run(good, 60_000);
    await expect(pool.run(endless, 300)).rejects.toBeInstanceOf(JobTimeLimitError);
    expect(await queued).toEqual(searchView(good.view, good.budget, good.seed));
    // The one thread is a new one now, and it answers as the old one did.
    expect(await pool.run(good, 60_000)).toEqual(searchView(good.view, good.budget, good.seed));
    expect(pool.runEach([good], 60_000)).toHaveLength(1);
  });
});
