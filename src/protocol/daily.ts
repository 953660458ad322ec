/**
 * The daily deal's part of the HTTP API (docs/protocol.md, "The daily deal"): the body the
 * server takes (a zod schema) and the replies it gives (types). Clients import only the types.
 */
import { z } from 'zod';
import type { Rank } from '../engine/index.js';
import { DisplayNameSchema } from './messages.js';

/** POST /api/daily/start: a guest may give the name the results show (an account shows its username). */
export const DailyStartSchema = z.object({ name: DisplayNameSchema.optional() }).strict();

/** GET /api/daily: today's daily deal. */
export interface DailySummary {
  /** Today, YYYY-MM-DD (UTC: the day rolls over at midnight UTC). */
  readonly date: string;
  readonly players: 4;
  readonly hands: 3;
  /** Attempts begun today, finished or not, accounts and guests alike. */
  readonly entries: number;
}

/** POST /api/daily/start: the table of this player's attempt, new or begun already, and its seat. */
export interface DailyStartReply {
  readonly date: string;
  readonly code: string;
  readonly seat: 0;
  /** The seat's token (the same each time the attempt is resumed). */
  readonly token: string;
}

/** One finished attempt in a day's ranking. */
export interface DailyEntry {
  /** 1 for the best score; equal scores share a rank (1, 2, 2, 4). */
  readonly rank: number;
  readonly name: string;
  /** Seat 1's points summed over the day's hands. */
  readonly score: number;
  /** The attempt's game, for its replay (GET /api/games/:id/record). */
  readonly gameId: string;
}

/** GET /api/daily/:date/results. */
export interface DailyResults {
  readonly date: string;
  readonly entries: number;
  /** Signed-in players' finished attempts, best first. */
  readonly players: readonly DailyEntry[];
  /** Guests' finished attempts, ranked apart: unverified (one per browser). */
  readonly guests: readonly DailyEntry[];
  /** Once the day is over: each hand's dealer and every seat's dealt cards; null for today. */
  readonly deals: readonly { readonly dealer: number; readonly hands: readonly (readonly Rank[])[] }[] | null;
}
