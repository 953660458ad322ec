/**
 * STAND-IN for the ratings module (issue 24, built on branch wt-rate24): only the interface
 * that Play now uses, so that this branch builds until the real module replaces this folder
 * at merge. It rates nobody: every player is unrated (null), and the anchors are placeholders.
 */
import type { BotLevel } from '../../values/index.js';

/** The pools a player is rated in: one per player count, 5 and 6 together, and team games. */
export type Pool = '2p' | '3p' | '4p' | '5-6p' | 'teams';

/** The pool of a table's options. */
export function poolOf(options: { readonly players: number; readonly mode?: string }): Pool {
  if (options.mode !== undefined && options.mode !== 'individual') return 'teams';
  if (options.players >= 5) return '5-6p';
  return `${options.players as 2 | 3 | 4}p`;
}

/** A player's rating in a pool as shown. */
export interface CurrentRating {
  readonly rating: number;
  readonly provisional: boolean;
  readonly games: number;
}

/** The store role that reads ratings. */
export interface RatingStore {
  /** The account's rating in the pool; null when it was never rated there. */
  currentRating(accountId: string, pool: Pool): Promise<CurrentRating | null>;
}

/** Nobody is rated yet (the stand-in's store). */
export const unrated: RatingStore = { currentRating: async () => null };

/** Each bot level's fixed rating in rated games (placeholders until `npm run bench:ratings` measures them). */
export const ANCHOR_RATINGS: Readonly<Record<BotLevel, number>> = {
  easy: 1100,
  medium: 1350,
  hard: 1550,
  expert: 1700,
};

/** The rating a player who was never rated is matched at. */
export const NEW_PLAYER_RATING = 1500;
