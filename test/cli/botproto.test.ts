/**
 * Bot programs over bottle-imp-bot/1 (docs/bot-protocol.md) in the compiled
 * `bottle-imp tournament`: the examples, every failure and its line, --forfeit, our own
 * bots through `bottle-imp bot`, and that a program learns nothing of other seats' hands.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { type Action, Game, type GameOptions } from '../../src/engine/index.js';
import type { GameRecord } from '../../src/record/index.js';
import { cardsIn, DealKnower } from '../server/helpers/leak-checker.js';

const ROOT = join(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli/main.js');
const BAD = join(import.meta.dirname, 'fixtures/bad-bot.mjs');

/** The compiled CLI, run to the end (`limitMs` at most). */
function cli(args: string[], limitMs = 60_000) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8', timeout: limitMs });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** One deal of 4 players (4 hands, one per seat rotation) on one worker, unless the flags say otherwise. */
function tournament(seats: string[], ...flags: string[]) {
  return cli(['tournament', '--players', '4', '--hands', '4', '--workers', '1', '--seats', seats.join(','), ...flags]);
}

/** A command for a seat that notes its process id in `file`, then runs `command` in that process. */
function notingPid(file: string, command: string): string {
  return `cmd:echo $$ >> ${file}; exec ${command}`;
}

/** The process ids noted in `file`. */
function pidsIn(file: string): number[] {
  return readFileSync(file, 'utf8').trim().split('\n').map(Number);
}

