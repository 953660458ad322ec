/**
 * Every language has every message of English's, in its own words: no key missing or
 * extra, nothing left in English (but a short allow-list of names and symbols), the same
 * {{placeholders}} as the English message, and every plural form its language needs by
 * `Intl.PluralRules` (Polish: one, few, many and other).
 */
import { describe, expect, it } from 'vitest';
import { i18n, initI18n, LANGUAGES, type Language, loadLanguage, matchLanguage } from '../../src/web/i18n.js';

type Tree = { readonly [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** The plural forms a language's integer counts select (the game counts cards, points, rounds, seconds), and `other`. */
function pluralForms(language: string): Set<string> {
  const rules = new Intl.PluralRules(language);
  const forms = new Set(['other']);
  for (let n = 0; n <= 1000; n++) forms.add(rules.select(n));
  return forms;
}

const placeholders = (text: string): string[] =>
  [...new Set([...text.matchAll(/\{\{\s*([^,}\s]+)[^}]*\}\}/g)].map((m) => m[1]))].sort();

/** Words English and a language may share: names, symbols, and words the languages borrowed. */
const SAME_AS_ENGLISH: Readonly<Partial<Record<Language, readonly string[]>>> = {
  de: [
    ...['home.teams', 'home.botLevel', 'lobby.title', 'lobby.offline', 'seat.offline', 'seat.botShort'],
    ...['seat.botName', 'seat.team', 'side.chat', 'prefs.speeds.normal', 'prefs.style.standard', 'rules.teamsTitle'],
    'account.passkeysTitle',
    'daily.name',
    'ratings.pool.teams',
  ],
  fr: [
    ...['card.label_one', 'card.label_other', 'seat.points_one', 'seat.points_other', 'reference.suitPoints_one'],
    ...['reference.suitPoints_other', 'bot.expert', 'home.mode', 'table.code', 'replays.table', 'side.scores'],
    ...['chat.placeholder', 'summary.total', 'replay.pause', 'duplicate.total', 'duplicate.points'],
    'duplicate.joinTitle',
  ],
  es: ['home.botLevel', 'seat.botShort', 'seat.botName', 'seat.bot', 'summary.total', 'prefs.speeds.normal'],
  it: [
    ...['home.botLevel', 'seat.botShort', 'seat.botName', 'seat.bot', 'side.chat'],
    ...['account.password', 'account.passkeys_one'],
  ],
  nl: [
    ...['bot.expert', 'home.teams', 'home.botLevel', 'seat.botShort', 'seat.botName', 'seat.bot', 'seat.team'],
    ...['side.chat', 'side.scores', 'rules.teamsTitle', 'replays.won_one', 'analysis.class.blunder'],
    ...['ratings.pool.teams', 'ratings.rating', 'ratings.change', 'ratings.profile'],
    'duplicate.open',
  ],
  pl: ['home.botLevel', 'seat.botShort', 'seat.botName', 'seat.bot'],
  sv: ['bot.expert', 'home.botLevel', 'seat.botShort', 'seat.botName', 'seat.bot'],
};

/** A message that is only placeholders, digits and symbols has nothing to translate. */
const hasWords = (text: string): boolean => /\p{L}{2,}/u.test(text.replace(/\{\{[^}]*\}\}/g, ''));

async function messagesOf(language: Language): Promise<Map<string, string>> {
  initI18n('en');
  await loadLanguage(language);
  return flatten(i18n.getResourceBundle(language, 'translation') as Tree);
}

describe('every language', async () => {
  const en = await messagesOf('en');
  const plurals = new Set([...en.keys()].filter((k) => k.endsWith('_other')).map((k) => k.replace(PLURAL, '')));

  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    describe(language, async () => {
      const words = await messagesOf(language);
      const forms = pluralForms(language);

      it('has every key of English and no other, with each plural form its language needs', () => {
        const expected = new Set([...en.keys()].filter((k) => !plurals.has(k.replace(PLURAL, ''))));
        for (const base of plurals) for (const form of forms) expected.add(`${base}_${form}`);
        const keys = new Set(words.keys());
        expect({ missing: [...expected].filter((k) => !keys.has(k)) }).toEqual({ missing: [] });
        expect({ extra: [...keys].filter((k) => !expected.has(k)) }).toEqual({ extra: [] });
      });

      it('says everything in its own words, not English', () => {
        const allowed = new Set(SAME_AS_ENGLISH[language] ?? []);
        const same = [...words]
          .filter(([k, v]) => en.get(k)?.trim() === v.trim() && hasWords(v) && !allowed.has(k))
          .map(([k]) => k);
        expect(same).toEqual([]);
      });

      it('keeps the placeholders of the English message', () => {
        const broken = [...words]
          .filter(([k, v]) => {
            const english = en.get(k) ?? en.get(k.replace(PLURAL, '_other')) ?? '';
            return placeholders(v).join() !== placeholders(english).join();
          })
          .map(([k, v]) => `${k}: ${v}`);
        expect(broken).toEqual([]);
      });

      it('chooses each plural form as its language counts', async () => {
        const t = i18n.getFixedT(language);
        for (const n of [1, 2, 5, 22, 25]) {
          const form = new Intl.PluralRules(language).select(n);
          expect(t('seat.points', { count: n })).toBe(
            words.get(`seat.points_${form}`)?.replace('{{count}}', String(n)),
          );
        }
      });
    });
  }
});

describe('a first visit’s language', () => {
  it('is the first of the browser’s languages the client speaks, by its primary subtag, else English', () => {
    expect(matchLanguage(['fr-CA', 'en-US'])).toBe('fr');
    expect(matchLanguage(['ja', 'pt-BR', 'sv-SE', 'de'])).toBe('sv');
    expect(matchLanguage(['PL'])).toBe('pl');
    expect(matchLanguage(['ja', 'zh-Hant'])).toBe('en');
    expect(matchLanguage([])).toBe('en');
  });
});
