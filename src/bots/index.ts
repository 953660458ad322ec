/** Bots: one interface, several players, and the levels offered to people. */
import type { Bot, BotOptions } from './bot.js';
import { heuristicBot } from './heuristic.js';
import { ismctsBot } from './ismcts.js';
import type { BotLevel } from './levels.js';
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

export { type BotLevel, isBotLevel, LEVELS } from './levels.js';

/** What each level is, for players: a short label and one line to show beside it. */
export const LEVEL_INFO: Record<BotLevel, { readonly label: string; readonly description: string }> = {
  easy: { label: 'Easy', description: 'Plays by simple rules and often picks a card at random.' },
  medium: { label: 'Medium', description: 'Plays by rules of thumb: sheds low cards, avoids the bottle late.' },
  hard: { label: 'Hard', description: 'Thinks ahead by playing out 2,000 guesses of the hidden cards per move.' },
  expert: {
    label: 'Expert',
    description: 'Thinks like Hard several times over, each time on other guesses, and weighs them all.',
  },
};

/** Iterations of the hard level's search. */
export const HARD_ITERATIONS = 2000;
/**
 * The expert's independent searches of HARD_ITERATIONS each (ismcts.ts searchView), by
 * table size: with 5 or 6 players a round is longer and so is every playout, so fewer
 * searches keep its time per decision within the limits (BENCHMARKS.md).
 */
const EXPERT_SEARCHES = { small: 5, large: 2 } as const;
const LARGE_TABLE = 5;

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
      return expertBot(seed);
  }
}

function expertBot(seed: number): Bot {
  const searching = (searches: number): Bot =>
    ismctsBot({ seed, budget: { iterations: searches * HARD_ITERATIONS }, searches }, 'expert');
  const small = searching(EXPERT_SEARCHES.small);
  const large = searching(EXPERT_SEARCHES.large);
  return {
    name: 'expert',
    decide: (view, legal) => (view.options.players >= LARGE_TABLE ? large : small).decide(view, legal),
  };
}
