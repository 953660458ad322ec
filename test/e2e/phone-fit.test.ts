/**
 * What a phone player must always see whole, against the real server in real Chromium
 * with touch emulation at 360×740 and 390×844: a pass hint that leaves the hand and the
 * Pass button where they were, every seat's points, bottle price and marks uncut at 2, 4
 * and 6 players (and at 1440 px with a mouse), the marks on received cards clear of their
 * ranks, the status line uncut in English and German, and the pass clock shown
 * on the round summary.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, device, fitsScreen, screenshot, serverAndBrowser } from './harness.js';
import { botTable, step } from './play.js';

const run = browserAvailable();
const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const;
const SEAT_CASES = [
  ...PHONES.flatMap((size) => [2, 4, 6].map((players) => ({ size, players, touch: true }))),
  { size: { width: 1440, height: 900 }, players: 4, touch: false },
];

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

/**
 * What a seat or bottle shows cut or overlapping: every stat, mark, price and owner whose
 * text is wider than its box, a seat's marks hidden, and bottle boxes that overlap.
 */
function cutOnTable(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const what = (e: Element) =>
      `${e.closest('[data-seat]')?.getAttribute('data-seat') ?? '-'}:${e.className} "${e.textContent}"`;
    for (const e of document.querySelectorAll(
      '.seat-stats, .seat-stats > *, .seat-marks, .seat-marks > *, .bottle-price, .bottle-owner',
    )) {
      if (e.scrollWidth > e.clientWidth + 0.5 || e.scrollHeight > e.clientHeight + 0.5)
        out.push(
          `cut ${what(e)} ${e.scrollWidth}/${e.clientWidth}x${e.scrollHeight}/${e.clientHeight}${document.querySelector('.mine > .seat') ? '' : ' (spectator)'}`,
        );
      const seat = e.closest('.seat')?.getBoundingClientRect();
      const r = e.getBoundingClientRect();
      if (seat && r.width > 0 && (r.right > seat.right + 0.5 || r.left < seat.left - 0.5))
        out.push(`outside its seat ${what(e)}`);
    }
    for (const marks of document.querySelectorAll('.seat-marks'))
      if (getComputedStyle(marks).display === 'none') out.push(`hidden ${what(marks)}`);
    // Their laid-out boxes, not their drawn ones: a sold bottle is scaled up and turned for
    // a moment (the "sold" animation), which crosses its neighbour on purpose.
    const bottles = [...document.querySelectorAll<HTMLElement>('.bottle')].map((b) => ({
      left: b.offsetLeft,
      right: b.offsetLeft + b.offsetWidth,
    }));
    if (bottles.length === 2 && bottles[0].right > bottles[1].left)
      out.push(`the bottles overlap: ${bottles.map((b) => `${b.left}-${b.right}`).join(', ')}`);
    return out;
  });
}

/**
 * The badges on the player's cards (a received card, a hint's mark) that do not show whole:
 * cut, over their card's rank, or reaching past the strip the next card leaves in sight.
 */
