/** What a player does in the browser: create a table, pass, play, until the game is over. */
import type { Locator, Page } from 'playwright-core';

export interface NewTable {
  readonly name: string;
  readonly players: number;
  readonly rounds: number;
  /** For seats 2.. : 'open' or a bot level. */
  readonly others: readonly string[];
  /** The turn clock, when not the form's choice (none against bots only). */
  readonly clock?: string;
}

/** How a test's player presses: a mouse click, or a finger's tap on a touch screen. */
export type Press = 'click' | 'tap';

const press = (target: Locator, how: Press, options: { position?: { x: number; y: number }; timeout?: number } = {}) =>
  how === 'tap' ? target.tap(options) : target.click(options);

/** Create a table from the home screen; returns its code once the lobby shows. */
export async function createTable(page: Page, url: string, t: NewTable, how: Press = 'click'): Promise<string> {
  await page.goto(`${url}/#/`);
  await page.getByTestId('name').fill(t.name);
  await page.getByTestId(`players-${t.players}`).check({ force: true });
  await page.getByTestId('rounds').fill(String(t.rounds));
  for (let i = 0; i < t.others.length; i++) await page.getByTestId(`seat-choice-${i}`).selectOption(t.others[i]);
  if (t.clock) await page.getByTestId('clock-choice').selectOption(t.clock);
  await press(page.getByTestId('create'), how);
  await page.getByTestId('lobby').waitFor();
  return (await page.getByTestId('table-code').textContent()) ?? '';
}

/** Wait until every seat of the lobby is filled, then start. */
export async function startWhenFull(page: Page, players: number, how: Press = 'click'): Promise<void> {
  for (let s = 0; s < players; s++)
    await page.getByTestId(`lobby-seat-${s}`).getByText('open seat').waitFor({ state: 'detached' });
  await press(page.getByTestId('start'), how);
  await page.getByTestId('table').waitFor();
}

/** Where a click lands on a card: near its left edge, which stays visible when cards overlap. */
export const FINGER = { position: { x: 10, y: 40 } };

/** Choose the first cards of the hand for the pass slots, then confirm. */
export async function passCards(page: Page, how: Press = 'click'): Promise<void> {
  const panel = page.getByTestId('pass-panel');
  const slots = await panel.getByRole('listitem').count();
  for (let i = 0; i < slots; i++) await press(page.getByTestId('hand').getByRole('button').nth(i), how, FINGER);
  await press(page.getByTestId('pass-confirm'), how);
  await panel.waitFor({ state: 'detached' });
}

/** How long a played card may take to leave the hand (the server's acknowledgement, on a loaded machine). */
const LEAVES_HAND_MS = 15_000;

export const PLAYABLE = '[data-testid="hand"] button.card.playable, [data-testid="my-faceup"] button.card.playable';

/**
 * Play a card by touch: a first tap lifts the first playable card (`onLifted` may look at the
 * table then: the preview, the Play button), then the Play button (`with` 'button') or a
 * second tap on the card plays it. Returns false when no card was playable or the table
 * moved on under the finger (a bot played, a trick ended); a failed check is thrown.
 */
export async function tapPlay(
  page: Page,
  using: 'button' | 'card',
  onLifted?: (rank: number) => Promise<void>,
): Promise<boolean> {
  const card = page.locator(PLAYABLE).first();
  if ((await card.count()) === 0) return false;
  let rank: string | null = null;
  try {
    rank = await card.getAttribute('data-rank', { timeout: 2000 });
    const lifted = page.locator(`button.card.lifted[data-rank="${rank}"]`);
    await card.tap({ ...FINGER, timeout: 2000 });
    await lifted.waitFor({ timeout: 2000 });
    await onLifted?.(Number(rank));
    if (using === 'button') await page.getByTestId('play-lifted').tap({ timeout: 2000 });
    else await lifted.tap({ ...FINGER, timeout: 2000 });
    await played(page, rank!);
    return true;
  } catch (e) {
    if (e instanceof Error && e.name === 'AssertionError') throw e;
    // A step timed out on a slow page, yet the card may have been played all the same (a
    // tap that landed late, seen more than 2 s late under the suite's load).
    if (rank === null) return false;
    return played(page, rank).then(
      () => true,
      () => false,
    );
  }
}

