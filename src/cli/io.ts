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
