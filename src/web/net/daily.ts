/**
 * The daily deal's API (docs/protocol.md, "The daily deal"), and which table this browser
 * played each day at: its finished game is the player's own entry in the day's results.
 */
import type { DailyChoices, DailyResults, DailyStartReply, DailySummary } from '../../protocol/daily.js';
import { call } from './api.js';
import { saveSession } from './session.js';

export type {
  DailyChoices,
  DailyDecision,
  DailyEntry,
  DailyResults,
  DailyStanding,
  DailySummary,
} from '../../protocol/daily.js';

const TABLE = 'bottle-imp:daily:';

export function getDaily(): Promise<DailySummary> {
  return call('GET', '/api/daily');
}

/**
 * Begin (or resume) today's attempt and keep its seat like any other table's, so the
 * table screen opens it and a reload returns to it. `name`: a guest's name in the results.
 */
export async function startDaily(name: string): Promise<DailyStartReply> {
  const reply = await call<DailyStartReply>('POST', '/api/daily/start', name ? { name } : {});
  saveSession(reply.code, { seat: reply.seat, token: reply.token });
  try {
    localStorage.setItem(TABLE + reply.date, reply.code);
  } catch {
    // Storage off: the results simply cannot mark this browser's entry.
  }
  return reply;
}

export function dailyResults(date: string, limit?: number): Promise<DailyResults> {
  const query = limit === undefined ? '' : `?limit=${limit}`;
  return call('GET', `/api/daily/${encodeURIComponent(date)}/results${query}`);
}

/**
 * The field's choices at each of seat 1's decisions in `date`'s deal (readable as its
 * results): along the requester's own game, or with `game` along that game of the day.
 */
export function dailyChoices(date: string, game?: string): Promise<DailyChoices> {
  const query = game === undefined ? '' : `?game=${encodeURIComponent(game)}`;
  return call('GET', `/api/daily/${encodeURIComponent(date)}/choices${query}`);
}

/** The code of the table this browser played `date`'s deal at, if it did. */
export function dailyTable(date: string): string | null {
  try {
    return localStorage.getItem(TABLE + date);
  } catch {
    return null;
  }
}
