/** Players' public profiles, their finished games and ratings, and the leaderboards (docs/protocol.md, "Profile and history"). */
import type {
  LeaderboardEntry,
  PlayerGame,
  PlayerGamesReply,
  PlayerReply,
  RatingHistoryReply,
} from '../../protocol/players.js';
import type { RatingPool } from '../../values/index.js';
import { call } from './api.js';

export type { PlayerGame, PlayerReply as Player };

export function getPlayer(username: string): Promise<PlayerReply> {
  return call('GET', `/api/players/${encodeURIComponent(username)}`);
}

/** A page of the player's finished games, newest first: those after the game `before` when given. */
export function playerGames(username: string, before?: string): Promise<PlayerGamesReply> {
  const query = before ? `?${new URLSearchParams({ before })}` : '';
  return call('GET', `/api/players/${encodeURIComponent(username)}/games${query}`);
}

/** The player's figure after each of their last rated games in the pool, oldest first. */
export function ratingHistory(username: string, pool: RatingPool): Promise<RatingHistoryReply> {
  return call('GET', `/api/players/${encodeURIComponent(username)}/ratings?${new URLSearchParams({ pool })}`);
}

/** The pool's players whose rating has settled, best first (docs/ratings.md). */
export function leaderboard(pool: RatingPool): Promise<LeaderboardEntry[]> {
  return call('GET', `/api/leaderboard?${new URLSearchParams({ pool })}`);
}
