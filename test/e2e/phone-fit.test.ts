/**
 * What a phone player must always see whole, against the real server in real Chromium
 * with touch emulation at 360×740 and 390×844: a pass hint that leaves the hand and the
 * Pass button where they were, every seat's points, bottle price and marks uncut at 2, 4
 * and 6 players, the status line uncut in English and German, and the pass clock shown
 * on the round summary.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, device, fitsScreen, screenshot, serverAndBrowser } from './harness.js';
import { botTable } from './play.js';

const run = browserAvailable();
const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const;

/** A box as whole pixels, to compare places. */
async function box(l: Locator): Promise<string> {
  const b = await l.boundingBox();
  if (!b) throw new Error('not on screen');
  return `${Math.round(b.x)},${Math.round(b.y)},${Math.round(b.width)}x${Math.round(b.height)}`;
}

/** Whether the element lies wholly inside the screen. */
async function onScreen(page: Page, l: Locator): Promise<boolean> {
  const b = await l.boundingBox();
  const size = page.viewportSize()!;
  return b !== null && b.y >= 0 && b.x >= 0 && b.y + b.height <= size.height && b.x + b.width <= size.width + 0.5;
}

describe.skipIf(!run)('a phone shows everything whole', () => {
  const env = serverAndBrowser();

  for (const size of PHONES) {
    it(`a pass hint at ${size.width}×${size.height} leaves the hand and the Pass button where they were`, async () => {
      const { context, page } = await device(env.browser(), size.width, size.height);
      await botTable(page, env.server().url, 4);
      const hand = page.getByTestId('hand');
      const confirm = page.getByTestId('pass-confirm');
      const before = [await box(hand), await box(confirm)];
      await page.getByTestId('hint').tap();
      const hint = page.getByTestId('hint-text');
      await hint.waitFor({ timeout: 60_000 });
      await screenshot(page, `phone-pass-hint-${size.width}x${size.height}`);
      // The best pass and a few alternatives; the rest folded away.
      const listed = await hint
        .getByTestId('hint-alternative')
        .evaluateAll((items) => items.filter((e) => e.checkVisibility()).length);
      expect(listed).toBeGreaterThanOrEqual(2);
      expect(listed).toBeLessThanOrEqual(3);
      expect(await hint.getByTestId('hint-more').isVisible()).toBe(true);
      expect(await hint.getByTestId('hint-more-list').isVisible()).toBe(false);
      expect([await box(hand), await box(confirm)]).toEqual(before);
      expect(await onScreen(page, hand)).toBe(true);
      expect(await onScreen(page, confirm)).toBe(true);
      expect(await fitsScreen(page)).toBe(true);
      // The cards it would pass are marked, and the player can still choose them.
      expect(await hand.locator('.card-badge.tone-best').count()).toBe(3);
      await hint.getByTestId('hint-close').tap();
      await hint.waitFor({ state: 'detached' });
      for (let i = 0; i < 3; i++)
        await hand
          .getByRole('button')
          .nth(i)
          .tap({ position: { x: 10, y: 40 } });
      expect(await confirm.isEnabled()).toBe(true);
      expect([await box(hand), await box(confirm)]).toEqual(before);
      await context.close();
    }, 120_000);
  }
});
