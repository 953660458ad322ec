/**
 * Play now on a 360×740 touch phone, against the real server in real Chromium: the home
 * screen's card fits the screen, a tap queues a short game (one round) and opens the
 * waiting screen (the queue, the time waited, Cancel), Cancel leaves the queue, and a
 * second tap waits until PLAY_NOW_WAIT_SECONDS (5 here) have passed, when bots take the
 * empty seats: the table opens and the game is played to the end. (The rating change and
 * the leaderboard join this test with the ratings.)
 */
import { describe, expect, it } from 'vitest';
import { browserAvailable, overflowing, screenshot, serverAndBrowser, sharedDevices } from './harness.js';
import { playToGameOver } from './play.js';

const run = browserAvailable();

describe.skipIf(!run)('Play now on a phone', () => {
  const { server, browser } = serverAndBrowser({ PLAY_NOW_WAIT_SECONDS: '5' });
  const phone = sharedDevices(browser);

  it('queues, waits, cancels, queues again and plays the game it is matched into to the end', async () => {
    const { page } = await phone(360, 740);
    await page.goto(`${server().url}/#/`);
    const card = page.getByTestId('play-now-card');
    await card.waitFor();
    const b = (await card.boundingBox())!;
    expect(b.width).toBeLessThanOrEqual(360);
    expect(await overflowing(page, '[data-testid="play-now-card"]')).toEqual([]);
    // A guest cannot ask for a rated game.
    expect(await card.getByTestId('play-now-rated').isDisabled()).toBe(true);
    await card.getByTestId('play-now-length').selectOption('short');
    await screenshot(page, 'play-now-card-360');

    // Queue, then leave the queue before the wait is over.
    await card.getByTestId('play-now').tap();
    await page.getByTestId('play-now-wait').waitFor();
    expect(await page.getByTestId('play-now-queue').textContent()).toBe('1 player waiting for this game');
    await page.getByTestId('play-now-cancel').tap();
    await page.getByTestId('play-now-card').waitFor();

    // Queue again and wait: bots take the empty seats and the table opens at its first pass.
    await page.getByTestId('play-now').tap();
    await page.getByTestId('play-now-wait').waitFor();
    await screenshot(page, 'play-now-wait-360');
    expect(await overflowing(page, '[data-testid="play-now-wait"]')).toEqual([]);
    await page.getByTestId('pass-panel').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).hash).toMatch(/^#\/t\/[A-Z0-9]+$/);
    await playToGameOver(page, undefined, 300_000);
    await screenshot(page, 'play-now-over-360');
  }, 360_000);
});
