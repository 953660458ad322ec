/** Command-line options shared by the benchmarks that take whole numbers (`--games 40`). */

/** The whole number after `--name`, or `fallback` when the option is absent. */
export function wholeOption(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const n = Number(process.argv[i + 1]);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} needs a positive whole number`);
  return n;
}
