/** Translations: i18next with every language bundled (they are small). */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { de } from './locales/de.js';
import { en } from './locales/en.js';

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

export const i18n = i18next.createInstance();

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
