/**
 * The daily deal's part of the HTTP API (docs/protocol.md, "The daily deal"): the body the
 * server takes (a zod schema) and the replies it gives (types). Clients import only the types.
 */
import { z } from 'zod';
import type { PassChoice, Rank } from '../engine/index.js';
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
  /** The requester's own finished attempt, ranked in its group (accounts or guests); null without one. */
  readonly mine: DailyStanding | null;
  /** Once the day is over: each hand's dealer and every seat's dealt cards; null for today. */
  readonly deals: readonly { readonly dealer: number; readonly hands: readonly (readonly Rank[])[] }[] | null;
}

/** Where a finished attempt stands among the attempts of its group (accounts, or guests). */
export interface DailyStanding {
  readonly rank: number;
  /** How many scored attempts the group has, this one included. */
  readonly of: number;
  /** The share of the others in the group it beat, ties counted half, 0 to 100 (100 when alone). */
  readonly percentile: number;
  readonly score: number;
  readonly gameId: string;
  readonly guest: boolean;
}

/** A card's rank, or a pass (where it puts its cards), as in an analysis (docs/analysis.md). */
export type DailyAction = Rank | PassChoice;

/** GET /api/daily/:date/choices: the field's choices at each decision of one finished attempt. */
export interface DailyChoices {
  readonly date: string;
  /** The attempt whose decisions these are: the requester's own unless `?game=` named another. */
  readonly gameId: string;
  readonly decisions: readonly DailyDecision[];
}

/** One decision of seat 1, and what the field did at the same position. */
export interface DailyDecision {
  /** The hand, from 0. */
  readonly hand: number;
  /** 0 for the hand's pass, then 1 to 8 for seat 1's card in each trick. */
  readonly decision: number;
  readonly chosen: DailyAction;
  /** Scored attempts that reached this position (the same actions of seat 1 before it), this one included. */
  readonly field: number;
  /** Each choice made there, the most chosen first. */
  readonly choices: readonly DailyFieldChoice[];
}

export interface DailyFieldChoice {
  readonly action: DailyAction;
  readonly players: number;
  /**
   * The average daily score (the 3 hands' total) of those who made it, to two decimals: all
   * of them had the same points up to here, so the differences are what followed this choice.
   */
  readonly score: number;
}
