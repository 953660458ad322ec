/**
 * Where JSON text first breaks the grammar of RFC 8259, said in this project's words with a
 * line and a column. JSON.parse's own messages are V8's and change from one Node version
 * to the next ("… at position 27" became "… at position 27 (line 2 column 1)"), and what a
 * person reads must not depend on the runtime. The scan keeps its own stack, so deeply
 * nested text cannot overflow the call stack.
 */

export interface JsonProblem {
  /** Counted from 1. */
  readonly line: number;
  /** Counted from 1, in characters (code points) from the start of the line. */
  readonly column: number;
  readonly problem: string;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERALS = ['true', 'false', 'null'] as const;
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const HEX4 = /[0-9a-fA-F]{4}/y;

class Broken {
  constructor(
    readonly at: number,
    readonly problem: string,
  ) {}
}

/** The first problem in `text`, or null when it is one valid JSON value. */
export function jsonProblem(text: string): JsonProblem | null {
  try {
    scan(text);
    return null;
  } catch (e) {
    if (!(e instanceof Broken)) throw e;
    return { ...lineAndColumn(text, e.at), problem: e.problem };
  }
}

function scan(text: string): void {
  /** The open arrays ('[') and objects ('{'), innermost last. */
  const open: string[] = [];
  let i = skipSpace(text, 0);
  let wantValue = true;
  for (;;) {
    if (wantValue) {
      i = value(text, i, open);
      wantValue = false;
      // `[` and `{` leave the value open: what comes next is their first element or their end.
      if (text[i - 1] === '[' || text[i - 1] === '{') {
        i = skipSpace(text, i);
        const closer = open.at(-1) === '[' ? ']' : '}';
        if (text[i] === closer) {
          open.pop();
          i++;
        } else if (closer === ']') {
          wantValue = true;
          continue;
        } else {
          i = member(text, i);
          wantValue = true;
          continue;
        }
      }
    }
    i = skipSpace(text, i);
    const top = open.at(-1);
    if (top === undefined) {
      if (i < text.length) throw new Broken(i, `more text after the end of the value, ${found(text, i)}`);
      return;
    }
    const closer = top === '[' ? ']' : '}';
    if (text[i] === closer) {
      open.pop();
      i++;
    } else if (text[i] === ',') {
      i = skipSpace(text, i + 1);
      if (top === '{') i = member(text, i);
      wantValue = true;
    } else {
      throw new Broken(i, `expected ',' or '${closer}', ${found(text, i)}`);
    }
  }
}

/** An object member's name and colon, from `i`; returns where its value starts. */
function member(text: string, i: number): number {
  if (text[i] !== '"') throw new Broken(i, `expected a property name in double quotes, ${found(text, i)}`);
  i = skipSpace(text, string(text, i));
  if (text[i] !== ':') throw new Broken(i, `expected ':' after the property name, ${found(text, i)}`);
  return skipSpace(text, i + 1);
}

/** One value from `i` (an opening bracket alone for an array or object); returns the index after it. */
function value(text: string, i: number, open: string[]): number {
  const c = text[i];
  if (c === '[' || c === '{') {
    open.push(c);
    return i + 1;
  }
  if (c === '"') return string(text, i);
  if (c === '-' || (c >= '0' && c <= '9')) {
    NUMBER.lastIndex = i;
    if (!NUMBER.test(text)) throw new Broken(i, 'a number that is not written as JSON writes numbers');
    const end = NUMBER.lastIndex;
    if (/[0-9.eE+-]/.test(text[end] ?? ''))
      throw new Broken(end, 'a number that is not written as JSON writes numbers');
    return end;
  }
  for (const word of LITERALS) {
    if (c !== word[0]) continue;
    for (let k = 1; k < word.length; k++) {
      if (text[i + k] !== word[k]) throw new Broken(i + k, `expected ${word}, ${found(text, i + k)}`);
    }
    return i + word.length;
  }
  throw new Broken(i, `expected a value, ${found(text, i)}`);
}

/** A string from its opening quote at `i`; returns the index after its closing quote. */
function string(text: string, i: number): number {
  for (let k = i + 1; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 0x22) return k + 1;
    if (c < 0x20) throw new Broken(k, `a control character (${codePoint(c)}) inside a string: write it escaped`);
    if (c !== 0x5c) continue;
    const escaped = text[k + 1];
    if (escaped === 'u') {
      HEX4.lastIndex = k + 2;
      if (!HEX4.test(text)) throw new Broken(k, 'a \\u escape needs four hexadecimal digits');
      k += 5;
    } else if (escaped !== undefined && ESCAPES.has(escaped)) {
      k++;
    } else {
      throw new Broken(k, 'an escape that JSON does not have (\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\u)');
    }
  }
  throw new Broken(i, 'a string that is never closed');
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  return i;
}

function found(text: string, i: number): string {
  if (i >= text.length) return 'found the end of the text';
  const c = text.codePointAt(i)!;
  return c < 0x20 || c === 0x7f || c === 0xfeff ? `found ${codePoint(c)}` : `found '${String.fromCodePoint(c)}'`;
}

function codePoint(c: number): string {
  return `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
}

function lineAndColumn(text: string, at: number): { line: number; column: number } {
  const before = text.slice(0, at);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: [...before.slice(lineStart)].length + 1 };
}
