/** The server's bot threads (worker.ts) on the shared WorkerPool; decisions queue up when every thread is busy. */
import { WorkerPool } from '../../bots/worker-pool.js';
import type { Action, TableView } from '../../engine/index.js';
import type { BotLevelName } from '../../protocol/messages.js';

export interface DecideRequest {
  readonly level: BotLevelName;
  readonly seed: number;
  readonly view: TableView;
  readonly legal: readonly Action[];
}

export interface Decision {
  readonly action: Action;
  /** How long the bot thought. */
  readonly ms: number;
}

export class BotPool {
  private readonly pool: WorkerPool<DecideRequest, Decision>;

  constructor(size: number) {
    this.pool = new WorkerPool(new URL('./worker.js', import.meta.url), size, { unref: true });
  }

  /** The bot's choice for the seat the view belongs to, and how long it thought. */
  decide(level: BotLevelName, seed: number, view: TableView, legal: readonly Action[]): Promise<Decision> {
    return this.pool.run({ level, seed, view, legal }).catch((e: Error) => {
      throw new Error(`bot failed: ${e.message}`);
    });
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
