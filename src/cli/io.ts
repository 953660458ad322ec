/** Small helpers shared by the subcommands: errors as one line, exit status 1. */
import { readFileSync } from 'node:fs';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { type GameOptions, isMode, type Mode, modesFor, type PlayerCount } from '../engine/index.js';
import { type GameRecord, parseRecord } from '../record/index.js';

export interface Command {
  readonly summary: string;
  /** Runs the command; resolves to the exit status. */
  run(argv: string[]): Promise<number>;
}

/** Print one clear line to standard error and return exit status 1. */
export function fail(message: string): number {
  process.stderr.write(`bottle-imp: ${message}\n`);
  return 1;
}

/**
 * The record in FILE (or standard input for -), parsed; on a problem, its one line is
 * printed and the exit status (1) returned instead.
 */
export function readRecordFile(file: string): { ok: true; record: GameRecord } | { ok: false; status: number } {
  let text: string;
  try {
    text = readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (e) {
    return {
      ok: false,
      status: fail(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`),
    };
  }
  const parsed = parseRecord(text);
  return parsed.ok ? { ok: true, record: parsed.value } : { ok: false, status: fail(parsed.error) };
}

/** A whole-number flag value, or an ArgError naming the flag. */
export function wholeNumber(
  value: string | undefined,
  flag: string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (value === undefined) throw new ArgError(`--${flag} is required`);
  const n = Number(value);
  if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new ArgError(
      `--${flag} must be a whole number${max < Number.MAX_SAFE_INTEGER ? ` from ${min} to ${max}` : ` of at least ${min}`}, not "${value}"`,
    );
  }
  return n;
}

/** --seed's value, or one from the clock when it is not given (the command says which). */
export function seedFlag(value: string | undefined): number {
  return value === undefined ? Date.now() % 2 ** 32 : wholeNumber(value, 'seed', 0, 2 ** 32 - 1);
}

type FlagOptions = NonNullable<ParseArgsConfig['options']>;
type FlagConfig<T extends FlagOptions> = { args: string[]; options: T; allowPositionals: boolean; strict: true };
/** parseArgs' result, named here because node:util does not export its name (declarations need one). */
type Flags<T extends FlagOptions> = ReturnType<typeof parseArgs<FlagConfig<T>>>;

/**
 * parseArgs with the command's options, strict; an unknown option is refused by name with
 * the nearest known one ("did you mean --json?") rather than Node's own paragraph.
 */
export function parseFlags<T extends FlagOptions>(argv: string[], options: T, allowPositionals = false): Flags<T> {
  try {
    return parseArgs<FlagConfig<T>>({ args: argv, options, allowPositionals, strict: true });
  } catch (e) {
    const unknown = /^Unknown option '(-{1,2}[^']+)'/.exec((e as Error).message);
    if ((e as NodeJS.ErrnoException).code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION' || !unknown) throw e;
    const near = Object.keys(options)
      .map((name) => ({ name, d: distance(unknown[1].replace(/^-+/, ''), name) }))
      .sort((a, b) => a.d - b.d)[0];
    throw new ArgError(
      `unknown option ${unknown[1]}${near && near.d <= 2 ? ` (did you mean --${near.name}?)` : ' (see --help)'}`,
    );
  }
}

/** Edit distance (insertions, deletions, substitutions) between two short words. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}

/** A positive number flag value (decimals allowed), or an ArgError naming the flag. */
export function positiveNumber(value: string | undefined, flag: string): number {
  if (value === undefined) throw new ArgError(`--${flag} is required`);
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0)
    throw new ArgError(`--${flag} must be a positive number, not "${value}"`);
  return n;
}

/** Run a command body: bad arguments (ArgError, or parseArgs' own errors) become one line and exit status 1. */
export async function withArgErrors(command: string, body: () => Promise<number> | number): Promise<number> {
  try {
    return await body();
  } catch (e) {
    if (e instanceof Error && (e as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS'))
      return fail(`${command}: ${parseArgsProblem(e.message)}`);
    if (e instanceof ArgError) return fail(`${command}: ${e.message}`);
    throw e;
  }
}

export class ArgError extends Error {}

/**
 * parseArgs' message as one line. Its "ambiguous" message (a value that starts with a
 * dash, as in `--seed -3`) spans three lines; it becomes one that says how to write it.
 */
function parseArgsProblem(message: string): string {
  const ambiguous = /^Option '(--[^']+)' argument is ambiguous/.exec(message);
  if (ambiguous) return `${ambiguous[1]} needs a value; write a value that starts with a dash as ${ambiguous[1]}=VALUE`;
  return message.split('\n')[0];
}

/** --players and --mode, checked together (a team mode fits one player count). */
export function tableFlags(values: { players?: string; mode?: string }): { players: PlayerCount; mode: Mode } {
  const players = wholeNumber(values.players, 'players', 2, 6) as PlayerCount;
  const mode = (values.mode ?? 'individual') as Mode;
  if (!isMode(mode) || !modesFor(players).includes(mode))
    throw new ArgError(`--mode must be one of ${modesFor(players).join(', ')} for ${players} players`);
  return { players, mode };
}

/** The options of parseFlags that gameFlags reads, for the commands that set up a game. */
export const GAME_FLAGS = {
  players: { type: 'string' },
  mode: { type: 'string' },
  rounds: { type: 'string' },
  target: { type: 'string' },
} as const;

/** The --help lines of GAME_FLAGS, for the commands that take them (each adds its own). */
export const GAME_FLAGS_HELP = `  --players N   2 to 6
  --mode M      individual (default), 2-1-1 (4 players), 2-2-1 (5), 2-2-2 or 2-2-1-1 (6)
  --rounds R    rounds per game (default: the player count's usual length)
  --target T    play whole rounds until a total reaches T instead`;

/** --players, --mode and the game's length (--rounds or --target, or the usual length). */
export function gameFlags(values: { players?: string; mode?: string; rounds?: string; target?: string }): GameOptions {
  const { players, mode } = tableFlags(values);
  if (values.rounds !== undefined && values.target !== undefined)
    throw new ArgError('give --rounds or --target, not both');
  if (values.target !== undefined) return { players, mode, targetScore: wholeNumber(values.target, 'target', 1) };
  if (values.rounds !== undefined) return { players, mode, rounds: wholeNumber(values.rounds, 'rounds', 1, 1000) };
  return { players, mode };
}
