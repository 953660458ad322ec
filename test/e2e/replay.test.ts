/**
 * A finished game in the replay viewer on a 390×844 touch phone: its seats are named as
 * the table named them ("Bot 2", the level in the spoken name), and each hand stays one
 * row that closes up as cards are played, with no gaps and nothing cut off.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playToEnd } from '../server/helpers/client.js';
import { seatTable } from '../server/helpers/tables.js';
import { browserAvailable, launchBrowser, type RunningServer, screenshot, startServer } from './harness.js';

describe.skipIf(!browserAvailable())('the replay on a phone', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer({ BOT_DELAY_MS: '0' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('names the seats as the table did, and keeps each hand one row without gaps', async () => {
    const { humans } = await seatTable(server, { players: 4, rounds: 1 }, 1, { level: 'medium' });
    const [me] = humans;
    await playToEnd(humans);
    const gameId = me.game!.gameId;
    me.close();

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${server.url}/#/replay/${gameId}`);
    await page.locator('.replay-seat').first().waitFor();
    const names = await page.locator('.replay-seat .seat-name').allTextContents();
    expect(names).toEqual(['Host', 'Bot 2', 'Bot 3', 'Bot 4']);
    expect(await page.locator('.replay-seat .seat-name').nth(1).getAttribute('title')).toBe('Bot 2 (medium)');

    // Each hand's cards in one row inside its seat, none hidden behind a gap, at the deal
    // and after three tricks.
    const rows = () =>
      page.locator('.replay-seat .hand').evaluateAll((hands) =>
        hands.map((hand) => {
          const cards = [...hand.querySelectorAll<HTMLElement>('.card')];
          return {
            tops: new Set(cards.map((c) => c.offsetTop)).size,
            gaps: hand.querySelectorAll('.card-gap').length,
            fits: hand.scrollWidth <= hand.clientWidth,
            cards: cards.length,
          };
        }),
      );
    for (const row of await rows()) expect(row).toEqual({ tops: 1, gaps: 0, fits: true, cards: 9 });
    for (let i = 0; i < 3; i++) await page.getByTestId('replay-next-trick').tap();
    await expect.poll(async () => (await rows()).map((r) => r.cards)).toEqual([6, 6, 6, 6]);
    for (const row of await rows()) expect(row).toEqual({ tops: 1, gaps: 0, fits: true, cards: 6 });
    await screenshot(page, 'replay-seats-390x844');
    await context.close();
  }, 60_000);
});
