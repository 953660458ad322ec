/**
 * Every language on a 360×740 touch phone, against the real server in real Chromium: the
 * home screen, the lobby, the table while passing and in play, and the round summary show
 * no text cut or overflowing, and each is saved as a screenshot in test-artifacts/ to be
 * looked at. A first visit takes the browser's language; the Preferences list switches it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/web/i18n.js';
import { browserAvailable, device, fitsScreen, overflowing, screenshot, serverAndBrowser } from './harness.js';
import { createTable, FINGER, passCards, startWhenFull } from './play.js';

const run = browserAvailable();
const PHONE = [360, 740] as const;

/**
 * Text cut in its box: an element holding text of its own (not the cards, drawn to overlap
 * in a hand) whose content is wider or taller than the box that clips it.
 */
function cutText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const e of document.querySelectorAll<HTMLElement>('body *')) {
      // Cards overlap in a hand by design; a 1 px box is text for screen readers only.
      const r = e.getBoundingClientRect();
      if (e.closest('.card, svg') || !e.checkVisibility() || r.width <= 1 || r.height <= 1) continue;
      const own = [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
      if (!own) continue;
      const style = getComputedStyle(e);
      const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
      const wide = e.scrollWidth > e.clientWidth + 1 && clips;
      const tall = e.scrollHeight > e.clientHeight + 1 && style.overflowY === 'hidden';
      // A box that scrolls on purpose (the log, a sheet) is not cut.
      const scrolls = style.overflowY === 'auto' || style.overflowY === 'scroll';
      if ((wide || tall) && !scrolls)
        out.push(`${e.tagName.toLowerCase()}.${e.className} "${e.textContent?.trim().slice(0, 40)}"`);
    }
    return out;
  });
}

/**
 * Play the player's card if one is playable (play.ts's `step` would also close the round
 * summary, which these tests must see). Returns false when there was nothing to do yet.
 */
async function playCard(page: Page): Promise<boolean> {
  const card = page.locator('[data-testid="hand"] button.card.playable').first();
  if ((await card.count()) === 0) return false;
  // The table moves on under the click (a bot played, the trick ended): look again.
  return card.click({ ...FINGER, timeout: 2000 }).then(
    () => true,
    () => false,
  );
}

/** What is wrong with the screen now: text cut, or anything past the right edge. */
async function problems(page: Page, where: string): Promise<string[]> {
  const found = [...(await cutText(page)), ...(await overflowing(page))].map((p) => `${where}: ${p}`);
  return [...new Set(found)];
}

describe.skipIf(!run)('every language on a 360 px phone', () => {
  const env = serverAndBrowser();

  for (const language of LANGUAGES)
    it(`${language}: home, lobby, table and round summary whole`, async () => {
      const { context, page } = await device(env.browser(), ...PHONE, { language });
      const found: string[] = [];
      await page.goto(`${env.server().url}/#/`);
      await page.getByTestId('name').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      found.push(...(await problems(page, 'home')));
      await screenshot(page, `lang-${language}-home-360`);

      await createTable(page, env.server().url, {
        name: 'Keawe',
        players: 4,
        rounds: 1,
        others: ['easy', 'easy', 'easy'],
      });
      found.push(...(await problems(page, 'lobby')));
      await screenshot(page, `lang-${language}-lobby-360`);
      await startWhenFull(page, 4);
      await page.getByTestId('pass-panel').waitFor();
      found.push(...(await problems(page, 'pass')));
      expect(await fitsScreen(page)).toBe(true);
      await screenshot(page, `lang-${language}-pass-360`);
      await passCards(page);

      let shot = false;
      while (!(await page.getByTestId('summary-dialog').isVisible())) {
        if (await page.locator('[data-testid="trick"] .card').count()) {
          found.push(...(await problems(page, 'table')));
          if (!shot && (await page.locator('[data-testid="hand"] button.card.playable').count())) {
            await screenshot(page, `lang-${language}-table-360`);
            shot = true;
          }
        }
        if (!(await playCard(page))) await page.waitForTimeout(40);
      }
      found.push(...(await problems(page, 'summary')));
      await screenshot(page, `lang-${language}-summary-360`);
      expect(shot).toBe(true);
      expect([...new Set(found)], [...new Set(found)].join('\n')).toEqual([]);
      await context.close();
    }, 180_000);

  it('a first visit speaks the browser’s language, and Preferences switch it for good', async () => {
    const context = await env.browser().newContext({ viewport: { width: 360, height: 740 }, locale: 'pl-PL' });
    const page = await context.newPage();
    await page.goto(`${env.server().url}/#/`);
    await expect.poll(() => page.title()).toBe('Diabeł w butelce');
    await page.getByTestId('open-prefs').click();
    // Each language is named in itself, whatever the page's language.
    await page.getByText('Svenska').click();
    await expect.poll(() => page.title()).toBe('Flaskdjävulen');
    await page.reload();
    await expect.poll(() => page.title()).toBe('Flaskdjävulen');
    await context.close();
  }, 60_000);
});