/**
 * Resolves once the card of `rank` has been played: it left the player's cards, or the round
 * or the game is over. The card leaves when the server acknowledges, so a loaded machine
 * gets time. A round's last card may come back at once in the next round's hand, under the
 * round summary (the same rank dealt again, the same element): that it was played is then
 * told by the summary. Looking at the card alone, a game by taps counted 15 plays of its 16.
 */
function played(page: Page, rank: string): Promise<unknown> {
  return page.waitForFunction(
    (r) =>
      document.querySelector(
        `[data-testid="hand"] [data-rank="${r}"], [data-testid="my-faceup"] [data-rank="${r}"]`,
      ) === null ||
      ['summary-continue', 'game-over'].some(
        (id) => document.querySelector(`[data-testid="${id}"]`)?.checkVisibility() === true,
      ),
    rank,
    { polling: 50, timeout: LEAVES_HAND_MS },
  );
}

/**
 * Take one step of play if there is one: close a round summary, pass, or play a playable
 * card (a click, or by touch a tap that lifts it and a tap on Play). Returns false when
 * there was nothing to do yet.
 */
export async function step(page: Page, how: Press = 'click'): Promise<boolean> {
  try {
    if (await page.getByTestId('summary-continue').isVisible()) {
      await press(page.getByTestId('summary-continue'), how, { timeout: 2000 });
      return true;
    }
    if (await page.getByTestId('pass-panel').isVisible()) {
      await passCards(page, how);
      return true;
    }
    if (how === 'tap') return await tapPlay(page, 'button');
    const card = page.locator(PLAYABLE).first();
    if ((await card.count()) > 0) {
      await card.click({ ...FINGER, timeout: 2000 });
      return true;
    }
  } catch {
    // The table moved on under the click (a bot played, a trick ended): look again.
  }
  return false;
}

/**
 * Wait until the player has something to do (`step` would act: a round summary to close,
 * cards to pass, a card to play) or the game is over: looked at in the page every 50 ms
 * (each frame would keep Chromium drawing frames, some 7 % of a core per waiting page).
 */
export async function untilMove(page: Page, timeout = 60_000): Promise<void> {
  await page.waitForFunction(
    (playable) => {
      const shown = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.checkVisibility() === true;
      return (
        shown('game-over') ||
        shown('summary-continue') ||
        shown('pass-panel') ||
        document.querySelector(playable) !== null
      );
    },
    PLAYABLE,
    { polling: 50, timeout },
  );
}

/** Play on until the game-over dialog shows, by clicks or (`how` 'tap') by a finger's taps. */
export async function playToGameOver(
  page: Page,
  onSummary?: () => Promise<void>,
  deadlineMs = 150_000,
  how: Press = 'click',
): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (Date.now() < end) {
    if (await page.getByTestId('game-over').isVisible()) return;
    if (onSummary && (await page.getByTestId('summary-dialog').isVisible())) {
      await onSummary();
      onSummary = undefined;
    }
    if (!(await step(page, how))) await untilMove(page, Math.max(1, end - Date.now())).catch(() => undefined);
  }
  throw new Error('The game did not end in time.');
}

/** A table of `players` with the player and bots of `level` only, started, at its first pass. */
export async function botTable(page: Page, url: string, players: number, clock?: string): Promise<void> {
  await createTable(page, url, { name: 'Keawe', players, rounds: 1, others: Array(players - 1).fill('easy'), clock });
  await startWhenFull(page, players);
  await page.getByTestId('pass-panel').waitFor();
}
