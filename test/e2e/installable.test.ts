/**
 * The installed app in Debian's Chromium on a 390 × 844 touch phone, against the real
 * server serving a copy of the build (so that a test can deploy a new version into it):
 * the manifest and its icons are served with their types, and the service worker controls
 * the page after the first load. Then issue 27's five steps in one test: loaded once
 * online; offline (`context.setOffline`) and reloaded, the home screen works and says
 * what does; a whole 3-player game against bots played by taps; the page closed
 * mid-round and "Continue your game" at the same card; the game analysed offline and its
 * record downloaded, which `bottle-imp replay` replays. The offline game makes no request
 * to the server's API or anywhere else (every request is recorded), and the online
 * features come back by themselves with the network. Last, a new version deployed mid-game
 * is never offered nor loaded while the game runs, only once it is over.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  device,
  launchBrowser,
  ROOT,
  type RunningServer,
  screenshot,
  startServer,
} from './harness.js';
import { botTable, PLAYABLE, passCards, playToGameOver, step, tapPlay } from './play.js';

const run = browserAvailable();

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(png: Buffer): string {
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
}

/** Until the page is controlled by the service worker (its first load installs and activates it). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, {
    timeout: 60_000,
  });
}

/**
 * What the table shows of the position: the player's hand and the status line (whose
 * turn, the bottle's price). The trick area is left out: a trick just won stays on show
 * there for a moment, an animation the reopened page does not repeat.
 */
function position(page: Page): Promise<{ hand: string[]; status: string }> {
  return page.evaluate(() => ({
    hand: [...document.querySelectorAll('[data-testid="hand"] button.card')].map(
      (b) => b.getAttribute('aria-label') ?? '',
    ),
    status: document.querySelector('[data-testid="status"]')?.textContent ?? '',
  }));
}

/** Nothing reaches past the screen's right edge. */
function fitsScreenWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);
}

/** Opens the app on a phone, waits until the worker controls it, runs `body`, and closes the phone. */
async function onInstalledPhone(
  browser: Browser,
  url: string,
  body: (page: Page, context: BrowserContext) => Promise<void>,
): Promise<void> {
  const { context, page } = await device(browser, 390, 844);
  try {
    await page.goto(`${url}/#/`);
    await controlled(page);
    await body(page, context);
  } finally {
    await context.close();
  }
}

/** Goes to a screen the way a link does. */
function open(page: Page, hash: string): Promise<void> {
  return page.evaluate((h) => {
    location.hash = h;
  }, hash);
}

/**
 * Deploys a new version into the served copy of the build, as a new build would differ:
 * index.html changes, and so does its revision in the service worker's precache list, so
 * the browser finds a new sw.js. The compressed copies of both are dropped (the server
 * would send them, and they would be the old version's).
 */
function deployNewVersion(web: string): void {
  const page = path.join(web, 'index.html');
  const html = readFileSync(page, 'utf8').replace('<head>', '<head>\n    <meta name="build" content="second" />');
  writeFileSync(page, html);
  const revision = createHash('md5').update(html).digest('hex');
  const worker = path.join(web, 'sw.js');
  const before = readFileSync(worker, 'utf8');
  const after = before.replace(
    /\{url:"index\.html",revision:"[0-9a-f]+"\}/,
    `{url:"index.html",revision:"${revision}"}`,
  );
  expect(after).not.toBe(before);
  writeFileSync(worker, after);
  for (const file of ['index.html', 'sw.js'])
    for (const ext of ['.br', '.gz']) rmSync(path.join(web, file + ext), { force: true });
}

