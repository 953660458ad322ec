/**
 * Every error code the server can send (the union of src/values) and the client's own
 * have the player's words in every language of the web client, through the app's
 * translations; and no code is written in the server, the protocol or the engine outside
 * that union (a code passed as a plain string escapes the type checker).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOTATION_ERROR_CODES } from '../../src/engine/index.js';
import { ERROR_CODES } from '../../src/values/index.js';
import { errorsEn, errorText, type ShownErrorCode } from '../../src/web/errors.js';
import { i18n, initI18n, LANGUAGES, switchLanguage } from '../../src/web/i18n.js';

const ROOT = join(import.meta.dirname, '..', '..');
const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

/** Every quoted ERR_ code written in the server, the protocol and the engine. */
function writtenCodes(): Set<string> {
  const files = ['src/server', 'src/protocol', 'src/engine'].flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.ts$/.test(e.name))
      .map((e) => relative(ROOT, join(e.parentPath, e.name))),
  );
  const codes = new Set<string>();
  for (const file of files) for (const m of read(file).matchAll(/["'`](ERR_[A-Z_]+)["'`]/g)) codes.add(m[1]);
  return codes;
}

describe('error codes in the player’s language', () => {
  it('every code the server may send is one of the union', () => {
    // The position notation's codes are for tests and bug reports: the server never parses a
    // position, so it never sends them.
    const notation: readonly string[] = NOTATION_ERROR_CODES;
    const codes = [...writtenCodes()].filter((c) => !notation.includes(c));
    expect(codes.length).toBeGreaterThan(30);
    const known: readonly string[] = ERROR_CODES;
    expect(codes.filter((c) => !known.includes(c)).sort()).toEqual([]);
  });

  it('every code, the client’s own included, has its own words in every language', async () => {
    const codes: readonly ShownErrorCode[] = [...ERROR_CODES, 'ERR_NETWORK', 'ERR_TIMEOUT'];
    expect(Object.keys(errorsEn).sort()).toEqual([...codes, 'unknown'].sort());
    initI18n('en');
    for (const language of LANGUAGES) {
      await switchLanguage(language);
      const words = i18n.getResourceBundle(language, 'translation').errors as Record<string, string>;
      const missing = codes.filter((code) => errorText(i18n.t, code) !== words[code] || !words[code]?.trim());
      // Every language but English says it in its own words, not the English copied over.
      const english = language === 'en' ? [] : codes.filter((code) => words[code] === errorsEn[code]);
      expect({ language, missing, english }).toEqual({ language, missing: [], english: [] });
    }
  });

  it('the app shows the words of the current language, and names an unknown code', () => {
    const i18n = initI18n('de');
    expect(errorText(i18n.t, 'ERR_CHAT_TOO_FAST')).toBe('Du schreibst zu schnell. Warte ein paar Sekunden.');
    // A server newer than the page may send a code this build has no words for.
    expect(errorText(i18n.t, 'ERR_SOMETHING_NEW' as ShownErrorCode)).toBe(
      'Etwas ist schiefgegangen (ERR_SOMETHING_NEW).',
    );
    void i18n.changeLanguage('en');
    expect(errorText(i18n.t, 'ERR_MUST_FOLLOW_SUIT')).toBe('You must follow the suit that was led.');
  });
});
