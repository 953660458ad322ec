/**
 * Duplicate events for friends (docs/duplicate.md): every entry plays the same deals, and
 * each hand is scored against those who held the same cards. An event's deals come from
 * the server's secret, as the daily deal's do: HMAC-SHA-256 of the event's code, so that
 * neither the code nor one seat's hand tells anyone the cards (a 32-bit seed could be
 * found from one hand by trying them all).
 */
import { createHmac } from 'node:crypto';

/** The wide seed (64 hexadecimal digits) an event's game is dealt from. */
export function duplicateSeed(secret: string, code: string): string {
  // The prefix keeps an event's seeds apart from the days' (HMAC of a bare date).
  return createHmac('sha256', secret).update(`duplicate/${code}`).digest('hex');
}

/**
 * Matchpoints as in duplicate bridge, for scores made on the same cards: two for each
 * other score a player beat, one for each tie. Returned in the order given.
 */
export function matchpoints(scores: readonly number[]): number[] {
  return scores.map((mine, i) =>
    scores.reduce((sum, other, j) => (j === i ? sum : sum + (mine > other ? 2 : mine === other ? 1 : 0)), 0),
  );
}

/** One entry's points on each hand, and the seat whose cards it held. */
export interface ScoredEntry {
  readonly seat: number;
  readonly hands: readonly number[];
}

/** An entry's matchpoints on each hand, and its overall: the sums of matchpoints and of points. */
export interface EntryMatchpoints {
  readonly hands: readonly number[];
  readonly matchpoints: number;
  readonly points: number;
}

/**
 * The matchpoints of every entry (in the order given): each hand compared only with the
 * entries that held the same seat's cards on it (every entry plays the same deals).
 */
export function scoreEvent(entries: readonly ScoredEntry[]): EntryMatchpoints[] {
  const perHand = entries.map(() => [] as number[]);
  const hands = Math.max(0, ...entries.map((e) => e.hands.length));
  const seats = [...new Set(entries.map((e) => e.seat))];
  for (let h = 0; h < hands; h++)
    for (const seat of seats) {
      const field = entries.flatMap((e, i) => (e.seat === seat ? [i] : []));
      const mp = matchpoints(field.map((i) => entries[i].hands[h]));
      field.forEach((i, k) => {
        perHand[i][h] = mp[k];
      });
    }
  return entries.map((e, i) => ({
    hands: perHand[i],
    matchpoints: perHand[i].reduce((a, b) => a + b, 0),
    points: e.hands.reduce((a, b) => a + b, 0),
  }));
}
