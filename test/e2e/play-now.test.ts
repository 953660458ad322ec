/**
 * Play now on a 360×740 touch phone, against the real server in real Chromium: the home
 * screen's card fits the screen, a tap queues a short game (one round) and opens the
 * waiting screen (the queue, the time waited, Cancel), Cancel leaves the queue, and a
 * second tap waits until PLAY_NOW_WAIT_SECONDS (5 here) have passed, when bots take the
 * empty seats: the table opens and the game is played to the end. Then a rated game: two
 * signed-in players on two phones ask for the same short two-player game, are matched
 * together and play it by taps to the end; the rating change shown at game over is the one
 * the profile API reports, the pool's leaderboard (empty while both are provisional) and
 * the player's profile with its rating and chart fit the phone.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Jar } from '../server/helpers/jar.js';
import type { TestServer } from '../server/helpers/server.js';
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

  it('matches two signed-in players into a rated game, shows the rating change, the leaderboard and the profile', async () => {
    const { url } = server();
    /** A phone signed in as `username`, with an account made through the API, at the home screen's Play now. */
    const signedIn = async (username: string): Promise<Page> => {
      const jar = new Jar({ url, port: Number(new URL(url).port) } as TestServer);
      expect((await jar.signUp(username, 'violet-otter-marmalade')).status).toBe(201);
      const { context, page } = await phone(360, 740, { prefs: { name: username } });
      await context.addCookies([{ name: 'bi_session', value: jar.cookie!, url }]);
      await page.goto(`${url}/#/`);
      const card = page.getByTestId('play-now-card');
      await card.getByTestId('play-now-players').selectOption('2');
      await card.getByTestId('play-now-length').selectOption('short');
      // Enabled once the page knows the account.
      await card.getByTestId('play-now-rated').check();
      return page;
    };
    const pages = [await signedIn('rated_ann'), await signedIn('rated_bea')];
    for (const page of pages) await page.getByTestId('play-now').tap();
    await Promise.all(pages.map((page) => playToGameOver(page, undefined, 300_000, 'tap')));

    // Each seat's new figure, provisional after one game: what the profiles report.
    const [phone1] = pages;
    const figures = await Promise.all(
      ['rated_ann', 'rated_bea'].map(async (name) => {
        const { ratings } = await (await fetch(`${url}/api/players/${name}`)).json();
        expect(ratings['2p']).toMatchObject({ provisional: true, games: 1 });
        return `${ratings['2p'].rating.toLocaleString('en')}?`;
      }),
    );
    const changes = phone1.getByTestId('rating-changes');
    await changes.waitFor();
    expect((await changes.locator('li strong').allTextContents()).sort()).toEqual([...figures].sort());
    expect(await changes.locator('li').first().textContent()).toContain('first rated game');
    expect(await overflowing(phone1, '[data-testid="game-over"]')).toEqual([]);
    await screenshot(phone1, 'play-now-rated-over-360');

    // The pool's leaderboard, from the home screen: nobody on it yet, both still provisional.
    await phone1.goto(`${url}/#/`);
    await phone1.getByTestId('leaderboard-link').tap();
    await phone1.getByTestId('pool-2p').tap();
    await phone1.getByText('Nobody has a settled rating in this pool yet.').waitFor();
    expect(await overflowing(phone1)).toEqual([]);
    await screenshot(phone1, 'leaderboard-360');

    // The profile: the figure with its "?", and the chart of its one game.
    await phone1.goto(`${url}/#/players/rated_ann`);
    await expect.poll(() => phone1.getByTestId('profile-rating-2p').textContent()).toContain(figures[0]);
    await phone1.getByTestId('rating-chart').waitFor();
    expect(await overflowing(phone1)).toEqual([]);
    await screenshot(phone1, 'profile-rating-360');
  }, 360_000);
});
