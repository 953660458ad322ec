/**
 * A seat's legal actions from its view alone, in the Action JSON of the records: what a
 * `decide` lists (docs/bot-protocol.md). The same list as the engine's `Game.legalActions`
 * (its passes are the engine's `passActions`), so a host needs no game, only the view: a
 * tournament's and a server's (bottle-imp connect) decisions are alike.
 */
import { type Action, devilCardsOf, passActions, setupFor, type TableView } from '../../engine/index.js';

export function legalActionsOf(view: TableView): Action[] {
  const seat = view.viewer;
  if (seat === null || !view.mustAct) return [];
  if (view.phase === 'play') return view.legal.map((card) => ({ type: 'play', seat, card }));
  if (view.phase !== 'pass' || view.hand === null) return [];
  const players = view.options.players;
  return passActions(seat, players, view.hand, devilCardsOf(setupFor(players), seat, view.dealer));
}
