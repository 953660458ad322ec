/** Small wording helpers for the command line's sentences. */
import { type Rank, suitOf } from '../engine/index.js';

/** "1 round", "2 rounds". */
export function plural(n: number, word: string, words = `${word}s`): string {
  return `${n} ${n === 1 ? word : words}`;
}

/** "24g": a card's rank and its suit's initial, the way the command line shows cards. */
export function shortCard(rank: Rank): string {
  return `${rank}${(suitOf(rank) ?? '?')[0]}`;
}
