/**
 * The table on a phone, against the real server in real Chromium with touch emulation:
 * whole games played by taps, with no scrolling needed, a hand that never moves while a
 * card is playable, and little layout shift; screenshots at phone, tablet and desktop sizes.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, device, fitsScreen, screenshot, serverAndBrowser, withMotion } from './harness.js';
import { createTable, FINGER, PLAYABLE, passCards, startWhenFull, tapPlay } from './play.js';

const run = browserAvailable();

/** What the page watches by itself, every frame, from the moment it loads. */
interface Watch {
  /** Sum of layout-shift values not caused by the player's own input, since the last reset. */
  shift: number;
  /** What moved in each counted shift, to say why when there is too much. */
  shifted: string[];
  /** Every time the hand (or a playable card inside it) was seen to move while a card was playable. */
  moves: string[];
  /** The furthest the page was ever scrolled down during play. */
  maxScroll: number;
  /** Frames in which some card was playable. */
  playableFrames: number;
}

/** Installed before any script of the page: a layout-shift observer and a per-frame watch of the hand. */
function watchPage(): void {
  const w: Watch = { shift: 0, shifted: [], moves: [], maxScroll: 0, playableFrames: 0 };
  (window as unknown as { __watch: Watch }).__watch = w;
  new PerformanceObserver((list) => {
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    for (const e of list.getEntries() as Shift[]) {
      if (e.hadRecentInput) continue;
      w.shift += e.value;
      const what = e.sources.map(
        (s) =>
          `${s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : 'text'} ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)}`,
      );
      w.shifted.push(`${e.value.toFixed(3)}: ${what.join('; ')}`);
    }
  }).observe({ type: 'layout-shift', buffered: true });
  const rows = new Map<string, string>();
  const cards = new Map<string, string>();
  const frame = () => {
    const inPlay = document.querySelector<HTMLElement>('[data-testid="table"]')?.dataset.phase === 'play';
    const playable = inPlay
      ? [
          ...document.querySelectorAll<HTMLElement>(
            '[data-testid="hand"] button.card.playable, [data-testid="my-faceup"] button.card.playable',
          ),
        ]
      : [];
    if (inPlay) w.maxScroll = Math.max(w.maxScroll, window.scrollY, document.scrollingElement?.scrollTop ?? 0);
    if (playable.length === 0) cards.clear();
    else {
      w.playableFrames++;
      for (const id of ['hand', 'my-faceup']) {
        const row = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
        if (!row || row.querySelector('button.card.playable') === null) continue;
        const r = row.getBoundingClientRect();
        const at = `${Math.round(r.left)},${Math.round(r.top)},${Math.round(r.bottom)}`;
        const before = rows.get(id);
        if (before !== undefined && before !== at) w.moves.push(`${id} moved from ${before} to ${at}`);
        rows.set(id, at);
      }
      // Each playable card's place in the layout (transforms, such as lifting it, aside).
      for (const c of playable) {
        const key = c.dataset.rank ?? '';
        const at = `${c.offsetLeft},${c.offsetTop}`;
        const before = cards.get(key);
        if (before !== undefined && before !== at) w.moves.push(`card ${key} moved from ${before} to ${at}`);
        cards.set(key, at);
      }
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

function watch(page: Page): Promise<Watch> {
  return page.evaluate(() => ({ ...(window as unknown as { __watch: Watch }).__watch }));
}

async function resetShift(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = (window as unknown as { __watch: Watch }).__watch;
    w.shift = 0;
    w.shifted = [];
  });
}

/** The layout shift since the last reset is at most 0.1 (the threshold Chromium calls good). */
async function expectLittleShift(page: Page): Promise<void> {
  const w = await watch(page);
  expect(w.shift, w.shifted.join('\n')).toBeLessThanOrEqual(0.1);
}

async function phone(
  browser: Browser,
  width: number,
  height: number,
  language = 'en',
  touch = true,
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await device(browser, width, height, { language, touch });
  await withMotion(context);
  await context.addInitScript(watchPage);
  return { context, page };
}

/**
 * One step of play by touch: continue after a round summary, pass by tapping cards and
 * the button, or lift a playable card (checking what it says) and play it with a second
 * tap or the Play button. Returns false when there was nothing to do yet.
 */
async function tapStep(page: Page, turn: { n: number }, onRoundEnd: () => Promise<void>): Promise<boolean> {
  try {
    if (await page.getByTestId('summary-continue').isVisible()) {
      await onRoundEnd();
      await page.getByTestId('summary-continue').tap({ timeout: 2000 });
      return true;
    }
    if (await page.getByTestId('pass-panel').isVisible()) {
      await passCards(page, 'tap');
      return true;
    }
  } catch (e) {
    // The table moved on under the tap (a round ended): look again.
    if (e instanceof Error && e.name === 'AssertionError') throw e;
    return false;
  }
  // The first tap only lifts the card and says what it would do; every other card is played by the Play button.
  const played = await tapPlay(page, turn.n % 2 === 1 ? 'button' : 'card', async () => {
    expect(await page.getByTestId('trick-preview').textContent()).toMatch(/\d/);
  });
  if (played) turn.n++;
  return played;
}

/** Play by taps to the game-over dialog, checking the table after every round. */
async function tapToGameOver(page: Page, onRoundEnd: () => Promise<void>, deadlineMs = 120_000): Promise<number> {
  const turn = { n: 0 };
  const end = Date.now() + deadlineMs;
  while (!(await page.getByTestId('game-over').isVisible())) {
    if (Date.now() > end) {
      await screenshot(page, 'phone-stuck');
      throw new Error('The game did not end in time (see test-artifacts/phone-stuck.png).');
    }
    expect(await fitsScreen(page)).toBe(true);
    if (!(await tapStep(page, turn, onRoundEnd))) await page.waitForTimeout(30);
  }
  await onRoundEnd();
  return turn.n;
}

// A layout shift of 0.109 (over 0.1) at a round end was seen once in a CI run (the own seat
// 200 px lower for a moment): its cause is still to be found (the integration project
// retries a failed test once, vitest.config.ts).
describe.skipIf(!run)('the table on a phone', () => {
  const env = serverAndBrowser();

  it('a whole 4-player game with bots, by taps, on one 360×740 screen; the hand never moves while playable', async () => {
    const { context, page } = await phone(env.browser(), 360, 740);
    await createTable(page, env.server().url, {
      name: 'Keawe',
      players: 4,
      rounds: 2,
      others: ['medium', 'medium', 'easy'],
    });
    await startWhenFull(page, 4);
    await page.getByTestId('pass-panel').waitFor();
    await resetShift(page);
    await screenshot(page, 'phone-pass-360x740');

    // Bots are told apart by seat, not cut to "Medium …".
    const names = await page.locator('.opponents .seat-name').allTextContents();
    expect(names).toEqual(['Bot 2', 'Bot 3', 'Bot 4']);

    let shots = 0;
    let rounds = 0;
    const onRoundEnd = async () => {
      await expectLittleShift(page);
      rounds++;
      await resetShift(page);
    };
    const turns = tapToGameOver(page, onRoundEnd);
    // Meanwhile: a screenshot of a lifted card on the first turn.
    while (shots === 0) {
      if (await page.locator('button.card.lifted').count()) {
        await screenshot(page, 'phone-lifted-360x740');
        shots++;
      } else if (await page.getByTestId('game-over').isVisible()) break;
      else await page.waitForTimeout(20);
    }
    expect(await turns).toBeGreaterThanOrEqual(16);
    // Two round summaries and the game-over dialog.
    expect(rounds).toBe(3);
    await screenshot(page, 'phone-game-over-360x740');

    const w = await watch(page);
    expect(w.playableFrames).toBeGreaterThan(0);
    expect(w.moves).toEqual([]);
    expect(w.maxScroll).toBe(0);

    // "Look at the table", then the panels open as a sheet over it; the hand stays where it was.
    await page.keyboard.press('Escape');
    const handBefore = await page.getByTestId('hand').boundingBox();
    await page.getByTestId('tab-scores').tap();
    await page.getByTestId('score-sheet').waitFor();
    await screenshot(page, 'phone-scores-360x740');
    expect(await page.getByTestId('hand').boundingBox()).toEqual(handBefore);
    await page.getByTestId('sheet-close').tap();
    await page.getByTestId('score-sheet').waitFor({ state: 'hidden' });
    await context.close();
  }, 240_000);

  it('a 4-player round by taps on a phone on its side (740×360): no scrolling, the hand never moves', async () => {
    const { context, page } = await phone(env.browser(), 740, 360);
    await createTable(page, env.server().url, {
      name: 'Keawe',
      players: 4,
      rounds: 1,
      others: ['easy', 'easy', 'easy'],
    });
    await startWhenFull(page, 4);
    await page.getByTestId('pass-panel').waitFor();
    await resetShift(page);
    // tapToGameOver checks after every step that the page fits the screen.
    expect(await tapToGameOver(page, () => expectLittleShift(page))).toBeGreaterThanOrEqual(8);
    const w = await watch(page);
    expect(w.playableFrames).toBeGreaterThan(0);
    expect(w.moves).toEqual([]);
    expect(w.maxScroll).toBe(0);
    await context.close();
  }, 240_000);

  it('a 2-player round by taps, in German, with both face-up rows on one screen', async () => {
    const { context, page } = await phone(env.browser(), 360, 740, 'de');
    await createTable(page, env.server().url, { name: 'Keawe', players: 2, rounds: 1, others: ['easy'] });
    await startWhenFull(page, 2);
    await page.getByTestId('pass-panel').waitFor();
    await resetShift(page);
    expect(await page.getByTestId('pass-panel').getByRole('listitem').count()).toBe(4);
    let seen = false;
    const turns = await tapToGameOver(page, async () => {
      await expectLittleShift(page);
      if (!seen) await screenshot(page, 'phone-2p-summary-360x740-de');
      seen = true;
    });
    expect(turns).toBeGreaterThanOrEqual(8);
    const w = await watch(page);
    expect(w.moves).toEqual([]);
    expect(w.maxScroll).toBe(0);
    expect(await page.getByTestId('winners').textContent()).toMatch(/gewinnt|gewinnen|teilen/);
    await context.close();
  }, 240_000);

  it('fits one screen at 390×844, 768×1024, 1440×900 and a phone on its side; 6 scores without sideways scrolling', async () => {
    const sizes = [
      { width: 390, height: 844, players: 6, others: ['easy', 'easy', 'easy', 'easy', 'easy'] },
      { width: 768, height: 1024, players: 5, others: ['easy', 'easy', 'easy', 'easy'] },
      { width: 1440, height: 900, players: 4, others: ['easy', 'easy', 'easy'], mouse: true },
      { width: 740, height: 360, players: 2, others: ['easy'] },
    ];
    for (const size of sizes) {
      const { context, page } = await phone(env.browser(), size.width, size.height, 'en', !size.mouse);
      const name = `${size.width}x${size.height}`;
      await createTable(page, env.server().url, {
        name: 'Keawe',
        players: size.players,
        rounds: 1,
        others: size.others,
      });
      await startWhenFull(page, size.players);
      await page.getByTestId('pass-panel').waitFor();
      expect(await fitsScreen(page)).toBe(true);
      await screenshot(page, `table-pass-${name}`);
      if (size.mouse) {
        // A mouse passes and points: the preview shows on hover.
        const slots = await page.getByTestId('pass-panel').getByRole('listitem').count();
        for (let i = 0; i < slots; i++) await page.getByTestId('hand').getByRole('button').nth(i).click();
        await page.getByTestId('pass-confirm').click();
        const card = page.locator(PLAYABLE).first();
        await card.waitFor({ timeout: 30_000 });
        await card.hover();
        await page.getByTestId('trick-preview').waitFor();
      } else {
        await tapStep(page, { n: 0 }, async () => {});
        const card = page.locator(PLAYABLE).first();
        await card.waitFor({ timeout: 30_000 });
        await card.tap(FINGER);
        await page.locator('button.card.lifted').waitFor();
      }
      expect(await fitsScreen(page)).toBe(true);
      if (size.players === 2) {
        // The trick keeps clear of the opponent's face-up row (a phone on its side is short).
        const row = await page.getByTestId('faceup-1').boundingBox();
        const trick = await page.locator('[data-testid="trick"] .trick-cards').boundingBox();
        expect(trick!.y).toBeGreaterThanOrEqual(row!.y + row!.height);
      }
      await screenshot(page, `table-play-${name}`);
      if (size.players === 6) {
        await tapToGameOver(page, async () => {});
        await page.keyboard.press('Escape');
        // Both bottles' owner tags show whole beside the devil's trick.
        const cut = await page
          .locator('.bottle-owner')
          .evaluateAll((tags) => tags.filter((e) => e.scrollWidth > e.clientWidth).map((e) => e.textContent));
        expect(cut).toEqual([]);
        await page.getByTestId('tab-scores').tap();
        const sheet = page.getByTestId('score-sheet');
        await sheet.waitFor();
        // The score table fits its box: no sideways scrolling for 6 players.
        expect(await sheet.locator('.table-scroll').evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
        await screenshot(page, `table-scores-6p-${name}`);
      }
      expect((await watch(page)).maxScroll).toBe(0);
      await context.close();
    }
  }, 300_000);
});
