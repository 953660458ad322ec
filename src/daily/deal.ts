/**
 * The daily deal's cards: every UTC day one game of three hands at four players,
 * individual, the same for everyone. Its seed is HMAC-SHA-256 of the date under the
 * server's secret (DAILY_SECRET), a wide seed, so the engine deals it with ChaCha20: a
 * day's cards cannot be worked out before they are played, neither from the date nor from
 * one seat's own hand (a 32-bit seed could be found from one hand by trying them all).
 */
import { createHmac } from 'node:crypto';
import type { ResolvedOptions } from '../engine/index.js';

/** Three hands (rounds) at four players, individual: a daily deal set. */
export const DAILY_OPTIONS = { players: 4, mode: 'individual', rounds: 3 } as const satisfies ResolvedOptions;

/** The seat the person plays (seat 1 to a reader); the other three are `expert` bots. */
export const DAILY_SEAT = 0;

/** The level of the three bots (and of seat 1 when the bots play a day alone). */
export const DAILY_BOT_LEVEL = 'expert';

/** A secret shorter than this is refused: the deals are only as hidden as the secret is hard to guess. */
export const MIN_SECRET_LENGTH = 32;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date written YYYY-MM-DD (a day that exists: no 2026-02-30). */
export function isDailyDate(text: unknown): text is string {
  if (typeof text !== 'string' || !DATE.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/** The UTC day a moment (epoch ms) falls on: the day rolls over at midnight UTC. */
export function dailyDateOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The moment (epoch ms) a day ends: the next midnight UTC. */
export function dailyEndOf(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) + 24 * 3600 * 1000;
}

/** The problem with a secret as one sentence, or null when it will do. */
export function secretProblem(secret: string): string | null {
  return secret.length >= MIN_SECRET_LENGTH
    ? null
    : `DAILY_SECRET must be at least ${MIN_SECRET_LENGTH} characters (e.g. openssl rand -hex 32)`;
}

/** The wide seed (64 hexadecimal digits) the day's game is dealt from. */
export function dailySeed(secret: string, date: string): string {
  if (!isDailyDate(date)) throw new Error(`not a date: "${date}"`);
  return createHmac('sha256', secret).update(date).digest('hex');
}
