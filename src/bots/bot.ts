/**
 * The one interface every bot implements. A bot is handed its seat's view (what RULES.md
 * §6 lets that seat know), never the game itself, so it cannot read hidden cards even by
 * mistake. The view says all a bot needs to choose: its hand and the phase, and for a play
 * the legal cards (`view.legal`). Nobody lists every legal pass for it (2 players: 5,940).
 */
import type { Action, TableView } from '../engine/index.js';

export interface Bot {
  readonly name: string;
  /** Choose a legal action for the seat `view.viewer`, which must act; `Game.apply` judges it. */
  decide(view: TableView): Action;
}

/** How much a bot may think per decision; unset fields fall back to the bot's default. */
export interface Budget {
  readonly iterations?: number;
  readonly ms?: number;
}

export interface BotOptions {
  /** The same seed and view always give the same decision (with an iteration budget). */
  readonly seed: number;
  readonly budget?: Budget;
  /** Worker threads for searching bots (root parallelism; default 1, this thread only). */
  readonly threads?: number;
  /**
   * Independent searches per decision (per thread), each on its own deals with an equal
   * share of the iterations, their root visits added up (ismcts; default 1).
   */
  readonly searches?: number;
}
