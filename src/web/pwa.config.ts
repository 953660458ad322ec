/**
 * The installed app (docs/web.md, "Installed and offline"): the web app manifest and the
 * service worker that vite-plugin-pwa (Workbox's generateSW) writes into the build.
 *
 * The worker precaches every file of the build a player may need without the network: the
 * page, every screen fetched on demand, the style sheets, every language, the icons and
 * the manifest (the card art is drawn by the scripts and style sheets, so it comes with
 * them). The brotli and gzip copies (tools/precompress.ts) are left out: the browser
 * caches what the server sent, already decoded. Nothing else is answered from the cache:
 * the API and Socket.IO always go to the network, and a page navigation (any address: the
 * screens are in the hash) is answered with the cached index.html, except under /api/ and
 * /socket.io/.
 *
 * An update waits (`registerType: 'prompt'`): the page offers it between games
 * (pwa/updates.ts), never reloading on its own.
 */
import { VitePWA } from 'vite-plugin-pwa';

/** The colours of styles.css: the felt under the header, and the night behind the page. */
const THEME = '#14231c';
const NIGHT = '#0d1f18';

export function installableApp() {
  return VitePWA({
    registerType: 'prompt',
    // The page registers the worker itself, after it has loaded (pwa/register.ts).
    injectRegister: false,
    filename: 'sw.js',
    manifestFilename: 'manifest.webmanifest',
    manifest: {
      id: './',
      name: 'The Bottle Imp',
      short_name: 'Bottle Imp',
      description: 'A trick-taking card game for 2 to 6 players, online or offline against bots.',
      start_url: './',
      scope: './',
      display: 'standalone',
      orientation: 'any',
      theme_color: THEME,
      background_color: NIGHT,
      categories: ['games'],
      icons: [
        { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // The manifest and its icons are added by the plugin itself (includeManifestIcons).
      globPatterns: ['**/*.{html,js,css,svg}'],
      navigateFallback: 'index.html',
      navigateFallbackDenylist: [/\/api\//, /\/socket\.io\//],
      // No second file for the worker to fetch: Workbox's runtime is inside sw.js.
      inlineWorkboxRuntime: true,
      cleanupOutdatedCaches: true,
      // The first install takes charge of the page that installed it, so the app works
      // offline from the first visit on. Later versions wait until the player takes them.
      clientsClaim: true,
    },
  });
}
