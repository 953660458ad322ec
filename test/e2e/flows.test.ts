/**
 * The way in and out of a game on a 390×844 touch phone, against the real server in
 * real Chromium: first join without "Reconnected", chat (unread count, a refusal shown
 * with its reason, read-only for a spectator), the tab title on your turn, Leave (a bot
 * plays on) and Return to your game (no "Reconnected" either), Rematch after "Look at
 * the table", the Replays page (download and auto-play), a broken invite link, a German
 * error from a server refusal, a notification when the tab is hidden, and reactions
 * and icons drawn without an emoji font.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { browserAvailable, device, emojiOn, launchBrowser, screenshot, serverAndBrowser } from './harness.js';
import { createTable, passCards, playToGameOver, startWhenFull } from './play.js';

const run = browserAvailable();
const PHONE = [390, 844] as const;

/** Send one chat message and wait for the server's answer (the box empties, or says why not). */
async function say(page: Page, text: string): Promise<void> {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-send').tap();
  await expect
    .poll(
      async () =>
        (await page.getByTestId('chat-input').inputValue()) === '' ||
        (await page.getByTestId('chat-refused').count()) > 0,
    )
    .toBe(true);
}

describe.skipIf(!run)('flows on a phone', () => {
  const env = serverAndBrowser();

  it('join, chat, your turn, leave, return, rematch after "Look at the table", and the replays page', async () => {
    const host = await device(env.browser(), ...PHONE, { prefs: { tap: 'once' } });
    const guest = await device(env.browser(), ...PHONE, { prefs: { name: 'Kokua' } });
    const a = host.page;
    const b = guest.page;
    const code = await createTable(a, env.server().url, {
      name: 'Keawe',
      players: 3,
      rounds: 1,
      others: ['open', 'easy'],
    });

    // A first join is no return: nothing says "Reconnected".
    await b.goto(`${env.server().url}/#/t/${code}`);
    await b.getByTestId('join-seat').tap();
    await b.getByTestId('lobby-seat-1').getByText('you', { exact: true }).waitFor();
    await b.waitForTimeout(500);
    expect(await b.getByTestId('reconnected').count()).toBe(0);

    await startWhenFull(a, 3);
    await b.getByTestId('table').waitFor();

    // Your turn (passing) is in the tab's title; once passed and waiting, it is not.
    await expect.poll(() => a.title()).toBe('Your turn · The Bottle Imp');
    await expect.poll(() => b.title()).toBe('Your turn · The Bottle Imp');
    // The favicon gets its red dot (a circle) on your turn, and loses it once you have passed.
    const icon = (p: Page) => p.locator('link[rel="icon"]').getAttribute('href');
    expect(await icon(a)).toContain('circle');
    await passCards(a);
    await expect.poll(() => a.title()).toBe('The Bottle Imp');
    expect(await icon(a)).not.toContain('circle');

    // Chat: the guest's tab counts what it has not read.
    await a.getByTestId('tab-chat').tap();
    await say(a, 'Aloha');
    await expect.poll(() => b.getByTestId('tab-chat').locator('.tab-badge').textContent()).toBe('1');
    await say(a, 'Two');
    await expect.poll(() => b.getByTestId('tab-chat').locator('.tab-badge').textContent()).toBe('2');
    await screenshot(b, 'flows-unread-390x844');
    await b.getByTestId('tab-chat').tap();
    await b.getByTestId('chat').getByText('Aloha').waitFor();
    // The badge clears once the open chat is rendered read, which may be a frame after the message shows.
    await expect.poll(() => b.getByTestId('tab-chat').locator('.tab-badge').count()).toBe(0);
    await b.getByTestId('sheet-close').tap();

    // Messages in a row until one is refused (the sixth in ten seconds, or sooner while the
    // two above still count): each waits for its outcome, shown or refused, before the next
    // is typed; the refused one stays in the box, with the reason.
    let refused: string | null = null;
    for (let n = 3; refused === null; n++) {
      expect(n, 'no message was refused').toBeLessThanOrEqual(8);
      const text = `Message ${n}`;
      await a.getByTestId('chat-input').fill(text);
      await a.getByTestId('chat-send').tap();
      const shown = a.getByTestId('chat').locator('.chat-messages li', { hasText: text });
      await expect
        .poll(async () => (await shown.count()) > 0 || (await a.getByTestId('chat-refused').count()) > 0)
        .toBe(true);
      if ((await shown.count()) === 0) refused = text;
    }
    await a.getByTestId('chat-refused').getByText('You are chatting too fast').waitFor();
    expect(await a.getByTestId('chat-input').inputValue()).toBe(refused);
    await screenshot(a, 'flows-chat-refused-390x844');
    await a.getByTestId('sheet-close').tap();

    // A spectator reads the chat but cannot write in it.
    const watcher = await device(env.browser(), ...PHONE, { prefs: { name: 'Lopaka' } });
    await watcher.page.goto(`${env.server().url}/#/t/${code}`);
    await watcher.page.getByTestId('tab-chat').tap();
    await watcher.page.getByTestId('chat').getByText('Aloha').waitFor();
    expect(await watcher.page.getByTestId('chat-audience').textContent()).toMatch(
      /only the players at the table can write/,
    );
    expect(await watcher.page.getByTestId('chat-input').count()).toBe(0);
    await watcher.context.close();

    // The guest leaves (after saying yes); a bot plays the seat on, and home lists no seat of theirs.
    await b.getByTestId('leave').tap();
    await b.getByTestId('leave-dialog').waitFor();
    await screenshot(b, 'flows-leave-390x844');
    await b.getByTestId('leave-confirm').tap();
    await b.getByTestId('home').waitFor();
    await b.waitForTimeout(500);
    expect(await b.getByTestId(`return-${code}`).count()).toBe(0);

    // The host goes home and comes back through "Return to your game".
    await a.goto(`${env.server().url}/#/`);
    await a.getByTestId(`return-${code}`).waitFor();
    await screenshot(a, 'flows-return-390x844');
    await a.getByTestId(`return-${code}`).tap();
    await a.getByTestId('table').waitFor();
    // Coming back mid-game is no reconnection: the connection was never lost.
    await a.getByTestId('hand').waitFor();
    await a.waitForTimeout(500);
    expect(await a.getByTestId('reconnected').count()).toBe(0);

    await playToGameOver(a);
    // "Look at the table": Rematch and the replay link stay within reach.
    await a.getByTestId('game-over').getByRole('button', { name: 'Look at the table' }).tap();
    const after = a.getByTestId('over-actions');
    await after.waitFor();
    const replay = await after.getByTestId('replay-link').getAttribute('href');
    expect(replay).toMatch(/^#\/replay\//);
    await screenshot(a, 'flows-look-at-table-390x844');
    // The guest's seat is empty again (a bot played it only for the game it left): the rematch waits in the lobby.
    await after.getByTestId('rematch').tap();
    await a.getByTestId('lobby-seat-1').getByText('open seat').waitFor();

    // The Replays page lists the game: its record downloads, and Watch plays it by itself.
    const gameId = decodeURIComponent(replay!.split('/').pop()!);
    await a.goto(`${env.server().url}/#/replays`);
    const entry = a.getByTestId(`replay-${gameId}`);
    await entry.waitFor();
    // It says who won, and every seat's total.
    await expect
      .poll(() => entry.getByTestId('replay-result').textContent())
      .toMatch(/ (won|shared the win)\. .*\S+ -?\d+ · .*\S+ -?\d+/);
    await screenshot(a, 'flows-replays-390x844');
    // Its share link goes to the clipboard.
    await host.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server().url });
    await entry.getByTestId('replay-share').tap();
    await entry.getByText('Link copied').waitFor();
    expect(await a.evaluate(() => navigator.clipboard.readText())).toBe(
      `${env.server().url}/#/replay/${encodeURIComponent(gameId)}`,
    );
    const [download] = await Promise.all([a.waitForEvent('download'), entry.getByTestId('replay-download').tap()]);
    expect(download.suggestedFilename()).toBe(`bottle-imp-${gameId}.json`);
    const record = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { format: string; players: string[] };
    expect(record.format).toBe('bottle-imp/1');
    expect(record.players).toHaveLength(3);
    await entry.getByTestId('replay-watch').tap();
    await expect.poll(() => a.getByTestId('replay-play').textContent()).toBe('Pause');
    // The step buttons' triangles are plain characters, not emoji.
    expect(await emojiOn(a)).toEqual([]);
    const stepOf = async () =>
      Number(/step (\d+)/.exec((await a.getByTestId('replay-where').textContent()) ?? '')?.[1]);
    await expect.poll(stepOf, { timeout: 10_000 }).toBeGreaterThan(3);
    await a.getByTestId('replay-play').tap();
    const stopped = await stepOf();
    await a.waitForTimeout(1500);
    expect(await stepOf()).toBe(stopped);

    // Home (with "Return to your game") and the Replays page at the other sizes.
    for (const [width, height] of [
      [360, 740],
      [768, 1024],
      [1440, 900],
    ]) {
      await a.setViewportSize({ width, height });
      await a.goto(`${env.server().url}/#/replays`);
      await entry.waitFor();
      await screenshot(a, `flows-replays-${width}x${height}`);
      await a.goto(`${env.server().url}/#/`);
      await a.getByTestId(`return-${code}`).waitFor();
      await screenshot(a, `flows-home-${width}x${height}`);
    }
    await host.context.close();
    await guest.context.close();
  }, 240_000);

  it('reactions and icons are drawn, so a browser without an emoji font shows no boxes', async () => {
    const { context, page } = await device(env.browser(), ...PHONE);
    await createTable(page, env.server().url, { name: 'Keawe', players: 3, rounds: 1, others: ['easy', 'easy'] });
    // The header's preferences gear.
    expect(await emojiOn(page)).toEqual([]);
    await startWhenFull(page, 3);
    await page.getByTestId('tab-chat').tap();
    const chat = page.getByTestId('chat');
    await chat.waitFor();
    expect(await emojiOn(page)).toEqual([]);
    // A reaction is still the protocol's emoji: sent by its button, shown as its picture.
    await page.getByRole('button', { name: 'React with 🍾' }).tap();
    await chat.locator('.chat-messages svg[role="img"][aria-label="🍾"]').waitFor();
    expect(await emojiOn(page)).toEqual([]);
    await screenshot(page, 'flows-reactions-390x844');
    await context.close();
  });

  it('a broken invite link says so and shows the way home', async () => {
    const { context, page } = await device(env.browser(), 360, 740);
    await page.goto(`${env.server().url}/#/t/%E0%A4%A`);
    await page.getByTestId('broken-link').getByText('This link is broken').waitFor();
    await screenshot(page, 'flows-broken-link-360x740');
    await page.getByTestId('broken-link').getByRole('link', { name: 'Home' }).tap();
    await page.getByTestId('home').waitFor();
    await context.close();
  });

  it('a server refusal in German, and the page title in German', async () => {
    const { context, page } = await device(env.browser(), ...PHONE, { language: 'de' });
    await page.goto(`${env.server().url}/#/t/NOSUCH`);
    await page.getByRole('alert').getByText('Es gibt keinen Tisch mit diesem Code.').waitFor();
    expect(await page.title()).toBe('Flaschenteufel');
    await context.close();
  });

  it('asks for notifications only when switched on; on your turn a tone, a vibration and, the tab hidden, a notification', async () => {
    // The whole browser: the headless shell keeps notification permission denied.
    const browser = await launchBrowser({ whole: true });
    onTestFinished(() => browser.close());
    const { context, page } = await device(browser, ...PHONE, { prefs: { sound: true, vibrate: true } });
    await context.grantPermissions(['notifications']);
    // The real Notification, watched: which were shown, and when permission was asked.
    await context.addInitScript(() => {
      const seen = { shown: [] as string[], asked: 0, vibrated: 0, tones: 0 };
      const vibrate = navigator.vibrate.bind(navigator);
      navigator.vibrate = ((pattern: VibratePattern) => {
        seen.vibrated++;
        return vibrate(pattern);
      }) as Navigator['vibrate'];
      const RealAudio = window.AudioContext;
      window.AudioContext = class extends RealAudio {
        constructor(options?: AudioContextOptions) {
          super(options);
          seen.tones++;
        }
      };
      (window as unknown as { __notes: typeof seen }).__notes = seen;
      const Real = window.Notification;
      const ask = Real.requestPermission.bind(Real);
      class Watched extends Real {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          seen.shown.push(`${title}: ${options?.body ?? ''}`);
        }
      }
      Watched.requestPermission = () => {
        seen.asked++;
        return ask();
      };
      window.Notification = Watched;
    });
    const notes = () =>
      page.evaluate(
        () =>
          (window as unknown as { __notes: { shown: string[]; asked: number; vibrated: number; tones: number } })
            .__notes,
      );
    await page.goto(`${env.server().url}/#/`);
    await page.getByTestId('home').waitFor();
    expect((await notes()).asked).toBe(0);
    await page.getByTestId('open-prefs').tap();
    await page.getByTestId('pref-notify').tap();
    await expect.poll(() => page.getByTestId('pref-notify').isChecked()).toBe(true);
    expect((await notes()).asked).toBe(1);
    await page.keyboard.press('Escape');

    await createTable(page, env.server().url, { name: 'Keawe', players: 2, rounds: 1, others: ['easy'] });
    // Headless Chromium keeps every tab visible: the page is told it is hidden, as a browser does when the player switches tabs.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await startWhenFull(page, 2);
    await expect
      .poll(async () => (await notes()).shown)
      .toEqual([expect.stringMatching(/^Your turn: Table \w+: it is your turn/)]);
    const alerted = await notes();
    expect(alerted.vibrated).toBe(1);
    expect(alerted.tones).toBe(1);
  });
});
