/** A short tournament, end to end through the compiled CLI: worker threads, report, records. */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { parseRecord, replayRecord } from '../../src/record/index.js';

const CLI = join(import.meta.dirname, '../../dist/cli/main.js');
const run = promisify(execFile);

describe('bottle-imp tournament', () => {
  test('two bots, duplicate deals, JSON report and one replayable record per hand', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bottle-imp-tournament-'));
    const { stdout } = await run(process.execPath, [
      CLI,
      'tournament',
      '--players',
      '3',
      '--seats',
      'ismcts,heuristic,heuristic',
      '--hands',
      '5',
      '--iterations',
      '40',
      '--seed',
      '9',
      '--workers',
      '2',
      '--records',
      dir,
      '--json',
    ]);
    const report = JSON.parse(stdout);
    // 5 hands round up to 2 deals of 3 rotations.
    expect(report.players).toBe(3);
    expect(report.hands).toBe(6);
    expect(report.bots.map((b: { name: string }) => b.name)).toEqual(['ismcts', 'heuristic']);
    for (const b of report.bots) {
      expect(b.ci95).not.toBeNull();
      expect(b.ci95[0]).toBeLessThanOrEqual(b.meanPoints);
      expect(b.ci95[1]).toBeGreaterThanOrEqual(b.meanPoints);
      expect(b.winShare).toBeGreaterThanOrEqual(0);
      expect(b.bottleRate).toBeLessThanOrEqual(1);
      expect(b.decisionMs.p99).toBeGreaterThanOrEqual(b.decisionMs.median);
      expect(b.decisionCpuMs.p99).toBeGreaterThanOrEqual(b.decisionCpuMs.median);
    }
    // The search thinks: its decisions cost CPU time, measured beside the wall clock.
    expect(report.bots[0].decisionCpuMs.p99).toBeGreaterThan(0);
    expect(report.difference.a).toBe('ismcts');
    expect(report.difference.b).toBe('heuristic');
    expect(report.difference.mean).toBeCloseTo(report.bots[0].meanPoints - report.bots[1].meanPoints, 1);

    const files = readdirSync(dir).sort();
    expect(files).toHaveLength(6);
    const scores: number[][] = [];
    for (const f of files) {
      const record = parseRecord(readFileSync(join(dir, f), 'utf8'));
      if (!record.ok) throw new Error(record.error);
      const replayed = replayRecord(record.value);
      if (!replayed.ok) throw new Error(replayed.error);
      expect(replayed.value.finished).toBe(true);
      scores.push(replayed.value.totals as number[]);
      // Rotation r puts the list shifted by r in the seats.
      const rotation = Number(f.match(/rotation-(\d)/)![1]);
      expect(record.value.players[(3 - rotation) % 3]).toBe('ismcts #1');
      expect(new Set(record.value.players)).toEqual(new Set(['ismcts #1', 'heuristic #2', 'heuristic #3']));
    }
    // The three rotations of a deal share the deal: the same dealer and the same hands.
    const deal0 = files
      .filter((f) => f.startsWith('deal-00000'))
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')).rounds[0]);
    expect(new Set(deal0.map((r) => JSON.stringify([r.dealer, r.hands]))).size).toBe(1);
    expect(scores).toHaveLength(6);
  });

  test('piped: the header at once and progress lines on standard error; one deal has no interval', async () => {
    const { stdout, stderr } = await run(process.execPath, [
      CLI,
      'tournament',
      '--players',
      '2',
      '--seats',
      'heuristic,random',
      '--hands',
      '2',
      '--seed',
      '3',
      '--workers',
      '1',
    ]);
    const lines = stderr.trim().split('\n');
    expect(lines[0]).toBe(
      'bottle-imp: tournament: 2 players, individual, 2 hands (1 deal × 2 seat rotations), seed 3 on 1 worker',
    );
    expect(lines.at(-1)).toMatch(/^bottle-imp: tournament: 1\/1 deals, \d+\.\d\d deals\/s, \d+s elapsed, ETA 0s$/);
    expect(stdout).toMatch(/^heuristic +[+-]\d+\.\d\d {2}unknown \(1 deal\)/m);
    expect(stdout).toContain('95% interval unknown (1 deal)');
    const json = JSON.parse(
      (
        await run(process.execPath, [
          CLI,
          'tournament',
          '--players',
          '2',
          '--seats',
          'heuristic,random',
          '--hands',
          '2',
          '--seed',
          '3',
          '--workers',
          '1',
          '--json',
        ])
      ).stdout,
    );
    expect(json.bots[0].ci95).toBeNull();
  });

  test('an unknown bot: one line, exit status 1', async () => {
    await expect(
      run(process.execPath, [CLI, 'tournament', '--players', '2', '--seats', 'ismcts,wizard', '--hands', '2']),
    ).rejects.toMatchObject({
      code: 1,
      stderr:
        'bottle-imp: tournament: unknown bot "wizard" in --seats (random, heuristic, ismcts, oracle, easy, medium, hard, expert, cmd:COMMAND)\n',
    });
  });
});
