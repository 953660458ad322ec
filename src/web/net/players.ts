/** Players' public profiles and their finished games (docs/protocol.md, "Profile and history"). */
import type { PlayerGame, PlayerGamesReply, PlayerReply } from '../../protocol/players.js';
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
