/**
 * Registers the service worker (pwa.config.ts) once the page has loaded, so that it
 * never competes with the first screen; main.tsx fetches this module only then.
 *
 * A new version is only offered (updates.ts), whether this page found it or the browser
 * did on its own. Taking it tells the waiting worker to take over (the worker Workbox
 * writes for `registerType: 'prompt'` waits for a SKIP_WAITING message), and this page
 * reloads when it has. A worker that takes over because another tab took it leaves this
 * page alone (it may be in a game): its offer then becomes a plain reload.
 */
import { offerUpdate } from './updates.js';

/** How often a page left open asks the server for a new version. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

export async function registerServiceWorker(): Promise<void> {
  const registration = await navigator.serviceWorker.register('./sw.js', { scope: './' }).catch(() => null);
  if (!registration) return;
  let taking = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (taking) location.reload();
  });
  const offer = (worker: ServiceWorker) =>
    offerUpdate(() => {
      if (registration.waiting !== worker) return location.reload();
      taking = true;
      worker.postMessage({ type: 'SKIP_WAITING' });
    });
  // Only a worker that would replace the one in charge of this page is a new version: the
  // very first install takes charge by itself (clientsClaim) and offers nothing.
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) offer(worker);
    });
  });
  // A page kept open for days (an installed app) still hears of new versions.
  const check = () => void registration.update().catch(() => {});
  setInterval(check, CHECK_EVERY_MS);
  window.addEventListener('online', check);
}
