/**
 * Bot programs over bottle-imp-bot/1 (docs/bot-protocol.md) in the compiled
 * `bottle-imp tournament`: the examples, every failure and its line, --forfeit, our own
 * bots through `bottle-imp bot`, and that a program learns nothing of other seats' hands.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { type Action, Game, type GameOptions } from '../../src/engine/index.js';
import type { GameRecord } from '../../src/record/index.js';
import { cardsIn, DealKnower } from '../server/helpers/leak-checker.js';

const ROOT = join(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli/main.js');
const BAD = join(import.meta.dirname, 'fixtures/bad-bot.mjs');

function tournament(seats: string[], ...flags: string[]) {
  const r = spawnSync(
    process.execPath,
    [CLI, 'tournament', '--players', '4', '--hands', '4', '--workers', '1', '--seats', seats.join(','), ...flags],
    { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
  );
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
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
  test.each([
    ['python3 examples/python/random_bot.py'],
    ['python3 examples/python/simple_bot.py'],
    ['node examples/node/random-bot.mjs'],
  ])('the example "%s" plays a duplicate tournament to the end; its records replay', (command) => {
    const records = mkdtempSync(join(tmpdir(), 'bottle-imp-botproto-'));
    const r = tournament([`cmd:${command}`, 'easy', 'heuristic', 'easy'], '--json', '--records', records);
    expect(r.stderr).not.toMatch(/seat \d/);
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.hands).toBe(4);
    expect(report.forfeits).toEqual([]);
    expect(report.bots.map((b: { name: string }) => b.name)).toContain(`cmd:${command}`);
    const files = readdirSync(records);
    expect(files).toHaveLength(4);
    for (const file of files) {
      const replayed = spawnSync(process.execPath, [CLI, 'replay', join(records, file), '--json'], {
        encoding: 'utf8',
      });
      expect(replayed.status).toBe(0);
      expect(JSON.parse(replayed.stdout).finished).toBe(true);
    }
  });

  test.each([
    [
      'slow',
      /^bottle-imp: tournament: deal 1, rotation 1: seat 1 \(cmd:node \S+ slow\) sent nothing for decide 3 within 0\.5 s$/,
    ],
    [
      'garbage',
      /^bottle-imp: tournament: deal 1, rotation 1: seat 1 \(cmd:node \S+ garbage\) sent a line that is not JSON: "thinking\.\.\."$/,
    ],
    [
      'illegal',
      /^bottle-imp: tournament: deal 1, rotation 1: seat 1 \(cmd:node \S+ illegal\) sent an illegal action for decide 3: ".*\\"card\\":999.*"$/,
    ],
    [
      'exit',
      /^bottle-imp: tournament: deal 1, rotation 1: seat 1 \(cmd:node \S+ exit\) exited with status 3 before decide 3$/,
    ],
  ])('a program that misbehaves (%s) stops the run with its line and exit 2', (mode, line) => {
    const r = tournament([`cmd:node ${BAD} ${mode}`, 'random', 'random', 'random'], '--bot-timeout', '0.5');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines.at(-1)).toMatch(line);
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

  test.each(['slow', 'garbage', 'illegal', 'exit'])(
    'with --forfeit a program that misbehaves (%s) hands its seat to random and the hand is marked',
    (mode) => {
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
        expect(f).toMatch(
          new RegExp(
            `^deal 1, rotation ${rotation + 1}: seat ${((4 - rotation) % 4) + 1} \\(cmd:node \\S+ ${mode}\\) `,
          ),
        );
      });
      const text = tournament(
        [`cmd:node ${BAD} ${mode}`, 'random', 'random', 'random'],
        '--bot-timeout',
        '0.5',
        '--forfeit',
      );
      expect(text.status).toBe(0);
      expect(text.stdout).toContain(
        "Forfeited hands (the program's seat played random from its failure on): 4\n  deal 1, rotation 1: seat 1 ",
      );
    },
  );

  test('with several workers each starts its own copy of the program', () => {
    const r = tournament(
      ['cmd:node examples/node/random-bot.mjs', 'easy', 'easy', 'easy'],
      '--hands',
      '12',
      '--workers',
      '3',
      '--json',
    );
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('on 3 workers');
    expect(JSON.parse(r.stdout).hands).toBe(12);
  });

  test("--verbose shows the program's standard error", () => {
    const r = tournament([`cmd:node ${BAD} log /dev/null`, 'random', 'random', 'random'], '--verbose');
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/^bottle-imp: cmd:node \S+ log \/dev\/null: deciding 1$/m);
  });

  test('bottle-imp bot plays our heuristic over the protocol as it plays in process', () => {
    const over = mkdtempSync(join(tmpdir(), 'bottle-imp-botproto-'));
    const inside = mkdtempSync(join(tmpdir(), 'bottle-imp-botproto-'));
    const r = tournament(
      ['cmd:node dist/cli/main.js bot --level heuristic', 'easy', 'random', 'easy'],
      '--records',
      over,
    );
    expect(r.status).toBe(0);
    expect(tournament(['heuristic', 'easy', 'random', 'easy'], '--records', inside).status).toBe(0);
    for (const file of readdirSync(inside)) {
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
    let hands = 0;
    let checked = 0;
    for (const m of messages) {
      if (m.type === 'hello') {
        hello = m;
        const record = JSON.parse(readFileSync(join(records, `deal-00000-rotation-${hands}.json`), 'utf8'));
        actions = actionsOf(record, m.seed);
        knower = new DealKnower(m.options, m.seed, actions);
        seq = 0;
        continue;
      }
      if (m.type === 'bye') {
        expect(seq).toBe(actions.length);
        hands++;
        continue;
      }
      const seat = hello!.seat;
      // A decide comes just before the seat's next action; events just after each action.
      const at = m.type === 'decide' ? actions.findIndex((a, i) => a.seat === seat && i >= seq) : ++seq;
      if (m.type === 'decide') {
        expect(m.view.viewer).toBe(seat);
      }
      const allowed = knower!.allowed(at, seat);
      // The decision's id is the protocol's, not a card.
      const { id: _id, ...sent } = m;
      for (const { card, path } of cardsIn(sent)) expect(allowed.has(card), `${m.type} ${path}: ${card}`).toBe(true);
      if (m.type === 'decide') expect(m.view.outstanding).toEqual(knower!.outstanding(at, seat));
      checked++;
    }
    expect(hands).toBe(4);
    expect(checked).toBeGreaterThan(4 * 9);
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
