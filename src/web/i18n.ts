/**
 * Translations: i18next. English and German are in the first download; the other languages
 * are fetched the first time they are chosen (`loadLanguage`), so each adds nothing to the
 * home screen's JavaScript.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { de } from './locales/de.js';
import { en, type Messages } from './locales/en.js';

export const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pl', 'sv'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language named in itself, as the Preferences list shows it whatever the page's language. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  nl: 'Nederlands',
  pl: 'Polski',
  sv: 'Svenska',
};

type LazyLanguage = Exclude<Language, 'en' | 'de'>;

// One dynamic import per language, so Vite makes one small chunk of each.
const LAZY: Readonly<Record<LazyLanguage, () => Promise<Messages>>> = {
  fr: () => import('./locales/fr.js').then((m) => m.fr),
  es: () => import('./locales/es.js').then((m) => m.es),
  it: () => import('./locales/it.js').then((m) => m.it),
  nl: () => import('./locales/nl.js').then((m) => m.nl),
  pl: () => import('./locales/pl.js').then((m) => m.pl),
  sv: () => import('./locales/sv.js').then((m) => m.sv),
};

export const i18n = i18next.createInstance();

/**
 * The best of the browser's languages (`navigator.languages`, most wanted first) that the
 * client speaks, by the primary subtag ("fr-CA" is French); English when none is.
 */
export function matchLanguage(wanted: readonly string[]): Language {
  for (const tag of wanted) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    const found = LANGUAGES.find((l) => l === primary);
    if (found) return found;
  }
  return 'en';
}

/** Start translations in a language; safe to call more than once (tests do). */
export function initI18n(language: Language): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: { en: { translation: en }, de: { translation: de } },
      lng: language,
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  } else if (i18n.language !== language) {
    void i18n.changeLanguage(language);
  }
  return i18n;
}

/** Make a language's words available (fetching them the first time), without switching to it. */
export async function loadLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const lazy: Partial<Record<Language, () => Promise<Messages>>> = LAZY;
  const load = lazy[language];
  if (load) i18n.addResourceBundle(language, 'translation', await load());
}

/**
 * Switch the page to a language once its words are there: at once when they are, else after
 * fetching them (a failed fetch rejects and leaves the page as it was).
 */
export function switchLanguage(language: Language): Promise<void> {
  const change = () => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
  };
  if (!i18n.hasResourceBundle(language, 'translation')) return loadLanguage(language).then(change);
  change();
  return Promise.resolve();
}
