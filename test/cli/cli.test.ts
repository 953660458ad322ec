/** The `bottle-imp` command as a user runs it: the compiled CLI in a child process. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { type Action, parsePosition, printPosition, type Result } from '../../src/engine/index.js';

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const CLI = join(import.meta.dirname, '../../dist/cli/main.js');

function run(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('bottle-imp random-game and replay', () => {
  test.each([
    [2, 'individual'],
    [3, 'individual'],
    [4, '2-1-1'],
    [5, 'individual'],
    [5, '2-2-1'],
    [6, '2-2-2'],
    [6, '2-2-1-1'],
  ])('a random %i-player %s game replays as finished', (players, mode) => {
    const made = run(['random-game', '--players', String(players), '--mode', mode, '--rounds', '2', '--seed', '9']);
    expect(made.status).toBe(0);
    const record = JSON.parse(made.stdout);
    expect(record.format).toBe('bottle-imp/1');
    expect(record.rounds).toHaveLength(2);
    const replayed = run(['replay', '-', '--json'], made.stdout);
    expect(replayed.status).toBe(0);
    const report = JSON.parse(replayed.stdout);
    expect(report.finished).toBe(true);
    expect(report.rounds.every((r: { complete: boolean }) => r.complete)).toBe(true);
    const summed = report.rounds.reduce(
      (t: number[], r: { scores: number[] }) => t.map((x, i) => x + r.scores[i]),
      new Array(players).fill(0),
    );
    expect(report.totals).toEqual(summed);
    expect(report.winners.every((w: number) => report.totals[w] === Math.max(...report.totals))).toBe(true);
  });

  test('the same seed gives the same game, another seed another', () => {
    const a = run(['random-game', '--players', '4', '--seed', '3']).stdout;
    expect(run(['random-game', '--players', '4', '--seed', '3']).stdout).toBe(a);
    expect(run(['random-game', '--players', '4', '--seed', '4']).stdout).not.toBe(a);
  });

  test('a target-score game plays whole rounds until a total reaches the target', () => {
    const made = run(['random-game', '--players', '3', '--target', '100', '--seed', '1']);
    const report = JSON.parse(run(['replay', '-', '--json'], made.stdout).stdout);
    expect(report.finished).toBe(true);
    expect(Math.max(...report.totals)).toBeGreaterThanOrEqual(100);
    const before = report.totals.map((t: number, s: number) => t - report.rounds.at(-1).scores[s]);
    expect(Math.max(...before)).toBeLessThan(100);
  });

  test('the readable replay names tricks, the devil’s trick and totals', () => {
    const made = run(['random-game', '--players', '4', '--rounds', '1', '--seed', '2']);
    const text = run(['replay', '-'], made.stdout);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/Trick {2}1: Player \d leads: (Player \d \d+(\.5)?[rbg](, )?){4}\./);
    expect(text.stdout).toContain('Seats: 1 Player 1, 2 Player 2, 3 Player 3, 4 Player 4');
    expect(text.stdout).toMatch(
      /^ {2}Player 1 passes \d+(\.5)?[rbg] to the left, \d+(\.5)?[rbg] to the right(, (\d+(\.5)?[rbg] ?)+ to the devil's trick)?$/m,
    );
    expect(text.stdout).toContain('4 players, individual, 1 round\n');
    expect(text.stdout).toMatch(/Devil's trick: .* = \d+ points/);
    expect(text.stdout).toMatch(/Game over: /);
  });

  test('a broken record gets one line naming round and position, exit 1, nothing on stdout', () => {
    const record = JSON.parse(run(['random-game', '--players', '4', '--rounds', '1', '--seed', '2']).stdout);
    record.rounds[0].plays[5] = 19;
    const dir = mkdtempSync(join(tmpdir(), 'bottle-imp-cli-'));
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify(record));
    const r = run(['replay', file, '--json']);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^bottle-imp: round 1, play 6: seat \d played 19, which it does not hold\n$/);
  });
});

describe('bottle-imp replay --position', () => {
  // 4 players, 2 rounds: each round is 4 passes and 32 plays, 72 actions in all.
  const record = run(['random-game', '--players', '4', '--rounds', '2', '--seed', '9']).stdout;
  const position = (n: number) => {
    const r = run(['replay', '-', '--position', String(n)], record);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^bi1 [^\n]+\n$/);
    return r.stdout.trim();
  };
  const fields = (line: string) => line.split(' ');

  test('0 is the first round as dealt, before any pass', () => {
    const f = fields(position(0));
    expect(f.slice(1, 3)).toEqual(['4/individual/r2', '1']);
    expect(f[5].split('/').map((hand) => hand.split(',').length)).toEqual([9, 9, 9, 9]);
    expect(f.slice(6)).toEqual(['-/-/-/-', '-', '19@-', '1,2,3,4']);
  });

  test('the position after N actions, played on by the record’s next action, is the position after N + 1', () => {
    const json = JSON.parse(record);
    for (const n of [3, 4, 17, 34]) {
      const game = must(parsePosition(position(n)));
      const round = json.rounds[0];
      const action: Action =
        n < 4
          ? { type: 'pass', seat: n, pass: round.passes[n] }
          : { type: 'play', seat: game.toAct()[0], card: round.plays[n - 4] };
      must(game.apply(action));
      expect(printPosition(game)).toBe(position(n + 1));
    }
  });

  test('after a round’s last play the next round is dealt; at the record’s end the game is over', () => {
    const second = fields(position(36));
    expect(second[2]).toBe('2');
    expect(second.slice(6)).toEqual(['-/-/-/-', '-', '19@-', '1,2,3,4']);
    const end = must(parsePosition(position(72)));
    expect(end.phase).toBe('over');
    expect(end.totals).toEqual(JSON.parse(run(['replay', '-', '--json'], record).stdout).totals);
  });

  test.each([
    [['--position', '73'], 'bottle-imp: replay: --position 73 is past the end of the record, which holds 72 actions'],
    [['--position=x'], 'bottle-imp: replay: --position must be a whole number of at least 0, not "x"'],
    [['--position', '3', '--json'], 'bottle-imp: replay: give --json or --position, not both'],
  ])('%j is refused with one line and exit 1', (args, message) => {
    const r = run(['replay', '-', ...args], record);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`${message}\n`);
  });
});

describe('bottle-imp arguments', () => {
  test.each([
    [['bench', '--players', '7', '--seconds', '1'], /--players must be a whole number from 2 to 6/],
    [['bench', '--players', '4', '--seconds', 'soon'], /--seconds must be a positive number/],
    [['random-game', '--players', '4', '--seed', '1', '--mode', '2-2-2'], /--mode must be one of individual, 2-1-1/],
    [['random-game', '--players', '4', '--seed', '1', '--rounds', '2', '--target', '9'], /not both/],
    [['replay', '/no/such/file.json'], /cannot read \/no\/such\/file.json: ENOENT/],
    [['replay', '-', '--colour'], /^bottle-imp: replay: unknown option --colour \(see --help\)$/m],
    [['replay', '-', '--jsn'], /^bottle-imp: replay: unknown option --jsn \(did you mean --json\?\)$/m],
    [['deal'], /unknown command "deal"/],
    [
      ['random-game', '--players', '4', '--seed', '-3'],
      /^bottle-imp: random-game: --seed needs a value; write a value that starts with a dash as --seed=VALUE$/m,
    ],
    [['random-game', '--players', '4', '--seed=-3'], /--seed must be a whole number from 0 to 4294967295, not "-3"/],
  ])('%j is refused with one line and exit 1', (args, message) => {
    const r = run(args, '');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  test('a record that is not JSON: one whole line, the text not quoted into it', () => {
    const r = run(['replay', '-'], 'not json {"a\n"b');
    expect(r.status).toBe(1);
    expect(r.stderr).toBe("bottle-imp: record: not valid JSON at line 1, column 2: expected null, found 'o'\n");
  });

  test('random-game without --seed picks one, tells it on standard error, and --seed deals the same game', () => {
    const r = run(['random-game', '--players', '3', '--rounds', '1']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).format).toBe('bottle-imp/1');
    const seed = /^bottle-imp: random-game: seed (\d+) \(--seed \1 deals it again\)\n$/.exec(r.stderr)?.[1];
    expect(seed).toBeDefined();
    expect(run(['random-game', '--players', '3', '--rounds', '1', '--seed', seed!]).stdout).toBe(r.stdout);
  });

  test('--version prints the package version', () => {
    const r = run(['--version']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^bottle-imp \d+\.\d+\.\d+\n$/);
  });

  test.each(['replay', 'random-game', 'bench'])('%s --help explains the command', (command) => {
    const r = run([command, '--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Usage: bottle-imp ${command}`));
  });

  test('bench prints the JSON the issue asks for', () => {
    const r = run(['bench', '--players', '5', '--seconds', '0.2', '--json']);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['players', 'hands', 'seconds', 'handsPerSecond', 'playsPerSecond']);
    expect(out.players).toBe(5);
    expect(out.hands).toBeGreaterThan(0);
    expect(out.playsPerSecond).toBeGreaterThan(out.handsPerSecond);
  });
});