describe.skipIf(!run)('installable and offline (phone)', () => {
  let web: string;
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    web = mkdtempSync(path.join(tmpdir(), 'bottle-imp-web-'));
    cpSync(path.join(ROOT, 'dist/web'), web, { recursive: true });
    server = await startServer({ WEB_DIR: web });
    browser = await launchBrowser({ serviceWorkers: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(web, { recursive: true, force: true });
  });

  it('serves the manifest and its icons with their types, and the worker controls the page', async () => {
    await onInstalledPhone(browser, server.url, async (page) => {
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      expect(scope).toBe(`${server.url}/`);
      const link = await page.locator('link[rel="manifest"]').getAttribute('href');
      expect(link).toBeTruthy();
      const answer = await page.request.get(new URL(link!, `${server.url}/`).href);
      expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
      expect(answer.headers()['cache-control']).toBe('no-cache');
      const manifest = (await answer.json()) as Manifest;
      expect(manifest).toMatchObject({
        name: 'The Bottle Imp',
        short_name: 'Bottle Imp',
        start_url: './',
        display: 'standalone',
        theme_color: '#14231c',
        background_color: '#0d1f18',
      });
      expect(manifest.icons.map((i) => i.sizes).sort()).toEqual(['192x192', '512x512', '512x512']);
      expect(manifest.icons.filter((i) => i.purpose === 'maskable')).toHaveLength(1);
      for (const icon of manifest.icons) {
        const png = await page.request.get(`${server.url}/${icon.src}`);
        expect(png.status()).toBe(200);
        expect(png.headers()['content-type']).toBe('image/png');
        expect(pngSize(await png.body())).toBe(icon.sizes);
      }
      const worker = await page.request.get(`${server.url}/sw.js`);
      expect(worker.headers()['content-type']).toMatch(/^application\/javascript/);
      expect(worker.headers()['cache-control']).toBe('no-cache');
    });
  });

  it('installed, then offline: home, a 3-player game by taps, closed and continued, analysed, replayed by the CLI', async () => {
    const { context, page } = await device(browser, 390, 844, { prefs: { speed: 'off' } });
    // Requests the offline game might make to the server or anywhere else: none is allowed.
    const calls: string[] = [];
    let recording = false;
    context.on('request', (r) => {
      const url = new URL(r.url());
      const api = url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io');
      if (recording && (api || url.origin !== server.url)) calls.push(r.url());
    });
    try {
      // 1. Loaded once online: the service worker controls the page.
      await page.goto(`${server.url}/#/`);
      await controlled(page);

      // 2. Offline and reloaded: the home screen comes from the cache and says what works.
      await context.setOffline(true);
      await page.reload();
      await page.getByTestId('home').waitFor();
      const status = page.getByTestId('offline-status');
      await expect(status.getByRole('heading', { level: 2 }).textContent()).resolves.toBe('You are offline');
      await expect(status.getByTestId('works-offline').textContent()).resolves.toContain('The rules');
      await expect(status.getByTestId('needs-server').textContent()).resolves.toContain('Tables waiting for players');
      expect(await page.getByTestId('create').isDisabled()).toBe(true);
      await screenshot(page, 'offline-home-390');
      // The API is never answered from the cache: without the network it fails.
      const api = await page.evaluate(() =>
        fetch('/api/tables').then(
          (r) => r.status,
          () => 'failed',
        ),
      );
      expect(api).toBe('failed');
      // Every screen is precached: the rules and the tutorial open without the network.
      await open(page, '#/rules');
      await page.getByTestId('rules').waitFor();
      await open(page, '#/learn');
      await page.getByTestId('learn').waitFor();

      // 3. A 3-player game against bots, each bot seat at its own level, played by taps.
      await open(page, '#/');
      await page.getByTestId('offline-play').tap();
      await page.getByTestId('offline-setup').waitFor();
      recording = true;
      await page.getByTestId('players-3').check({ force: true });
      await page.getByTestId('rounds').fill('1');
      await page.getByTestId('seat-choice-0').selectOption('easy');
      await page.getByTestId('seat-choice-1').selectOption('medium');
      expect(await fitsScreenWidth(page)).toBe(true);
      await screenshot(page, 'offline-setup-390');
      await page.getByTestId('offline-start').tap();
      await page.getByTestId('offline-game').waitFor();
      await page.getByTestId('pass-panel').waitFor();
      for (let played = 0; played < 3; ) {
        if (await page.getByTestId('pass-panel').isVisible()) await passCards(page, 'tap');
        else if (await tapPlay(page, 'button')) played++;
        else await page.waitForTimeout(40);
      }

      // 4. Mid-round, on the player's turn (the tab says so), the page is closed and opened again.
      await page.locator(PLAYABLE).first().waitFor();
      await page.waitForFunction(() => document.title === 'Your turn · The Bottle Imp');
      const before = await position(page);
      expect(before.hand.length).toBeGreaterThan(0);
      expect(calls).toEqual([]);
      recording = false;
      await page.close();
      const again = await context.newPage();
      await again.goto(`${server.url}/#/`);
      await again.getByTestId('offline-continue').tap();
      recording = true;
      await again.locator(PLAYABLE).first().waitFor();
      expect(await position(again)).toEqual(before);
      await screenshot(again, 'offline-resumed-390');
      const end = Date.now() + 150_000;
      while (!(await again.getByTestId('game-over').isVisible())) {
        if (Date.now() > end) throw new Error('The offline game did not end in time.');
        if (!(await step(again, 'tap'))) await again.waitForTimeout(40);
      }

      // 5. Analysed offline in a worker (progress, a cancel, then a whole run), then the
      // record downloaded from the Replays page, and replayed by the command line.
      await again.getByTestId('offline-replay-link').tap();
      await again.getByTestId('replay').waitFor();
      await again.getByTestId('analyse').tap();
      await again.getByTestId('analysis-progress').waitFor();
      await again.getByTestId('analysis-cancel').tap();
      await again.getByTestId('analysis-progress').waitFor({ state: 'detached' });
      await again.getByTestId('analyse').tap();
      await again
        .getByTestId('analysis-status')
        .getByText(/of \d+ decisions/)
        .waitFor();
      await again.getByTestId('analysis-players').waitFor({ timeout: 240_000 });
      expect(calls).toEqual([]);
      recording = false;
      await open(again, '#/replays');
      const entry = again.locator('.replay-entry', { hasText: 'Offline' });
      await entry.waitFor();
      expect(await entry.getByTestId('replay-share').count()).toBe(0);
      const [download] = await Promise.all([
        again.waitForEvent('download'),
        entry.getByTestId('replay-download').tap(),
      ]);
      const dir = mkdtempSync(path.join(tmpdir(), 'bottle-imp-offline-'));
      try {
        const file = path.join(dir, 'record.json');
        await download.saveAs(file);
        const out = execFileSync(process.execPath, [path.join(ROOT, 'dist/cli/main.js'), 'replay', file, '--json'], {
          encoding: 'utf8',
        });
        const replay = JSON.parse(out) as { finished: boolean; totals: number[] };
        expect(replay.finished).toBe(true);
        expect(replay.totals).toHaveLength(3);
        const record = JSON.parse(readFileSync(file, 'utf8')) as { format: string; players: string[] };
        expect(record.format).toBe('bottle-imp/1');
        expect(record.players).toEqual(['Keawe', 'Bot 2 (easy)', 'Bot 3 (medium)']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }

      // The game over, nothing is left to continue; with the network back, so are the online features.
      await open(again, '#/');
      await again.getByTestId('offline-play').waitFor();
      expect(await again.getByTestId('offline-continue').count()).toBe(0);
      await context.setOffline(false);
      await again.getByTestId('offline-status').waitFor({ state: 'detached' });
      await expect(again.getByTestId('create').isEnabled()).resolves.toBe(true);
    } finally {
      await context.close();
    }
  }, 400_000);

  it('a new version deployed mid-game is offered only when the game is over, and never reloads it', async () => {
    await onInstalledPhone(browser, server.url, async (page) => {
      await botTable(page, server.url, 3);
      // Marks this document, and records any offer shown while the game runs.
      await page.evaluate(() => {
        const w = window as unknown as { __sameDocument: boolean; __offers: number };
        w.__sameDocument = true;
        w.__offers = 0;
        new MutationObserver(() => {
          const phase = document.querySelector<HTMLElement>('[data-testid="table"]')?.dataset.phase;
          if (document.querySelector('[data-testid="update-ready"]') && phase !== undefined && phase !== 'over')
            w.__offers++;
        }).observe(document.body, { childList: true, subtree: true, attributes: true });
      });

      deployNewVersion(web);
      await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
      await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.waiting != null, null, {
        timeout: 60_000,
      });

      await playToGameOver(page);
      await page.getByTestId('update-ready').waitFor();
      const seen = await page.evaluate(() => {
        const w = window as unknown as { __sameDocument?: boolean; __offers: number };
        return { sameDocument: w.__sameDocument, offers: w.__offers };
      });
      expect(seen).toEqual({ sameDocument: true, offers: 0 });
      expect(await page.locator('meta[name="build"]').count()).toBe(0);

      // Taken between games, it reloads once into the new version.
      await open(page, '#/');
      await screenshot(page, 'update-ready-390');
      await page.getByTestId('update-reload').click();
      await page.locator('meta[name="build"][content="second"]').waitFor({ state: 'attached' });
      await page.getByTestId('home').waitFor();
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
        undefined,
      );
      await expect(page.getByTestId('update-ready').count()).resolves.toBe(0);
    });
  });
});
