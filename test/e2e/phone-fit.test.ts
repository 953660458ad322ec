/**
 * What a phone player must always see whole, against the real server in real Chromium
 * with touch emulation at 360×740 and 390×844: a pass hint that leaves the hand and the
 * Pass button where they were, every seat's points, bottle price and marks uncut at 2, 4
 * and 6 players (and at 1440 px with a mouse), the marks on received cards clear of their
 * ranks, the status line uncut in English and German, and the pass clock shown
 * on the round summary. The checks run in the page after every change to it (watchPage),
 * so every state of a game is looked at; each screen's pages (the player's, a spectator's)
 * serve all the tests, each test starting its own table from the home screen.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, fitsScreen, screenshot, serverAndBrowser, sharedDevices, watchPage } from './harness.js';
import { botTable, step, untilMove } from './play.js';

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
 * text is wider than its box, a seat's marks hidden, and bottle boxes that overlap. (This
 * and the checks below run in the page, watchPage's way: they use nothing from outside.)
 */
function cutOnTable(): string[] {
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
}

/**
 * The badges on the player's cards (a received card, a hint's mark) that do not show whole:
 * cut, over their card's rank, or reaching past the strip the next card leaves in sight.
 */
function hiddenBadges(): string[] {
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
}

/** What the player's page showed, as facts ("seen: …") beside the findings: cards marked as received, the seats' points. */
function seenOnSeats(): string[] {
  const out = [...document.querySelectorAll('.seat-stats')].map(
    (e) => `seen: points ${Number(e.textContent?.match(/\d+/g)?.[1] ?? 0)}`,
  );
  if (document.querySelector('[data-testid="hand"] .card-badge.tone-received')) out.push('seen: received');
  return out;
}

/** The status line cut, and (as a fact) its words, numbers as #. */
function statusLine(): string[] {
  const e = document.querySelector('[data-testid="status"]');
  if (!e) return [];
  const text = e.textContent ?? '';
  const out = [`seen: ${text.replace(/\d+/g, '#')}`];
  if (e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1) out.push(`status cut: ${text}`);
  return out;
}

/**
 * Pairs of the elements (by test id) whose boxes overlap, if the selector `when` finds
 * something (or `when` is null). As a watch check: the trick, its words, the devil's
 * trick, the status and both face-up rows, while the player can play (play.ts's PLAYABLE, written out:
 * the checks run in the page).
 */
function apart(
  { ids, when }: { ids: readonly string[]; when: string | null } = {
    ids: ['trick', 'devil', 'status', 'my-faceup', 'faceup-1', 'hand'],
    when: '[data-testid="hand"] button.card.playable, [data-testid="my-faceup"] button.card.playable',
  },
): string[] {
  if (when !== null && !document.querySelector(when)) return [];
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
}

/**
 * While the player can play (PLAYABLE): the hand's captions whole, and (as a fact) the
 * cards the player held then, different on each turn.
 */
function captionsInPlay(): string[] {
  if (
    !document.querySelector('[data-testid="hand"] button.card.playable, [data-testid="my-faceup"] button.card.playable')
  )
    return [];
  const out = [...document.querySelectorAll('.hand-caption')]
    .filter((e) => e.scrollHeight > e.clientHeight + 1)
    .map((e) => `caption cut: ${e.textContent}`);
  const held = [...document.querySelectorAll('[data-testid="hand"] .card, [data-testid="my-faceup"] .card')]
    .map((e) => e.getAttribute('data-rank'))
    .join(' ');
  return [...out, `seen: in play holding ${held}`];
}

const facts = (found: string[]) => found.filter((f) => f.startsWith('seen: ')).map((f) => f.slice(6));
const problems = (found: string[]) => found.filter((f) => !f.startsWith('seen: '));

/** Play the player's game to its end, calling `atStep` with the count after each step taken. */
async function playOut(page: Page, atStep?: (steps: number) => Promise<void>): Promise<void> {
  let steps = 0;
  while (!(await page.getByTestId('game-over').isVisible())) {
    if (await step(page)) await atStep?.(++steps);
    else await untilMove(page);
  }
}

