/**
 * The strength harness: the sequential test's decisions on made-up score streams whose
 * true difference is known, its interval arithmetic on a hand-worked example, and a short
 * run against the frozen baseline through the compiled CLI.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { baselineBotOn, loadBaselineBots, prepareBaseline } from '../../src/cli/tournament/baseline.js';
import { SPRT_DEFAULTS, Sprt, sprtBounds } from '../../src/cli/tournament/sprt.js';
import { meanWithInterval } from '../../src/cli/tournament/stats.js';
import { Rng } from '../../src/engine/index.js';
import { playGame } from './helpers.js';

const CLI = join(import.meta.dirname, '../../dist/cli/main.js');
const BASELINES = join(import.meta.dirname, '../../bench/strength/baselines.json');
const run = promisify(execFile);

/** A normal sample (Box–Muller) from a seeded generator. */
function normal(rng: Rng, mean: number, sd: number): number {
  const u = (rng.nextU32() + 1) / 2 ** 32;
  const v = rng.nextU32() / 2 ** 32;
  return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Runs the test on `runs` streams with the given true difference; returns how often each verdict came. */
function verdicts(
  trueMean: number,
  gain: number,
  sd: number,
  runs: number,
  seed: number,
): { H1: number; H0: number; undecided: number } {
  const rng = new Rng(seed);
  const count = { H1: 0, H0: 0, undecided: 0 };
  for (let k = 0; k < runs; k++) {
    const sprt = new Sprt({ ...SPRT_DEFAULTS, gain });
    let verdict = null;
    for (let i = 0; i < 100_000 && !verdict; i++) verdict = sprt.add(normal(rng, trueMean, sd));
    count[verdict ?? 'undecided']++;
  }
  return count;
}

describe('the sequential test (SPRT, α = β = 0.05)', () => {
  test('its bounds are ln(β/(1−α)) and ln((1−β)/α)', () => {
    const { lower, upper } = sprtBounds({ alpha: 0.05, beta: 0.05 });
    expect(lower).toBeCloseTo(-2.944, 3);
    expect(upper).toBeCloseTo(2.944, 3);
  });

  test('a real gain of +3 per hand is accepted (H1) at least 95 % of the time, give or take sampling', () => {
    // Per-deal differences spread like real ones (a standard deviation of 20 points).
    const c = verdicts(3, 3, 20, 400, 1);
    expect(c.undecided).toBe(0);
    // β = 0.05: at most 5 % wrong verdicts; 400 runs allow about ±2.2 % of noise.
    expect(c.H0 / 400).toBeLessThanOrEqual(0.075);
  });

  test('a real difference of 0 is rejected (H0) at least 95 % of the time', () => {
    const c = verdicts(0, 3, 20, 400, 2);
    expect(c.undecided).toBe(0);
    expect(c.H1 / 400).toBeLessThanOrEqual(0.075);
  });

  test('a clear loss is rejected quickly, a clear gain accepted quickly', () => {
    const loss = new Sprt({ ...SPRT_DEFAULTS, gain: 3 });
    const gain = new Sprt({ ...SPRT_DEFAULTS, gain: 3 });
    const rng = new Rng(3);
    for (let i = 0; i < 2000 && !(loss.verdict && gain.verdict); i++) {
      loss.add(normal(rng, -10, 20));
      gain.add(normal(rng, 12, 20));
    }
    expect(loss.verdict).toBe('H0');
    expect(gain.verdict).toBe('H1');
    expect(loss.decidedAt).toBeLessThan(200);
    expect(gain.decidedAt).toBeLessThan(200);
  });

  test('the LLR is gain · (sum − n · gain / 2) / variance, checked from the minimum number of samples', () => {
    // Samples 1, 5, 3, 7: n = 4, sum 16, mean 4, variance (9 + 1 + 1 + 9) / 3 = 20/3.
    const sprt = new Sprt({ alpha: 0.05, beta: 0.05, minDeals: 4, gain: 2 });
    for (const x of [1, 5, 3]) expect(sprt.add(x)).toBeNull();
    expect(sprt.llr).toBe(0);
    sprt.add(7);
    // 2 · (16 − 4) / (20/3) = 3.6 ≥ 2.944: accepted.
    expect(sprt.llr).toBeCloseTo(3.6, 10);
    expect(sprt.verdict).toBe('H1');
    expect(sprt.decidedAt).toBe(4);
  });
});

describe('the 95 % interval', () => {
  test('a hand-worked example: 2, 4, 4, 4, 5, 5, 7, 9', () => {
    // Mean 5; squared deviations 9+1+1+1+0+0+4+16 = 32; sample variance 32/7;
    // standard error sqrt(32/7/8) = sqrt(4/7) = 0.7559; half width 1.96 · 0.7559 = 1.4815.
    const { mean, ci95 } = meanWithInterval([2, 4, 4, 4, 5, 5, 7, 9]);
    expect(mean).toBe(5);
    expect(ci95).toEqual([3.52, 6.48]);
  });
});

describe('npm run bench:strength', () => {
  test('plays the working tree against bots-v1 on a handful of deals and reports', async () => {
    const { stdout, stderr } = await run(process.execPath, [
      CLI,
      'tournament',
      '--baseline',
      'bots-v1',
      '--bot',
      'heuristic',
      '--players',
      '3',
      '--hands',
      '9',
      '--seed',
      '4',
      '--workers',
      '2',
      '--json',
    ]);
    const report = JSON.parse(stdout);
    expect(report.baseline).toEqual({ ref: 'bots-v1', commit: '45ac7cdd3da371659d42201e91cf6af68e519aee' });
    expect(report.hands).toBe(9);
    expect(report.deals).toBe(3);
    // 3 deals are fewer than the test's first check: stopped at the cap, undecided.
    expect(report.verdict).toBe('cap');
    expect(report.difference.a).toBe('heuristic');
    expect(report.difference.b).toBe('heuristic@bots-v1');
    expect(report.difference.ci95[0]).toBeLessThanOrEqual(report.difference.mean);
    expect(report.difference.ci95[1]).toBeGreaterThanOrEqual(report.difference.mean);
    expect(report.sprt).toMatchObject({ alpha: 0.05, beta: 0.05, gain: 3 });
    // The progress says where the test stands: the last line, after the third deal.
    const sign = report.difference.mean >= 0 ? '+' : '';
    expect(stderr.trim().split('\n').at(-1)).toMatch(`3/3 deals (at most)`);
    expect(stderr).toContain(
      `; new − baseline ${sign}${report.difference.mean.toFixed(2)} points/hand over 3 deals, the test looks from deal 30 on`,
    );

    const text = await run(process.execPath, [
      CLI,
      'tournament',
      '--baseline',
      'bots-v1',
      '--players',
      '2',
      '--hands',
      '2',
      '--workers',
      '1',
    ]);
    expect(text.stdout).toMatch(/^heuristic \(working tree\) against heuristic@bots-v1 \(45ac7cd\), 2 players/);
    expect(text.stdout).toMatch(/hands played: 2 /);
    expect(text.stdout).toMatch(/verdict: undecided at the cap of 2 hands/);
  });

  test('an unknown baseline: one line, exit status 1', async () => {
    await expect(
      run(process.execPath, [CLI, 'tournament', '--baseline', 'no-such-baseline', '--players', '3', '--hands', '3']),
    ).rejects.toMatchObject({
      code: 1,
      stderr:
        'bottle-imp: tournament: unknown baseline "no-such-baseline": neither a name in bench/strength/baselines.json nor a commit of this repository\n',
    });
  });
});

describe('the frozen baselines', () => {
  test('each name in baselines.json is a commit of this repository whose bots play a legal round', async () => {
    const names = Object.keys(JSON.parse(readFileSync(BASELINES, 'utf8')));
    expect(names).toEqual(expect.arrayContaining(['bots-v1', 'bots-v2']));
    for (const name of names) {
      const bots = await loadBaselineBots((await prepareBaseline(name)).dir);
      const game = playGame({ players: 3, mode: 'individual', rounds: 1 }, 7, (seat, g) =>
        baselineBotOn(seat === 0 ? bots.botForLevel('hard', seat) : bots.createBot('heuristic', { seed: seat }), g),
      );
      expect(game.phase, name).toBe('over');
    }
  });
});
