/**
 * Every error code the server can send (docs/protocol.md's table, and every code written
 * in the server, the protocol and the engine's results) has its own English and German
 * words in src/web/errors.ts, and the app's translations carry them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS, errorText } from '../../src/web/errors.js';
import { initI18n } from '../../src/web/i18n.js';

const ROOT = join(import.meta.dirname, '..', '..');
const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

function serverCodes(): Set<string> {
  const files = readdirSync(join(ROOT, 'src/server'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.ts$/.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
  const codes = new Set<string>();
  for (const file of [...files, 'src/protocol/messages.ts', 'src/engine/result.ts'])
    for (const m of read(file).matchAll(/["'`](ERR_[A-Z_]+)["'`]/g)) codes.add(m[1]);
  const protocol = read('docs/protocol.md');
  for (const m of protocol.slice(protocol.indexOf('| `ERR_')).matchAll(/`(ERR_[A-Z_]+)`/g)) codes.add(m[1]);
  return codes;
}

describe('error codes in the player’s language', () => {
  it('every code the server can send has its own English and German text', () => {
    const codes = [...serverCodes()];
    expect(codes.length).toBeGreaterThan(30);
    const texts: Record<string, { en: string; de: string }> = ERROR_TEXTS;
    const missing = codes.filter((c) => !texts[c]?.en?.trim() || !texts[c]?.de?.trim());
    expect(missing.sort()).toEqual([]);
    // German is German, not the English copied over.
    expect(Object.entries(texts).filter(([, x]) => x.en === x.de)).toEqual([]);
  });

  it('the app shows the words of the current language, and names an unknown code', () => {
    const i18n = initI18n('de');
    expect(errorText(i18n.t, 'ERR_CHAT_TOO_FAST')).toBe('Du schreibst zu schnell. Warte ein paar Sekunden.');
    expect(errorText(i18n.t, 'ERR_SOMETHING_NEW')).toBe('Etwas ist schiefgegangen (ERR_SOMETHING_NEW).');
    void i18n.changeLanguage('en');
    expect(errorText(i18n.t, 'ERR_MUST_FOLLOW_SUIT')).toBe('You must follow the suit that was led.');
  });
});
