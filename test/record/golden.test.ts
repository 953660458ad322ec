/**
 * Golden records: small records made by hand (golden/NAME.json), each beside the output
 * RECORD.md says `bottle-imp replay FILE --json` must print (NAME.out.json, worked out by
 * hand from RULES.md) or, for an invalid record, the one line it must print to standard
 * error (NAME.err.txt). The compiled command is run on every one (`npm test` builds it
 * first), and the record module is checked in-process against the same files.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { type GameRecord, gameFromRecord, parseRecord, recordOf, replayRecord } from '../../src/record/index.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const GOLDEN = fileURLToPath(new URL('./golden/', import.meta.url));
const CLI = `${ROOT}dist/cli/main.js`;

// A record is NAME.json; the one whose text is deliberately not JSON is NAME.broken, so
// that linters and editors leave it alone.
const RECORD_FILE = /^(.*)\.(json|broken)$/;
const recordFiles = new Map(
  readdirSync(GOLDEN)
    .filter((f) => RECORD_FILE.test(f) && !f.endsWith('.out.json'))
    .map((f) => [RECORD_FILE.exec(f)![1], f]),
);
const records = [...recordFiles.keys()].sort();
const valid = records.filter((name) => existsSync(`${GOLDEN}${name}.out.json`));
const invalid = records.filter((name) => existsSync(`${GOLDEN}${name}.err.txt`));

const read = (file: string) => readFileSync(`${GOLDEN}${file}`, 'utf8');

function runCli(name: string, command: 'replay' | 'analyse') {
  const run = spawnSync(process.execPath, [CLI, command, `${GOLDEN}${recordFiles.get(name)}`, '--json'], {
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}
const replayWithCli = (name: string) => runCli(name, 'replay');

test('every golden record has exactly one expected result', () => {
  expect(valid.length).toBeGreaterThan(0);
  expect(invalid.length).toBeGreaterThan(0);
  expect([...valid, ...invalid].sort()).toEqual(records);
});

test('the command is built (npm test builds it first)', () => {
  expect(existsSync(CLI), `${CLI} is missing: run npm run build`).toBe(true);
});

describe('valid records', () => {
  test.each(valid)('%s: bottle-imp replay --json prints the expected replay', (name) => {
    const expected = JSON.parse(read(`${name}.out.json`));
    const run = replayWithCli(name);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(expected);
  });

  test.each(valid)('%s: the record module replays it the same, and writes it back unchanged', (name) => {
    const parsed = parseRecord(read(`${name}.json`));
    if (!parsed.ok) throw new Error(parsed.error);
    const replayed = replayRecord(parsed.value);
    if (!replayed.ok) throw new Error(replayed.error);
    expect(JSON.parse(JSON.stringify(replayed.value))).toEqual(JSON.parse(read(`${name}.out.json`)));
    const game = gameFromRecord(parsed.value);
    if (!game.ok) throw new Error(game.error);
    expect(recordOf(game.value, parsed.value.players)).toEqual(canonical(parsed.value));
  });
});

describe('invalid records', () => {
  test.each(invalid)(
    '%s: one line naming the round and position on standard error, status 1, nothing on standard output',
    (name) => {
      const run = replayWithCli(name);
      expect(run.stderr).toBe(read(`${name}.err.txt`));
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
    },
  );

  test.each(invalid)('%s: bottle-imp analyse refuses it with the same line', (name) => {
    const run = runCli(name, 'analyse');
    expect(run.stderr).toBe(read(`${name}.err.txt`));
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
  });

  test('each expected line names a seat at most once, counted from 1', () => {
    for (const name of invalid) {
      const line = read(`${name}.err.txt`);
      const seats = [...line.matchAll(/seat (\d+)/g)].map((m) => Number(m[1]));
      expect(new Set(seats).size, `${name}: ${line}`).toBe(seats.length);
      expect(
        seats.every((s) => s >= 1),
        `${name}: ${line}`,
      ).toBe(true);
      // A seat index is only ever given beside the seat it counts from 1.
      expect(line.replace(/seat \d+ \(index \d+\)/g, ''), `${name}: ${line}`).not.toMatch(/must be \d/);
    }
  });
});

/** A record as recordOf writes it: the mode spelled out and every round's plays listed. */
function canonical(record: GameRecord): GameRecord {
  return {
    ...record,
    options: { ...record.options, mode: record.options.mode ?? 'individual' },
    rounds: record.rounds.map((r) => ({ ...r, plays: r.plays ?? [] })),
  };
}
