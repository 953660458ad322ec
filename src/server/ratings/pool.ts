/**
 * Which rating a game counts for (docs/ratings.md, "Pools"): individual games by their
 * player count (5 and 6 players share one pool, as few tables have either), and every team
 * mode in one pool of its own.
 */
import type { Mode } from '../../engine/index.js';
import type { RatingPool } from '../../values/index.js';

export type Pool = RatingPool;

export function poolOf(options: { readonly players: number; readonly mode: Mode }): Pool {
  if (options.mode !== 'individual') return 'teams';
  if (options.players <= 2) return '2p';
  if (options.players === 3) return '3p';
  if (options.players === 4) return '4p';
  return '5-6p';
}
