/**
 * Players' profiles and histories in the HTTP API (docs/protocol.md, "Profile and
 * history"): what the server takes (zod schemas) and gives (types). Clients import only the
 * types and the page sizes.
 */
import { z } from 'zod';
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
