/**
 * Text people type that others will see (names, chat): normalised to NFC, without control
 * characters or the bidirectional controls that can make text read in another order
 * (U+202E turns "gnp.exe" into "exe.png"). Zero-width joiners stay: emoji need them.
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
