/**
 * Where the server's bots think: live work (bot turns, hints) on the threads of a
 * WorkerPool (src/bots/worker-pool.ts, worker.ts) at normal priority, and analysis jobs
 * (one decision of a finished game each) in child processes at the lowest CPU priority
 * (idle-processes.ts, analysis-process.ts). A live job never waits behind an analysis, and
 * an analysis only gets the CPU that live games leave, garbage collection included
 * (BENCHMARKS.md).
 *
 * On the live threads a bot turn goes before every hint: the pool is handed no more jobs
 * than it has threads, bot turns first, and hints hold at most half of the threads (one
 * when there is only one), so that a flood of hints (anyone may ask them at a table of
 * their own) never makes a live game wait: a bot turn waits at most for the jobs already
 * running, and with two threads or more there is always one that no hint holds.
 */
import type { AnalysedDecision, Hint, Moment } from '../../analysis/index.js';
import { WorkerPool } from '../../bots/worker-pool.js';
import type { Action, TableView } from '../../engine/index.js';
import type { BotLevel } from '../../protocol/messages.js';
import { IdleProcesses } from './idle-processes.js';

export type AnalyseJob = {
  readonly kind: 'analyse';
  readonly moment: Moment;
  readonly iterations: number;
  readonly seed: number;
};

export type Job =
  | {
      readonly kind: 'decide';
      readonly level: BotLevel;
      readonly seed: number;
      readonly view: TableView;
    }
  | { readonly kind: 'hint'; readonly seed: number; readonly view: TableView; readonly iterations: number }
  | AnalyseJob;

/** The jobs of the live threads. */
export type LiveJob = Exclude<Job, AnalyseJob>;

/** What each kind of job answers. */
interface Results {
  decide: Action;
  hint: Hint;
  analyse: AnalysedDecision;
}

/** A job's answer and how long the thread worked on it. */
export interface Done<R = unknown> {
  readonly result: R;
  readonly ms: number;
}

interface Queued {
  readonly job: LiveJob;
  readonly resolve: (done: Done) => void;
  readonly reject: (e: Error) => void;
}

/**
 * How long a live job may hold a thread. A decision takes well under a second (BENCHMARKS.md)
 * and a hint a few; a thread still busy after this has hung, and is replaced: the bot's seat
 * then plays the stand-in choice (bot-driver.ts) and the hint is refused, instead of the
 * seat waiting for good.
 */
const LIVE_JOB_LIMIT_MS = 30_000;

class BotPoolClosedError extends Error {
  constructor() {
    super('the bot pool is closed');
  }
}

export class BotPool {
  private readonly live: WorkerPool<LiveJob, Done>;
  private readonly background: IdleProcesses<AnalyseJob, Done>;
  /** Live jobs not handed to the threads yet, by priority. */
  private readonly turns: Queued[] = [];
  private readonly hints: Queued[] = [];
  private readonly threads: number;
  /** The most threads hints may hold at once. */
  private readonly hintThreads: number;
  private running = 0;
  private hintsRunning = 0;
  private closed = false;

  constructor(liveThreads: number, analysisProcesses: number) {
    this.threads = Math.max(1, liveThreads);
    this.hintThreads = Math.max(1, Math.floor(this.threads / 2));
    this.live = new WorkerPool(new URL('./worker.js', import.meta.url), this.threads, { unref: true });
    this.background = new IdleProcesses(new URL('./analysis-process.js', import.meta.url), analysisProcesses);
  }

  /** Run a job: analyses in the lowest-priority processes, everything else on the live threads, bot turns first. */
  submit<K extends Job['kind']>(job: Extract<Job, { kind: K }>): Promise<Done<Results[K]>> {
    const done = job.kind === 'analyse' ? this.background.run(job as AnalyseJob) : this.runLive(job as LiveJob);
    return done as Promise<Done<Results[K]>>;
  }

  private runLive(job: LiveJob): Promise<Done> {
    if (this.closed) return Promise.reject(new BotPoolClosedError());
    return new Promise((resolve, reject) => {
      (job.kind === 'hint' ? this.hints : this.turns).push({ job, resolve, reject });
      this.dispatch();
    });
  }

  /** Hand the threads what they can start now: bot turns first, hints only within their share. */
  private dispatch(): void {
    while (this.running < this.threads) {
      const next = this.turns.shift() ?? (this.hintsRunning < this.hintThreads ? this.hints.shift() : undefined);
      if (!next) return;
      const hint = next.job.kind === 'hint';
      this.running++;
      if (hint) this.hintsRunning++;
      this.live
        .run(next.job, LIVE_JOB_LIMIT_MS)
        .then(next.resolve, next.reject)
        .finally(() => {
          this.running--;
          if (hint) this.hintsRunning--;
          if (!this.closed) this.dispatch();
        });
    }
  }

  /** The bot's choice for the seat the view belongs to, and how long it thought. */
  async decide(level: BotLevel, seed: number, view: TableView): Promise<{ action: Action; ms: number }> {
    const { result, ms } = await this.submit({ kind: 'decide', level, seed, view });
    return { action: result, ms };
  }

  async close(): Promise<void> {
    this.closed = true;
    const gone = new BotPoolClosedError();
    for (const q of [...this.turns.splice(0), ...this.hints.splice(0)]) q.reject(gone);
    await Promise.all([this.live.close(), this.background.close()]);
  }
}
