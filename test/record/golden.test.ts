/**
 * Golden records: small records made by hand (golden/NAME.json), each beside the output
 * RECORD.md says `bottle-imp replay FILE --json` must print (NAME.out.json, worked out by
 * hand from RULES.md) or, for an invalid record, the one line it must print to standard
 * error (NAME.err.txt). The compiled commands are run on every one (`npm test` builds them
 * first): all in one Node process (fixtures/run-commands.mjs), and through the binary
 * itself (dist/cli/main.js) once per command and kind of record. The record module is
 * checked in-process against the same files.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { type GameRecord, gameFromRecord, parseRecord, recordOf, replayRecord } from '../../src/record/index.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const GOLDEN = fileURLToPath(new URL('./golden/', import.meta.url));
const CLI = `${ROOT}dist/cli/main.js`;
const BATCH = fileURLToPath(new URL('./fixtures/run-commands.mjs', import.meta.url));

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

type Command = 'replay' | 'analyse';
interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Set when the command threw instead of returning a status (run-commands.mjs). */
  readonly threw?: string;
}

const argsFor = (name: string, command: Command) => [command, `${GOLDEN}${recordFiles.get(name)}`, '--json'];

/** The binary itself, as a user starts it. */
function spawnCli(name: string, command: Command): Run {
  const run = spawnSync(process.execPath, [CLI, ...argsFor(name, command)], { encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Every run the tests below look at, made by the compiled commands in one process (on first use). */
const batch = (() => {
  let runs: Map<string, Run> | undefined;
  const key = (name: string, command: Command) => `${command} ${name}`;
  const wanted = [
    ...valid.map((name) => [name, 'replay'] as const),
    ...invalid.flatMap((name) => [[name, 'replay'] as const, [name, 'analyse'] as const]),
  ];
  return (name: string, command: Command): Run => {
    if (!runs) {
      const child = spawnSync(process.execPath, [BATCH], {
        input: JSON.stringify(wanted.map(([n, c]) => argsFor(n, c))),
        encoding: 'utf8',
      });
      if (child.status !== 0) throw new Error(`${BATCH} failed (${child.status}): ${child.stderr}`);
      const results = JSON.parse(child.stdout) as Run[];
      runs = new Map(wanted.map(([n, c], i) => [key(n, c), results[i]]));
    }
    return runs.get(key(name, command))!;
  };
})();

test('every golden record has exactly one expected result', () => {
  expect(valid.length).toBeGreaterThan(0);
  expect(invalid.length).toBeGreaterThan(0);
  expect([...valid, ...invalid].sort()).toEqual(records);
});

test('the command is built (npm test builds it first)', () => {
  expect(existsSync(CLI), `${CLI} is missing: run npm run build`).toBe(true);
});

describe('valid records', () => {
  const replays = (name: string, run: Run) => {
    expect(run.threw).toBeUndefined();
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(JSON.parse(read(`${name}.out.json`)));
  };

  test.each(valid)('%s: bottle-imp replay --json prints the expected replay', (name) => {
    replays(name, batch(name, 'replay'));
  });

  test('the binary itself prints the expected replay', () => {
    replays(valid[0], spawnCli(valid[0], 'replay'));
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
  const refuses = (name: string, run: Run) => {
    expect(run.threw).toBeUndefined();
    expect(run.stderr).toBe(read(`${name}.err.txt`));
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
  };

  test.each(invalid)(
    '%s: one line naming the round and position on standard error, status 1, nothing on standard output',
    (name) => refuses(name, batch(name, 'replay')),
  );

  test.each(invalid)('%s: bottle-imp analyse refuses it with the same line', (name) => {
    refuses(name, batch(name, 'analyse'));
  });

  test.each(['replay', 'analyse'] as const)(
    'the binary itself: %s refuses an invalid record with its line',
    (command) => {
      refuses(invalid[0], spawnCli(invalid[0], command));
    },
  );

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
