/** The daily deal's cards: a wide seed from the date under the secret, the same for everyone. */
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { DAILY_OPTIONS, dailyDateOf, dailySeed, isDailyDate, secretProblem } from '../../src/daily/index.js';
import { Game, isWideSeed, view } from '../../src/engine/index.js';
import { configFromEnv } from '../../src/server/config.js';
import { SECRET_FILE, secretInFolder } from '../../src/server/daily/secret.js';

const SECRET = 'a'.repeat(64);

function dealtHands(seed: string) {
  const game = Game.create(DAILY_OPTIONS, seed);
  if (!game.ok) throw new Error(game.error.message);
  return [0, 1, 2, 3].map((s) => view(game.value, s).hand);
}

describe('the deal seed', () => {
  test('is HMAC-SHA-256 of the date under the secret, a wide seed', () => {
    const seed = dailySeed(SECRET, '2026-12-03');
    expect(seed).toBe(createHmac('sha256', SECRET).update('2026-12-03').digest('hex'));
    expect(isWideSeed(seed)).toBe(true);
  });

  test('the same date and secret deal the same cards; another secret or date, others', () => {
    const hands = dealtHands(dailySeed(SECRET, '2026-12-03'));
    expect(dealtHands(dailySeed(SECRET, '2026-12-03'))).toEqual(hands);
    expect(dealtHands(dailySeed('b'.repeat(64), '2026-12-03'))).not.toEqual(hands);
    expect(dealtHands(dailySeed(SECRET, '2026-12-04'))).not.toEqual(hands);
  });

  test('three hands at four players, individual', () => {
    expect(DAILY_OPTIONS).toEqual({ players: 4, mode: 'individual', rounds: 3 });
  });

  test('only a real calendar date has a seed', () => {
    expect(isDailyDate('2026-12-03')).toBe(true);
    expect(isDailyDate('2028-02-29')).toBe(true);
    for (const bad of ['2026-02-30', '2026-13-01', '2026-12-3', ' 2026-12-03', 'today', 20261203])
      expect(isDailyDate(bad)).toBe(false);
    expect(() => dailySeed(SECRET, '2026-02-30')).toThrow();
  });

  test('the day rolls over at midnight UTC', () => {
    const midnight = Date.UTC(2026, 11, 4);
    expect(dailyDateOf(midnight - 1)).toBe('2026-12-03');
    expect(dailyDateOf(midnight)).toBe('2026-12-04');
  });

  test('a short secret is refused in one sentence', () => {
    expect(secretProblem('short')).toMatch(/^DAILY_SECRET must be at least 32 characters/);
    expect(secretProblem(SECRET)).toBeNull();
  });
});

describe('where the server finds its secret', () => {
  test('DAILY_SECRET when set; unset is null; a short one is refused', () => {
    const secretOf = (env: Record<string, string>) => configFromEnv(env).dailySecret;
    expect(secretOf({ DAILY_SECRET: SECRET })).toBe(SECRET);
    expect(secretOf({})).toBeNull();
    expect(secretOf({ DAILY_SECRET: '' })).toBeNull();
    expect(() => secretOf({ DAILY_SECRET: 'short' })).toThrow(/at least 32 characters/);
  });

  test('else made in the data folder on the first start, owner-only, and the same on every start after', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'daily-secret-'));
    try {
      const first = secretInFolder(path.join(dir, 'data'));
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      expect(fs.statSync(path.join(dir, 'data', SECRET_FILE)).mode & 0o777).toBe(0o600);
      expect(secretInFolder(path.join(dir, 'data'))).toBe(first);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