describe.skipIf(!run)('a phone shows everything whole', () => {
  // The hints' layout is tested here, not their strength: a light search, as in coach.test.ts.
  const env = serverAndBrowser({ HINT_ITERATIONS: '80' });
  // One player's page per screen (and language), and one spectator's, for all the tests.
  const phone = sharedDevices(env.browser);

  for (const size of PHONES) {
    it(`a pass hint at ${size.width}×${size.height} leaves the hand and the Pass button where they were`, async () => {
      const { page } = await phone(size.width, size.height);
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
      expect(await page.evaluate(hiddenBadges)).toEqual([]);
      await hint.getByTestId('hint-close').tap();
      await hint.waitFor({ state: 'detached' });
      for (let i = 0; i < 3; i++)
        await hand
          .getByRole('button')
          .nth(i)
          .tap({ position: { x: 10, y: 40 } });
      expect(await confirm.isEnabled()).toBe(true);
      expect([await box(hand), await box(confirm)]).toEqual(before);
    }, 120_000);
  }

  // Phones at 2, 4 and 6 players, and a desktop with a mouse at 4; at 2 players on a phone,
  // the face-up rows as well.
  for (const { size, players, touch } of SEAT_CASES) {
    const faceUp = touch && players === 2;
    it(`every seat's points, bottle price and marks show whole at ${players} players, ${size.width}×${size.height}, to the player and a spectator${faceUp ? '; the face-up row in sight while passing, nothing overlapping in play' : ''}`, async () => {
      const { page } = await phone(size.width, size.height, { touch });
      await botTable(page, env.server().url, players);
      const code = (await page.getByTestId('table-code').textContent()) ?? '';
      if (faceUp) {
        const mine = page.getByTestId('my-faceup');
        expect(await mine.locator('button.card, .card').count()).toBe(6);
        expect(await onScreen(page, mine)).toBe(true);
        expect(
          await page.evaluate(apart, { ids: ['my-faceup', 'faceup-1', 'pass-panel', 'status'], when: null }),
        ).toEqual([]);
      }
      const watcher = await phone(size.width, size.height, { touch, prefs: { name: 'Lopaka' } });
      await watcher.page.goto(`${env.server().url}/#/t/${code}`);
      // The table of this test, not the one the page showed before.
      await watcher.page.waitForFunction(
        (code) =>
          document.querySelector('[data-testid="table"]') !== null &&
          document.querySelector('[data-testid="table-code"]')?.textContent === code,
        code,
      );
      const player = await watchPage(page, [
        cutOnTable,
        hiddenBadges,
        seenOnSeats,
        ...(faceUp ? [apart, captionsInPlay] : []),
      ]);
      const spectator = await watchPage(watcher.page, [cutOnTable]);
      await playOut(page, async (steps) => {
        if (steps === 8)
          for (const [p, who] of [
            [page, 'player'],
            [watcher.page, 'spectator'],
          ] as const)
            await screenshot(p, `phone-seats-${players}p-${size.width}x${size.height}-${who}`);
      });
      const found = await player();
      const seen = facts(found);
      const points = seen.filter((f) => f.startsWith('points ')).map((f) => Number(f.slice(7)));
      expect(Math.max(...points)).toBeGreaterThanOrEqual(10);
      expect(seen, 'cards received in the pass were marked in the hand').toContain('received');
      const cut = [...problems(found), ...(await spectator())];
      expect(cut, cut.join('\n')).toEqual([]);
      if (faceUp) expect(seen.filter((f) => f.startsWith('in play ')).length).toBeGreaterThan(4);
      // The dealer and the first player are marked on a phone too.
      expect(await watcher.page.locator('.seat .chip-dealer').count()).toBe(1);
    }, 180_000);
  }

  for (const size of PHONES)
    for (const language of ['en', 'de'] as const) {
      it(`the status line is never cut at ${size.width}×${size.height} in ${language}`, async () => {
        const { page } = await phone(size.width, size.height, { language });
        // 2 players: the longest words, cards received into the face-up row.
        await botTable(page, env.server().url, 2, 'normal');
        const status = await watchPage(page, [statusLine]);
        await playOut(page);
        const found = await status();
        expect(problems(found), problems(found).join('\n')).toEqual([]);
        const seen = facts(found);
        // It was seen with the clock and on the player's turn.
        expect(seen.some((s) => /^\S+ (left|noch) /.test(s) || /^noch /.test(s))).toBe(true);
        expect(seen.length).toBeGreaterThanOrEqual(3);
      }, 180_000);
    }
});
