/**
 * The server's analyses run in child processes at the lowest CPU priority
 * (src/server/bots/idle-processes.ts with the compiled analysis-process script in dist/,
 * as the server runs it, so run `npm run build` first): they answer exactly what an analysis on this thread answers, every thread of
 * theirs (V8's helpers included) is at nice 19 while the server's own threads keep their
 * value, a dead process fails only its own job, a job past its time limit kills its process, and
 * closing ends them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import { analyseMoment, type Moment, momentsOf } from '../../../src/analysis/index.js';
import { parseRecord } from '../../../src/record/index.js';
import { IdleProcesses } from '../../../src/server/bots/idle-processes.js';
import type { AnalyseJob, Done } from '../../../src/server/bots/pool.js';

const script = pathToFileURL(join(import.meta.dirname, '../../../dist/server/bots/analysis-process.js'));
const pools: IdleProcesses<AnalyseJob, Done>[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function poolOf(size: number): IdleProcesses<AnalyseJob, Done> {
  const p = new IdleProcesses<AnalyseJob, Done>(script, size);
  pools.push(p);
  return p;
}

function moments(): Moment[] {
  const text = readFileSync(new URL('../../analysis/fixtures/3p-buys-bottle-late.json', import.meta.url), 'utf8');
  const record = parseRecord(text);
  if (!record.ok) throw new Error(record.error);
  const all = momentsOf(record.value);
  if (!all.ok) throw new Error(all.error);
  return all.value;
}

/** A time limit no answer here comes near. */
const LIMIT = 120_000;

const job = (moment: Moment, seed = 1) => ({ kind: 'analyse' as const, moment, iterations: 60, seed });

/** The nice value of every thread of a process (field 19 of /proc/PID/task/TID/stat). */
function niceValues(pid: number | 'self'): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    out.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
  }
  return out;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('analysis processes', () => {
  test('answer what an analysis on this thread answers, two processes at once', async () => {
    const pool = poolOf(2);
    const some = moments().slice(0, 5);
    const answers = await Promise.all(some.map((m) => pool.run(job(m), LIMIT)));
    expect(answers.map((a) => a.result)).toEqual(some.map((m) => analyseMoment(m, 60, 1)));
    expect(pool.pids()).toHaveLength(2);
  });

  test.runIf(process.platform === 'linux')(
    'every thread of an analysis process is at nice 19; the server keeps its priority',
    async () => {
      const before = niceValues('self');
      const pool = poolOf(1);
      await pool.run(job(moments()[0]), LIMIT);
      const [pid] = pool.pids();
      const theirs = niceValues(pid);
      // V8's platform threads and libuv's, not only the one running JavaScript.
      expect(theirs.size).toBeGreaterThan(4);
      expect([...theirs.values()].every((nice) => nice === 19)).toBe(true);
      const mine = niceValues('self');
      expect([...before].filter(([tid, nice]) => mine.has(tid) && mine.get(tid) !== nice)).toEqual([]);
    },
  );

  test('a process that dies fails its own job only; the next job gets a fresh process', async () => {
    const pool = poolOf(1);
    const [first, second] = moments();
    await pool.run(job(first), LIMIT);
    const [pid] = pool.pids();
    const doomed = pool.run(job(first, 2), LIMIT);
    process.kill(pid, 'SIGKILL');
    await expect(doomed).rejects.toThrow(/ended \(SIGKILL\) before it answered/);
    const next = await pool.run(job(second), LIMIT);
    expect(next.result).toEqual(analyseMoment(second, 60, 1));
    expect(pool.pids()).not.toContain(pid);
  });

  test('a job past its time limit is taken to hang: its process is killed, the next job gets a fresh one', async () => {
    const pool = poolOf(1);
    const [first, second] = moments();
    await pool.run(job(first), LIMIT);
    const [pid] = pool.pids();
    // A search this long would take hours; its limit ends it long before.
    const hung = pool.run({ ...job(first), iterations: 2_000_000 }, 200);
    await expect(hung).rejects.toThrow(/still at its job after 200 ms; it was killed/);
    await expect.poll(() => alive(pid)).toBe(false);
    expect((await pool.run(job(second), LIMIT)).result).toEqual(analyseMoment(second, 60, 1));
    expect(pool.pids()).not.toContain(pid);
  });

  test('a job that throws fails alone, and closing ends the processes', async () => {
    const pool = poolOf(1);
    const broken = { kind: 'analyse' as const, moment: undefined as unknown as Moment, iterations: 60, seed: 1 };
    await expect(pool.run(broken, LIMIT)).rejects.toThrow(/undefined/);
    const [m] = moments();
    expect((await pool.run(job(m), LIMIT)).result).toEqual(analyseMoment(m, 60, 1));
    const [pid] = pool.pids();
    await pool.close();
    expect(alive(pid)).toBe(false);
    await expect(pool.run(job(m), LIMIT)).rejects.toThrow('closed');
  });
});
