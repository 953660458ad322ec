/** Entry point: translations in the stored language, preferences, the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from './App.js';
import { initI18n, loadLanguage } from './i18n.js';
import { loadPrefs, PrefsProvider } from './prefs.js';
import './styles.css';

const prefs = loadPrefs();
// A language outside the first download is fetched before the first paint, so the page
// never shows English first; if the fetch fails the page starts in English.
await loadLanguage(prefs.language).catch(() => {});
const i18n = initI18n(prefs.language);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <PrefsProvider initial={prefs}>
        <App />
      </PrefsProvider>
    </I18nextProvider>
  </StrictMode>,
);