/** Whether process `pid` has ended (a zombie has: only its reaping is left, to its new parent). */
function ended(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

/** Every record in `dir` replays to its end through `bottle-imp replay`; returns the records by file name. */
function replayAll(dir: string): Map<string, GameRecord> {
  const records = new Map<string, GameRecord>();
  for (const file of readdirSync(dir).sort()) {
    const replayed = cli(['replay', join(dir, file), '--json']);
    expect(replayed.status, file).toBe(0);
    expect(JSON.parse(replayed.stdout).finished).toBe(true);
    records.set(file, JSON.parse(readFileSync(join(dir, file), 'utf8')));
  }
  return records;
}

/** The record's actions in the order they were played: passes by seat, then the plays. */
function actionsOf(record: GameRecord, seed: number): Action[] {
  const game = Game.create(record.options as GameOptions, seed);
  if (!game.ok) throw new Error(game.error.message);
  const round = record.rounds[0];
  const actions: Action[] = (round.passes ?? []).map((pass, seat) => ({ type: 'pass', seat, pass }));
  for (const a of actions) game.value.apply(a);
  for (const card of round.plays ?? []) {
    const action: Action = { type: 'play', seat: game.value.toAct()[0], card };
    game.value.apply(action);
    actions.push(action);
  }
  return actions;
}

describe('bottle-imp tournament with programs', () => {
  test('the Python random bot plays a 4-player duplicate tournament against experts to the end; its records replay', () => {
    const command = 'cmd:python3 examples/python/random_bot.py';
    const records = mkdtempSync(join(tmpdir(), 'bottle-imp-botproto-'));
    // One deal in its 4 seat rotations: the smallest complete duplicate tournament.
    const r = cli(
      [
        'tournament',
        '--players',
        '4',
        '--hands',
        '4',
        '--workers',
        '1',
        '--seats',
        `${command},expert,expert,expert`,
        '--json',
        '--records',
        records,
      ],
      240_000,
    );
    expect(r.stderr).not.toMatch(/seat \d/);
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.hands).toBe(4);
    expect(report.forfeits).toEqual([]);
    expect(report.bots.map((b: { name: string }) => b.name)).toEqual([command, 'expert']);
    const played = replayAll(records);
    expect([...played.keys()]).toEqual([0, 1, 2, 3].map((r) => `deal-00000-rotation-${r}.json`));
    // Duplicate: the same deal every time, the program in each seat once.
    const rounds = [...played.values()].map((record) => record.rounds[0]);
    expect(new Set(rounds.map((round) => JSON.stringify([round.dealer, round.hands]))).size).toBe(1);
    [...played.values()].forEach((record, rotation) => {
      expect(record.players[(4 - rotation) % 4]).toBe(`${command} #1`);
    });
  }, 300_000);

  // What each misbehaving program gets, after "seat S (cmd:node …/bad-bot.mjs MODE) ", at
  // its third decision (ids count on through the hands a worker's program plays).
  const failures: [string, (id: number) => string][] = [
    ['slow', (id) => `sent nothing for decide ${id} within 0\\.5 s`],
    ['garbage', () => 'sent a line that is not JSON: "thinking\\.\\.\\."'],
    ['illegal', (id) => `sent an illegal action for decide ${id}: ".*\\\\"card\\\\":999.*"`],
    ['exit', (id) => `exited with status 3 before decide ${id}`],
  ];
  const failureLine = (mode: string, rotation: number, problem: string): RegExp =>
    new RegExp(
      `^deal 1, rotation ${rotation + 1}: seat ${((4 - rotation) % 4) + 1} \\(cmd:node \\S+ ${mode}\\) ${problem}$`,
    );

  test.each(failures)('a program that misbehaves (%s) stops the run with its line and exit 2', (mode, problem) => {
    const r = tournament([`cmd:node ${BAD} ${mode}`, 'random', 'random', 'random'], '--bot-timeout', '0.5');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    const last = r.stderr.trim().split('\n').at(-1)!;
    expect(last.startsWith('bottle-imp: tournament: ')).toBe(true);
    expect(last.slice('bottle-imp: tournament: '.length)).toMatch(failureLine(mode, 0, problem(3)));
    // Its standard error is its log: kept apart, unless --verbose.
    expect(r.stderr).not.toContain('deciding');
  });

  test('a program that is gone before ready, or answers with the wrong id, gets its line', () => {
    const gone = tournament(['cmd:true', 'random', 'random', 'random']);
    expect(gone.status).toBe(2);
    expect(gone.stderr.trim().split('\n').at(-1)).toBe(
      'bottle-imp: tournament: deal 1, rotation 1: seat 1 (cmd:true) exited with status 0 before ready',
    );
    const wrong = tournament([`cmd:node ${BAD} wrong-id`, 'random', 'random', 'random']);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr.trim().split('\n').at(-1)).toMatch(
      /seat 1 \(cmd:node \S+ wrong-id\) answered decide 3 with "\{\\"type\\":\\"action\\",\\"id\\":4,.*" instead of \{"type":"action","id":3,…\}$/,
    );
  });

  test.each(failures)(
    'with --forfeit a program that misbehaves (%s) hands its seat to random and the hand is marked',
    (mode, problem) => {
      const r = tournament(
        [`cmd:node ${BAD} ${mode}`, 'random', 'random', 'random'],
        '--bot-timeout',
        '0.5',
        '--forfeit',
        '--json',
      );
      expect(r.status).toBe(0);
      const report = JSON.parse(r.stdout);
      expect(report.hands).toBe(4);
      // Every hand: a fresh copy is started for the next hand, and it fails again.
      expect(report.forfeits).toHaveLength(4);
      report.forfeits.forEach((f: string, rotation: number) => {
        expect(f).toMatch(failureLine(mode, rotation, problem(3 * (rotation + 1))));
      });
    },
  );

  test('the text report lists the forfeited hands', () => {
    const r = tournament([`cmd:node ${BAD} exit`, 'random', 'random', 'random'], '--forfeit');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(
      "Forfeited hands (the program's seat played random from its failure on): 4\n  deal 1, rotation 1: seat 1 ",
    );
  });

  test('with several workers each starts its own copy of the program, and every copy ends with the run', async () => {
    const pids = join(mkdtempSync(join(tmpdir(), 'bottle-imp-botproto-')), 'pids');
    const r = tournament(
      [notingPid(pids, 'node examples/node/random-bot.mjs'), 'easy', 'easy', 'easy'],
      '--hands',
      '12',
      '--workers',
      '3',
      '--json',
    );
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('on 3 workers');
    expect(JSON.parse(r.stdout).hands).toBe(12);
    // 3 deals on 3 workers: one copy each, kept through the deal's 4 hands.
    expect(new Set(pidsIn(pids)).size).toBe(3);
    await vi.waitFor(() => expect(pidsIn(pids).filter((pid) => !ended(pid))).toEqual([]), { timeout: 5000 });
  });

  test("--verbose shows the program's standard error", () => {
    const r = tournament([`cmd:node ${BAD} log /dev/null`, 'random', 'random', 'random'], '--verbose');
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/^bottle-imp: cmd:node \S+ log \/dev\/null: deciding 1$/m);
  });

  test('bottle-imp bot --level heuristic over the protocol scores as the heuristic in process on the same seeds', () => {
    const over = mkdtempSync(join(tmpdir(), 'bottle-imp-botproto-'));
    const inside = mkdtempSync(join(tmpdir(), 'bottle-imp-botproto-'));
    const flags = ['--seed', '7', '--json', '--records'];
    const r = tournament(['cmd:node dist/cli/main.js bot --level heuristic', 'easy', 'random', 'easy'], ...flags, over);
    expect(r.status).toBe(0);
    const local = tournament(['heuristic', 'easy', 'random', 'easy'], ...flags, inside);
    expect(local.status).toBe(0);
    // The same points for every entrant, hand by hand and on the whole.
    const points = (stdout: string) => JSON.parse(stdout).bots.map((b: { meanPoints: number }) => b.meanPoints);
    expect(points(r.stdout)).toEqual(points(local.stdout));
    const files = readdirSync(inside);
    expect(files).toHaveLength(4);
    for (const file of files) {
      const a = JSON.parse(readFileSync(join(over, file), 'utf8'));
      const b = JSON.parse(readFileSync(join(inside, file), 'utf8'));
      expect(a.rounds).toEqual(b.rounds);
    }
    const easy = tournament(['cmd:node dist/cli/main.js bot --level easy', 'easy', 'easy', 'easy'], '--json');
    expect(easy.status).toBe(0);
    expect(JSON.parse(easy.stdout).hands).toBe(4);
  });

  test("a program receives only its seat's view and the events its seat may see", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bottle-imp-botproto-'));
    const log = join(dir, 'received.jsonl');
    const records = join(dir, 'records');
    const r = tournament([`cmd:node ${BAD} log ${log}`, 'random', 'heuristic', 'random'], '--records', records);
    expect(r.status).toBe(0);
    // The last bye is in the program's input when the tournament ends (ProgramHost.end),
    // but the program may still be writing it to its log.
    await vi.waitFor(() => expect(readFileSync(log, 'utf8').split('"type":"bye"')).toHaveLength(5), {
      timeout: 5000,
      interval: 50,
    });
    const messages = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    let hello: { seat: number; seed: number; options: GameOptions } | null = null;
    let knower: DealKnower | null = null;
    let actions: Action[] = [];
    let seq = 0;
    let decided = 0;
    let hands = 0;
    const checked = { decide: 0, events: 0 };
    for (const m of messages) {
      if (m.type === 'hello') {
        hello = m;
        const record = JSON.parse(readFileSync(join(records, `deal-00000-rotation-${hands}.json`), 'utf8'));
        actions = actionsOf(record, m.seed);
        knower = new DealKnower(m.options, m.seed, actions);
        seq = 0;
        decided = 0;
        continue;
      }
      if (m.type === 'bye') {
        // An events line after every action, and a decide before each of the seat's own.
        expect(seq).toBe(actions.length);
        expect(decided).toBe(actions.filter((a) => a.seat === hello!.seat).length);
        hands++;
        continue;
      }
      const seat = hello!.seat;
      // A decide comes just before the seat's next action; events just after each action.
      const at = m.type === 'decide' ? actions.findIndex((a, i) => a.seat === seat && i >= seq) : ++seq;
      if (m.type === 'decide') {
        expect(m.view.viewer).toBe(seat);
        decided++;
      }
      const allowed = knower!.allowed(at, seat);
      // The decision's id is the protocol's, not a card.
      const { id: _id, ...sent } = m;
      for (const { card, path } of cardsIn(sent)) expect(allowed.has(card), `${m.type} ${path}: ${card}`).toBe(true);
      if (m.type === 'decide') expect(m.view.outstanding).toEqual(knower!.outstanding(at, seat));
      expect(['decide', 'events']).toContain(m.type);
      checked[m.type as 'decide' | 'events']++;
    }
    expect(hands).toBe(4);
    expect(checked.decide).toBeGreaterThanOrEqual(4 * 9);
    expect(checked.events).toBeGreaterThan(checked.decide);
  });
});

