/** Bots: one interface, several players, and the levels offered to people. */

import type { BotLevel } from '../values/index.js';
import type { Bot, BotOptions } from './bot.js';
import { heuristicBot } from './heuristic.js';
import { HARD_ITERATIONS, ismctsBot } from './ismcts.js';
import { randomBot } from './random.js';

export type { Bot, BotOptions, Budget } from './bot.js';
export { ISMCTS_DEFAULT_ITERATIONS } from './ismcts.js';
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
    case 'ismcts':
      return ismctsBot(options);
  }
}

/** The bot and budget behind each level offered to players. */
export function botForLevel(level: BotLevel, seed: number): Bot {
  switch (level) {
    case 'easy':
      return heuristicBot({ seed }, 0.35, 'easy');
    case 'medium':
      return heuristicBot({ seed }, 0, 'medium');
    case 'hard':
      return ismctsBot({ seed, budget: { iterations: HARD_ITERATIONS } }, 'hard');
    case 'expert':
      return ismctsBot({ seed }, 'expert');
  }
}