function hiddenBadges(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const cards = [...document.querySelectorAll('[data-testid="hand"] .card')];
    cards.forEach((card, i) => {
      const badge = card.querySelector('.card-badge');
      const rank = card.querySelector('.card-rank')?.getBoundingClientRect();
      if (!badge || !rank) return;
      const b = badge.getBoundingClientRect();
      const name = `badge "${badge.textContent}" on ${card.getAttribute('data-rank')}`;
      if (badge.scrollWidth > badge.clientWidth + 0.5) out.push(`cut ${name}`);
      if (
        b.left < rank.right - 0.5 &&
        b.right > rank.left + 0.5 &&
        b.top < rank.bottom - 0.5 &&
        b.bottom > rank.top + 0.5
      )
        out.push(`${name} covers the rank`);
      const next = cards[i + 1]?.getBoundingClientRect();
      if (next && b.right > next.left + 0.5) out.push(`${name} runs under the next card`);
    });
    return out;
  });
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
      // Each mark shows whole in the strip of its card that the next card leaves in sight.
      expect(await hiddenBadges(page)).toEqual([]);
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

  // Phones at 2, 4 and 6 players, and a desktop with a mouse at 4.
  for (const { size, players, touch } of SEAT_CASES) {
    it(`every seat's points, bottle price and marks show whole at ${players} players, ${size.width}×${size.height}, to the player and a spectator`, async () => {
      const { context, page } = await device(env.browser(), size.width, size.height, { touch });
      await botTable(page, env.server().url, players);
      const code = await page.getByTestId('table-code').textContent();
      const watcher = await device(env.browser(), size.width, size.height, { touch, prefs: { name: 'Lopaka' } });
      await watcher.page.goto(`${env.server().url}/#/t/${code}`);
      await watcher.page.getByTestId('table').waitFor();
      const cut = new Set<string>();
      let maxPoints = 0;
      let steps = 0;
      let received = 0;
      while (!(await page.getByTestId('game-over').isVisible())) {
        for (const p of [page, watcher.page]) for (const c of await cutOnTable(p)) cut.add(c);
        // The marks on cards received in the pass show whole.
        for (const c of await hiddenBadges(page)) cut.add(c);
        received = Math.max(received, await page.locator('[data-testid="hand"] .card-badge.tone-received').count());
        maxPoints = Math.max(
          maxPoints,
          ...(await page
            .locator('.seat-stats')
            .evaluateAll((all) => all.map((e) => Number(e.textContent?.match(/\d+/g)?.[1] ?? 0)))),
        );
        if (await step(page)) steps++;
        else await page.waitForTimeout(40);
        if (steps === 8)
          for (const [p, who] of [
            [page, 'player'],
            [watcher.page, 'spectator'],
          ] as const)
            await screenshot(p, `phone-seats-${players}p-${size.width}x${size.height}-${who}`);
      }
      expect(maxPoints).toBeGreaterThanOrEqual(10);
      expect(received, 'cards received in the pass were marked in the hand').toBeGreaterThan(0);
      expect([...cut], [...cut].join('\n')).toEqual([]);
      // The dealer and the first player are marked on a phone too.
      expect(await watcher.page.locator('.seat .chip-dealer').count()).toBe(1);
      await watcher.context.close();
      await context.close();
    }, 180_000);
  }

  for (const size of PHONES)
    for (const language of ['en', 'de'] as const) {
      it(`the status line is never cut at ${size.width}×${size.height} in ${language}`, async () => {
        const { context, page } = await device(env.browser(), size.width, size.height, { language });
        // 2 players: the longest words, cards received into the face-up row.
        await botTable(page, env.server().url, 2, 'normal');
        const status = page.getByTestId('status');
        const cut = new Set<string>();
        const seen = new Set<string>();
        while (!(await page.getByTestId('game-over').isVisible())) {
          const s = await status.evaluate((e) => ({
            text: e.textContent ?? '',
            cut: e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1,
          }));
          seen.add(s.text.replace(/\d+/g, '#'));
          if (s.cut) cut.add(s.text);
          if (!(await step(page))) await page.waitForTimeout(40);
        }
        expect([...cut], [...cut].join('\n')).toEqual([]);
        // It was seen with the clock and on the player's turn.
        expect([...seen].some((s) => /^\S+ (left|noch) /.test(s) || /^noch /.test(s))).toBe(true);
        expect(seen.size).toBeGreaterThanOrEqual(3);
        await context.close();
      }, 180_000);
    }

  for (const size of PHONES)
    it(`2 players at ${size.width}×${size.height}: the face-up row in sight while passing, nothing overlapping in play`, async () => {
      const { context, page } = await device(env.browser(), size.width, size.height);
      await botTable(page, env.server().url, 2);
      const mine = page.getByTestId('my-faceup');
      expect(await mine.locator('button.card, .card').count()).toBe(6);
      expect(await onScreen(page, mine)).toBe(true);
      expect(await apart(page, ['my-faceup', 'faceup-1', 'pass-panel', 'status'])).toEqual([]);
      const overlaps = new Set<string>();
      let turns = 0;
      while (!(await page.getByTestId('game-over').isVisible())) {
        if (await page.locator(FACE_UP_PLAYABLE).count()) {
          // In play: the trick, its words, the devil's trick, the status and both rows apart, captions whole.
          for (const o of await apart(page, ['trick', 'devil', 'status', 'my-faceup', 'faceup-1', 'hand']))
            overlaps.add(o);
          for (const c of await page
            .locator('.hand-caption')
            .evaluateAll((all) => all.filter((e) => e.scrollHeight > e.clientHeight + 1).map((e) => e.textContent)))
            overlaps.add(`caption cut: ${c}`);
          turns++;
        }
        if (!(await step(page))) await page.waitForTimeout(40);
      }
      expect(turns).toBeGreaterThan(4);
      expect([...overlaps], [...overlaps].join('; ')).toEqual([]);
      await context.close();
    }, 180_000);
});

const FACE_UP_PLAYABLE = '[data-testid="hand"] button.card.playable, [data-testid="my-faceup"] button.card.playable';

/** Pairs of the elements (by test id) whose boxes overlap. */
function apart(page: Page, ids: readonly string[]): Promise<string[]> {
  return page.evaluate((ids) => {
    const boxes = ids
      .map((id) => ({ id, r: document.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect() }))
      .filter((b): b is { id: string; r: DOMRect } => b.r !== undefined && b.r.height > 0);
    const out: string[] = [];
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i].r, boxes[j].r];
        if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
          out.push(
            `${boxes[i].id} overlaps ${boxes[j].id} (${Math.round(a.top)}-${Math.round(a.bottom)} / ${Math.round(b.top)}-${Math.round(b.bottom)})`,
          );
      }
    return out;
  }, ids);
}
