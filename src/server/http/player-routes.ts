/**
 * Players' public profiles and histories (docs/protocol.md, "Profile and history"): since
 * when an account plays, how many games, its ratings, and its finished games a page at a
 * time, newest first, each with how every seat ended and where its record and analysis
 * are; a rating's history; and the leaderboards (docs/ratings.md). Nothing here needs a
 * session: a profile is public, and tells nothing but the name, the date, the games and
 * the ratings.
 */
import type { FastifyInstance } from 'fastify';
import {
  type LeaderboardEntry,
  LeaderboardQuerySchema,
  PlayerGamesQuerySchema,
  type PlayerGamesReply,
  PlayerParamsSchema,
  type PlayerReply,
  RatingHistoryQuerySchema,
  type RatingHistoryReply,
} from '../../protocol/players.js';
import { isBotAccount } from '../accounts/kind.js';
import { ServerError } from '../errors.js';
import type { AccountRow, AccountStore, GameLog, HistoryStore, RatingStore } from '../store/store.js';
import { summary } from './account-routes.js';
import { playerGame } from './game-replies.js';
import { parse } from './parse.js';

export interface PlayerDeps {
  readonly store: Pick<AccountStore, 'accountNamed'> &
    HistoryStore &
    Pick<GameLog, 'loadGame'> &
    Pick<RatingStore, 'ratingsOf' | 'ratingHistory' | 'leaderboard'>;
}

export function registerPlayerRoutes(app: FastifyInstance, { store }: PlayerDeps): void {
  /** The account of the path's name (in any case), else ERR_NO_PLAYER. */
  const player = async (params: unknown): Promise<AccountRow> => {
    const { username } = parse(PlayerParamsSchema, params);
    const account = await store.accountNamed(username);
    if (!account) throw new ServerError('ERR_NO_PLAYER', 'There is no player of this name.', 404);
    return account;
  };

  app.get('/api/players/:username', async (req): Promise<PlayerReply> => {
    const account = await player(req.params);
    const [games, ratings] = await Promise.all([store.gameCount(account.id), store.ratingsOf(account.id)]);
    return {
      ...summary(account),
      ...(isBotAccount(account) ? { botAccount: true as const } : {}),
      games,
      ratings,
    };
  });

  app.get('/api/players/:username/ratings', async (req): Promise<RatingHistoryReply> => {
    const query = parse(RatingHistoryQuerySchema, req.query);
    const account = await player(req.params);
    return { pool: query.pool, points: await store.ratingHistory(account.id, query.pool, query.limit) };
  });

  app.get('/api/leaderboard', async (req): Promise<LeaderboardEntry[]> => {
    const query = parse(LeaderboardQuerySchema, req.query);
    return store.leaderboard(query.pool, query.limit);
  });

  app.get('/api/players/:username/games', async (req): Promise<PlayerGamesReply> => {
    const query = parse(PlayerGamesQuerySchema, req.query);
    const account = await player(req.params);
    if (query.before !== undefined && (await store.loadGame(query.before))?.status !== 'finished')
      throw new ServerError('ERR_NO_GAME', 'There is no finished game of that id to list the games before.', 404);
    // One more than asked for tells whether there is a next page.
    const page = await store.gamesOf(account.id, query.limit + 1, query.before);
    const shown = page.slice(0, query.limit);
    return {
      games: shown.map(playerGame),
      next: page.length > query.limit ? shown[shown.length - 1].game.id : null,
    };
  });
}
