/**
 * The one interface every bot implements. A bot is handed its seat's view (what RULES.md
 * §6 lets that seat know) and its legal actions, never the game itself, so it cannot
 * read hidden cards even by mistake.
 */
import type { Action, TableView } from '../engine/index.js';

export interface Bot {
  readonly name: string;
  /** Choose one of `legal` (never empty) for the seat `view.viewer`. */
  decide(view: TableView, legal: readonly Action[]): Action;
}

/** How much a bot may think per decision; unset fields fall back to the bot's default. */
export interface Budget {
  readonly iterations?: number;
  readonly ms?: number;
}

export interface BotOptions {
  /** The same seed, view and legal actions always give the same decision (with an iteration budget). */
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
