/**
 * The one pool of worker threads, used by the tournament (deals), the server (bot turns,
 * hints and analyses) and root-parallel search (one position on several threads): a fixed
 * number of threads running one script that answers jobs through `serveJobs`.
 *
 * - `run(job, limitMs)` is asynchronous: jobs queue while every thread is busy; a crashed
 *   thread is replaced and its job fails, and so is a thread still at one job after
 *   `limitMs` (a hung search would otherwise hold its thread, and a bot's seat, for good).
 * - `runEach(jobs)` blocks the calling thread until every job is answered (one job per
 *   idle thread), for callers that must stay synchronous (Bot.decide): the threads answer
 *   on ports of their own and count finished jobs in shared memory, so the caller waits
 *   on an Atomics counter and reads the answers with receiveMessageOnPort.
 */
import {
  MessageChannel,
  type MessagePort,
  parentPort,
  receiveMessageOnPort,
  Worker,
  workerData,
} from 'node:worker_threads';

type Answer<R> = { readonly ok: true; readonly value: R } | { readonly ok: false; readonly error: string };

/** What a pool's thread receives as `workerData`: its answer port and the pool's settings around the caller's data. */
interface ThreadData {
  readonly port: MessagePort;
  readonly done: Int32Array;
  readonly data: unknown;
}

interface Thread {
  readonly worker: Worker;
  readonly port: MessagePort;
}

interface Pending<J, R> {
  readonly job: J;
  readonly resolve: (value: R) => void;
  readonly reject: (e: Error) => void;
  /** How long the job may hold its thread, from when it starts there. */
  readonly limitMs: number | undefined;
}

export interface WorkerPoolOptions {
  /** Sent to every thread once; read there with `poolData()`. */
  readonly workerData?: unknown;
  /** Idle threads do not keep the process alive. */
  readonly unref?: boolean;
}

class WorkerPoolClosedError extends Error {
  constructor() {
    super('the worker pool is closed');
  }
}

/** A job that held its thread past its limit: the thread was ended and replaced. */
export class JobTimeLimitError extends Error {
  constructor(readonly limitMs: number) {
    super(`a worker thread was still at its job after ${limitMs} ms; the thread was replaced`);
  }
}

export class WorkerPool<J, R> {
  private readonly idle: Thread[] = [];
  private readonly busy = new Map<Thread, Pending<J, R>>();
  /** The time limit of each thread's running job. */
  private readonly limits = new Map<Thread, ReturnType<typeof setTimeout>>();
  private readonly waiting: Pending<J, R>[] = [];
  /** Jobs answered, counted by the threads just after each answer (read by runEach only). */
  private readonly done = new Int32Array(new SharedArrayBuffer(4));
  /** Answers this thread has taken: the count `done` reaches once the threads' last increments land. */
  private answered = 0;
  private closed = false;

  constructor(
    private readonly script: URL,
    readonly size: number,
    private readonly options: WorkerPoolOptions = {},
  ) {
    for (let i = 0; i < Math.max(1, size); i++) this.idle.push(this.spawn());
  }

  /**
   * The job's answer from the next free thread; rejects with the thread's error, when the
   * pool closes, or with JobTimeLimitError once the job has held its thread `limitMs`.
   */
  run(job: J, limitMs?: number): Promise<R> {
    if (this.closed) return Promise.reject(new WorkerPoolClosedError());
    return new Promise((resolve, reject) => {
      const pending = { job, resolve, reject, limitMs };
      const t = this.idle.pop();
      if (t) this.start(t, pending);
      else this.waiting.push(pending);
    });
  }

  /**
   * Every job's answer, in order, blocking this thread until all are in: one job per
   * thread, and only while no asynchronous job runs. A thread that has not answered after
   * `timeoutMs` (it died) closes the pool and throws.
   */
  runEach(jobs: readonly J[], timeoutMs: number): R[] {
    if (this.closed) throw new WorkerPoolClosedError();
    if (this.busy.size > 0 || jobs.length > this.idle.length)
      throw new Error('runEach needs an idle thread for each job');
    const threads = this.idle.slice(0, jobs.length);
    // An asynchronous answer may arrive before its thread counted it, so the count to wait
    // for is every answer so far plus these, not a fresh start (compared modulo 2^32).
    const target = (this.answered + jobs.length) | 0;
    this.answered = target;
    threads.forEach((t, k) => {
      t.worker.postMessage(jobs[k]);
    });
    const deadline = performance.now() + timeoutMs;
    for (let n = Atomics.load(this.done, 0); ((target - n) | 0) > 0; n = Atomics.load(this.done, 0)) {
      const left = deadline - performance.now();
      if (left <= 0 || Atomics.wait(this.done, 0, n, left) === 'timed-out') {
        void this.close();
        throw new Error(`a worker thread did not answer within ${timeoutMs} ms`);
      }
    }
    // Every port is read before any error is thrown, so that no answer is left for a later job.
    const answers = threads.map((t) => receiveMessageOnPort(t.port)?.message as Answer<R> | undefined);
    return answers.map((answer) => {
      if (!answer) throw new Error('a worker thread finished without an answer');
      if (!answer.ok) throw new Error(answer.error);
      return answer.value;
    });
  }

