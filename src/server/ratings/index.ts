/**
 * Ratings of rated games (docs/ratings.md), for the rest of the server: the pools, the
 * store's role (each account's current rating per pool), the bots' fixed anchors and the
 * figure a new player starts at. When a game is rated and how is in rated-game.ts and
 * rate.ts; the store writes it with the game's last action.
 */
export type { CurrentRating, RatingStore } from '../store/store.js';
export { anchorFigures, anchorRating } from './anchors.js';
export { type Pool, poolOf } from './pool.js';
export { START_RATING } from './scale.js';
