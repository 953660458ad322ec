/**
 * Players' profiles and histories in the HTTP API (docs/protocol.md, "Profile and
 * history"): what the server takes (zod schemas) and gives (types). Clients import only the
 * types and the page sizes.
 */
import { z } from 'zod';
import { RATING_POOLS, type RatingPool } from '../values/index.js';
import { Username } from './accounts.js';
import type { FinishedGame } from './messages.js';

/** How many games a page of a history holds unless `limit` says, and at most. */
export const GAMES_PAGE = 20;
export const MAX_GAMES_PAGE = 50;

/** The `:username` of /api/players/:username (ERR_BAD_USERNAME when it could not be one). */
export const PlayerParamsSchema = z.object({ username: Username }).strict();

/** GET /api/players/:username/games's query: `before` a game id, `limit` 1 to MAX_GAMES_PAGE. */
export const PlayerGamesQuerySchema = z
  .object({
    before: z.string().min(1).max(32).optional(),
    limit: z.coerce.number().int().min(1).max(MAX_GAMES_PAGE).default(GAMES_PAGE),
  })
  .strict();

/** GET /api/players/:username. */
export interface PlayerReply {
  readonly username: string;
  /** Present for a bot account (a program, docs/protocol.md "Bot accounts"), as in a TableSummary's seat. */
  readonly botAccount?: true;
  /** ms since the epoch. */
  readonly createdAt: number;
  /** How many finished games the player played. */
  readonly games: number;
  /** The player's rating in each pool it played rated games in (docs/ratings.md). */
  readonly ratings: Partial<Record<RatingPool, PlayerRating>>;
}

/** A player's rating in a pool, as shown (docs/ratings.md). */
export interface PlayerRating {
  readonly rating: number;
  /** Still uncertain: shown with "?", and not on the leaderboard. */
  readonly provisional: boolean;
  /** Rated games played in the pool. */
  readonly games: number;
}

/** How many points of a rating history GET /api/players/:username/ratings gives unless `limit` says, and at most. */
export const RATING_POINTS = 100;
export const MAX_RATING_POINTS = 500;

/** GET /api/players/:username/ratings's query: the pool, and how many of the last points. */
export const RatingHistoryQuerySchema = z
  .object({
    pool: z.enum(RATING_POOLS),
    limit: z.coerce.number().int().min(1).max(MAX_RATING_POINTS).default(RATING_POINTS),
  })
  .strict();

/** One point of a rating history: the figure after a rated game. */
export interface RatingPointReply {
  readonly gameId: string;
  readonly rating: number;
  readonly provisional: boolean;
  /** When the game ended, ms since the epoch. */
  readonly at: number;
}

/** GET /api/players/:username/ratings: the pool's last points, oldest first. */
export interface RatingHistoryReply {
  readonly pool: RatingPool;
  readonly points: readonly RatingPointReply[];
}

/** How many rows GET /api/leaderboard gives unless `limit` says, and at most. */
export const LEADERBOARD_ROWS = 100;
export const MAX_LEADERBOARD_ROWS = 200;

/** GET /api/leaderboard's query. */
export const LeaderboardQuerySchema = z
  .object({
    pool: z.enum(RATING_POOLS),
    limit: z.coerce.number().int().min(1).max(MAX_LEADERBOARD_ROWS).default(LEADERBOARD_ROWS),
  })
  .strict();

/** A row of GET /api/leaderboard: the pool's players who are not provisional, best first. */
export interface LeaderboardEntry {
  readonly username: string;
  readonly rating: number;
  readonly games: number;
}

/**
 * A finished game in a player's history: the game as GET /api/games/:id gives it (a deleted
 * account's name is DELETED_NAME, ""), how each seat ended, and the player's own seat.
 */
export interface PlayerGame extends FinishedGame {
  /** Per seat, the account that held it, or null (a guest, a bot, a deleted account). */
  readonly usernames: readonly (string | null)[];
  /** Per seat, its final total. */
  readonly scores: readonly number[];
  /** Per seat, its place: 1 is first, and equal totals share a place. */
  readonly places: readonly number[];
  /** The player's seat (from 0) and place. */
  readonly seat: number;
  readonly place: number;
  /** Where the game's record and its analysis are (paths on this server). */
  readonly links: { readonly record: string; readonly analysis: string };
}

/** GET /api/players/:username/games: newest first; `next` is the `before` of the next page, null at the end. */
export interface PlayerGamesReply {
  readonly games: readonly PlayerGame[];
  readonly next: string | null;
}
