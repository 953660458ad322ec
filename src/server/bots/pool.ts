/**
 * Where the server's bots think: live work (bot turns, hints) on the threads of a
 * WorkerPool (src/bots/worker-pool.ts, worker.ts) at normal priority, and analysis jobs
 * (one decision of a finished game each) in child processes at the lowest CPU priority
 * (idle-processes.ts, analysis-process.ts). A live job never waits behind an analysis, and
 * an analysis only gets the CPU that live games leave, garbage collection included
 * (BENCHMARKS.md).
 */
import type { AnalysedDecision, Hint, Moment } from '../../analysis/index.js';
import { WorkerPool } from '../../bots/worker-pool.js';
import type { Action, TableView } from '../../engine/index.js';
import type { BotLevelName } from '../../protocol/messages.js';
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
      readonly level: BotLevelName;
      readonly seed: number;
      readonly view: TableView;
      readonly legal: readonly Action[];
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

export class BotPool {
  private readonly live: WorkerPool<LiveJob, Done>;
  private readonly background: IdleProcesses<AnalyseJob, Done>;

  constructor(liveThreads: number, analysisProcesses: number) {
    this.live = new WorkerPool(new URL('./worker.js', import.meta.url), liveThreads, { unref: true });
    this.background = new IdleProcesses(new URL('./analysis-process.js', import.meta.url), analysisProcesses);
  }

  /** Run a job: analyses in the lowest-priority processes, everything else on the live threads. */
  submit<K extends Job['kind']>(job: Extract<Job, { kind: K }>): Promise<Done<Results[K]>> {
    const done = job.kind === 'analyse' ? this.background.run(job as AnalyseJob) : this.live.run(job as LiveJob);
    return done as Promise<Done<Results[K]>>;
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

  async close(): Promise<void> {
    await Promise.all([this.live.close(), this.background.close()]);
  }
}
