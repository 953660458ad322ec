/**
 * Where the server's bots think: live work (bot turns, hints) on the threads of a
 * WorkerPool (src/bots/worker-pool.ts, worker.ts) at normal priority, and analysis jobs
 * (one decision of a finished game each) in child processes at the lowest CPU priority
 * (idle-processes.ts, analysis-process.ts). A live job never waits behind an analysis, and
 * an analysis only gets the CPU that live games leave, garbage collection included
 * (BENCHMARKS.md).
 *
 * On the live threads a bot turn goes before every hint, and hints hold at most half of
 * the threads (live-queue.ts), so that a flood of hints never makes a live game wait.
 */
import type { AnalysedDecision, Hint, Moment } from '../../analysis/index.js';
import { WorkerPool } from '../../bots/worker-pool.js';
import type { Action, TableView } from '../../engine/index.js';
import type { BotLevel } from '../../protocol/messages.js';
import { IdleProcesses } from './idle-processes.js';
import { LiveQueue } from './live-queue.js';

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

/**
 * How long a live job may hold a thread. A decision takes well under a second (BENCHMARKS.md)
 * and a hint a few; a thread still busy after this has hung, and is replaced: the bot's seat
 * then plays the stand-in choice (bot-driver.ts) and the hint is refused, instead of the
 * seat waiting for good.
 */
const LIVE_JOB_LIMIT_MS = 30_000;

/**
 * How long one decision's analysis may hold its idle process. It takes well under a second
 * on a quiet machine (BENCHMARKS.md) and runs at the lowest priority, so a busy machine may
 * stretch it many times over; a process still at it after this has hung, and is killed:
 * the game's analysis fails (analysis/queue.ts) instead of holding the slot for good.
 */
const ANALYSIS_JOB_LIMIT_MS = 120_000;

class BotPoolClosedError extends Error {
  constructor() {
    super('the bot pool is closed');
  }
}

export class BotPool {
  private readonly live: WorkerPool<LiveJob, Done>;
  private readonly queue: LiveQueue<LiveJob, Done>;
  private readonly background: IdleProcesses<AnalyseJob, Done>;

  constructor(liveThreads: number, analysisProcesses: number) {
    const threads = Math.max(1, liveThreads);
    this.live = new WorkerPool(new URL('./worker.js', import.meta.url), threads, { unref: true });
    this.queue = new LiveQueue(threads, (job) => this.live.run(job, LIVE_JOB_LIMIT_MS));
    this.background = new IdleProcesses(new URL('./analysis-process.js', import.meta.url), analysisProcesses);
  }

  /** Run a job: analyses in the lowest-priority processes, everything else on the live threads, bot turns first. */
  submit<K extends Job['kind']>(job: Extract<Job, { kind: K }>): Promise<Done<Results[K]>> {
    const done =
      job.kind === 'analyse'
        ? this.background.run(job as AnalyseJob, ANALYSIS_JOB_LIMIT_MS)
        : this.queue.submit(job as LiveJob);
    return done as Promise<Done<Results[K]>>;
  }

  /** The bot's choice for the seat the view belongs to, and how long it thought. */
  async decide(level: BotLevel, seed: number, view: TableView): Promise<{ action: Action; ms: number }> {
    const { result, ms } = await this.submit({ kind: 'decide', level, seed, view });
    return { action: result, ms };
  }

  async close(): Promise<void> {
    this.queue.close(new BotPoolClosedError());
    await Promise.all([this.live.close(), this.background.close()]);
  }
}
