/** The subcommands of `bottle-imp`, by name. Each lives in its own module. */
import type { Command } from '../io.js';
import { admin } from './admin.js';
import { analyse } from './analyse.js';
import { bench } from './bench.js';
import { bot } from './bot.js';
import { connect } from './connect.js';
import { daily } from './daily.js';
import { play } from './play.js';
import { randomGame } from './random-game.js';
import { replay } from './replay.js';
import { selfplay } from './selfplay.js';
import { tournament } from './tournament.js';

export const commands: Record<string, Command> = {
  replay,
  'random-game': randomGame,
  bench,
  tournament,
  play,
  analyse,
  bot,
  selfplay,
  admin,
  daily,
  connect,
};
