/**
 * Entry point: translations in the stored language, preferences, the app; once the page
 * has loaded, the service worker that keeps it working offline (pwa/register.ts).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from './App.js';
import { initI18n, switchLanguage } from './i18n.js';
import { loadPrefs, PrefsProvider } from './prefs.js';
import './styles.css';

const prefs = loadPrefs();
// A language outside the first download is fetched before the first paint, so the page
// never shows English first; if the fetch fails the page starts in English.
const i18n = initI18n('en');
await switchLanguage(prefs.language).catch(() => {});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <PrefsProvider initial={prefs}>
        <App />
      </PrefsProvider>
    </I18nextProvider>
  </StrictMode>,
);

// Fetched after the load, in a chunk of its own: installing for offline use never delays
// the first screen.
const registerWorker = () => void import('./pwa/register.js').then((m) => m.registerServiceWorker());
if ('serviceWorker' in navigator) {
  if (document.readyState === 'complete') registerWorker();
  else window.addEventListener('load', registerWorker, { once: true });
}
