/** Playing games with bots, for the bot tests. */
import { type Bot, playBotTurns } from '../../src/bots/index.js';
import { type Action, Game, type GameOptions, type TableView } from '../../src/engine/index.js';

/** Plays a whole game, failing loudly if any bot returns an action outside its legal list or the engine refuses it. */
export function playGame(
  options: GameOptions,
  seed: number,
  botFor: (seat: number, game: Game) => Bot,
  stopAfter = Number.POSITIVE_INFINITY,
): Game {
  const game = Game.create(options, seed);
  if (!game.ok) throw new Error(game.error.message);
  const g = game.value;
  const bots = Array.from({ length: g.players }, (_, s) => strict(botFor(s, g), s));
  let steps = 0;
  playBotTurns(g, bots, { stop: () => steps++ >= stopAfter });
  return g;
}

/** The bot, failing loudly when it returns an action outside its legal list (the engine might accept some). */
function strict(bot: Bot, seat: number): Bot {
  return {
    name: bot.name,
    decide(v: TableView, legal: readonly Action[]): Action {
      const action = bot.decide(v, legal);
      if (!legal.some((a) => sameAction(a, action)))
        throw new Error(
          `${bot.name} at seat ${seat} returned an action not in its legal list: ${JSON.stringify(action)}`,
        );
      return action;
    },
  };
}

export function sameAction(a: Action, b: Action): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The value of an engine Result, or a thrown error with its message. */
export function must<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
