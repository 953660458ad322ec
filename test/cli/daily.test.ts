/** `bottle-imp daily` as an operator runs it: the compiled CLI in a child process, the secret in its environment. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const CLI = join(import.meta.dirname, '../../dist/cli/main.js');
const SECRET = 'c'.repeat(64);

function run(args: string[], secret?: string) {
  const env = { ...process.env };
  delete env.DAILY_SECRET;
  if (secret !== undefined) env.DAILY_SECRET = secret;
  const r = spawnSync(process.execPath, [CLI, 'daily', ...args], { encoding: 'utf8', env });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

// The medium bots keep these quick; the day's own bots (expert, the default) decide the same way.
const QUICK = ['--level', 'medium'];

describe('bottle-imp daily', () => {
  test('the same date and secret print the same day; the deals and scores agree with the record', () => {
    const a = run(['--date', '2026-12-03', '--json', ...QUICK], SECRET);
    expect(a.status).toBe(0);
    expect(run(['--date', '2026-12-03', '--json', ...QUICK], SECRET).stdout).toBe(a.stdout);
    const day = JSON.parse(a.stdout);
    expect(day).toMatchObject({ date: '2026-12-03', players: 4, hands: 3, level: 'medium' });
    expect(day.deals).toHaveLength(3);
    for (const deal of day.deals) expect(deal.hands.map((h: number[]) => h.length)).toEqual([9, 9, 9, 9]);
    expect(day.record.rounds.map((r: { hands: number[][] }) => r.hands)).toEqual(
      day.deals.map((d: { hands: number[][] }) => d.hands),
    );
    const summed = day.scores.reduce((t: number[], s: number[]) => t.map((x, i) => x + s[i]), [0, 0, 0, 0]);
    expect(day.totals).toEqual(summed);
  });

  test('another secret deals another day', () => {
    const deals = (secret: string) =>
      JSON.parse(run(['--date', '2026-12-03', '--json', ...QUICK], secret).stdout).deals;
    expect(deals('d'.repeat(64))).not.toEqual(deals(SECRET));
  });

  test('as text: each hand, who deals, every seat’s cards and the scores', () => {
    const r = run(['--date', '2026-12-03', ...QUICK], SECRET);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Daily deal 2026-12-03: every seat played by medium\n/);
    expect(r.stdout.match(/^Hand \d: seat \d deals$/gm)).toHaveLength(3);
    expect(r.stdout.match(/^ {2}seat 1: /gm)).toHaveLength(3);
    expect(r.stdout).toMatch(/^Totals: seat 1 -?\d+, seat 2 -?\d+, seat 3 -?\d+, seat 4 -?\d+$/m);
  });

  test.each([
    [[], "bottle-imp: daily: DAILY_SECRET is not set (the server's secret; see docs/deploy.md)\n"],
    [[], 'bottle-imp: daily: DAILY_SECRET must be at least 32 characters (e.g. openssl rand -hex 32)\n', 'short'],
  ])('without a usable secret: one clear line and exit status 1', (extra, line, secret?: string) => {
    const r = run(['--date', '2026-12-03', ...extra], secret);
    expect(r).toEqual({ status: 1, stdout: '', stderr: line });
  });

  test.each([
    [[], 'bottle-imp: daily: --date is required (YYYY-MM-DD)\n'],
    [['--date', '2026-02-30'], 'bottle-imp: daily: --date must be a date written YYYY-MM-DD, not "2026-02-30"\n'],
    [
      ['--date', '2026-12-03', '--level', 'godlike'],
      'bottle-imp: daily: --level must be one of easy, medium, hard, expert\n',
    ],
  ])('bad flags %j: one clear line and exit status 1', (args, line) => {
    expect(run(args, SECRET)).toEqual({ status: 1, stdout: '', stderr: line });
  });
});
