/**
 * Finished games as the HTTP API gives them: who played (GET /api/games/:id, a table's
 * games) and, in a player's history and export, how each seat ended and where the record
 * and the analysis are (docs/protocol.md).
 */
import type { AnalysisReply, FinishedGame } from '../../protocol/messages.js';
import type { PlayerGame } from '../../protocol/players.js';
import type { GameRow, HistoryStore, PlayedGame } from '../store/store.js';

export function finishedGame(g: GameRow): FinishedGame {
  return {
    id: g.id,
    names: g.names,
    bots: g.bots,
    botAccounts: g.botAccounts,
    startedAt: g.startedAt,
    finishedAt: g.finishedAt!,
  };
}

/** A game of a player's history. */
export function playerGame({ game, seat, players }: PlayedGame): PlayerGame {
  const at = `/api/games/${encodeURIComponent(game.id)}`;
  return {
    ...finishedGame(game),
    usernames: players.map((p) => p.username),
    scores: players.map((p) => p.score),
    places: players.map((p) => p.place),
    seat,
    place: players[seat].place,
    links: { record: `${at}/record`, analysis: `${at}/analysis` },
  };
}

/** Every finished game of an account, newest first (for its export), read a page at a time. */
export async function allGamesOf(store: Pick<HistoryStore, 'gamesOf'>, accountId: string): Promise<PlayerGame[]> {
  const games: PlayerGame[] = [];
  for (let page = await store.gamesOf(accountId, 100); page.length > 0; ) {
    games.push(...page.map(playerGame));
    page = await store.gamesOf(accountId, 100, page[page.length - 1].game.id);
  }
  return games;
}

/**
 * An analysis names each seat as its game does now: one stored before a player's account was
 * deleted still holds the old name, which is not to be told (DELETED_NAME instead).
 */
export function namedAsGame(reply: AnalysisReply, game: GameRow): AnalysisReply {
  if (reply.status !== 'done') return reply;
  const players = reply.analysis.players.map((p) => ({ ...p, name: game.names[p.seat] ?? p.name }));
  return { ...reply, analysis: { ...reply.analysis, players } };
}
