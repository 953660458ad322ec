/**
 * Every language on a 360×740 touch phone, against the real server in real Chromium: the
 * home screen, the lobby, the table while passing and in play, and the round summary show
 * no text cut or overflowing, and each is saved as a screenshot in test-artifacts/ to be
 * looked at. The German and the Swedish game are played by taps (create, start, pass, lift
 * and play), checking that the status line and the buttons speak the language. A first
 * visit takes the browser's language; the Preferences list switches it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Rank } from '../../src/engine/index.js';
import { formatRank } from '../../src/web/game/cards.js';
import { i18n, initI18n, LANGUAGES, type Language, loadLanguage } from '../../src/web/i18n.js';
import { browserAvailable, device, fitsScreen, overflowing, screenshot, serverAndBrowser } from './harness.js';
import { createTable, FINGER, type Press, passCards, startWhenFull, tapPlay } from './play.js';

const run = browserAvailable();
const PHONE = [360, 740] as const;
/** The languages whose game is played by taps, checking the words on the way. */
const BY_TAPS: readonly Language[] = ['de', 'sv'];

/** The words the page should show in a language, from its locale file. */
async function wordsOf(language: Language) {
  initI18n('en');
  await loadLanguage(language);
  return i18n.getFixedT(language);
}

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
    it(`${language}: home, lobby, table and round summary whole${BY_TAPS.includes(language) ? ', played by taps' : ''}`, async () => {
      const how: Press = BY_TAPS.includes(language) ? 'tap' : 'click';
      const t = await wordsOf(language);
      const { context, page } = await device(env.browser(), ...PHONE, { language });
      const found: string[] = [];
      await page.goto(`${env.server().url}/#/`);
      await page.getByTestId('name').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      expect(await page.title()).toBe(t('app.title'));
      found.push(...(await problems(page, 'home')));
      await screenshot(page, `lang-${language}-home-360`);

      const table = { name: 'Keawe', players: 4, rounds: 1, others: ['easy', 'easy', 'easy'] };
      await createTable(page, env.server().url, table, how);
      found.push(...(await problems(page, 'lobby')));
      await screenshot(page, `lang-${language}-lobby-360`);
      await startWhenFull(page, 4, how);
      await page.getByTestId('pass-panel').waitFor();
      found.push(...(await problems(page, 'pass')));
      expect(await fitsScreen(page)).toBe(true);
      await screenshot(page, `lang-${language}-pass-360`);
      if (how === 'tap') {
        expect(await page.getByTestId('status').textContent()).toBe(t('status.pass'));
        expect(await page.getByTestId('pass-confirm').textContent()).toBe(t('pass.confirm'));
        expect(await page.getByTestId('sort-toggle').textContent()).toBe(t('hand.sortRank'));
      }
      await passCards(page, how);

      // Whoever must follow suit is told which; else any card goes.
      const turnWords = [
        t('status.yourTurn'),
        ...['red', 'blue', 'green'].map((suit) => t('status.yourTurnFollow', { suit: t(`suit.${suit}`) })),
      ];
      let shot = false;
      let taps = 0;
      while (!(await page.getByTestId('summary-dialog').isVisible())) {
        if (await page.locator('[data-testid="trick"] .card').count()) {
          found.push(...(await problems(page, 'table')));
          if (!shot && (await page.locator('[data-testid="hand"] button.card.playable').count())) {
            await screenshot(page, `lang-${language}-table-360`);
            shot = true;
          }
        }
        const played =
          how === 'tap'
            ? await tapPlay(page, taps % 2 === 0 ? 'button' : 'card', async (rank) => {
                const status = (await page.getByTestId('status').textContent()) ?? '';
                expect(
                  turnWords.some((w) => status.startsWith(w)),
                  status,
                ).toBe(true);
                expect(await page.getByTestId('play-lifted').textContent()).toBe(
                  t('hand.play', { card: formatRank(rank as Rank) }),
                );
                found.push(...(await problems(page, 'lifted')));
                if (taps === 0) await screenshot(page, `lang-${language}-lifted-360`);
                taps++;
              })
            : await playCard(page);
        if (!played) await page.waitForTimeout(40);
      }
      found.push(...(await problems(page, 'summary')));
      await screenshot(page, `lang-${language}-summary-360`);
      expect(shot).toBe(true);
      if (how === 'tap') {
        // Most of the player's 8 cards were lifted, checked and played by taps (a tap the table
        // moved under is tried again, and may play the card without a check).
        expect(taps).toBeGreaterThanOrEqual(6);
        expect(await page.getByTestId('summary-continue').textContent()).toBe(t('common.continue'));
      }
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
