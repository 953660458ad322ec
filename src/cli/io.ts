/** Small helpers shared by the subcommands: errors as one line, exit status 1. */

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

/** A record problem, printed exactly as RECORD.md shows it ("round 2, play 14: ..."), exit status 1. */
export function failRecord(message: string): number {
  process.stderr.write(`${message}\n`);
  return 1;
}

/** A whole-number flag value, or an ArgError naming the flag. */
export function wholeNumber(value: string | undefined, flag: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) throw new ArgError(`--${flag} is required`);
  const n = Number(value);
  if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new ArgError(`--${flag} must be a whole number${max < Number.MAX_SAFE_INTEGER ? ` from ${min} to ${max}` : ` of at least ${min}`}, not "${value}"`);
  }
  return n;
}

/** A positive number flag value (decimals allowed), or an ArgError naming the flag. */
export function positiveNumber(value: string | undefined, flag: string): number {
  if (value === undefined) throw new ArgError(`--${flag} is required`);
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0) throw new ArgError(`--${flag} must be a positive number, not "${value}"`);
  return n;
}

/** Run a command body: bad arguments (ArgError, or parseArgs' own errors) become one line and exit status 1. */
export async function withArgErrors(command: string, body: () => Promise<number> | number): Promise<number> {
  try {
    return await body();
  } catch (e) {
    if (e instanceof Error && (e as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')) return fail(`${command}: ${e.message}`);
    if (e instanceof ArgError) return fail(`${command}: ${e.message}`);
    throw e;
  }
}

export class ArgError extends Error {}
