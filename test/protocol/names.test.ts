/**
 * The name rules (src/protocol/text.ts, `nameProblem`, through the protocol's
 * DisplayNameSchema as the server applies them): names that cannot pass for someone
 * else's are accepted in every script, and invisible characters, stray or stacked
 * combining marks and mixed scripts are refused with ERR_BAD_NAME.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DisplayNameSchema } from '../../src/protocol/messages.js';
import { cleanText, nameProblem, withoutEmoji } from '../../src/protocol/text.js';

const judged = (raw: string) => nameProblem(cleanText(raw));

/** The code a server refusal of this name carries (src/server/errors.ts reads it from the issue). */
function refusal(raw: string): string | null {
  const parsed = DisplayNameSchema.safeParse(raw);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return issue.code === 'custom' ? String(issue.params?.code) : 'ERR_BAD_REQUEST';
}

describe('names people use are accepted', () => {
  it.each([
    'Ann',
    "Ann-Marie O'Neil",
    'Zoë 2',
    'Rene\u0301', // NFC makes it "René"
    'Ψυχή',
    'Иван',
    'Ἀλέξανδρος',
    '田中 太郎',
    'たなか タロウ',
    'Tanaka 太郎',
    '김민수',
    'Kim 민수',
    'हिन्दी',
    'मोहम्मद',
    'مُحَمَّد',
    'می\u200Cخواهم', // Persian needs the zero-width non-joiner
    'ก้ำ',
    'Ann 🍾',
    'Ann 👨‍👩‍👧',
    'Jo 👍🏽',
    '🏴󠁧󠁢󠁳󠁣󠁴󠁿 Jo', // the flag of Scotland is spelled with tag characters
    'Ida 🇩🇪',
  ])('%s', (name) => {
    expect(judged(name)).toBeNull();
    expect(refusal(name)).toBeNull();
  });
});

describe('names that could pass for another are refused with ERR_BAD_NAME', () => {
  it.each([
    ['A\u200Bnn', 'invisible'], // zero-width space
    ['An\u200Dn', 'invisible'], // a joiner between Latin letters
    ['Ann\u2060', 'invisible'], // word joiner
    ['Ann\u00AD', 'invisible'], // soft hyphen
    ['Ann\u{E0041}\u{E0042}', 'invisible'], // tag characters spelling hidden text
    ['Ann\u{E007F}', 'invisible'],
    ['Ann\uE000', 'invisible'], // private use
    ['a\u3164b', 'invisible'], // Hangul filler
    ['\u200B\u200B', 'visible'],
    ['Ann\u0336', 'combining'], // struck through
    ['b\u0301', 'combining'], // no composed form: a stray accent
    ['A\u0301\u0301', 'combining'], // stacked
    ['Z\u0351\u0352\u0353', 'combining'], // Zalgo
    ['\u0301Ann', 'combining'], // on no letter
    ['Ann\uFE0F', 'combining'], // a variation selector outside an emoji
    ['x\u20DD', 'combining'], // an enclosing circle
    ['\uA9B2\u0336', 'combining'], // struck through, in a script of no list (Javanese)
    ['क\u093F\u093F\u093F', 'combining'], // three vowel signs on one letter
    ['Аnn', 'script'], // Cyrillic А
    ['Ρaul', 'script'], // Greek Ρ
    ['pаypal', 'script'],
    ['Иван Ivan', 'script'],
    ['민수 たなか', 'script'],
  ])('%s (%s)', (name, why) => {
    expect(judged(name)).toContain(why);
    expect(refusal(name)).toBe('ERR_BAD_NAME');
  });

  it('empty and overlong names stay plain bad requests', () => {
    expect(refusal('   ')).toBe('ERR_BAD_REQUEST');
    expect(refusal('x'.repeat(25))).toBe('ERR_BAD_REQUEST');
  });
});

const latin = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'),
  minLength: 1,
  maxLength: 20,
});
const at = (s: string, i: number, c: string) => s.slice(0, i % (s.length + 1)) + c + s.slice(i % (s.length + 1));

describe('properties', () => {
  it('a Latin name is accepted; one Cyrillic or Greek letter in it is refused', () => {
    const foreign = fc.constantFrom(...'аеорсухіјԁѕАВЕКМНОРСТХΑΒΕΗΙΚΜΝΟΡΤΥΧαορ');
    fc.assert(
      fc.property(latin, foreign, fc.nat(), (name, letter, i) => {
        expect(judged(name)).toBeNull();
        expect(judged(at(name, i, letter))).toContain('script');
      }),
    );
  });

  // Inside the name: at its ends, trim() takes a BOM away like a space.
  it('a format, tag, private-use or unassigned character inside a name is refused', () => {
    const hidden = fc.oneof(
      fc.integer({ min: 0xe0000, max: 0xe007f }),
      fc.constantFrom(0x200b, 0x200c, 0x200d, 0x2060, 0x2061, 0x2064, 0xfeff, 0x00ad, 0x180e, 0xfff9, 0x1d173),
      fc.integer({ min: 0xe000, max: 0xf8ff }),
      fc.integer({ min: 0xf0000, max: 0xffffd }),
      fc.constantFrom(0x0378, 0x0379, 0x2fffe, 0x10ffff),
    );
    fc.assert(
      fc.property(latin, latin, hidden, (before, after, code) => {
        expect(judged(before + String.fromCodePoint(code) + after)).not.toBeNull();
      }),
    );
  });

  it('Latin combining marks are accepted only where NFC makes one letter of them', () => {
    const marks = fc.array(
      fc.integer({ min: 0x300, max: 0x36f }).map((c) => String.fromCodePoint(c)),
      { minLength: 1, maxLength: 4 },
    );
    fc.assert(
      fc.property(latin, marks, (name, added) => {
        const cleaned = cleanText(name + added.join(''));
        expect(nameProblem(cleaned) === null).toBe(!/\p{M}/u.test(cleaned));
      }),
    );
  });

  it('whatever is typed, an accepted name shows something and hides nothing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 24 }), (raw) => {
        const name = cleanText(raw);
        if (nameProblem(name) !== null) return;
        expect(name.length).toBeGreaterThan(0);
        const outsideEmoji = withoutEmoji(name);
        expect(outsideEmoji).not.toMatch(/[\p{Co}\p{Cn}\p{Cs}\u{E0000}-\u{E007F}\u200B\u2060\uFEFF\u00AD]/u);
      }),
      { numRuns: 2000 },
    );
  });
});
