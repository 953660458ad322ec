/**
 * The turn clock on a 390×844 touch phone, against the real server in real Chromium: the
 * host chooses it, everyone sees the countdown, an idle player is replaced by a bot when
 * it runs out and takes the seat back with "I'm back", and nothing on the table moves.
 * The clock runs short (TURN_CLOCK_SCALE=0.2: 8 s a card, 16 s a pass), and bots take
 * about half a second a move, so that the stand-in does not finish the round at once.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, type RunningServer, screenshot, startServer } from './harness.js';
import { createTable, FINGER, startWhenFull } from './play.js';

const run = browserAvailable();

/**
 * Where the element is, in whole pixels, or 'none' when it is not shown: one look, without
 * waiting for it (the stand-in bot may take the pass panel away at any moment).
 */
function box(page: Page, testId: string): Promise<string> {
  return page.evaluate((id) => {
    const b = document.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect();
    return b && b.width + b.height > 0
      ? `${Math.round(b.x)},${Math.round(b.y)},${Math.round(b.width)}×${Math.round(b.height)}`
      : 'none';
  }, testId);
}

/** The seconds the status strip says the player has left. */
async function secondsLeft(page: Page): Promise<number> {
  const text = (await page.getByTestId('my-clock').textContent()) ?? '';
  const m = /(\d+)s left/.exec(text);
  if (!m) throw new Error(`no countdown in "${text}"`);
  return Number(m[1]);
}

describe.skipIf(!run)('the turn clock on a phone', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer({ TURN_CLOCK_SCALE: '0.2', BOT_DELAY_MS: '500' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('an idle player is replaced when the clock runs out and takes the seat back with a tap', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${server.url}/#/`);
    await page.getByTestId('clock-choice').selectOption('fast');
    await createTable(page, server.url, { name: 'Keawe', players: 3, rounds: 2, others: ['easy', 'easy'] });
    // The host changes its mind in the lobby; everyone at the table sees the choice.
    await expect.poll(() => page.getByTestId('clock-state').textContent()).toBe('15 s clock');
    await page.getByTestId('clock-option').selectOption('normal');
    await expect.poll(() => page.getByTestId('clock-state').textContent()).toBe('40 s clock');
    await startWhenFull(page, 3);
    expect(await page.getByTestId('clock-setting').textContent()).toBe('40 s clock');

    // The pass: the player's clock counts down on its seat and in the status strip.
    await page.getByTestId('my-clock').waitFor();
    expect(await secondsLeft(page)).toBeGreaterThan(10);
    expect(await secondsLeft(page)).toBeLessThanOrEqual(16);
    expect(await page.getByTestId('clock-0').textContent()).toMatch(/^1?\d+s$/);
    const passing = await box(page, 'pass-panel');
    const noScroll = () => page.evaluate(() => document.scrollingElement!.scrollHeight <= window.innerHeight);

    // The player does nothing: when the clock runs out a bot plays for it.
    await page.getByTestId('seat-back').waitFor({ timeout: 25_000 });
    expect(await page.getByTestId('status').textContent()).toContain('a bot plays for you');
    expect(await page.getByTestId('seat-0').getAttribute('class')).toContain('absent');
    // Nothing moved under the finger (the stand-in may have passed already), and the page does not scroll.
    const panel = await box(page, 'pass-panel');
    if (panel !== 'none') expect(panel).toBe(passing);
    expect(await noScroll()).toBe(true);
    // While the bot stands in, no card is offered to the player.
    expect(await page.locator('[data-testid="hand"] button.card.playable').count()).toBe(0);
    await screenshot(page, 'turn-clock-away-390x844');

    // The stand-in passes for the player, and play begins.
    await page.locator('[data-testid="table"][data-phase="play"] [data-testid="hand"]').waitFor({ timeout: 20_000 });
    // "I'm back": the seat is the player's again, and the hand does not move.
    const hand = await box(page, 'hand');
    await page.getByTestId('seat-back').tap();
    await page.getByTestId('seat-back').waitFor({ state: 'detached' });
    expect(await page.getByTestId('seat-0').getAttribute('class')).not.toContain('absent');
    expect(await box(page, 'hand')).toBe(hand);
    expect(await noScroll()).toBe(true);

    // The player's next turn is its own, with its clock, and it plays by taps.
    const playable = page.locator('[data-phase="play"] [data-testid="hand"] button.card.playable').first();
    await playable.waitFor({ timeout: 20_000 });
    expect(await secondsLeft(page)).toBeLessThanOrEqual(8);
    const rank = await playable.getAttribute('data-rank');
    await playable.tap();
    await page.getByTestId('play-lifted').tap();
    await page.locator(`[data-testid="trick"] [data-rank="${rank}"]`).first().waitFor({ timeout: 5_000 });
    expect(await page.getByTestId('status').textContent()).not.toContain('a bot plays for you');

    // The round summary says a bot stood in. The next pass's clock stands still while the
    // summary is read (3 s here), then the summary closes itself and the clock runs.
    while (!(await page.getByTestId('summary-dialog').isVisible())) {
      const card = page.locator('[data-testid="hand"] button.card.playable').first();
      if (await card.count()) await card.click({ ...FINGER, timeout: 2000 }).catch(() => {});
      else await page.waitForTimeout(40);
    }
    await page.getByTestId('summary-stand-in').getByText('a bot played for you in this round').waitFor();
    const clock = page.getByTestId('summary-clock');
    await clock.waitFor({ timeout: 10_000 });
    expect(await clock.textContent()).toMatch(/^This closes in [1-3]s, then your pass clock runs \(16s\)\.$/);
    expect(await secondsLeft(page)).toBe(16);
    await screenshot(page, 'turn-clock-summary-390x844');
    await page.getByTestId('summary-dialog').waitFor({ state: 'detached', timeout: 5_000 });
    await expect.poll(() => secondsLeft(page), { timeout: 5_000 }).toBeLessThan(16);
    expect(await page.getByTestId('pass-panel').isVisible()).toBe(true);
    await context.close();
  }, 90_000);
});
