/** Small wording helpers for the command line's sentences. */

/** "1 round", "2 rounds". */
export function plural(n: number, word: string, words = `${word}s`): string {
  return `${n} ${n === 1 ? word : words}`;
}
