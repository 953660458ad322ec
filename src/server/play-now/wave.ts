/**
 * One wave of Play now's matching (docs/server.md, "Play now"): the tickets waiting in, the
 * tables to make out. Pure: no clock (the moment is an argument), no I/O, no randomness, so
 * that tests give it a queue and read the tables, as lichess's pool matching is written.
 *
 * Tickets wait in queues by (players, rated, rounds). In each queue the longest waiter is
 * seated first, with the waiters nearest its rating: two tickets may share a table when their
 * ratings differ by no more than the gap the longer waiter of the two allows, which widens
 * with the time it has waited; two accounts of which one blocks the other never do, nor does
 * an account with itself. A full table is made at once. Once its first ticket has waited
 * `waitMs`, a queue starts what it has: unrated, with bots in the empty seats; rated, once it
 * has two people, with anchor bots (the level whose anchor rating is nearest the people's mean).
 */
import type { BotLevel } from '../../values/index.js';
import { type Pool, poolOf } from '../ratings/pool.js';

/** What a ticket asks for: tickets are matched only with those that ask for the same. */
export interface QueueKey {
  readonly players: number;
  readonly rated: boolean;
  readonly rounds: number;
}

/** A waiting ticket as the wave sees it. */
export interface WaveTicket extends QueueKey {
  readonly id: string;
  /** The account that queued, or null for a guest. */
  readonly accountId: string | null;
  /** The rating matched on (a guest's and a new player's: the new player's rating). */
  readonly rating: number;
  /** When it was queued (ms since the epoch); a ticket sent back keeps it, so it is first again. */
  readonly since: number;
  /** The accounts this ticket's account blocks. */
  readonly blocks: readonly string[];
}

/** A table the wave makes: its people in seat order, then bots in the seats left. */
export interface WaveTable {
  readonly key: QueueKey;
  readonly tickets: readonly string[];
  readonly bots: readonly BotLevel[];
}

export interface WaveSettings {
  /** The moment of the wave (ms since the epoch). */
  readonly now: number;
  /** After this long a queue starts with bots (PLAY_NOW_WAIT_SECONDS). */
  readonly waitMs: number;
  /** Each bot level's rating per pool, for the anchors of rated tables (ratings/anchors.ts). */
  readonly anchors: Readonly<Record<Pool, Readonly<Record<BotLevel, number>>>>;
  /** The bot level of unrated tables' empty seats. */
  readonly unratedBot: BotLevel;
}

/** The rating gap every rated ticket accepts from the start, and how much it widens per second waited. */
export const GAP_AT_START = 100;
export const GAP_PER_SECOND = 10;
/** The widest gap a ticket accepts, however long it waits. */
export const GAP_MOST = 800;

/** The rating gap a ticket accepts after waiting until `now`. */
export function gapOf(t: Pick<WaveTicket, 'since'>, now: number): number {
  const waited = Math.max(0, now - t.since) / 1000;
  return Math.min(GAP_MOST, GAP_AT_START + GAP_PER_SECOND * waited);
}

/** The key of a queue as one string. */
export function queueName(k: QueueKey): string {
  return `${k.players}/${k.rated ? 'rated' : 'unrated'}/${k.rounds}`;
}

/** Whether two tickets' accounts may sit at one table: neither blocks the other, and they are not the same. */
function mayMeet(a: WaveTicket, b: WaveTicket): boolean {
  if (a.accountId === null || b.accountId === null) return true;
  if (a.accountId === b.accountId) return false;
  return !a.blocks.includes(b.accountId) && !b.blocks.includes(a.accountId);
}

/** Tables for the tickets of every queue; a ticket is seated at most once. */
export function wave(tickets: readonly WaveTicket[], settings: WaveSettings): WaveTable[] {
  const queues = new Map<string, WaveTicket[]>();
  for (const t of tickets) {
    const name = queueName(t);
    const q = queues.get(name);
    if (q) q.push(t);
    else queues.set(name, [t]);
  }
  const tables: WaveTable[] = [];
  for (const q of queues.values()) tables.push(...queueWave(q, settings));
  return tables;
}

/** One queue's tables (every ticket asks for the same). */
function queueWave(queue: readonly WaveTicket[], s: WaveSettings): WaveTable[] {
  const key: QueueKey = { players: queue[0].players, rated: queue[0].rated, rounds: queue[0].rounds };
  // By rating, so that each table is looked for among the nearest ratings first.
  const byRating = [...queue].sort((a, b) => a.rating - b.rating || a.since - b.since || cmp(a.id, b.id));
  const place = new Map(byRating.map((t, i) => [t.id, i]));
  const seated = new Array<boolean>(byRating.length).fill(false);
  const tables: WaveTable[] = [];
  // The widest gap anyone here accepts: a search goes no further from its first ticket than that.
  const widest = key.rated ? Math.max(...queue.map((t) => gapOf(t, s.now))) : Number.POSITIVE_INFINITY;
  const fits = (a: WaveTicket, b: WaveTicket) =>
    mayMeet(a, b) && (!key.rated || Math.abs(a.rating - b.rating) <= Math.max(gapOf(a, s.now), gapOf(b, s.now)));
  for (const first of [...queue].sort((a, b) => a.since - b.since || cmp(a.id, b.id))) {
    const at = place.get(first.id)!;
    if (seated[at]) continue;
    const chosen = [first];
    const picked = [at];
    // Outwards from the first ticket's rating, nearest first, on both sides.
    let lo = at - 1;
    let hi = at + 1;
    while (chosen.length < key.players) {
      while (lo >= 0 && seated[lo]) lo--;
      while (hi < byRating.length && seated[hi]) hi++;
      const below = lo >= 0 ? first.rating - byRating[lo].rating : Number.POSITIVE_INFINITY;
      const above = hi < byRating.length ? byRating[hi].rating - first.rating : Number.POSITIVE_INFINITY;
      if ((lo < 0 && hi >= byRating.length) || Math.min(below, above) > widest) break;
      const i = below <= above ? lo-- : hi++;
      const t = byRating[i];
      if (chosen.every((c) => fits(c, t))) {
        chosen.push(t);
        picked.push(i);
      }
    }
    const full = chosen.length === key.players;
    const due = s.now - first.since >= s.waitMs && (!key.rated || chosen.length >= 2);
    if (!full && !due) continue;
    for (const i of picked) seated[i] = true;
    const empty = key.players - chosen.length;
    const anchors = s.anchors[poolOf({ players: key.players, mode: 'individual' })];
    const level = key.rated ? anchorNear(mean(chosen.map((t) => t.rating)), anchors) : s.unratedBot;
    tables.push({ key, tickets: chosen.map((t) => t.id), bots: new Array<BotLevel>(empty).fill(level) });
  }
  return tables;
}

function mean(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

/** The bot level whose anchor rating is nearest `rating` (the lower on a tie). */
export function anchorNear(rating: number, anchors: Readonly<Record<BotLevel, number>>): BotLevel {
  let best: BotLevel | null = null;
  for (const [level, r] of Object.entries(anchors) as [BotLevel, number][])
    if (best === null || Math.abs(r - rating) < Math.abs(anchors[best] - rating)) best = level;
  return best!;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
