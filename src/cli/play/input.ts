/**
 * What the terminal player types, read the way cards are shown: a rank with or without
 * its suit letter, in any case ("5", "5r", "5R", "2.5b"), several on one line separated by
 * spaces or commas, or one of the in-game commands.
 */
import { cardId, type Rank, suitOf } from '../../engine/index.js';

export const COMMANDS = ['help', 'hand', 'score', 'last', 'quit'] as const;
export type CommandName = (typeof COMMANDS)[number];

export type Typed =
  | { readonly kind: 'empty' }
  | { readonly kind: 'command'; readonly name: CommandName }
  | { readonly kind: 'cards'; readonly cards: readonly Rank[] }
  | { readonly kind: 'error'; readonly message: string };

export function readTyped(line: string): Typed {
  const text = line.trim().toLowerCase();
  if (text === '') return { kind: 'empty' };
  if (text === '?') return { kind: 'command', name: 'help' };
  if ((COMMANDS as readonly string[]).includes(text)) return { kind: 'command', name: text as CommandName };
  const cards: Rank[] = [];
  for (const token of text.split(/[\s,]+/)) {
    const m = /^(\d+(?:\.5)?)([rbg])?$/.exec(token);
    const rank = m ? Number(m[1]) : Number.NaN;
    if (!m || cardId(rank) < 0)
      return { kind: 'error', message: `"${token}" is not a card: type a rank as shown, e.g. 24 or 24g (or help)` };
    const suit = suitOf(rank)!;
    if (m[2] !== undefined && m[2] !== suit[0])
      return {
        kind: 'error',
        message: `${token}: ${rank} is ${suit}, not ${{ r: 'red', b: 'blue', g: 'green' }[m[2]]}`,
      };
    cards.push(rank);
  }
  return { kind: 'cards', cards };
}
