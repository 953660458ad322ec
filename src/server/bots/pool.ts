/** A fixed pool of bot threads (worker.ts); decisions queue up when every thread is busy. */
import { Worker } from 'node:worker_threads';
import type { Action, TableView } from '../../engine/index.js';
import type { BotLevelName } from '../../protocol/messages.js';

export interface DecideRequest {
  readonly id: number;
  readonly level: BotLevelName;
  readonly seed: number;
  readonly view: TableView;
  readonly legal: readonly Action[];
}

export type DecideResponse = { readonly id: number; readonly ms: number } & ({ readonly action: Action } | { readonly error: string });

interface Pending {
  readonly req: DecideRequest;
  readonly resolve: (a: { action: Action; ms: number }) => void;
  readonly reject: (e: Error) => void;
}

export class BotPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Pending>();
  private readonly waiting: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(size: number) {
    for (let i = 0; i < size; i++) this.idle.push(this.spawn());
  }

  private spawn(): Worker {
    const w = new Worker(new URL('./worker.js', import.meta.url));
    w.on('message', (res: DecideResponse) => {
      const job = this.busy.get(w);
      this.busy.delete(w);
      if (job) {
        if ('action' in res) job.resolve({ action: res.action, ms: res.ms });
        else job.reject(new Error(`bot failed: ${res.error}`));
      }
      this.release(w);
    });
    w.on('error', (e) => {
      // A crashed thread is replaced; its job fails so the caller can fall back.
      const job = this.busy.get(w);
      this.busy.delete(w);
      job?.reject(e);
      if (!this.closed) this.release(this.spawn());
    });
    w.unref();
    return w;
  }

  private release(w: Worker): void {
    const next = this.waiting.shift();
    if (next) this.run(w, next);
    else this.idle.push(w);
  }

  private run(w: Worker, job: Pending): void {
    this.busy.set(w, job);
    w.postMessage(job.req);
  }

  /** The bot's choice for the seat the view belongs to, and how long it thought. */
  decide(level: BotLevelName, seed: number, view: TableView, legal: readonly Action[]): Promise<{ action: Action; ms: number }> {
    if (this.closed) return Promise.reject(new Error('the bot pool is closed'));
    return new Promise((resolve, reject) => {
      const job: Pending = { req: { id: this.nextId++, level, seed, view, legal }, resolve, reject };
      const w = this.idle.pop();
      if (w) this.run(w, job);
      else this.waiting.push(job);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.reject(new Error('the bot pool is closed'));
    const workers = [...this.idle, ...this.busy.keys()];
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
