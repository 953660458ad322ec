/**
 * The guided first game in the browser (it runs on the engine alone; the server only
 * serves the page): from the home screen to the devil's trick, on a desktop in English
 * and on a 360 px touch phone in German, and started again.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, overflowing, screenshot, serverAndBrowser } from './harness.js';

const run = browserAvailable();

/**
 * Preferences set before the page loads: language, and animations off, so that the
 * script's bots wait only their shortest beat between cards and no pause after a trick
 * (the lessons are under test here, not the pace).
 */
async function withPrefs(page: Page, language: 'en' | 'de'): Promise<void> {
  await page.addInitScript((lang) => {
    localStorage.setItem('bottle-imp:prefs', JSON.stringify({ language: lang, speed: 'off', name: '' }));
  }, language);
}

/** Follow the coach to the end, taking a screenshot at the named lessons; the lessons seen and what the coach said at each. */
async function playLessons(page: Page, shots: Record<string, string>): Promise<{ seen: string[]; said: string[] }> {
  const coach = page.getByTestId('learn-coach');
  const seen: string[] = [];
  const said: string[] = [];
  const end = Date.now() + 90_000;
  while (Date.now() < end) {
    if (await page.getByTestId('learn-end').isVisible()) return { seen, said };
    const lesson = (await coach.getAttribute('data-lesson')) ?? '';
    if (seen.at(-1) !== lesson) {
      seen.push(lesson);
      said.push((await coach.textContent()) ?? '');
      if (shots[lesson]) await screenshot(page, shots[lesson]);
    }
    try {
      // Act on the lesson just read, so that none goes by unrecorded.
      if (lesson === 'end' || lesson === 'none') {
        if (await page.getByTestId('summary-continue').isVisible())
          await page.getByTestId('summary-continue').click({ timeout: 2000 });
        else await page.waitForTimeout(50);
      } else if (lesson === 'pass') {
        // Slot by slot (left, right, devil), the card marked for it.
        const marked = page.locator('[data-testid="hand"] .card:has(.card-badge.tone-learn)');
        const cards = await marked.evaluateAll((els) =>
          els.map((e) => ({
            rank: (e as HTMLElement).dataset.rank ?? '',
            badge: e.querySelector('.card-badge')?.textContent ?? '',
          })),
        );
        const slots = [
          ['left', 'links'],
          ['right', 'rechts'],
          ['devil', 'Teufel'],
        ];
        for (let i = 0; i < 3; i++) {
          const card = cards.find((c) => slots[i].includes(c.badge));
          await page.getByTestId(`pass-slot-${i}`).click();
          await page.locator(`[data-testid="hand"] [data-rank="${card?.rank}"]`).click();
        }
        await page.getByTestId('pass-confirm').click();
      } else if (['follow', 'lead', 'play'].includes(lesson)) {
        await page
          .locator('[data-testid="hand"] button.card.playable:has(.card-badge.tone-learn)')
          .first()
          .click({ timeout: 2000 });
      } else {
        await page.getByTestId('learn-next').click({ timeout: 2000 });
      }
    } catch {
      // The table moved on under the click: look again.
    }
  }
  throw new Error(`the guided game did not end; lessons seen: ${seen.join(' ')}`);
}

describe.skipIf(!run)('the guided first game', () => {
  const env = serverAndBrowser();

  it('teaches a whole round on a desktop, in English, and refuses a card off the script', async () => {
    const page = await env.browser().newPage({ viewport: { width: 1280, height: 900 } });
    await withPrefs(page, 'en');
    await page.goto(`${env.server().url}/#/`);
    await page.getByTestId('learn-start').click();
    await page.getByTestId('learn').waitFor();
    await expect.poll(() => page.getByTestId('learn-coach').textContent()).toContain('three bots');
    await page.getByTestId('learn-next').click();
    // A pass other than the marked one is refused with the lesson's words.
    for (let i = 0; i < 3; i++) await page.locator('[data-testid="hand"] .card:not(:has(.card-badge))').nth(i).click();
    await page.getByTestId('pass-confirm').click();
    await page.getByRole('alert').getByText('For this lesson, pass the marked cards').waitFor();
    // Empty the slots again (choosing a chosen card takes it back).
    for (let i = 0; i < 3; i++) await page.locator('[data-testid="hand"] .card.selected').first().click();
    const { seen, said } = await playLessons(page, {
      pass: 'learn-pass-1280',
      follow: 'learn-follow-1280',
      firstTrick: 'learn-trick-1280',
      sold: 'learn-sold-1280',
    });
    for (const lesson of ['pass', 'received', 'follow', 'firstTrick', 'sold', 'noBelow', 'soldOn', 'last'])
      expect(seen, seen.join(' ')).toContain(lesson);
    // Every card the coach marks comes with the reason to play it.
    const plays = said.filter((_, i) => ['follow', 'lead', 'play'].includes(seen[i]));
    expect(plays.length).toBeGreaterThan(0);
    for (const text of plays) expect(text).toContain('Why');
    await expect
      .poll(() => page.getByTestId('learn-end').textContent())
      .toMatch(/devil’s trick is turned over: 2, 1, 7, 10, worth 7 points\. Doris holds the bottle/);
    await screenshot(page, 'learn-end-1280');
    // A player who gave no name is "You" throughout, never a name the game made up.
    expect(await page.getByTestId('learn').textContent()).not.toContain('Keawe');
    expect(await page.getByTestId('learn').textContent()).toContain('You');
    await page.getByTestId('learn-real-game').click();
    await page.getByTestId('home').waitFor();
    await page.close();
  }, 200_000);

  it('fits a 360 px touch phone in German, and can be left and started again', async () => {
    const context = await env
      .browser()
      .newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    await withPrefs(page, 'de');
    await page.goto(`${env.server().url}/#/`);
    await page.getByTestId('learn-start').tap();
    await expect.poll(() => page.getByTestId('learn-coach').textContent()).toContain('drei Bots');
    expect(await overflowing(page)).toEqual([]);
    await page.getByTestId('learn-next').tap();
    await screenshot(page, 'learn-pass-360-de');
    expect(await overflowing(page)).toEqual([]);
    // Leave, come back: the lesson starts from the beginning.
    await page.getByTestId('learn-leave').tap();
    await page.getByTestId('home').waitFor();
    await page.goto(`${env.server().url}/#/learn`);
    await expect.poll(() => page.getByTestId('learn-coach').getAttribute('data-lesson')).toBe('welcome');
    await page.getByTestId('learn-next').tap();
    const { seen, said } = await playLessons(page, { follow: 'learn-follow-360-de', sold: 'learn-sold-360-de' });
    expect(seen).toContain('follow');
    expect(said[seen.indexOf('follow')]).toContain('Warum');
    expect(await overflowing(page)).toEqual([]);
    await expect.poll(() => page.getByTestId('learn-end').textContent()).toContain('Teufelsstich wird aufgedeckt');
    await screenshot(page, 'learn-end-360-de');
    // Start again from the end.
    await page.getByRole('button', { name: 'Neu beginnen' }).last().tap();
    await expect.poll(() => page.getByTestId('learn-coach').getAttribute('data-lesson')).toBe('welcome');
    await context.close();
  }, 200_000);
});
