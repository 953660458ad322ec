/**
 * The order live jobs reach the bot threads (pool.ts): the threads are handed no more jobs
 * than there are threads, bot turns first, and hints hold at most half of the threads (one
 * when there is only one). So a flood of hints (anyone may ask them at a table of their
 * own) never makes a live game wait: a bot turn waits at most for the jobs already
 * running, and with two threads or more there is always one that no hint holds. Apart
 * from the threads themselves (`run`), so that tests drive it job by job
 * (test/server/bots/live-queue.test.ts).
 */

interface Queued<J, R> {
  readonly job: J;
  readonly resolve: (done: R) => void;
  readonly reject: (e: Error) => void;
}

export class LiveQueue<J extends { readonly kind: string }, R> {
  /** Jobs not handed to the threads yet, by priority. */
  private readonly turns: Queued<J, R>[] = [];
  private readonly hints: Queued<J, R>[] = [];
  /** The most threads hints may hold at once. */
  private readonly hintThreads: number;
  private running = 0;
  private hintsRunning = 0;
  private closed: Error | null = null;

  constructor(
    private readonly threads: number,
    /** Run a job on a thread (the threads' own queue never holds more than `threads` jobs). */
    private readonly run: (job: J) => Promise<R>,
  ) {
    this.hintThreads = Math.max(1, Math.floor(threads / 2));
  }

  submit(job: J): Promise<R> {
    if (this.closed) return Promise.reject(this.closed);
    return new Promise((resolve, reject) => {
      (job.kind === 'hint' ? this.hints : this.turns).push({ job, resolve, reject });
      this.dispatch();
    });
  }

  /** No more jobs: those waiting are refused with `error` (those running finish). */
  close(error: Error): void {
    this.closed = error;
    for (const q of [...this.turns.splice(0), ...this.hints.splice(0)]) q.reject(error);
  }

  /** Hand the threads what they can start now: bot turns first, hints only within their share. */
  private dispatch(): void {
    while (this.running < this.threads) {
      const next = this.turns.shift() ?? (this.hintsRunning < this.hintThreads ? this.hints.shift() : undefined);
      if (!next) return;
      const hint = next.job.kind === 'hint';
      this.running++;
      if (hint) this.hintsRunning++;
      this.run(next.job)
        .then(next.resolve, next.reject)
        .finally(() => {
          this.running--;
          if (hint) this.hintsRunning--;
          if (!this.closed) this.dispatch();
        });
    }
  }
}
