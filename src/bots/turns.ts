/**
 * The one loop that lets bots play a game: every seat that has a bot and must act decides
 * from its own seat's view, until the game is over or only seats
 * without a bot (people) are left to act. The CLI's random games, tournaments and
 * terminal play, and the bot tests, all play through it.
 */
import { type Action, type Game, type GameEvent, view } from '../engine/index.js';
import type { Bot } from './bot.js';

export interface BotTurnHooks {
  /** Before a bot decides (e.g. to say it is thinking). */
  before?(seat: number): void;
  /** After its action was applied: the action, the events it caused and how long the bot thought. */
  after?(seat: number, action: Action, events: readonly GameEvent[], ms: number): void;
  /** Asked before every turn: true stops the loop (e.g. after Ctrl-C). */
  stop?(): boolean;
}

/**
 * Plays every bot turn that is due; `bots[seat]` is null for a seat a person plays. The
 * game judges each choice: throws if a bot chose for another seat or the game refuses it.
 */
export function playBotTurns(game: Game, bots: readonly (Bot | null)[], hooks: BotTurnHooks = {}): void {
  for (;;) {
    if (game.phase === 'over' || hooks.stop?.()) return;
    const seat = game.toAct().find((s) => bots[s] !== null);
    if (seat === undefined) return;
    hooks.before?.(seat);
    const started = performance.now();
    const action = bots[seat]!.decide(view(game, seat));
    const ms = performance.now() - started;
    if (action.seat !== seat)
      throw new Error(`${bots[seat]!.name} at seat ${seat + 1} chose an action for seat ${action.seat + 1}`);
    const applied = game.apply(action);
    if (!applied.ok)
      throw new Error(`${bots[seat]!.name} at seat ${seat + 1} chose an illegal action: ${applied.error.detail}`);
    hooks.after?.(seat, action, applied.value, ms);
  }
}
