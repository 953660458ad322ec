/**
 * Accounts' finished games (the store's HistoryStore), written once for both databases as
 * accounts.ts is: the players of a game, stored with its last action (each store runs
 * PLAYER_INSERT in that action's transaction), and an account's history read back a page
 * at a time, newest first, in one statement.
 */
import { z } from 'zod';
import { decode, decodeGame, int } from './rows.js';
import type { GameResult, PlayedGame } from './store.js';

/** Each seat's place from the final totals: 1, and one more for every seat with a higher total. */
export function placesOf(totals: readonly number[]): number[] {
  return totals.map((total) => 1 + totals.filter((other) => other > total).length);
}

/**
 * One player of a game that has just finished: $1 the game, $2 the seat, $3 its total, $4
 * its place, $5 when. The account is the one holding the seat as the game ends (the table's
 * seats are written before it in the same transaction).
 */
export const PLAYER_INSERT = `INSERT INTO game_players (game_id, seat, account_id, score, place, finished_at)
  VALUES ($1, $2, (SELECT s.account_id FROM seats s JOIN games g ON g.table_code = s.table_code
    WHERE g.id = $1 AND s.seat = $2), $3, $4, $5)`;

/** PLAYER_INSERT's parameters, one list a seat, for a game finished at `at` with these totals. */
export function playerParams(gameId: string, finished: { at: number; totals: readonly number[] }): unknown[][] {
  const places = placesOf(finished.totals);
  return finished.totals.map((score, seat) => [gameId, seat, score, places[seat], finished.at]);
}

/** The account's games, each once (at its first seat: a person may hold two seats of a table). */
const OWN = `me.account_id = $1 AND NOT EXISTS (SELECT 1 FROM game_players q
  WHERE q.game_id = me.game_id AND q.account_id = me.account_id AND q.seat < me.seat)`;

/** A page of the account's games ($2 at most), with every player of each; `after` narrows the page. */
const page = (after: string) => `SELECT g.*, mine.seat AS own_seat, p.seat AS player_seat, p.score, p.place, a.username
  FROM (SELECT me.game_id, me.seat, me.finished_at FROM game_players me WHERE ${OWN}${after}
    ORDER BY me.finished_at DESC, me.game_id DESC LIMIT $2) mine
  JOIN games g ON g.id = mine.game_id
  JOIN game_players p ON p.game_id = mine.game_id
  LEFT JOIN accounts a ON a.id = p.account_id
  ORDER BY mine.finished_at DESC, mine.game_id DESC, p.seat`;

const SQL = {
  count: 'SELECT COUNT(DISTINCT game_id) AS n FROM game_players WHERE account_id = $1',
  first: page(''),
  // Row values order as the page does: by time, then id. An unknown game ($3) gives an empty page.
  before: page(' AND (me.finished_at, me.game_id) < (SELECT finished_at, id FROM games WHERE id = $3)'),
};

const playerSchema = z.object({
  id: z.string().min(1),
  own_seat: int,
  player_seat: int,
  score: int,
  place: int,
  username: z.string().nullable(),
});

/** How these read: the `rows` of accounts.ts's SqlRunner. */
interface Reader {
  rows(sql: string, params: readonly unknown[]): Promise<unknown[]>;
}

export async function gameCount(sql: Reader, accountId: string): Promise<number> {
  const [raw] = await sql.rows(SQL.count, [accountId]);
  return decode(z.object({ n: int }), 'game count', raw).n;
}

export async function gamesOf(sql: Reader, accountId: string, limit: number, before?: string): Promise<PlayedGame[]> {
  const rows =
    before === undefined
      ? await sql.rows(SQL.first, [accountId, limit])
      : await sql.rows(SQL.before, [accountId, limit, before]);
  const games = new Map<string, { game: PlayedGame['game']; seat: number; players: GameResult[] }>();
  for (const raw of rows) {
    const p = decode(playerSchema, 'game player', raw);
    let played = games.get(p.id);
    if (!played) {
      played = { game: decodeGame(raw), seat: p.own_seat, players: [] };
      games.set(p.id, played);
    }
    played.players[p.player_seat] = { score: p.score, place: p.place, username: p.username };
  }
  return [...games.values()];
}
