/**
 * Ratings (the store's RatingStore, docs/ratings.md), written once for both databases as
 * accounts.ts is: the reads of current ratings, histories and leaderboards, and the writes
 * a rated game's last action makes in its own transaction (`ratingWrites`: each store
 * reads the players' ratings with `ratingsBefore` inside that transaction, rates the game
 * and runs the statements it returns), so that a rating is stored before anyone is told.
 */
import { z } from 'zod';
import { ACCOUNT_KINDS } from '../../values/index.js';
import { mayJoinPeoplesPools } from '../accounts/kind.js';
import type { Pool } from '../ratings/pool.js';
import { type RatingsBefore, rateGame } from '../ratings/rate.js';
import type { RatedResult } from '../ratings/rated-game.js';
import { displayed, isProvisional, PROVISIONAL_SIGMA } from '../ratings/scale.js';
import { SqlDuplicates } from './duplicate.js';
import { decode, int, nullableInt } from './rows.js';
import type { SqlRunner, Statement } from './sql-runner.js';
import type { CurrentRating, LeaderboardRow, RatingPoint, RatingStore, SeatRatingChange } from './store.js';

/**
 * A rated person's account and rating in the pool ($1 the account, $2 the pool): no row when
 * the account is gone, null μ when never rated there. `lock` is PostgreSQL's row lock, so
 * that two games of one player ending at once are rated one after the other.
 */
export const ratingsBefore = (lock: string) => `SELECT a.id, a.kind, a.banned_at, r.mu, r.sigma
  FROM accounts a LEFT JOIN ratings r ON r.account_id = a.id AND r.pool = $2 WHERE a.id = $1${lock}`;

const SQL = {
  upsert: `INSERT INTO ratings (account_id, pool, mu, sigma, games) VALUES ($1, $2, $3, $4, 1)
    ON CONFLICT (account_id, pool) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, games = ratings.games + 1`,
  history: `INSERT INTO rating_history (account_id, pool, game_id, seat, mu, sigma, rating, before_rating, at)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
  current: 'SELECT pool, mu, sigma, games FROM ratings WHERE account_id = $1 AND pool = $2',
  all: 'SELECT pool, mu, sigma, games FROM ratings WHERE account_id = $1',
  // The last $3, read newest first and turned round.
  points: `SELECT game_id, mu, sigma, at FROM rating_history WHERE account_id = $1 AND pool = $2
    ORDER BY at DESC, game_id DESC LIMIT $3`,
  leaderboard: `SELECT a.username, r.mu, r.sigma, r.games FROM ratings r JOIN accounts a ON a.id = r.account_id
    WHERE r.pool = $1 AND r.sigma <= $2 AND a.banned_at IS NULL ORDER BY r.mu DESC, a.username LIMIT $3`,
  game: 'SELECT seat, sigma, rating, before_rating FROM rating_history WHERE game_id = $1 ORDER BY seat',
};

const beforeSchema = z.object({
  id: z.string(),
  kind: z.enum(ACCOUNT_KINDS),
  banned_at: nullableInt,
  mu: z.number().nullable(),
  sigma: z.number().nullable(),
});
const ratingSchema = z.object({ pool: z.string(), mu: z.number(), sigma: z.number(), games: int });
const pointSchema = z.object({ game_id: z.string(), mu: z.number(), sigma: z.number(), at: int });
const boardSchema = z.object({ username: z.string(), mu: z.number(), sigma: z.number(), games: int });
const changeSchema = z.object({ seat: int, sigma: z.number(), rating: int, before_rating: nullableInt });

/**
 * The statements that store a rated game's new ratings, from the players' rows as read in
 * the same transaction. Accounts deleted meanwhile, and any that may not be rated
 * (accounts/kind.ts: a bot account, a banned person), keep nothing; they were ranked all
 * the same.
 */
export function ratingWrites(
  gameId: string,
  at: number,
  game: RatedResult,
  rowsOf: (account: string) => readonly unknown[],
): Statement[] {
  const before = new Map<string, { mu: number; sigma: number } | null>();
  const rated = new Set<string>();
  for (const s of game.seats) {
    if (!('account' in s)) continue;
    const [raw] = rowsOf(s.account);
    if (raw === undefined) continue;
    const row = decode(beforeSchema, 'rated account', raw);
    before.set(s.account, row.mu === null || row.sigma === null ? null : { mu: row.mu, sigma: row.sigma });
    if (mayJoinPeoplesPools({ kind: row.kind, bannedAt: row.banned_at })) rated.add(s.account);
  }
  return rateGame(game, before as RatingsBefore)
    .filter((u) => rated.has(u.account))
    .flatMap((u) => [
      { sql: SQL.upsert, params: [u.account, game.pool, u.after.mu, u.after.sigma] },
      {
        sql: SQL.history,
        params: [
          u.account,
          game.pool,
          gameId,
          u.seat,
          u.after.mu,
          u.after.sigma,
          displayed(u.after),
          u.before === null ? null : displayed(u.before),
          at,
        ],
      },
    ]);
}

function shown(r: { mu: number; sigma: number; games: number }): CurrentRating {
  return { rating: displayed(r), provisional: isProvisional(r), games: r.games };
}

/** The reads of RatingStore (both stores extend it through SqlAccounts; it extends daily.ts's SqlDaily). */
export class SqlRatings extends SqlDuplicates implements RatingStore {
  constructor(private readonly ratingSql: SqlRunner) {
    super(ratingSql);
  }

  private async rows<T>(sql: string, params: readonly unknown[], schema: z.ZodType<T>, what: string): Promise<T[]> {
    return (await this.ratingSql.rows(sql, params)).map((raw) => decode(schema, what, raw));
  }

  async currentRating(accountId: string, pool: Pool): Promise<CurrentRating | null> {
    const [row] = await this.rows(SQL.current, [accountId, pool], ratingSchema, 'rating');
    return row ? shown(row) : null;
  }

  async ratingsOf(accountId: string): Promise<Partial<Record<Pool, CurrentRating>>> {
    const rows = await this.rows(SQL.all, [accountId], ratingSchema, 'rating');
    return Object.fromEntries(rows.map((r) => [r.pool, shown(r)]));
  }

  async ratingHistory(accountId: string, pool: Pool, limit: number): Promise<RatingPoint[]> {
    const rows = await this.rows(SQL.points, [accountId, pool, limit], pointSchema, 'rating point');
    return rows
      .reverse()
      .map((p) => ({ gameId: p.game_id, rating: displayed(p), provisional: isProvisional(p), at: p.at }));
  }

  async leaderboard(pool: Pool, limit: number): Promise<LeaderboardRow[]> {
    const rows = await this.rows(SQL.leaderboard, [pool, PROVISIONAL_SIGMA, limit], boardSchema, 'leaderboard row');
    return rows.map((r) => ({ username: r.username, rating: displayed(r), games: r.games }));
  }

  async gameRatings(gameId: string): Promise<SeatRatingChange[]> {
    const rows = await this.rows(SQL.game, [gameId], changeSchema, 'rating change');
    return rows.map((r) => ({
      seat: r.seat,
      before: r.before_rating,
      after: r.rating,
      provisional: r.sigma > PROVISIONAL_SIGMA,
    }));
  }
}
