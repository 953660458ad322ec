import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserAvailable, overflowing, ROOT, screenshot, serverAndBrowser, withMotion } from './harness.js';
import { createTable, passCards, playToGameOver, startWhenFull, step } from './play.js';

const run = browserAvailable();

describe.skipIf(!run)('playing in the browser against the real server', () => {
  const env = serverAndBrowser();

  it('(a) one human and three bots play a 4-player game to the game-over screen, animated', async () => {
    const page = await env.browser().newPage({ viewport: { width: 1280, height: 900 } });
    await withMotion(page);
    await createTable(page, env.server().url, {
      name: 'Keawe',
      players: 4,
      rounds: 1,
      others: ['easy', 'easy', 'easy'],
    });
    await startWhenFull(page, 4);
    await playToGameOver(page);
    await expect.poll(() => page.getByTestId('winners').textContent()).toMatch(/wins|share/);
    await screenshot(page, 'game-over-1280');
    const replay = await page.getByTestId('replay-link').getAttribute('href');

    // A rematch deals a new game at the same table.
    await page.getByTestId('rematch').click();
    await page.getByTestId('pass-panel').waitFor();

    // The finished game replays from the server's record, trick by trick.
    await page.goto(`${env.server().url}/${replay}`);
    const where = page.getByTestId('replay-where');
    await expect.poll(() => where.textContent()).toMatch(/^Round 1, card 0 \(step 1 of \d+\)$/);
    await page.getByTestId('replay-next-trick').click();
    await page.getByTestId('replay-next-trick').click();
    await expect.poll(() => where.textContent()).toMatch(/^Round 1, card 4 /);
    expect(await page.locator('.replay-seat').count()).toBe(4);
    await screenshot(page, 'replay-1280');

    // The same record, downloaded and opened from disk.
    const id = decodeURIComponent(replay!.split('/').pop()!);
    const record = await (await fetch(`${env.server().url}/api/games/${encodeURIComponent(id)}/record`)).text();
    await page.goto(`${env.server().url}/#/replay`);
    await page
      .getByTestId('record-file')
      .setInputFiles({ name: 'game.json', mimeType: 'application/json', buffer: Buffer.from(record) });
    await expect.poll(() => where.textContent()).toMatch(/^Round 1, card 0 \(step 1 of \d+\)$/);
    await page.getByTestId('record-file').setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"format":"bottle-imp/0"}'),
    });
    await page.getByRole('alert').getByText('format must be "bottle-imp/1"').waitFor();
    await page.close();
  }, 180_000);

  it('(b) two humans and a bot play 3 players; one reloads mid-game and carries on', async () => {
    const host = await env.browser().newContext();
    const guest = await env.browser().newContext();
    const a = await host.newPage();
    const b = await guest.newPage();
    const code = await createTable(a, env.server().url, {
      name: 'Keawe',
      players: 3,
      rounds: 1,
      others: ['open', 'easy'],
    });
    await b.goto(`${env.server().url}/#/t/${code}`);
    await b.getByTestId('lobby-name').fill('Kokua');
    await b.getByTestId('join-seat').click();
    await b.getByText('you', { exact: true }).waitFor();
    await startWhenFull(a, 3);
    await b.getByTestId('table').waitFor();

    // Table chat reaches the other player.
    await a.getByTestId('tab-chat').click();
    await a.getByTestId('chat').getByRole('textbox').fill('Aloha, Kokua!');
    await a.getByTestId('chat').getByRole('button', { name: 'Send' }).click();
    await b.getByTestId('tab-chat').click();
    await b.getByTestId('chat').getByText('Aloha, Kokua!').waitFor();

    let reloaded = false;
    const end = Date.now() + 150_000;
    while (!(await a.getByTestId('game-over').isVisible()) || !(await b.getByTestId('game-over').isVisible())) {
      if (Date.now() > end) throw new Error('The game did not end in time.');
      const moved = (await step(a)) || (await step(b));
      const played = await b.locator('[data-testid="log-trick"], .log-trick').count();
      if (
        !reloaded &&
        (await b
          .getByTestId('table')
          .getAttribute('data-phase')
          .catch(() => null)) === 'play' &&
        played === 0 &&
        (await b.getByTestId('trick').getByRole('img').count()) > 0
      ) {
        await b.reload();
        await b.getByTestId('table').waitFor();
        reloaded = true;
        // Back at its own seat: the hand is shown again, not a spectator's view.
        await b.getByTestId('hand').waitFor();
        // A reload is no lost connection: nothing says "Reconnected".
        await b.waitForTimeout(500);
        expect(await b.getByTestId('reconnected').count()).toBe(0);
      }
      if (!moved) await a.waitForTimeout(40);
    }
    expect(reloaded).toBe(true);
    await expect.poll(() => b.getByTestId('winners').textContent()).toBe(await a.getByTestId('winners').textContent());
    await host.close();
    await guest.close();
  }, 180_000);

  it('(c) a 2-player game, with face-up rows, to the end', async () => {
    const page = await env.browser().newPage({ viewport: { width: 1280, height: 900 } });
    await createTable(page, env.server().url, { name: 'Keawe', players: 2, rounds: 1, others: ['easy'] });
    await startWhenFull(page, 2);
    await page.getByTestId('pass-panel').waitFor();
    expect(await page.getByTestId('pass-panel').getByRole('listitem').count()).toBe(4);
    await passCards(page);
    await page.getByTestId('my-faceup').waitFor();
    await screenshot(page, 'table-2p-1280');
    await page.setViewportSize({ width: 360, height: 780 });
    await screenshot(page, 'table-2p-360');
    await page.setViewportSize({ width: 1280, height: 900 });
    await playToGameOver(page, async () => {
      // The round summary turns the devil's trick over: 4 cards with 2 players.
      expect(await page.getByTestId('round-summary').getByRole('img').count()).toBe(4);
      await screenshot(page, 'round-summary-1280');
    });
    await page.close();
  }, 180_000);

  it('(d) plays a trick from the keyboard alone, and (e) saves screenshots at 360 and 1280 px', async () => {
    const page = await env.browser().newPage({ viewport: { width: 1280, height: 900 } });
    await createTable(page, env.server().url, {
      name: 'Keawe',
      players: 4,
      rounds: 1,
      others: ['easy', 'easy', 'easy'],
    });
    await startWhenFull(page, 4);
    await page.getByTestId('pass-panel').waitFor();
    await screenshot(page, 'pass-1280');

    // Pass: a digit jumps to a card, Enter puts it in the active slot; Tab reaches the button.
    for (const digit of ['1', '2', '3']) {
      await page.keyboard.press(digit);
      await page.keyboard.press('Enter');
    }
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByTestId('pass-panel').waitFor({ state: 'detached' });

    // Play: wait for our turn, then walk the hand with the arrow keys to a playable card.
    const hand = page.getByTestId('hand');
    await hand.locator('button.card.playable').first().waitFor({ timeout: 60_000 });
    await screenshot(page, 'table-1280');
    const before = await hand.getByRole('button').count();
    await page.keyboard.press('1');
    for (let i = 0; i < before; i++) {
      const playable = await page.evaluate(() => document.activeElement?.classList.contains('playable') ?? false);
      if (playable) break;
      await page.keyboard.press('ArrowRight');
    }
    const rank = await page.evaluate(() => (document.activeElement as HTMLElement).dataset.rank);
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        hand
          .getByRole('img')
          .count()
          .then(async (n) => n + (await hand.getByRole('button').count())),
      )
      .toBe(before - 1);
    expect(await page.getByTestId('game-log').or(page.getByTestId('trick')).first().isVisible()).toBe(true);
    expect(await hand.locator(`[data-rank="${rank}"]`).count()).toBe(0);

    await page.setViewportSize({ width: 360, height: 780 });
    await screenshot(page, 'table-360');
    expect(await overflowing(page)).toEqual([]);
    await page.close();
  }, 180_000);

  it('(e) home, lobby and rules fit a 360 px phone, in English and German', async () => {
    const page = await env.browser().newPage({ viewport: { width: 360, height: 780 } });
    await page.goto(`${env.server().url}/#/`);
    await page.getByTestId('home').waitFor();
    await screenshot(page, 'home-360');
    expect(await overflowing(page)).toEqual([]);
    await createTable(page, env.server().url, {
      name: 'Kokua',
      players: 5,
      rounds: 1,
      others: ['easy', 'open', 'easy', 'open'],
    });
    await screenshot(page, 'lobby-360');
    expect(await overflowing(page)).toEqual([]);
    await page.getByTestId('open-prefs').click();
    await page.getByTestId('pref-language-de').check({ force: true });
    await page.keyboard.press('Escape');
    await page.getByTestId('nav-rules').click();
    await page.getByRole('heading', { name: 'So spielt man den Flaschenteufel' }).waitFor();
    await page.goto(`${env.server().url}/#/rules`);
    await screenshot(page, 'rules-360-de');
    expect(await overflowing(page)).toEqual([]);
    // The replay of a 6-player game, scores included, in German.
    const record = execFileSync(process.execPath, [
      path.join(ROOT, 'dist/cli/main.js'),
      'random-game',
      '--players',
      '6',
      '--seed',
      '3',
    ]);
    await page.goto(`${env.server().url}/#/replay`);
    await page
      .getByTestId('record-file')
      .setInputFiles({ name: 'six.json', mimeType: 'application/json', buffer: record });
    for (let i = 0; i < 40; i++) await page.getByTestId('replay-next').click();
    await screenshot(page, 'replay-360-de');
    expect(await overflowing(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${env.server().url}/#/`);
    await screenshot(page, 'home-1280-de');
    await page.close();

    // Asking the system for reduced motion stills every animation (they all scale with --anim).
    const still = await env.browser().newPage({ reducedMotion: 'reduce' });
    await still.goto(`${env.server().url}/#/`);
    await still.getByTestId('home').waitFor();
    expect(
      await still.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--anim').trim()),
    ).toBe('0');
    await still.close();
  }, 120_000);
});

describe.skipIf(!run)('a lost connection', () => {
  const env = serverAndBrowser();

  it('is shown on screen while the server is down, and play carries on when it is back', async () => {
    const page = await env.browser().newPage({ viewport: { width: 1280, height: 900 } });
    await createTable(page, env.server().url, { name: 'Keawe', players: 3, rounds: 1, others: ['easy', 'easy'] });
    await startWhenFull(page, 3);
    await passCards(page);
    const restarted = env.server().restart();
    await page.getByTestId('offline').waitFor();
    await screenshot(page, 'offline-1280');
    await restarted;
    await page.getByTestId('reconnected').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('offline').count()).toBe(0);
    await playToGameOver(page);
    await page.close();
  }, 180_000);
});
