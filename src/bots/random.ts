/** Plays a uniformly random legal action. */
import { Rng } from '../engine/index.js';
import type { Bot, BotOptions } from './bot.js';

export function randomBot(options: BotOptions): Bot {
  const rng = new Rng(options.seed);
  return {
    name: 'random',
    decide: (_view, legal) => legal[rng.below(legal.length)],
  };
}
