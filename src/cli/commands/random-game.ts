/** `bottle-imp random-game`: a random but legal complete game, as a record (for tests and demos). */
import { createBot, playBotTurns } from '../../bots/index.js';
import { Game, type GameOptions } from '../../engine/index.js';
import { recordOf } from '../../record/index.js';
import {
  ArgError,
  type Command,
  GAME_FLAGS,
  GAME_FLAGS_HELP,
  gameFlags,
  parseFlags,
  seedFlag,
  withArgErrors,
} from '../io.js';

const HELP = `Usage: bottle-imp random-game --players N [--mode M] [--rounds R | --target T] [--seed S]

Prints a complete game of random legal choices as a bottle-imp/1 record.
${GAME_FLAGS_HELP}
  --seed S      whole number; the same seed gives the same game (default: from the clock,
                printed on standard error)`;

export const randomGame: Command = {
  summary: 'print a random legal complete game record',
  run: (argv) =>
    withArgErrors('random-game', () => {
      const { values } = parseFlags(argv, {
        ...GAME_FLAGS,
        seed: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      });
      if (values.help) {
        process.stdout.write(HELP + '\n');
        return 0;
      }
      const options = gameFlags(values);
      const seed = seedFlag(values.seed);
      // A seed of its own is told on standard error, so that the record on standard output stays whole.
      if (values.seed === undefined)
        process.stderr.write(`bottle-imp: random-game: seed ${seed} (--seed ${seed} deals it again)\n`);
      const game = playRandomGame(options, seed);
      const names = Array.from({ length: options.players }, (_, s) => `Player ${s + 1}`);
      process.stdout.write(JSON.stringify(recordOf(game, names)) + '\n');
      return 0;
    }),
};

/** Every seat played by the random bot, each with its own seed derived from the game's. */
export function playRandomGame(options: GameOptions, seed: number): Game {
  const created = Game.create(options, seed);
  if (!created.ok) throw new ArgError(created.error.message);
  const game = created.value;
  const bots = Array.from({ length: options.players }, (_, s) =>
    createBot('random', { seed: (seed * 31 + s + 1) >>> 0 }),
  );
  playBotTurns(game, bots);
  return game;
}