// A baseline is read from the project's git history (docs/bots.md), which the current-LTS
// pass's copy of the tracked files has not (scripts/test-current-lts.sh): there these run
// on Node 20 only.
describe.skipIf(!existsSync(join(ROOT, '.git')))('bottle-imp tournament --baseline with a program', () => {
  const strength = (...flags: string[]) =>
    cli(['tournament', '--baseline', 'bots-v1', '--players', '2', '--workers', '1', ...flags], 120_000);

  test("a program against the baseline's heuristic on duplicate deals: the report, in JSON and as text", () => {
    const command = 'cmd:python3 examples/python/simple_bot.py';
    const records = mkdtempSync(join(tmpdir(), 'bottle-imp-botproto-'));
    const r = strength('--bot', command, '--hands', '4', '--json', '--records', records);
    expect(r.status).toBe(0);
    expect(r.stderr.split('\n')[0]).toBe(
      `bottle-imp: tournament: ${command} against heuristic@bots-v1, 2 players, individual, 4 hands (2 deals × 2 seat rotations), seed 1 at most, on 1 worker`,
    );
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({
      bot: command,
      against: 'heuristic',
      hands: 4,
      deals: 2,
      verdict: 'cap',
      forfeits: [],
    });
    expect(report.difference).toMatchObject({ a: command, b: 'heuristic@bots-v1' });
    // Each deal in both rotations: the program holds each seat's cards once.
    const played = replayAll(records);
    expect(played.size).toBe(4);
    for (const [file, record] of played) {
      const rotation = Number(file.match(/rotation-(\d)/)![1]);
      expect(record.players[(2 - rotation) % 2]).toBe(`${command} #1`);
    }
    const text = strength('--bot', command, '--against', 'easy', '--hands', '2');
    expect(text.status).toBe(0);
    expect(text.stdout.split('\n')[0]).toBe(`${command} against easy@bots-v1 (45ac7cd), 2 players, individual, seed 1`);
    expect(text.stdout).toContain('verdict: undecided at the cap of 2 hands');
  });

  test("the sequential test stops the run at its verdict; each worker's copy of the program ends", async () => {
    const pids = join(mkdtempSync(join(tmpdir(), 'bottle-imp-botproto-')), 'pids');
    const command = notingPid(pids, 'node examples/node/random-bot.mjs');
    const r = strength('--bot', command, '--hands', '400', '--workers', '2', '--json');
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout);
    // A random player is no gain of 3 points per hand over the heuristic: H0, from the
    // test's first look (30 deals) on, far before the cap of 200 deals.
    expect(report.verdict).toBe('H0');
    expect(report.deals).toBeGreaterThanOrEqual(30);
    expect(report.deals).toBeLessThan(200);
    expect(report.hands).toBe(2 * report.deals);
    expect(report.difference.mean).toBeLessThan(0);
    expect(new Set(pidsIn(pids)).size).toBe(2);
    // Deals still being played when the verdict came were dropped, their programs with them.
    await vi.waitFor(() => expect(pidsIn(pids).filter((pid) => !ended(pid))).toEqual([]), { timeout: 5000 });
  }, 120_000);

  test('a program that fails stops the strength test with its line, or with --forfeit the hand is marked', () => {
    const command = `cmd:node ${BAD} exit`;
    const stopped = strength('--bot', command, '--hands', '2');
    expect(stopped.status).toBe(2);
    expect(stopped.stdout).toBe('');
    expect(stopped.stderr.trim().split('\n').at(-1)).toMatch(
      /^bottle-imp: tournament: deal 1, rotation 1: seat 1 \(cmd:node \S+ exit\) exited with status 3 before decide 3$/,
    );
    const forfeited = strength('--bot', command, '--hands', '2', '--forfeit', '--json');
    expect(forfeited.status).toBe(0);
    expect(JSON.parse(forfeited.stdout).forfeits).toHaveLength(2);
  });
});

describe('bottle-imp bot', () => {
  const bot = (args: string[], input: string) =>
    spawnSync(process.execPath, [CLI, 'bot', ...args], { input, encoding: 'utf8' });

  test('--help names the protocol and the levels', () => {
    const r = bot(['--help'], '');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('bottle-imp-bot/1');
    expect(r.stdout).toContain('easy, medium, hard, expert, random, heuristic, ismcts');
  });

  test('answers hello with ready and exits when its input ends', () => {
    const hello = { type: 'hello', protocol: 'bottle-imp-bot/1', seat: 0, options: { players: 4 }, seed: 1 };
    const r = bot(['--level', 'easy'], `${JSON.stringify(hello)}\n{"type":"bye"}\n`);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ type: 'ready', name: 'bottle-imp easy', author: 'Bottle Imp' });
  });

  test('an unknown level or a line that is not JSON: one line, exit status 1', () => {
    expect(bot(['--level', 'wizard'], '').stderr).toBe(
      'bottle-imp: bot: unknown --level "wizard" (easy, medium, hard, expert, random, heuristic, ismcts)\n',
    );
    const r = bot([], 'hello?\n');
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('bottle-imp: bot: a line that is not JSON: hello?\n');
  });
});
