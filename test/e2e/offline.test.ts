/**
 * Playing offline against bots on a 390×844 touch phone (issue 27): a 3-player game
 * started from the home screen and played by taps, the page closed mid-round and opened
 * again ("Continue your game" resumes at the same card), the game finished, analysed in
 * the browser (progress shown, a cancel), listed on the Replays page and downloaded as a
 * record that `bottle-imp replay` replays. The offline game makes no request to the
 * server's API or Socket.IO: every request is recorded and checked. (Loading the page
 * with the network off is the service worker's test.)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, device, ROOT, screenshot, serverAndBrowser } from './harness.js';
import { FINGER, step } from './play.js';

const PLAYABLE = '[data-testid="hand"] button.card.playable';

/**
 * What the table shows of the position: the person's hand and the status line (whose
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

describe.skipIf(!browserAvailable())('offline play against bots on a phone', () => {
  const { server, browser } = serverAndBrowser();

  it('plays, survives a closed page, finishes, analyses and downloads, with no API call', async () => {
    const { context, page } = await device(browser(), 390, 844, { prefs: { speed: 'off' } });
    const calls: string[] = [];
    let recording = false;
    context.on('request', (r) => {
      const url = new URL(r.url());
      const api = url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io');
      if (recording && (api || url.origin !== server().url)) calls.push(r.url());
    });

    await page.goto(`${server().url}/#/`);
    await page.getByTestId('offline-play').click();
    await page.getByTestId('offline-setup').waitFor();
    recording = true;
    await page.getByTestId('players-3').check({ force: true });
    await page.getByTestId('offline-rounds').fill('1');
    await page.getByTestId('offline-level').selectOption('easy');
    await page.getByTestId('offline-start').click();
    await page.getByTestId('offline-game').waitFor();
    await page.getByTestId('pass-panel').waitFor();

    // Pass, then play three cards by taps (lift, then play).
    let played = 0;
    while (played < 3) {
      if (await page.getByTestId('pass-panel').isVisible()) {
        await step(page);
        continue;
      }
      const card = page.locator(PLAYABLE).first();
      if ((await card.count()) === 0) {
        await page.waitForTimeout(40);
        continue;
      }
      await card.tap(FINGER);
      await page.getByTestId('play-lifted').tap();
      played++;
    }
    // Mid-round, the person's turn again: the page is closed and opened again.
    await page.locator(PLAYABLE).first().waitFor();
    const before = await position(page);
    expect(before.hand.length).toBeGreaterThan(0);
    expect(calls).toEqual([]);
    recording = false;
    await page.close();

    const again = await context.newPage();
    await again.goto(`${server().url}/#/`);
    await again.getByTestId('offline-continue').click();
    recording = true;
    await again.locator(PLAYABLE).first().waitFor();
    expect(await position(again)).toEqual(before);
    await screenshot(again, 'offline-resumed-390');

    // Played to the end.
    const end = Date.now() + 150_000;
    while (!(await again.getByTestId('game-over').isVisible())) {
      if (Date.now() > end) throw new Error('The offline game did not end in time.');
      if (!(await step(again))) await again.waitForTimeout(40);
    }
    // Over: no game to continue on the home screen any more.
    await again.getByTestId('offline-replay-link').click();
    await again.getByTestId('replay').waitFor();

    // The analysis runs in a worker: progress, a cancel, then a whole run.
    await again.getByTestId('analyse').click();
    await again.getByTestId('analysis-progress').waitFor();
    await again.getByTestId('analysis-cancel').click();
    await again.getByTestId('analysis-progress').waitFor({ state: 'detached' });
    await again.getByTestId('analyse').click();
    await again
      .getByTestId('analysis-status')
      .getByText(/of \d+ decisions/)
      .waitFor();
    await again.getByTestId('analysis-players').waitFor({ timeout: 240_000 });
    expect(calls).toEqual([]);
    recording = false;

    // Listed on the Replays page beside the online games, and downloaded from there.
    await again.goto(`${server().url}/#/replays`);
    const entry = again.locator('.replay-entry', { hasText: 'Offline' });
    await entry.waitFor();
    expect(await entry.getByTestId('replay-share').count()).toBe(0);
    const [download] = await Promise.all([
      again.waitForEvent('download'),
      entry.getByTestId('replay-download').click(),
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
      expect(record.players).toEqual(['Keawe', 'Bot 2 (easy)', 'Bot 3 (easy)']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    await again.goto(`${server().url}/#/`);
    await again.getByTestId('offline-play').waitFor();
    expect(await again.getByTestId('offline-continue').count()).toBe(0);
    await context.close();
  }, 400_000);
});
