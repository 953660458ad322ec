/**
 * Registers the service worker (pwa.config.ts) once the page has loaded, so that it
 * never competes with the first screen; main.tsx fetches this module only then, which
 * keeps Workbox's window library out of the first download.
 *
 * A new version is only offered (updates.ts). Taking it tells the waiting worker to take
 * over, and this page reloads when it has. When another tab took it, this page is left
 * alone (it may be in a game) and its own offer becomes a plain reload.
 */
/// <reference types="vite-plugin-pwa/vanillajs" />
import { registerSW } from 'virtual:pwa-register';
import { offerUpdate } from './updates.js';

/** How often a page left open asks the server for a new version. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

export function registerServiceWorker(): void {
  let taking = false;
  let takenElsewhere = false;
  const activate = registerSW({
    immediate: true,
    onNeedRefresh: () =>
      offerUpdate(() => {
        if (takenElsewhere) return location.reload();
        taking = true;
        void activate();
      }),
    onNeedReload: () => {
      if (taking) location.reload();
      else takenElsewhere = true;
    },
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      // A page kept open for days (an installed app) still hears of new versions.
      const check = () => void registration.update().catch(() => {});
      setInterval(check, CHECK_EVERY_MS);
      window.addEventListener('online', check);
    },
  });
}
