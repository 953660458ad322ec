/**
 * Numbers as the page's language writes them (`Intl.NumberFormat`): the decimal comma of
 * German, French, Spanish, Italian, Dutch, Polish and Swedish, the space before "%" where a
 * language puts one ("13 %" in German, French, Spanish and Swedish), and Swedish's minus
 * sign. Every number a person reads in the client (the coach's values and bottle risk, the
 * analysis's accuracy and points, scores) goes through here; card ranks do not, being
 * names ("18½", `formatRank`). Plurals are i18next's, which chooses forms with
 * `Intl.PluralRules` for the same language.
 */
import { i18n } from './i18n.js';

const formats = new Map<string, Intl.NumberFormat>();

/** One formatter per language and style, made on first use (building one is slow). */
function format(language: string | undefined, style: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language}|${style}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(language, options);
    formats.set(key, f);
  }
  return f;
}

/** A share (0 to 1) in whole percent: "13%" in English, "13 %" in German. */
export function formatPercent(share: number, language: string | undefined = i18n.language): string {
  return format(language, 'percent', { style: 'percent', maximumFractionDigits: 0 }).format(share);
}

/** Points with one decimal: "3.5" in English, "3,5" elsewhere. */
export function formatPoints(x: number, language: string | undefined = i18n.language): string {
  return format(language, 'points', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(x);
}

/**
 * A value with its sign, one decimal or whole (`digits` 0): "+8,4", "-3,0", "0,0" (a value
 * that rounds to zero has no sign).
 */
export function formatSigned(x: number, digits: 0 | 1 = 1, language: string | undefined = i18n.language): string {
  return format(language, `signed${digits}`, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: 'exceptZero',
  }).format(x);
}

/** A whole number such as a score or a total, with the language's minus sign. */
export function formatInteger(n: number, language: string | undefined = i18n.language): string {
  return format(language, 'integer', { maximumFractionDigits: 0 }).format(n);
}
