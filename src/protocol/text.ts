/**
 * Text people type that others will see (names, chat): normalised to NFC, without control
 * characters or the bidirectional controls that can make text read in another order
 * (U+202E turns "gnp.exe" into "exe.png"). Zero-width joiners stay: emoji need them.
 * Names are also judged by `nameProblem`, the one rule for what may stand for a person
 * at a table (docs/protocol.md).
 */

// C0/C1 controls (tab and newline included: names and chat are one line), the bidi
// embeddings, overrides and isolates, and the directional marks.
const UNWANTED = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;
// Characters that show nothing on their own: separators, format characters (zero-width
// space, joiners, BOM, ...), combining marks, and the blank fillers of Hangul and Braille.
const INVISIBLE = /[\p{Z}\p{Cf}\p{M}\s\u115F\u1160\u3164\uFFA0\u2800]/gu;

// Line and tab breaks become spaces, so that words stay apart on the one line.
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;

export function cleanText(text: string): string {
  return text.normalize('NFC').replace(BREAKS, ' ').replace(UNWANTED, '').trim();
}

/** Whether the text shows at least one character. */
export function isVisible(text: string): boolean {
  return text.replace(INVISIBLE, '').length > 0;
}

// Whole emoji (ZWJ families, skin tones, keycaps, flags, the tag-spelled flags of England,
// Scotland and Wales) are fine in a name; they are taken out before the rules below, which
// would refuse their joiners, variation selectors and tags. \p{RGI_Emoji} needs the `v`
// flag, which the compiler refuses below an ES2024 target (ours is ES2022, for Node 20,
// which has the flag): so the flags are a plain string it does not read.
const EMOJI_FLAGS: string = 'gv';
const EMOJI = new RegExp('\\p{RGI_Emoji}', EMOJI_FLAGS);

/** The text with every whole emoji replaced by a space. */
export function withoutEmoji(text: string): string {
  return text.replace(EMOJI, ' ');
}
// What a name may not hold even inside a word: format characters (zero-width space, word
// joiner, soft hyphen, BOM, tag characters U+E0000–U+E007F, ...), private-use, unassigned and
// lone surrogate code points, and the blank fillers that show as nothing.
const HIDDEN = /[\p{Cf}\p{Co}\p{Cn}\p{Cs}\u115F\u1160\u3164\uFFA0\u2800]/u;
// The zero-width (non-)joiner that Persian and the Indic scripts need between two letters.
const JOINER = /[\u200C\u200D]/u;

/**
 * Scripts a name's letters are sorted into; a letter of any other script counts as
 * "other". Common and Inherited letters (ー, ...) belong to none and are not counted.
 */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Khmer',
  'Mongolian',
  'Ethiopic',
  'Cherokee',
  'Canadian_Aboriginal',
  'Hangul',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Han',
].map((name) => ({
  name,
  letter: new RegExp(`^\\p{Script=${name}}$`, 'u'),
  mark: new RegExp(`^\\p{Script_Extensions=${name}}$`, 'u'),
}));
type Script = (typeof SCRIPTS)[number];
const COMMON = /^[\p{Script=Common}\p{Script=Inherited}]$/u;
/** Marks of no script of their own (strike-throughs, enclosing circles, variation selectors): on no letter. */
const GENERIC_MARK = /^\p{Script_Extensions=Inherited}$/u;

/**
 * Scripts whose accented letters NFC writes as one character each, so that a combining
 * mark left over after NFC is a stacked or stray one (Zalgo text, a struck-through copy of
 * someone's name). In other scripts vowel signs and viramas are marks, and stay.
 */
const COMPOSED = new Set(['Latin', 'Greek', 'Cyrillic']);
/** Marks on one letter: Thai and the Indic scripts need two (a vowel and a tone, a nukta and a virama). */
const MAX_MARKS = 2;

/**
 * Script sets that one writing system mixes (UTS #39's "highly restrictive" level): Latin
 * with Japanese, Chinese or Korean. Any other mixture, such as a Cyrillic "а" in a Latin
 * name, is refused: it makes a name that looks like another person's.
 */
const MIXABLE = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
].map((set) => new Set(set));

const HIDDEN_PROBLEM = 'must not hold invisible or formatting characters';
const STRAY_MARK = 'must not hold stray or stacked combining marks';

function scriptOf(letter: string): Script | 'other' {
  return SCRIPTS.find((s) => s.letter.test(letter)) ?? 'other';
}

/**
 * Why a name (already cleaned by `cleanText`) cannot be used, or null when it can. A name
 * must show something, hold no invisible or format character (but for a joiner between two
 * letters of a script that needs it, and within whole emoji), put combining marks only on
 * letters of their own script (at most two on a letter, none left over in Latin, Greek and
 * Cyrillic once NFC has composed the accents) and take its letters from one script (or
 * one of the `MIXABLE` sets).
 */
export function nameProblem(name: string): string | null {
  if (!isVisible(name)) return 'must show at least one visible character';
  const chars = [...withoutEmoji(name)];
  const scripts = new Set<string>();
  let base: Script | 'other' | null = null;
  let marks = 0;
  for (const [i, c] of chars.entries()) {
    if (JOINER.test(c)) {
      // Only between two letters of one script that needs it (a letter's marks between).
      if (base === null || base === 'other' || COMPOSED.has(base.name) || !base.letter.test(chars[i + 1] ?? ''))
        return HIDDEN_PROBLEM;
      base = null;
      continue;
    }
    if (HIDDEN.test(c)) return HIDDEN_PROBLEM;
    if (/\p{M}/u.test(c)) {
      marks++;
      if (base === null || marks > MAX_MARKS) return STRAY_MARK;
      const foreign = base === 'other' ? GENERIC_MARK.test(c) : COMPOSED.has(base.name) || !base.mark.test(c);
      if (foreign) return STRAY_MARK;
      continue;
    }
    marks = 0;
    if (!/\p{L}/u.test(c) || COMMON.test(c)) {
      base = null;
      continue;
    }
    base = scriptOf(c);
    scripts.add(base === 'other' ? 'other' : base.name);
  }
  if (scripts.size > 1 && !MIXABLE.some((set) => [...scripts].every((s) => set.has(s))))
    return 'must take its letters from one script';
  return null;
}
