/**
 * The retention sweep: every `sweepEveryMs`, what closed tables left behind for longer than
 * `retentionMs` is deleted (Store.sweep: chat, unfinished games, tokens; finished games and
 * their records stay). A few hundred tables per transaction, so no write waits long.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { StoreUpkeep } from './store/store.js';

const BATCH = 200;

export function startRetention(
  store: Pick<StoreUpkeep, 'sweep'>,
  config: Config,
  log: FastifyBaseLogger,
  now: () => number,
): { stop(): void } {
  let running = false;
  let stopped = false;
  const sweep = async (): Promise<void> => {
    if (running || stopped) return;
    running = true;
    try {
      let swept = 0;
      for (let n = BATCH; n === BATCH && !stopped; swept += n) {
        n = await store.sweep(now() - config.retentionMs, BATCH);
        // Let requests in between batches.
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (swept > 0) log.info({ tables: swept }, 'retention sweep');
    } catch (e) {
      log.error({ err: e }, 'retention sweep failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void sweep(), config.sweepEveryMs);
  timer.unref();
  void sweep();
  return {
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
