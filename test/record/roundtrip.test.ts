/**
 * Records and games are two spellings of the same thing: any engine game, stopped
 * anywhere, written as a record and replayed, writes back the same record and reports
 * the same replay; and records made by `bottle-imp random-game` replay cleanly.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { Game, type GameOptions, modesFor, Rng } from '../../src/engine/index.js';
import { gameFromRecord, parseRecord, recordOf, replayRecord, reportOf } from '../../src/record/index.js';
import { must, randomStep } from '../engine/helpers.js';

const CONFIGS: GameOptions[] = ([2, 3, 4, 5, 6] as const).flatMap((players) =>
  modesFor(players).map((mode) => ({ players, mode })),
);
const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

describe.each(CONFIGS)('$players players, $mode', (options) => {
  test('record → replay → record is the identity, wherever the game stops', () => {
    fc.assert(
      fc.property(
        fc.nat(),
        fc.constantFrom<Partial<GameOptions>>({ rounds: 1 }, { rounds: 2 }, { targetScore: 40 }),
        fc.nat({ max: 200 }),
        (seed, length, steps) => {
          const game = must(Game.create({ ...options, ...length }, seed));
          const rng = new Rng(seed);
          for (let k = 0; k < steps && game.phase !== 'over'; k++) randomStep(game, rng);
          const names = Array.from({ length: game.players }, (_, s) => `Seat ${s}`);
          const record = recordOf(game, names);
          // Through JSON text, as a file would carry it.
          const parsed = parseRecord(JSON.stringify(record));
          if (!parsed.ok) throw new Error(parsed.error);
          expect(parsed.value).toEqual(record);
          const replayed = gameFromRecord(parsed.value);
          if (!replayed.ok) throw new Error(replayed.error);
          expect(recordOf(replayed.value, names)).toEqual(record);
          // Passes chosen by only some seats are not written (a record's passes are all or
          // nothing), so compare reports only when the game stopped outside the passing.
          if (game.phase !== 'pass' || game.toAct().length === game.players) {
            expect(replayRecord(parsed.value)).toEqual({ ok: true, value: reportOf(game) });
          }
        },
      ),
      { numRuns: 8, seed: 4242 },
    );
  });
});

describe('records made by bottle-imp random-game', () => {
  test.each([
    ['--players', '2', '--rounds', '2', '--seed', '1'],
    ['--players', '3', '--target', '60', '--seed', '2'],
    ['--players', '4', '--mode', '2-1-1', '--rounds', '2', '--seed', '3'],
    ['--players', '5', '--mode', '2-2-1', '--rounds', '1', '--seed', '4'],
    ['--players', '6', '--rounds', '1', '--seed', '5'],
    ['--players', '6', '--mode', '2-2-1-1', '--rounds', '1', '--seed', '6'],
  ])('%s %s %s %s %s %s: a complete game that replays from standard input', (...args) => {
    const made = spawnSync(process.execPath, [CLI, 'random-game', ...args], { encoding: 'utf8' });
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);
    const replayed = spawnSync(process.execPath, [CLI, 'replay', '-', '--json'], {
      input: made.stdout,
      encoding: 'utf8',
    });
    expect(replayed.stderr).toBe('');
    expect(replayed.status).toBe(0);
    const report = JSON.parse(replayed.stdout);
    expect(report.finished).toBe(true);
    expect(report.rounds.every((r: { complete: boolean }) => r.complete)).toBe(true);
    // The totals add up the rounds, and the winners hold the highest total.
    const totals = report.totals as number[];
    const sums = totals.map((_, s) =>
      report.rounds.reduce((sum: number, r: { scores: number[] }) => sum + r.scores[s], 0),
    );
    expect(totals).toEqual(sums);
    const best = Math.max(...totals);
    expect(report.winners).toEqual(totals.flatMap((t, s) => (t === best ? [s] : [])));
  });
});
