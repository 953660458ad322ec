/**
 * Two things a phone player tripped over, against the real server in real Chromium on a
 * touch phone: chat typed fast loses nothing (each message is sent, or comes back
 * to the box with the reason), and with the coach on neither the player's strip nor the
 * trick moves when the turn brings the Hint button.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, device, screenshot, serverAndBrowser, startServer } from './harness.js';
import { botTable, step } from './play.js';

const run = browserAvailable();
const PHONE = [390, 844] as const;

/**
 * One look at the table, in one call so that nothing changes halfway through it: whether
 * the player can play, whether the Hint button shows, and where the player's strip, the
 * status and the hand are, in whole pixels.
 */
function look(page: Page): Promise<{ myTurn: boolean; hint: boolean; at: string }> {
  return page.evaluate(() => {
    const place = (selector: string) => {
      const r = document.querySelector(selector)?.getBoundingClientRect();
      return r ? `${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}` : 'none';
    };
    return {
      myTurn: document.querySelector('[data-testid="hand"] button.card.playable') !== null,
      hint: document.querySelector('[data-testid="hint"]')?.checkVisibility() === true,
      at: [
        place('.mine'),
        place('[data-testid="status"]'),
        place('[data-testid="trick"]'),
        place('[data-testid="hand"]'),
      ].join(' | '),
    };
  });
}

describe.skipIf(!run)('a steady table', () => {
  const env = serverAndBrowser();

  it('chat typed fast: m1 Enter … m7 Enter without pauses loses nothing', async () => {
    const { context, page } = await device(env.browser(), ...PHONE);
    await botTable(page, env.server().url, 3);
    await page.getByTestId('tab-chat').tap();
    const box = page.getByTestId('chat-input');
    await box.tap();
    for (let i = 1; i <= 7; i++) {
      await page.keyboard.type(`m${i}`);
      await page.keyboard.press('Enter');
    }
    const log = page.getByTestId('chat').locator('.chat-messages li');
    // Five messages in ten seconds are allowed (the server's chat limit); the rest are
    // refused, and come back to the box in order with the reason.
    await expect.poll(() => log.allTextContents(), { timeout: 10_000 }).toHaveLength(5);
    await page.getByTestId('chat-refused').waitFor();
    const sent = (await log.allTextContents()).map((t) => t.replace(/^Keawe\s*/, ''));
    expect(sent).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    // Both refused words are back, in order. A refusal that lands between keystrokes puts
    // "m6" back before "m7" is typed on after it, so the space between them is the typist's.
    await expect.poll(async () => (await box.inputValue()).replace(/\s+/g, '')).toBe('m6m7');
    await screenshot(page, 'chat-typed-fast-390x844');
    await context.close();
  }, 90_000);

  it('with the coach on, the seat strip, the status, the trick and the hand stay put when the turn comes', async () => {
    // Bots that take a moment, so the table is seen off the player's turn as well as on it.
    const server = await startServer({ BOT_DELAY_MS: '400' });
    // The narrowest phone, where the strip's buttons only just fit in one row.
    const { context, page } = await device(env.browser(), 360, 740);
    // Alone with bots, the coach is on.
    await botTable(page, server.url, 4);
    // Where the strip, the status, the trick and the hand are at each look, and whose turn it is; what
    // changes between two looks a turn apart is what the turn moved.
    let last: { myTurn: boolean; at: string } | null = null;
    const moves: string[] = [];
    let turns = 0;
    // To the round's end: its summary, or the game-over dialog once `step` has closed it.
    const ended = async () =>
      (await page.getByTestId('summary-dialog').isVisible()) || (await page.getByTestId('game-over').isVisible());
    while (!(await ended())) {
      if (!(await page.getByTestId('pass-panel').isVisible())) {
        const { myTurn, hint, at } = await look(page);
        if (myTurn === hint && last && last.myTurn !== myTurn) {
          turns++;
          if (last.at !== at) moves.push(`${last.at}  ->  ${at}`);
        }
        if (myTurn === hint) last = { myTurn, at };
      }
      if (!(await step(page))) await page.waitForTimeout(40);
    }
    expect(turns, 'the turn came and went while looking').toBeGreaterThan(2);
    expect(moves).toEqual([]);
    await context.close();
    await server.stop();
  }, 180_000);
});
