/** A day's game played by the daily bots alone, so that an operator can check a day's deals. */
import { playBotTurns } from '../bots/index.js';
import { Game } from '../engine/index.js';
import type { BotLevel } from '../values/index.js';
import { dailyBot } from './bots.js';
import { DAILY_OPTIONS, dailySeed } from './deal.js';

/** Every seat, seat 1 too, played by a daily bot of the level (the day's bots are `expert`). */
export function playDayByBots(secret: string, date: string, level: BotLevel): Game {
  const seed = dailySeed(secret, date);
  const created = Game.create(DAILY_OPTIONS, seed);
  if (!created.ok) throw new Error(created.error.message);
  const bot = dailyBot(level, seed);
  playBotTurns(created.value, [bot, bot, bot, bot]);
  return created.value;
}
