/** Plays a uniformly random legal action. */
import {
  type Action,
  cardId,
  devilCardsOf,
  type RandomSource,
  Rng,
  setupFor,
  type TableView,
} from '../engine/index.js';
import { actionOf } from './actions.js';
import type { Bot, BotOptions } from './bot.js';

export function randomBot(options: BotOptions): Bot {
  const rng = new Rng(options.seed);
  return { name: 'random', decide: (view) => randomAction(view, rng) };
}

/**
 * A uniformly random legal action of the view's seat: one of `view.legal`, or a pass drawn
 * card by card from the hidden hand (every ordered first and second card and every set of
 * devil's cards equally likely), without listing every pass.
 */
export function randomAction(view: TableView, rng: RandomSource): Action {
  const seat = view.viewer!;
  if (view.phase !== 'pass') return { type: 'play', seat, card: view.legal[rng.below(view.legal.length)] };
  const players = view.options.players;
  const hand = view.hand!.map(cardId);
  const wanted = 2 + devilCardsOf(setupFor(players), seat, view.dealer);
  const pass = Array.from({ length: wanted }, () => hand.splice(rng.below(hand.length), 1)[0]);
  return actionOf(seat, { pass }, players);
}
