/**
 * A duplicate event on a 360×740 touch phone, against the real server in real Chromium:
 * made from the home screen's card (one hand, two players), its page gives the link and
 * keeps the results shut; its one hand is played through against the event's bot; then
 * the page shows the results table, the player's own line marked, and the host closes it.
 */
import { describe, expect, it } from 'vitest';
import { browserAvailable, overflowing, screenshot, serverAndBrowser, sharedDevices } from './harness.js';
import { playToGameOver } from './play.js';

const run = browserAvailable();

describe.skipIf(!run)('a duplicate event on a phone', () => {
  const { server, browser } = serverAndBrowser();
  const phone = sharedDevices(browser);

  it('is made from home, played through, and shows its results table', async () => {
    const { page } = await phone(360, 740);
    await page.goto(`${server().url}/#/`);
    const card = page.getByTestId('duplicate-card');
    await card.getByTestId('duplicate-open').tap();
    await card.getByTestId('duplicate-name').fill('Friday');
    // The radio itself is hidden under its label, which takes the finger.
    await card.getByTestId('players-2').locator('..').tap();
    await card.getByTestId('duplicate-hands').selectOption('1');
    expect(await overflowing(page, '[data-testid="duplicate-card"]')).toEqual([]);
    await card.getByTestId('duplicate-create').tap();

    const event = page.getByTestId('duplicate-page');
    await expect.poll(() => event.getByTestId('duplicate-title').textContent()).toBe('Friday');
    const hash = new URL(page.url()).hash;
    expect(hash).toMatch(/^#\/duplicate\/[2-9A-Z]{8}$/);
    expect(await event.getByTestId('duplicate-link').inputValue()).toBe(`${server().url}/${hash}`);
    await expect.poll(() => page.getByTestId('duplicate-results').textContent()).toContain('once you have played');
    expect(await overflowing(page, '[data-testid="duplicate-page"]')).toEqual([]);

    await event.getByTestId('duplicate-play').tap();
    await page.getByTestId('pass-panel').waitFor();
    await playToGameOver(page, undefined, 300_000);

    await page.goto(`${server().url}/${hash}`);
    const lines = page.getByTestId('duplicate-line');
    await expect.poll(() => lines.count()).toBe(1);
    expect(await lines.first().getAttribute('class')).toBe('own');
    expect(await lines.first().textContent()).toContain('Keawe');
    // Alone in the field: no matchpoints, its points in the total.
    expect(await lines.first().getByTestId('duplicate-total').locator('strong').textContent()).toBe('0');
    expect(await page.getByTestId('duplicate-played').isVisible()).toBe(true);
    expect(await overflowing(page, '[data-testid="duplicate-page"]')).toEqual([]);
    await screenshot(page, 'duplicate-results-360');

    await page.getByTestId('duplicate-close').tap();
    await expect.poll(() => page.getByTestId('duplicate-status').textContent()).toBe('Closed');
  }, 360_000);
});
