/**
 * A fixed pool of bot threads (worker.ts). Live work (bot turns, hints) queues first;
 * analysis jobs (one decision of a finished game each) run only when no live job waits,
 * and on at most all threads but one (or on the only one), so a live bot turn never waits
 * for more than one analysed decision.
 */
import { Worker } from 'node:worker_threads';
import type { AnalysedDecision, Hint, Moment } from '../../analysis/index.js';
import type { Action, TableView } from '../../engine/index.js';
import type { BotLevelName } from '../../protocol/messages.js';

export type Job =
  | {
      readonly kind: 'decide';
      readonly level: BotLevelName;
      readonly seed: number;
      readonly view: TableView;
      readonly legal: readonly Action[];
    }
  | { readonly kind: 'hint'; readonly seed: number; readonly view: TableView; readonly iterations: number }
  | { readonly kind: 'analyse'; readonly moment: Moment; readonly iterations: number; readonly seed: number };

/** What each kind of job answers. */
interface Results {
  decide: Action;
  hint: Hint;
  analyse: AnalysedDecision;
}

export interface WorkerRequest {
  readonly id: number;
  readonly job: Job;
}

export type WorkerResponse = { readonly id: number; readonly ms: number } & (
  | { readonly result: unknown }
  | { readonly error: string }
);

interface Pending {
  readonly req: WorkerRequest;
  readonly resolve: (a: { result: unknown; ms: number }) => void;
  readonly reject: (e: Error) => void;
}

export class BotPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Pending>();
  private readonly waiting: Pending[] = [];
  private readonly background: Pending[] = [];
  private backgroundRunning = 0;
  private readonly backgroundLimit: number;
  private nextId = 1;
  private closed = false;

  constructor(size: number) {
    this.backgroundLimit = Math.max(1, size - 1);
    for (let i = 0; i < size; i++) this.idle.push(this.spawn());
  }

  private spawn(): Worker {
    const w = new Worker(new URL('./worker.js', import.meta.url));
    w.on('message', (res: WorkerResponse) => {
      const job = this.finished(w);
      if (job) {
        if ('result' in res) job.resolve({ result: res.result, ms: res.ms });
        else job.reject(new Error(`bot thread failed: ${res.error}`));
      }
      this.release(w);
    });
    w.on('error', (e) => {
      // A crashed thread is replaced; its job fails so the caller can fall back.
      this.finished(w)?.reject(e);
      if (!this.closed) this.release(this.spawn());
    });
    w.unref();
    return w;
  }

  private finished(w: Worker): Pending | undefined {
    const job = this.busy.get(w);
    this.busy.delete(w);
    if (job?.req.job.kind === 'analyse') this.backgroundRunning--;
    return job;
  }

  private release(w: Worker): void {
    const next =
      this.waiting.shift() ?? (this.backgroundRunning < this.backgroundLimit ? this.background.shift() : undefined);
    if (next) this.run(w, next);
    else this.idle.push(w);
  }

  private run(w: Worker, job: Pending): void {
    if (job.req.job.kind === 'analyse') this.backgroundRunning++;
    this.busy.set(w, job);
    w.postMessage(job.req);
  }

  /** Run a job; analysis jobs wait behind every live job. */
  submit<K extends Job['kind']>(job: Extract<Job, { kind: K }>): Promise<{ result: Results[K]; ms: number }> {
    if (this.closed) return Promise.reject(new Error('the bot pool is closed'));
    return new Promise((resolve, reject) => {
      const pending: Pending = { req: { id: this.nextId++, job }, resolve: resolve as Pending['resolve'], reject };
      const low = job.kind === 'analyse';
      if (low && this.backgroundRunning >= this.backgroundLimit) return void this.background.push(pending);
      const w = this.idle.pop();
      if (w) this.run(w, pending);
      else (low ? this.background : this.waiting).push(pending);
    });
  }

  /** The bot's choice for the seat the view belongs to, and how long it thought. */
  async decide(
    level: BotLevelName,
    seed: number,
    view: TableView,
    legal: readonly Action[],
  ): Promise<{ action: Action; ms: number }> {
    const { result, ms } = await this.submit({ kind: 'decide', level, seed, view, legal });
    return { action: result, ms };
  }

  /** Live jobs waiting for a thread plus analysis jobs waiting (for metrics and tests). */
  get queued(): { live: number; background: number } {
    return { live: this.waiting.length, background: this.background.length };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of [...this.waiting.splice(0), ...this.background.splice(0)])
      job.reject(new Error('the bot pool is closed'));
    const workers = [...this.idle, ...this.busy.keys()];
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
