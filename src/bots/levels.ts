/**
 * The levels offered to people, each a bot and a budget. Pure, with no Node module, so
 * that the offline game's Web Worker (src/web/offline/) takes the bots from here rather
 * than from the package's index, whose createBot may search on Node's worker threads.
 */
import type { BotLevel } from '../values/index.js';
import type { Bot } from './bot.js';
import { heuristicBot } from './heuristic.js';
import { HARD_ITERATIONS, ismctsBot } from './ismcts.js';

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
