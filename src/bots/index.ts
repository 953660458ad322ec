/** Bots: one interface, several players, and the levels offered to people. */
import type { Bot, BotOptions } from './bot.js';
import { randomBot } from './random.js';

export type { Bot, BotOptions, Budget } from './bot.js';

export const BOT_NAMES = ['random'] as const;
export type BotName = (typeof BOT_NAMES)[number];

export const LEVELS = ['easy', 'medium', 'hard', 'expert'] as const;
export type BotLevel = (typeof LEVELS)[number];

export function createBot(name: BotName, options: BotOptions): Bot {
  switch (name) {
    case 'random':
      return randomBot(options);
  }
}

/** The bot and budget behind each level offered to players. */
export function botForLevel(level: BotLevel, seed: number): Bot {
  void level;
  return createBot('random', { seed });
}
