/**
 * A player's profile in the web client, against the real server in real Chromium on a
 * 360×740 touch phone: the games that two signed-in players played (through Socket.IO, as
 * scripts) are listed with the player's place and every seat's total, the other player,
 * whose account was deleted since, named "Deleted player" in English and in German; each
 * game opens in the replay, played on by itself or with the coach's analysis asked for.
 * Every screen fits the phone, with no control under 44 px. Its own server, so that the
 * sign-up limit of accounts.test.ts is not shared.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, loadLanguage } from '../../src/web/i18n.js';
import { Client, playToEnd } from '../server/helpers/client.js';
import { Jar } from '../server/helpers/jar.js';
import type { TestServer } from '../server/helpers/server.js';
import { browserAvailable, device, overflowing, screenshot, serverAndBrowser, smallTargets } from './harness.js';

const run = browserAvailable();
const PHONE = [360, 740] as const;
const PASSWORD = 'violet-otter-marmalade';

describe.runIf(run)('a profile on a phone', () => {
  const { server, browser } = serverAndBrowser();
  const clients: Client[] = [];
  const games: string[] = [];
  afterAll(() => {
    for (const c of clients) c.socket.close();
  });

  /** A browser-less player signed up through the API (the requests Jar would send from a page). */
  const signedUp = async (username: string) => {
    const { url } = server();
    const jar = new Jar({ url, port: Number(new URL(url).port) } as TestServer);
    expect((await jar.signUp(username, PASSWORD)).status).toBe(201);
    const client = new Client(url, null, undefined, undefined, { cookie: `bi_session=${jar.cookie}`, origin: url });
    clients.push(client);
    return { jar, client };
  };

  it('plays two games signed in, then one player deletes the account', async () => {
    const ann = await signedUp('prof_ann');
    const bea = await signedUp('prof_bea');
    const options = { players: 3, mode: 'individual', rounds: 1 };
    const { code } = (await ann.jar.request<{ code: string }>('POST', '/api/tables', { name: 'Ann', options })).body;
    expect((await bea.jar.request('POST', `/api/tables/${code}/seats`, { name: 'Bea' })).status).toBe(201);
    expect((await ann.client.watch(code)).seat).toBe(0);
    expect((await bea.client.watch(code)).seat).toBe(1);
    expect((await ann.client.call('seat:bot', { seat: 2, level: 'easy' })).ok).toBe(true);
    expect((await ann.client.call('table:start', {})).ok).toBe(true);
    await playToEnd([ann.client, bea.client]);
    games.push(ann.client.game!.gameId);
    expect((await ann.client.call('table:rematch', {})).ok).toBe(true);
    await ann.client.until(() => ann.client.game?.gameId !== games[0], 'the rematch');
    await bea.client.until(() => bea.client.game?.gameId !== games[0], 'the rematch');
    await playToEnd([ann.client, bea.client]);
    games.push(ann.client.game!.gameId);
    expect((await bea.jar.request('DELETE', '/api/me')).status).toBe(204);
  }, 120_000);

  it('lists the games with places and totals, a deleted player in English, and opens the coach', async () => {
    initI18n('en');
    const t = i18n.getFixedT('en');
    const { context, page } = await device(browser(), ...PHONE);
    await page.goto(`${server().url}/#/players/prof_ann`);
    await page.getByTestId('profile').waitFor();
    expect(await page.getByTestId('profile-games').textContent()).toBe(t('profile.games', { count: 2, n: '2' }));
    const entries = page.locator('li.replay-entry');
    await expect.poll(() => entries.count()).toBe(2);
    // Newest first.
    expect(await entries.evaluateAll((list) => list.map((e) => e.dataset.testid))).toEqual(
      [...games].reverse().map((id) => `history-${id}`),
    );
    const newest = page.getByTestId(`history-${games[1]}`);
    expect(await newest.getByTestId('history-seat-1').textContent()).toMatch(/^Deleted player -?\d+ points?$/);
    expect(await newest.getByTestId('history-seat-2').textContent()).toMatch(/^Bot 3 \(easy\) -?\d+ points?$/);
    expect(await newest.locator('strong').textContent()).toMatch(/^Place [123] of 3$/);
    expect([...(await overflowing(page)), ...(await smallTargets(page))]).toEqual([]);
    await screenshot(page, 'profile-360');

    // "Replay with the coach": the replay, its analysis asked for without a further tap.
    await newest.getByTestId('history-coach').tap();
    await page.getByTestId('replay').waitFor();
    await expect.poll(() => page.url()).toContain(`#/replay/${games[1]}/coach`);
    await page.getByTestId('analysis-status').or(page.getByTestId('analysis-players')).first().waitFor();
    expect(await page.getByTestId('analyse').count()).toBe(0);
    // The replay names the deleted player too (in full where there is room, or its spoken label).
    expect(await page.getByTestId('replay').innerHTML()).toContain(t('profile.deletedPlayer'));

    await page.goBack();
    await page.getByTestId(`history-${games[0]}`).getByTestId('history-watch').tap();
    await expect.poll(() => page.url()).toContain(`#/replay/${games[0]}/play`);
    await page.getByTestId('replay').waitFor();
    await context.close();
  });

  it('says it in German', async () => {
    initI18n('en');
    await loadLanguage('de');
    const t = i18n.getFixedT('de');
    const { context, page } = await device(browser(), ...PHONE, { language: 'de' });
    await page.goto(`${server().url}/#/players/prof_ann`);
    const newest = page.getByTestId(`history-${games[1]}`);
    await newest.waitFor();
    expect(await page.locator('#history-title').textContent()).toBe(t('profile.history'));
    expect(await newest.getByTestId('history-seat-1').textContent()).toMatch(/^Gelöschter Spieler -?\d+ Punkte?$/);
    expect(await newest.getByTestId('history-coach').textContent()).toBe(t('profile.coach'));
    expect([...(await overflowing(page)), ...(await smallTargets(page))]).toEqual([]);
    await screenshot(page, 'profile-de-360');
    // A name that is no account's, in German words.
    await page.goto(`${server().url}/#/players/nobody_here`);
    await expect.poll(() => page.getByTestId('profile-error').textContent()).toBe(t('errors.ERR_NO_PLAYER'));
    await context.close();
  });
});
