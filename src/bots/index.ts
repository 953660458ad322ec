/**
 * Bots: one interface, several players, and the levels offered to people. This is Node's
 * entry (createBot may search on worker threads); a browser takes the levels from
 * levels.ts, which holds no Node module.
 */

import type { Bot, BotOptions } from './bot.js';
import { heuristicBot } from './heuristic.js';
import { ismctsBot } from './ismcts.js';
import { searchOnThreads } from './parallel.js';
import { randomBot } from './random.js';

export type { Bot, BotOptions, Budget } from './bot.js';
export { ISMCTS_DEFAULT_ITERATIONS } from './ismcts.js';
export { botForLevel } from './levels.js';
export { type BotTurnHooks, playBotTurns } from './turns.js';

/** The bots anyone may create. The oracle (oracle.ts) sees hidden cards and is not among them. */
export const BOT_NAMES = ['random', 'heuristic', 'ismcts'] as const;
export type BotName = (typeof BOT_NAMES)[number];

export function isBotName(name: unknown): name is BotName {
  return typeof name === 'string' && (BOT_NAMES as readonly string[]).includes(name);
}

export function createBot(name: BotName, options: BotOptions): Bot {
  switch (name) {
    case 'random':
      return randomBot(options);
    case 'heuristic':
      return heuristicBot(options);
    case 'ismcts': {
      const threads = Math.max(1, Math.floor(options.threads ?? 1));
      return ismctsBot(options, 'ismcts', threads > 1 ? searchOnThreads(threads) : undefined);
    }
  }
}
