/**
 * The CPU each test file spends, with the processes it starts (servers, nginx, Chromium),
 * for `npm run bench:suite` (scripts/bench-suite.mjs), which sets SUITE_CPU_LOG to a file;
 * without it this setup file does nothing. After a file's tests it appends one JSON line:
 * the file, the CPU seconds of its worker process (`own`), of the processes started under
 * it by command name (`byCommand`, sampled), and of its ended children as the kernel
 * counts them (`reaped`).
 * The processes are sampled from /proc twice a second while the file runs, because the
 * kernel's count misses some: Chromium's renderers are children of its zygote, not of the
 * browser, so their CPU never reaches the worker's. The samples miss others: a program
 * run with spawnSync blocks the sampler, and a process's last half second goes unseen.
 * The two overlap, so a file's total is `own` plus the larger of them.
 */
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { afterAll, expect } from 'vitest';

const log = process.env.SUITE_CPU_LOG;
const TICK_S = 100; // clock ticks per second in /proc/*/stat (USER_HZ on Linux)

interface Proc {
  readonly pid: number;
  readonly ppid: number;
  /** pid and start time: a pid may be used again. */
  readonly key: string;
  readonly command: string;
  /** utime + stime, in seconds. */
  readonly cpu: number;
}

/** A process's command name, and the fields of /proc/PID/stat after it (proc(5), from `state`). */
function stat(pid: string): { command: string; fields: string[] } {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const end = text.lastIndexOf(')');
  return { command: text.slice(text.indexOf('(') + 1, end), fields: text.slice(end + 2).split(' ') };
}

/** Two adjacent tick counters of /proc/PID/stat (utime and stime, cutime and cstime), in seconds. */
const seconds = (fields: string[], at: number) => (Number(fields[at]) + Number(fields[at + 1])) / TICK_S;

function readProc(pid: string): Proc | undefined {
  try {
    const { command, fields } = stat(pid);
    return {
      pid: Number(pid),
      ppid: Number(fields[1]),
      key: `${pid}:${fields[19]}`,
      command,
      cpu: seconds(fields, 11),
    };
  } catch {
    return undefined; // it ended between the listing and the read
  }
}

/** This process's CPU and its ended children's, in seconds. */
function ownAndReaped(): { own: number; reaped: number } {
  const { fields } = stat(String(process.pid));
  return { own: seconds(fields, 11), reaped: seconds(fields, 13) };
}

if (log) {
  /** The last CPU seen of each process under this worker. */
  const seen = new Map<string, { command: string; cpu: number }>();
  const sample = () => {
    const procs = readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map(readProc)
      .filter((p) => p !== undefined);
    const mine = new Set([process.pid]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const p of procs)
        if (!mine.has(p.pid) && mine.has(p.ppid)) {
          mine.add(p.pid);
          grew = true;
        }
    }
    for (const p of procs) if (p.pid !== process.pid && mine.has(p.pid)) seen.set(p.key, p);
  };
  // A worker may run several files (vitest.config.ts, `isolate`): count from here.
  const before = ownAndReaped();
  const timer = setInterval(sample, 500);
  timer.unref();
  afterAll(() => {
    sample();
    clearInterval(timer);
    const byCommand: Record<string, number> = {};
    for (const { command, cpu } of seen.values()) byCommand[command] = (byCommand[command] ?? 0) + cpu;
    const now = ownAndReaped();
    const [own, reaped] = [now.own - before.own, now.reaped - before.reaped];
    appendFileSync(log, `${JSON.stringify({ file: expect.getState().testPath, own, reaped, byCommand })}\n`);
  });
}
