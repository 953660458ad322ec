/**
 * The JSON check behind `record: not valid JSON at line L, column C: …`: it agrees with
 * JSON.parse on what is JSON, and says where and what in its own words, the same on every
 * Node version.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { jsonProblem } from '../../src/record/json-syntax.js';

const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** JSON text with one character put in, taken out or changed: mostly broken, sometimes not. */
const damaged = fc
  .tuple(fc.json(), fc.nat(), fc.constantFrom('', ...'{}[]:,"\\ \n0-.eE+tfnu\u0001x'.split('')), fc.boolean())
  .map(([text, at, c, replace]) => {
    const i = at % (text.length + 1);
    return text.slice(0, i) + c + text.slice(replace ? i + 1 : i);
  });

describe('jsonProblem', () => {
  test('agrees with JSON.parse on valid, damaged and arbitrary text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.json(), damaged, fc.string(), fc.string({ unit: 'grapheme-ascii' })), (text) => {
        expect(jsonProblem(text) === null).toBe(parses(text));
      }),
      { seed: 22, numRuns: 20_000 },
    );
  });

  test.each([
    ['', 1, 1, 'expected a value, found the end of the text'],
    ['{"format": "bottle-imp/1",\n', 2, 1, 'expected a property name in double quotes, found the end of the text'],
    ['{"a": 1 "b": 2}', 1, 9, "expected ',' or '}', found '\"'"],
    ['[1, 2,]', 1, 7, "expected a value, found ']'"],
    ['{"a" 1}', 1, 6, "expected ':' after the property name, found '1'"],
    ['{"a": tru}', 1, 10, "expected true, found '}'"],
    ['[01]', 1, 3, 'a number that is not written as JSON writes numbers'],
    ['["a\tb"]', 1, 4, 'a control character (U+0009) inside a string: write it escaped'],
    ['["\\x"]', 1, 3, 'an escape that JSON does not have (\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\u)'],
    ['["\\u12"]', 1, 3, 'a \\u escape needs four hexadecimal digits'],
    ['"open', 1, 1, 'a string that is never closed'],
    ['{} {}', 1, 4, "more text after the end of the value, found '{'"],
    ['\uFEFF{}', 1, 1, 'expected a value, found U+FEFF'],
    // Columns count characters: the emoji before the mistake is one, not two UTF-16 units.
    ['[\n  "🍾", x]', 2, 8, "expected a value, found 'x'"],
  ])('%j: line %i, column %i: %s', (text, line, column, problem) => {
    expect(parses(text)).toBe(false);
    expect(jsonProblem(text)).toEqual({ line, column, problem });
  });

  test('deep nesting is scanned without running out of stack', () => {
    expect(jsonProblem('['.repeat(200_000))).toEqual({
      line: 1,
      column: 200_001,
      problem: 'expected a value, found the end of the text',
    });
    expect(jsonProblem(`${'['.repeat(200_000)}${']'.repeat(200_000)}`)).toBeNull();
  });
});
