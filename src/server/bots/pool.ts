/**
 * The server's bot threads (worker.ts), two WorkerPools (src/bots/worker-pool.ts): live
 * work (bot turns, hints) on `live` threads at normal priority, and analysis jobs (one
 * decision of a finished game each) on threads of their own that lower their OS priority
 * to the lowest (nice 19). A live job never waits behind an analysis, and an analysis only
 * gets the CPU that the event loop and the live threads leave (BENCHMARKS.md).
 */
import type { AnalysedDecision, Hint, Moment } from '../../analysis/index.js';
import { WorkerPool } from '../../bots/worker-pool.js';
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

/** A job's answer and how long the thread worked on it. */
export interface Done<R = unknown> {
  readonly result: R;
  readonly ms: number;
}

/** The nice value of the analysis threads: the lowest priority there is. */
const ANALYSIS_NICE = 19;

export class BotPool {
  private readonly live: WorkerPool<Job, Done>;
  private readonly background: WorkerPool<Job, Done>;

  constructor(liveThreads: number, analysisThreads: number) {
    const script = new URL('./worker.js', import.meta.url);
    this.live = new WorkerPool(script, liveThreads, { unref: true });
    this.background = new WorkerPool(script, analysisThreads, { unref: true, nice: ANALYSIS_NICE });
  }

  /** Run a job: analyses on the low-priority threads, everything else on the live ones. */
  submit<K extends Job['kind']>(job: Extract<Job, { kind: K }>): Promise<Done<Results[K]>> {
    const pool = job.kind === 'analyse' ? this.background : this.live;
    return pool.run(job) as Promise<Done<Results[K]>>;
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
