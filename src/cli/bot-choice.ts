/**
 * A bot as the commands that play one bot take it (`bot`, `selfplay`): a level offered to
 * players (easy … expert) or one of the bots by name (random, heuristic, ismcts).
 */
import { BOT_NAMES, type Bot, type BotName, botForLevel, createBot, isBotName } from '../bots/index.js';
import { type BotLevel, isBotLevel, LEVELS } from '../values/index.js';
import { ArgError } from './io.js';

export type BotChoice = BotLevel | BotName;

/** Every accepted name, levels first. */
export const BOT_CHOICES: readonly string[] = [...LEVELS, ...BOT_NAMES];

/** --level's value, or an ArgError listing the names. */
export function botChoice(value: string): BotChoice {
  if (isBotLevel(value) || isBotName(value)) return value;
  throw new ArgError(`unknown --level "${value}" (${BOT_CHOICES.join(', ')})`);
}

/** The bot behind a choice; the same choice and seed give the same bot. */
export function botOf(choice: BotChoice, seed: number): Bot {
  return isBotLevel(choice) ? botForLevel(choice, seed) : createBot(choice, { seed });
}
