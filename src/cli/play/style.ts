/**
 * How terminal play looks: suits in ANSI colour and playable cards in bold when standard
 * output is a terminal (never when NO_COLOR is set, never into a pipe), lines wrapped at
 * words to the terminal's width. The suit letters stay in every case, for colour-blind
 * players and for pipes.
 */
import { type Rank, type Suit, suitOf } from '../../engine/index.js';
import { shortCard } from '../text.js';

const SUIT_COLOUR: Record<Suit, string> = { red: '31', blue: '34', green: '32' };
// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escape codes begin with ESC
const ANSI = /\x1b\[[0-9;]*m/g;

export class Style {
  constructor(
    /** ANSI colour on or off. */
    readonly colour: boolean,
    /** Wrap lines at this many columns; null leaves them whole (a pipe gets one line per message). */
    readonly width: number | null,
  ) {}

  /** The style for a stream: colour and wrapping only on a terminal, colour only without NO_COLOR. */
  static of(out: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): Style {
    const tty = out.isTTY === true;
    return new Style(tty && !env.NO_COLOR, tty ? out.columns || 80 : null);
  }

  /** "24g": rank and suit initial, the suit in its colour; `playable` in bold with a star. */
  card(rank: Rank, playable = false): string {
    const suit = suitOf(rank);
    const text = `${shortCard(rank)}${playable ? '*' : ''}`;
    if (!this.colour || suit === undefined) return text;
    return `\x1b[${playable ? '1;' : ''}${SUIT_COLOUR[suit]}m${text}\x1b[0m`;
  }

  /** "24 (green)", the suit in its colour. */
  named(rank: Rank): string {
    const suit = suitOf(rank);
    if (!this.colour || suit === undefined) return `${rank} (${suit})`;
    return `${rank} (\x1b[${SUIT_COLOUR[suit]}m${suit}\x1b[0m)`;
  }

  /** A message broken at spaces into lines no wider than the terminal, continuation lines indented. */
  wrap(text: string): string {
    if (this.width === null) return text;
    return text
      .split('\n')
      .map((line) => wrapLine(line, this.width!))
      .join('\n');
  }
}

/** Visible width: ANSI colour codes take no room. */
function visible(s: string): number {
  return s.replace(ANSI, '').length;
}

function wrapLine(line: string, width: number): string {
  if (visible(line) <= width) return line;
  const indent = /^ */.exec(line)![0] + '  ';
  const out: string[] = [];
  let current = '';
  for (const word of line.trimStart().split(' ')) {
    const prefix = out.length === 0 ? line.slice(0, line.length - line.trimStart().length) : indent;
    const candidate = current === '' ? prefix + word : `${current} ${word}`;
    if (current !== '' && visible(candidate) > width) {
      out.push(current);
      current = indent + word;
    } else current = candidate;
  }
  out.push(current);
  return out.join('\n');
}
