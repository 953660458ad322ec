/** `bottle-imp analyse` as a user runs it: the compiled CLI in a child process. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { REASON_CODES } from '../../src/analysis/index.js';
import { reasonText } from '../../src/cli/analysis-text.js';

const CLI = join(import.meta.dirname, '../../dist/cli/main.js');
const FIXTURE = join(import.meta.dirname, 'fixtures/3p-buys-bottle-late.json');

function run(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('bottle-imp analyse', () => {
  test('--json prints the documented document for one seat, progress goes to standard error', () => {
    const r = run(['analyse', FIXTURE, '--seat', '2', '--json', '--iterations', '50', '--seed', '4']);
    expect(r.status).toBe(0);
    const a = JSON.parse(r.stdout);
    expect(Object.keys(a)).toEqual(['format', 'iterations', 'seed', 'thresholds', 'players', 'decisions']);
    expect(a).toMatchObject({
      format: 'bottle-imp-analysis/1',
      iterations: 50,
      seed: 4,
      thresholds: { inaccuracy: 2, mistake: 5, blunder: 10 },
    });
    expect(a.players).toHaveLength(1);
    expect(a.players[0]).toMatchObject({ seat: 1, name: 'Bo', decisions: 12 });
    expect(Object.keys(a.players[0].counts)).toEqual(['good', 'inaccuracy', 'mistake', 'blunder', 'forced']);
    const pass = a.decisions[0];
    expect(pass).toMatchObject({ round: 0, play: null, seat: 1, kind: 'pass' });
    expect(pass.chosen).toEqual(
      expect.objectContaining({ left: expect.any(Number), right: expect.any(Number), devil: [expect.any(Number)] }),
    );
    expect(pass.options.length).toBeGreaterThan(1);
    for (const d of a.decisions) {
      expect(Object.keys(d)).toEqual([
        'round',
        'play',
        'seat',
        'kind',
        'chosen',
        'best',
        'options',
        'loss',
        'class',
        'reason',
        'why',
      ]);
      expect(REASON_CODES).toContain(d.reason.code);
      expect(d.why).toBe(reasonText(d.reason));
      expect(d.why).not.toMatch(/\n/);
    }
    expect(r.stderr).toMatch(/^analyse: \d+ of 12 decisions/);
    expect(r.stderr.trim().split('\n').at(-1)).toMatch(/^analyse: 12 of 12 decisions/);
  });

  test('the text names seats, rounds and tricks from 1 and the blunder with its reason', () => {
    const r = run(['analyse', '-', '--seat', '2', '--iterations', '50'], readFileSync(FIXTURE, 'utf8'));
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Seat 2 Bo: accuracy \d+\.\d %/m);
    expect(r.stdout).toMatch(
      /round 1, trick 10, card 3: played 9, best 7, −4\d\.\d \(blunder\): buys the bottle at 9 with 1 card left/,
    );
  });

  test('one of a kind is not written as many', () => {
    const r = run(['analyse', FIXTURE, '--seat', '3', '--iterations', '50']);
    expect(r.stdout).toMatch(/^Seat 3 Cy: .*\(\d+ good, 0 inaccuracies, 1 mistake, 0 blunders, \d+ forced\)$/m);
  });

  test.each([
    [['--seat', '4'], 'bottle-imp: analyse: --seat must be from 1 to 3 for this 3-player game, not 4'],
    [['--seat', '0'], 'bottle-imp: analyse: --seat must be a whole number from 1 to 6, not "0"'],
    [
      ['--iterations', 'many'],
      'bottle-imp: analyse: --iterations must be a whole number from 1 to 10000000, not "many"',
    ],
  ])('bad flags %j are one line and status 1', (flags, line) => {
    const r = run(['analyse', FIXTURE, ...flags]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`${line}\n`);
  });

  test('an invalid record is reported as replay reports it', () => {
    const record = JSON.parse(readFileSync(FIXTURE, 'utf8'));
    record.rounds[0].plays[3] = 99;
    const r = run(['analyse', '-'], JSON.stringify(record));
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^bottle-imp: round 1, play 4: /);
    expect(r.stdout).toBe('');
  });
});
