/**
 * `bottle-imp selfplay`, compiled, as a user runs it: its records replay, each decision's
 * view is the deciding seat's and shows nothing it may not know (the leak checker of the
 * server tests), the action taken is one of the legal ones and the decisions are the
 * game's actions in order; the same seed gives the same data set; errors are one line.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { actionKey } from '../../src/cli/botproto/messages.js';
import { type Action, Game, type GameOptions, type TableView } from '../../src/engine/index.js';
import { cardsIn, DealKnower } from '../server/helpers/leak-checker.js';

const CLI = join(import.meta.dirname, '../../dist/cli/main.js');

function selfplay(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, 'selfplay', ...args], { encoding: 'utf8', timeout: 120_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const fresh = (): string => join(mkdtempSync(join(tmpdir(), 'bottle-imp-selfplay-')), 'data');
const jsonLines = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));

interface Decision {
  game: number;
  seq: number;
  seat: number;
  view: TableView;
  legal: Action[];
  action: Action;
}

describe('bottle-imp selfplay', () => {
  test('writes records that replay, and per decision the seat’s view, its legal actions and the action taken', () => {
    const out = fresh();
    const r = selfplay(
      '--players',
      '4',
      '--games',
      '2',
      '--level',
      'heuristic',
      '--rounds',
      '2',
      '--seed',
      '5',
      '--out',
      out,
    );
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^2 games, \d+ decisions written to /);
    expect(r.stderr).not.toContain('seed');
    expect(readdirSync(out).sort()).toEqual(['decisions.jsonl', 'game-00001.json', 'game-00002.json', 'games.jsonl']);

    const games = jsonLines(join(out, 'games.jsonl'));
    const decisions: Decision[] = jsonLines(join(out, 'decisions.jsonl'));
    expect(games.map((g) => g.game)).toEqual([1, 2]);
    expect(decisions.length).toBe(games[0].decisions + games[1].decisions);
    for (const summary of games) {
      const file = join(out, summary.record);
      const replayed = spawnSync(process.execPath, [CLI, 'replay', file, '--json'], { encoding: 'utf8' });
      expect(replayed.status).toBe(0);
      const report = JSON.parse(replayed.stdout);
      expect(report.finished).toBe(true);
      expect(report.totals).toEqual(summary.totals);
      const record = JSON.parse(readFileSync(file, 'utf8'));
      expect(record.players).toEqual(['heuristic #1', 'heuristic #2', 'heuristic #3', 'heuristic #4']);

      // The decisions are the game's actions, in order: played again from the game's seed,
      // they give the record's game, and each view and list is the deciding seat's.
      const mine = decisions.filter((d) => d.game === summary.game);
      const options = record.options as GameOptions;
      const game = Game.create(options, summary.seed);
      if (!game.ok) throw new Error(game.error.message);
      const knower = new DealKnower(
        options,
        summary.seed,
        mine.map((d) => d.action),
      );
      mine.forEach((d, seq) => {
        expect(d.seq).toBe(seq);
        expect(d.view.viewer).toBe(d.seat);
        expect(d.view.toAct).toContain(d.seat);
        expect(d.legal.map(actionKey)).toEqual(game.value.legalActions(d.seat).map(actionKey));
        expect(d.legal.map(actionKey)).toContain(actionKey(d.action));
        const allowed = knower.allowed(seq, d.seat);
        for (const { card, path } of cardsIn({ view: d.view, legal: d.legal, action: d.action }))
          expect(allowed.has(card), `game ${d.game}, decision ${seq}, ${path}: ${card}`).toBe(true);
        expect(d.view.outstanding).toEqual(knower.outstanding(seq, d.seat));
        const applied = game.value.apply(d.action);
        expect(applied.ok).toBe(true);
      });
      expect(game.value.phase).toBe('over');
      expect(game.value.totals).toEqual(summary.totals);
      expect(game.value.winners).toEqual(summary.winners);
    }
  });

  test('without --seed it tells its seed, and that seed makes the same data set again', () => {
    const first = fresh();
    const a = selfplay('--players', '3', '--games', '2', '--level', 'random', '--rounds', '1', '--out', first);
    expect(a.status).toBe(0);
    const told = /^bottle-imp: selfplay: seed (\d+) \(--seed \1 plays the same games again\)$/m.exec(a.stderr);
    expect(told).not.toBeNull();
    const second = fresh();
    const b = selfplay(
      '--players',
      '3',
      '--games',
      '2',
      '--level',
      'random',
      '--rounds',
      '1',
      '--seed',
      told![1],
      '--out',
      second,
    );
    expect(b.status).toBe(0);
    for (const file of readdirSync(first))
      expect(readFileSync(join(second, file), 'utf8'), file).toBe(readFileSync(join(first, file), 'utf8'));
  });

  test('--help says what it writes', () => {
    const r = selfplay('--help');
    expect(r.status).toBe(0);
    for (const words of [
      '--players N',
      '--games G',
      '--level L',
      '--out DIR',
      '--seed S',
      'decisions.jsonl',
      'games.jsonl',
    ])
      expect(r.stdout).toContain(words);
  });

  test.each([
    [['--games', '1', '--out', 'x'], 'bottle-imp: selfplay: --players is required'],
    [
      ['--players', '4', '--level', 'wizard', '--out', 'x'],
      'bottle-imp: selfplay: unknown --level "wizard" (easy, medium, hard, expert, random, heuristic, ismcts)',
    ],
    [['--players', '4'], 'bottle-imp: selfplay: --out is required (the folder to write the data set to)'],
    [
      ['--players', '4', '--games', '0', '--out', 'x'],
      'bottle-imp: selfplay: --games must be a whole number from 1 to 10000000, not "0"',
    ],
    [
      ['--players', '4', '--out', '/dev/null/x', '--seed', '1'],
      'bottle-imp: selfplay: cannot write /dev/null/x: ENOTDIR',
    ],
    [['--players', '4', '--gmaes', '2'], 'bottle-imp: selfplay: unknown option --gmaes (did you mean --games?)'],
  ])('%j: one line, exit status 1', (args, line) => {
    const r = selfplay(...args);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`${line}\n`);
    expect(r.stdout).toBe('');
  });

  test('a folder that holds a data set is not written over', () => {
    const out = fresh();
    expect(selfplay('--players', '2', '--level', 'random', '--rounds', '1', '--seed', '1', '--out', out).status).toBe(
      0,
    );
    const before = readFileSync(join(out, 'decisions.jsonl'), 'utf8');
    const again = selfplay('--players', '2', '--level', 'random', '--rounds', '1', '--seed', '2', '--out', out);
    expect(again.status).toBe(1);
    expect(again.stderr).toBe(
      `bottle-imp: selfplay: ${out} already holds a data set (decisions.jsonl); choose another --out\n`,
    );
    expect(readFileSync(join(out, 'decisions.jsonl'), 'utf8')).toBe(before);
  });
});
