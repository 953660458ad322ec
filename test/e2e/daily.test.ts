/**
 * The daily deal on a 360×740 touch phone, against the real server (its daily secret made
 * in its data folder on first start) in real Chromium: the home screen's card fits the
 * screen, a tap opens the attempt's table at its first pass, the results stay shut until
 * it is finished, and a second tap resumes the same table. Then the deal is played
 * through: the card offers the results, which mark the player's own entry, give their
 * rank and percentile, the field's choices at each of their decisions (all on the phone's
 * width), their game with the coach, and open the best game's replay with the field's
 * choices along it.
 */
import { describe, expect, it } from 'vitest';
import { browserAvailable, overflowing, screenshot, serverAndBrowser, sharedDevices, smallTargets } from './harness.js';
import { playToGameOver } from './play.js';

const run = browserAvailable();

describe.skipIf(!run)('the daily deal on a phone', () => {
  // A finished attempt's game is analysed at once: a light analysis here.
  const { server, browser } = serverAndBrowser({ ANALYSIS_ITERATIONS: '10' });
  const phone = sharedDevices(browser);

  it('opens today’s deal from the home screen’s card, and resumes it', async () => {
    const { page } = await phone(360, 740);
    await page.goto(`${server().url}/#/`);
    const card = page.getByTestId('daily-card');
    await expect.poll(() => card.getByTestId('daily-entries').textContent()).toBe('0 entries');
    const b = (await card.boundingBox())!;
    // The card is read and tapped whole, without scrolling inside or along it.
    expect(b.width).toBeLessThanOrEqual(360);
    expect(b.height).toBeLessThan(740 / 2);
    expect(await overflowing(page, '[data-testid="daily-card"]')).toEqual([]);
    await screenshot(page, 'daily-card-360');

    await card.getByTestId('daily-play').tap();
    await page.getByTestId('pass-panel').waitFor();
    const code = new URL(page.url()).hash;
    expect(code).toMatch(/^#\/t\/[A-Z0-9]+$/);

    const { date } = (await (await fetch(`${server().url}/api/daily`)).json()) as { date: string };
    await page.goto(`${server().url}/#/daily/${date}`);
    await expect
      .poll(() => page.getByTestId('daily-error').textContent())
      .toBe('The results open once you have finished today’s deal.');

    await page.goto(`${server().url}/#/`);
    await expect.poll(() => card.getByTestId('daily-entries').textContent()).toBe('1 entry');
    await card.getByTestId('daily-play').tap();
    await page.getByTestId('pass-panel').waitFor();
    expect(new URL(page.url()).hash).toBe(code);
  });

  it('offers the results once played through: the own entry, rank, percentile and the field’s choices', async () => {
    const { page } = await phone(360, 740);
    await playToGameOver(page, undefined, 300_000);
    await page.goto(`${server().url}/#/`);
    const results = page.getByTestId('daily-card').getByTestId('daily-results');
    await results.tap();
    const mine = page.locator('[data-testid="daily-guests"] tr.own');
    await expect.poll(() => mine.count()).toBe(1);
    expect(await mine.textContent()).toContain('Keawe');
    expect(await page.getByTestId('daily-standing').textContent()).toBe('Your result: rank 1 of 1');
    expect(await page.getByTestId('daily-percentile').textContent()).toMatch(/^Percentile 100: /);
    // The field's choices: the first hand open, one table per decision, the own choice marked in each.
    const choices = page.getByTestId('daily-choices');
    await choices.getByTestId('daily-hand-0').waitFor();
    expect(await choices.locator('[data-testid="daily-hand-0"] table').count()).toBe(9);
    expect(await choices.locator('[data-testid="daily-hand-0"] tr.own').count()).toBe(9);
    expect(await overflowing(page)).toEqual([]);
    expect(await smallTargets(page)).toEqual([]);
    await screenshot(page, 'daily-results-360');
    const game = mine.locator('a');
    const id = (await game.getAttribute('href'))!.split('/')[2];
    const date = new URL(page.url()).hash.split('/')[2];
    expect(await page.getByTestId('daily-coach').getAttribute('href')).toBe(`#/replay/${id}/coach/daily/${date}`);
    await page.getByTestId('daily-best').tap();
    await page.getByTestId('replay').waitFor();
    expect(new URL(page.url()).hash).toBe(`#/replay/${id}/play/daily/${date}`);
    // The replay shows the field's choices along the game, on the phone's width.
    await page.getByTestId('replay-field').waitFor();
    expect(await overflowing(page, '[data-testid="replay-field"]')).toEqual([]);
  }, 360_000);
});
