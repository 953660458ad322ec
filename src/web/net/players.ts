/** Players' public profiles and their finished games (docs/protocol.md, "Profile and history"). */
import { call } from './api.js';

export interface Player {
  readonly username: string;
  readonly createdAt: number;
  /** Finished games the player sat through. */
  readonly games: number;
}

/** One finished game in a player's history: who played, and where the player finished (1 is first). */
export interface PlayerGame {
  readonly id: string;
  readonly names: readonly string[];
  readonly finishedAt: number;
  readonly place: number;
}

/** How many games a page of the history holds. */
export const GAMES_PAGE = 20;

export function getPlayer(username: string): Promise<Player> {
  return call('GET', `/api/players/${encodeURIComponent(username)}`);
}

/** The player's finished games, newest first, older than the game `before` when given. */
export async function playerGames(username: string, before?: string): Promise<PlayerGame[]> {
  const query = new URLSearchParams({ limit: String(GAMES_PAGE), ...(before ? { before } : {}) });
  const reply = await call<{ games: PlayerGame[] }>(
    'GET',
    `/api/players/${encodeURIComponent(username)}/games?${query}`,
  );
  return reply.games;
}
