/**
 * A pool of worker threads for asynchronous jobs (the tournament's deals): a fixed number
 * of threads running one script, jobs queued while every thread is busy, a crashed thread
 * replaced (its job fails), `close()` ending them all. The script answers each job
 * through `serveJobs`. (The server's bot pool in src/server/bots/pool.ts adds priorities
 * for analysis jobs and keeps its own threads for now; root-parallel search in
 * parallel.ts blocks on its threads because Bot.decide is synchronous.)
 */
import { parentPort, Worker } from 'node:worker_threads';

type Answer<R> = { readonly ok: true; readonly value: R } | { readonly ok: false; readonly error: string };

interface Pending<J, R> {
  readonly job: J;
  readonly resolve: (value: R) => void;
  readonly reject: (e: Error) => void;
}

export interface WorkerPoolOptions {
  /** Sent to every thread once, as `workerData`. */
  readonly workerData?: unknown;
}

export class WorkerPool<J, R> {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Pending<J, R>>();
  private readonly waiting: Pending<J, R>[] = [];
  private closed = false;

  constructor(
    private readonly script: URL,
    size: number,
    private readonly options: WorkerPoolOptions = {},
  ) {
    for (let i = 0; i < Math.max(1, size); i++) this.idle.push(this.spawn());
  }

  /** The job's answer from the next free thread; rejects with the thread's error or when the pool closes. */
  run(job: J): Promise<R> {
    if (this.closed) return Promise.reject(new Error('the worker pool is closed'));
    return new Promise((resolve, reject) => {
      const pending = { job, resolve, reject };
      const w = this.idle.pop();
      if (w) this.start(w, pending);
      else this.waiting.push(pending);
    });
  }

  /** Ends every thread; queued and running jobs are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    const gone = new Error('the worker pool is closed');
    for (const p of this.waiting.splice(0)) p.reject(gone);
    for (const p of this.busy.values()) p.reject(gone);
    const workers = [...this.idle, ...this.busy.keys()];
    this.busy.clear();
    await Promise.all(workers.map((w) => w.terminate()));
  }

  private spawn(): Worker {
    const w = new Worker(this.script, { workerData: this.options.workerData });
    w.on('message', (answer: Answer<R>) => {
      const p = this.busy.get(w);
      this.busy.delete(w);
      if (p) {
        if (answer.ok) p.resolve(answer.value);
        else p.reject(new Error(answer.error));
      }
      this.release(w);
    });
    w.on('error', (e) => {
      // A crashed thread is replaced; its job fails so the caller can decide what to do.
      const p = this.busy.get(w);
      this.busy.delete(w);
      p?.reject(e);
      if (!this.closed) this.release(this.spawn());
    });
    return w;
  }

  private start(w: Worker, p: Pending<J, R>): void {
    this.busy.set(w, p);
    w.postMessage(p.job);
  }

  private release(w: Worker): void {
    if (this.closed) return;
    const next = this.waiting.shift();
    if (next) this.start(w, next);
    else this.idle.push(w);
  }
}

/** Inside a pool's thread: answer every job with `handle`'s result, or its error as a message. */
export function serveJobs<J, R>(handle: (job: J) => R): void {
  if (!parentPort) throw new Error('serveJobs must run in a worker thread');
  const port = parentPort;
  port.on('message', (job: J) => {
    let answer: Answer<R>;
    try {
      answer = { ok: true, value: handle(job) };
    } catch (e) {
      answer = { ok: false, error: e instanceof Error ? e.message : String(e) };
    }
    port.postMessage(answer);
  });
}
