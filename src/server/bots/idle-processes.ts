/**
 * Child processes at the lowest CPU priority, for work that must never slow live games
 * (the server's analyses of finished games). A process, unlike a thread of the server,
 * lowers the priority of everything it runs: its JavaScript, and also V8's garbage
 * collection and compiler helper threads, which a process's threads share whatever their
 * own nice value (docs/journal/benchmarks-2026.md measured about 7 % of an analysis on them at normal
 * priority when analyses ran on a niced thread of the server).
 *
 * Each process answers one job at a time through `serveIdleJobs`. A process starts on the
 * first job it is given, so one that keeps crashing costs a failed job, not a spawn loop;
 * its job fails and the next job starts a fresh one. A job that holds its process past its
 * time limit is taken to hang: the process is killed, the job fails, and the next job
 * starts a fresh process (a hung analysis would otherwise hold its slot for good). The processes end with the server:
 * `close()`, or the IPC channel closing when the server dies.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readdirSync } from 'node:fs';
import os from 'node:os';

/** The nice value of every thread of an idle process: the lowest priority there is. */
export const IDLE_NICE = 19;

type Answer<R> = { readonly ok: true; readonly value: R } | { readonly ok: false; readonly error: string };

interface Pending<J, R> {
  readonly job: J;
  readonly limitMs: number;
  readonly resolve: (value: R) => void;
  readonly reject: (e: Error) => void;
}

interface Slot<J, R> {
  child: ChildProcess | null;
  job: Pending<J, R> | null;
  /** The running job's time limit. */
  limit: ReturnType<typeof setTimeout> | null;
}

class IdleProcessesClosedError extends Error {
  constructor() {
    super('the idle processes are closed');
  }
}

export class IdleProcesses<J, R> {
  private readonly slots: Slot<J, R>[];
  private readonly waiting: Pending<J, R>[] = [];
  private closed = false;

  constructor(
    private readonly script: URL,
    size: number,
  ) {
    this.slots = Array.from({ length: Math.max(1, size) }, () => ({ child: null, job: null, limit: null }));
  }

  /**
   * The job's answer from the next free process; rejects with its error, when it dies, when
   * closed, or once it has held its process `limitMs` (counted from when it starts there).
   */
  run(job: J, limitMs: number): Promise<R> {
    if (this.closed) return Promise.reject(new IdleProcessesClosedError());
    return new Promise((resolve, reject) => {
      this.waiting.push({ job, limitMs, resolve, reject });
      this.dispatch();
    });
  }

  /** The ids of the running processes. */
  pids(): number[] {
    return this.slots.flatMap((s) => (s.child?.pid === undefined ? [] : [s.child.pid]));
  }

  /** Ends every process; queued and running jobs are rejected. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const gone = new IdleProcessesClosedError();
    for (const p of this.waiting.splice(0)) p.reject(gone);
    await Promise.all(
      this.slots.map((slot) => {
        this.take(slot)?.reject(gone);
        const child = slot.child;
        slot.child = null;
        if (!child || child.exitCode !== null || child.signalCode !== null) return undefined;
        return new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        });
      }),
    );
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job !== null) continue;
      const next = this.waiting.shift();
      if (!next) return;
      slot.job = next;
      const child = this.childOf(slot);
      slot.limit = setTimeout(() => {
        this.take(slot)?.reject(
          new Error(`an idle process was still at its job after ${next.limitMs} ms; it was killed`),
        );
        if (slot.child === child) slot.child = null;
        child.kill('SIGKILL');
        if (!this.closed) this.dispatch();
      }, next.limitMs);
      child.send(next.job as object);
    }
  }

  /** The slot's job, taken off it with its time limit. */
  private take(slot: Slot<J, R>): Pending<J, R> | null {
    const p = slot.job;
    slot.job = null;
    if (slot.limit !== null) clearTimeout(slot.limit);
    slot.limit = null;
    return p;
  }

  private childOf(slot: Slot<J, R>): ChildProcess {
    if (slot.child) return slot.child;
    // Structured clone, as between threads: jobs and answers keep typed arrays and undefined.
    const child = fork(this.script, [], { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    slot.child = child;
    lowerFromOutside(child);
    child.on('message', (answer: Answer<R>) => {
      if (slot.child !== child) return;
      const p = this.take(slot);
      if (p) {
        if (answer.ok) p.resolve(answer.value);
        else p.reject(new Error(answer.error));
      }
      this.dispatch();
    });
    child.on('exit', (code, signal) => {
      if (slot.child !== child) return;
      slot.child = null;
      this.take(slot)?.reject(new Error(`an idle process ended (${signal ?? `exit code ${code}`}) before it answered`));
      if (!this.closed) this.dispatch();
    });
    // Idle processes never keep the server alive.
    child.unref();
    child.channel?.unref();
    return child;
  }
}

/**
 * The new process at the lowest priority from the server's side too, at once: from its
 * start-up on (loading its modules), not only once its script runs, and whatever the
 * script does. Its own `serveIdleJobs` then lowers every thread it has.
 */
function lowerFromOutside(child: ChildProcess): void {
  // No pid: it did not start, so there is nothing to lower.
  if (child.pid === undefined) return;
  try {
    os.setPriority(child.pid, IDLE_NICE);
  } catch (e) {
    // Already gone: its 'exit' fails the job. Anything else is a real failure.
    if ((e as { info?: { code?: string } }).info?.code !== 'ESRCH') throw e;
  }
}

/** Every thread of this process at the lowest priority (Linux keeps a nice value per thread). */
function lowerEveryThread(): void {
  if (process.platform !== 'linux') {
    os.setPriority(IDLE_NICE);
    return;
  }
  // Threads started later (libuv's pool, workers) inherit the value of the thread that
  // starts them, so lowering every thread that exists now lowers the whole process.
  for (const tid of readdirSync('/proc/self/task')) os.setPriority(Number(tid), IDLE_NICE);
}

/** Inside an idle process: lower its priority, then answer each job with `handle`'s result or its error. */
export function serveIdleJobs<J, R>(handle: (job: J) => R): void {
  const send = process.send?.bind(process);
  if (!send) throw new Error('serveIdleJobs must run in a process started by IdleProcesses');
  lowerEveryThread();
  process.on('message', (job: J) => {
    let answer: Answer<R>;
    try {
      answer = { ok: true, value: handle(job) };
    } catch (e) {
      answer = { ok: false, error: e instanceof Error ? e.message : String(e) };
    }
    send(answer);
  });
  // The server is gone (closed or dead): nothing is left to answer.
  process.on('disconnect', () => process.exit(0));
}
