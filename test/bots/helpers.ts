/** Playing games with bots, for the bot tests. */
import { type Bot, playBotTurns } from '../../src/bots/index.js';
import { Game, type GameOptions } from '../../src/engine/index.js';

/**
 * Plays a whole game; playBotTurns fails loudly if any bot chooses for another seat or
 * the engine refuses its choice.
 */
export function playGame(
  options: GameOptions,
  seed: number,
  botFor: (seat: number, game: Game) => Bot,
  stopAfter = Number.POSITIVE_INFINITY,
): Game {
  const game = Game.create(options, seed);
  if (!game.ok) throw new Error(game.error.message);
  const g = game.value;
  const bots = Array.from({ length: g.players }, (_, s) => botFor(s, g));
  let steps = 0;
  playBotTurns(g, bots, { stop: () => steps++ >= stopAfter });
  return g;
}

/** The value of an engine Result, or a thrown error with its message. */
export function must<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
