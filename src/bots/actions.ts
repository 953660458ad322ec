/** Between the engine's card ids (what the bots think in) and the actions a bot returns. */
import { type Action, type CardId, passOfSlots, RANK } from '../engine/index.js';

/**
 * The action of a bot's choice: a card, or a pass in the core's slots. The bot chose it
 * from its own position's legal cards, and `Game.apply` judges it: a choice the game
 * refuses is a bug, which the callers report (playBotTurns throws, the server logs it and
 * plays the engine's first legal action instead). The devil's cards are written in rank
 * order, as `Game.legalActions` lists them, so records do not depend on a bot's slot order.
 */
export function actionOf(
  seat: number,
  choice: { readonly pass: readonly number[] } | { readonly card: CardId },
  players: number,
): Action {
  if ('card' in choice) return { type: 'play', seat, card: RANK[choice.card] };
  const devil = choice.pass
    .slice(2)
    .filter((id) => id >= 0)
    .sort((a, b) => a - b);
  return { type: 'pass', seat, pass: passOfSlots(players, [choice.pass[0], choice.pass[1], ...devil]) };
}