  /** False once closed (by `close()`, or by `runEach` after a thread went silent). */
  get open(): boolean {
    return !this.closed;
  }

  /** Ends every thread; queued and running jobs are rejected. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const gone = new WorkerPoolClosedError();
    for (const p of this.waiting.splice(0)) p.reject(gone);
    for (const p of this.busy.values()) p.reject(gone);
    for (const timer of this.limits.values()) clearTimeout(timer);
    this.limits.clear();
    const threads = [...this.idle.splice(0), ...this.busy.keys()];
    this.busy.clear();
    await Promise.all(
      threads.map((t) => {
        t.port.close();
        return t.worker.terminate();
      }),
    );
  }

  private spawn(): Thread {
    const { port1, port2 } = new MessageChannel();
    const data: ThreadData = {
      port: port2,
      done: this.done,
      data: this.options.workerData,
    };
    const worker = new Worker(this.script, { workerData: data, transferList: [port2] });
    const t = { worker, port: port1 };
    port1.on('message', (answer: Answer<R>) => {
      this.answered = (this.answered + 1) | 0;
      const p = this.finish(t);
      if (p) {
        if (answer.ok) p.resolve(answer.value);
        else p.reject(new Error(answer.error));
      }
      this.release(t);
    });
    worker.on('error', (e) => {
      // A crashed thread is replaced; its job fails so the caller can decide what to do.
      const p = this.finish(t);
      port1.close();
      p?.reject(e);
      const i = this.idle.indexOf(t);
      if (i >= 0) this.idle.splice(i, 1);
      if (!this.closed) this.release(this.spawn());
    });
    if (this.options.unref) {
      worker.unref();
      port1.unref();
    }
    return t;
  }

  private start(t: Thread, p: Pending<J, R>): void {
    this.busy.set(t, p);
    if (p.limitMs !== undefined) {
      const limitMs = p.limitMs;
      const timer = setTimeout(() => this.replace(t, new JobTimeLimitError(limitMs)), limitMs);
      timer.unref();
      this.limits.set(t, timer);
    }
    t.worker.postMessage(p.job);
  }

  /** The thread's job, taken off it (its time limit with it). */
  private finish(t: Thread): Pending<J, R> | undefined {
    const p = this.busy.get(t);
    this.busy.delete(t);
    clearTimeout(this.limits.get(t));
    this.limits.delete(t);
    return p;
  }

  /** End a thread that is stuck at its job, fail the job, and put a new thread in its place. */
  private replace(t: Thread, error: Error): void {
    const p = this.finish(t);
    if (!p || this.closed) return;
    t.port.close();
    void t.worker.terminate();
    p.reject(error);
    this.release(this.spawn());
  }

  private release(t: Thread): void {
    if (this.closed) return;
    const next = this.waiting.shift();
    if (next) this.start(t, next);
    else this.idle.push(t);
  }
}

/** Inside a pool's thread: the `workerData` the pool was given. */
export function poolData<T>(): T {
  return (workerData as ThreadData).data as T;
}

/** Inside a pool's thread: answer every job with `handle`'s result, or its error as a message. */
export function serveJobs<J, R>(handle: (job: J) => R): void {
  if (!parentPort) throw new Error('serveJobs must run in a worker thread');
  const { port, done } = workerData as ThreadData;
  parentPort.on('message', (job: J) => {
    let answer: Answer<R>;
    try {
      answer = { ok: true, value: handle(job) };
    } catch (e) {
      answer = { ok: false, error: e instanceof Error ? e.message : String(e) };
    }
    port.postMessage(answer);
    // Counted after the answer is sent, so a blocked runEach wakes to answers already there.
    Atomics.add(done, 0, 1);
    Atomics.notify(done, 0);
  });
}
