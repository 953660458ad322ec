/**
 * Accounts in the web client, against the real server in real Chromium, on a 360×740
 * touch phone: an account made with a passkey alone (a CDP virtual authenticator) signs
 * out and in again with it, downloads its data and is deleted; a password sign-in in German, refused first for a wrong
 * password in German words. Every screen of it fits the phone, with no control under
 * 44 px. A passkey's site is a host name, so the pages are at localhost, not 127.0.0.1.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { i18n, initI18n, loadLanguage } from '../../src/web/i18n.js';
import {
  addAuthenticator,
  browserAvailable,
  device,
  overflowing,
  screenshot,
  serverAndBrowser,
  smallTargets,
  syncPasskeys,
} from './harness.js';
import { createTable, startWhenFull } from './play.js';

const run = browserAvailable();
const PHONE = [360, 740] as const;

/** What a phone screen of the account shows wrong: anything past its edge, any control too small. */
async function misfits(page: Page): Promise<string[]> {
  return [...(await overflowing(page)), ...(await smallTargets(page))];
}

describe.runIf(run)('accounts on a phone', () => {
  const { server, browser } = serverAndBrowser();
  const local = () => server().url.replace('127.0.0.1', 'localhost');

  it('makes an account with a passkey alone, signs out and in with it, downloads its data, deletes it', async () => {
    initI18n('en');
    const t = i18n.getFixedT('en');
    const { context, page } = await device(browser(), ...PHONE);
    await page.goto(`${local()}/#/account`);
    await addAuthenticator(context, page);
    await page.getByTestId('sign-in').waitFor();
    expect(await page.getByTestId('account-link').getAttribute('data-signed-in')).toBe('no');
    expect(await misfits(page)).toEqual([]);

    await page.getByTestId('account-switch').tap();
    await page.getByTestId('account-username').fill('keawe_phone');
    expect(await misfits(page)).toEqual([]);
    await screenshot(page, 'account-sign-up-360');
    await page.getByTestId('passkey-sign-up').tap();
    await expect.poll(() => page.getByTestId('account-name').textContent()).toBe('keawe_phone');
    expect(await page.getByTestId('passkey-count').textContent()).toBe(t('account.passkeys', { count: 1 }));
    expect(await page.getByTestId('account-link').getAttribute('aria-label')).toBe(
      t('account.signedInAs', { name: 'keawe_phone' }),
    );
    expect(await misfits(page)).toEqual([]);
    await screenshot(page, 'account-settings-360');

    await page.getByTestId('sign-out').tap();
    await page.getByTestId('sign-in').waitFor();
    expect(await page.getByTestId('account-link').getAttribute('data-signed-in')).toBe('no');
    await page.getByTestId('passkey-sign-in').tap();
    await expect.poll(() => page.getByTestId('account-name').textContent()).toBe('keawe_phone');
    // Known again after a reload: the session is the server's cookie, not the page's memory.
    await page.reload();
    await expect.poll(() => page.getByTestId('account-name').textContent()).toBe('keawe_phone');

    // The account's data, downloaded as JSON.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-data').tap()]);
    const stream = await download.createReadStream();
    let text = '';
    for await (const chunk of stream) text += chunk;
    expect(JSON.parse(text).account.username).toBe('keawe_phone');

    // Deleted just after a sign-in, so no second one is asked: back to the way in, name free.
    await page.getByTestId('delete-account').tap();
    expect(await misfits(page)).toEqual([]);
    await page.getByTestId('delete-confirm').tap();
    await page.getByTestId('sign-in').waitFor();
    expect(await page.getByTestId('account-link').getAttribute('data-signed-in')).toBe('no');
    const again = await fetch(`${server().url}/api/passkeys/register/options`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'keawe_phone' }),
    });
    expect(again.status).toBe(200);
    await context.close();
  });

  it('signs in with a password in German, after a wrong one refused in German', async () => {
    const made = await fetch(`${server().url}/api/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'Flasche_7', password: 'violet-otter-marmalade' }),
    });
    expect(made.status).toBe(201);
    initI18n('en');
    await loadLanguage('de');
    const t = i18n.getFixedT('de');
    const { context, page } = await device(browser(), ...PHONE, { language: 'de' });
    await page.goto(`${local()}/#/account`);
    await page.getByTestId('sign-in').waitFor();
    expect(await page.locator('h1').textContent()).toBe(t('account.signInTitle'));

    await page.getByTestId('account-username').fill('flasche_7');
    await page.getByTestId('account-password').fill('not-the-password');
    await page.getByTestId('password-submit').tap();
    await expect.poll(() => page.getByTestId('account-error').textContent()).toBe(t('errors.ERR_BAD_LOGIN'));
    expect(await misfits(page)).toEqual([]);
    await screenshot(page, 'account-sign-in-de-360');

    await page.getByTestId('account-password').fill('violet-otter-marmalade');
    await page.getByTestId('password-submit').tap();
    // The name as it was made, whatever case it was typed in.
    await expect.poll(() => page.getByTestId('account-name').textContent()).toBe('Flasche_7');
    expect(await page.getByTestId('sign-out-everywhere').textContent()).toBe(t('account.signOutEverywhere'));
    expect(await misfits(page)).toEqual([]);
    await context.close();
  });

  it("keeps a guest's seat in the account it signs up for, and a second device takes the seat", async () => {
    initI18n('en');
    const t = i18n.getFixedT('en');
    // A guest on a phone, at a table of its own with two bots.
    const phone = await device(browser(), ...PHONE);
    const code = await createTable(phone.page, local(), {
      name: 'Keawe',
      players: 3,
      rounds: 1,
      others: ['easy', 'easy'],
    });
    await startWhenFull(phone.page, 3);
    await phone.page.getByTestId('pass-panel').waitFor();
    const phoneKeys = await addAuthenticator(phone.context, phone.page);

    await phone.page.goto(`${local()}/#/account`);
    await phone.page.getByTestId('account-switch').tap();
    await phone.page.getByTestId('account-username').fill('two_devices');
    await phone.page.getByTestId('passkey-sign-up').tap();
    await phone.page.getByTestId('keep-seats').waitFor();
    expect(await misfits(phone.page)).toEqual([]);
    await screenshot(phone.page, 'account-keep-seats-360');
    await phone.page.getByTestId('keep-seats-button').tap();
    await expect.poll(() => phone.page.getByTestId('keep-moved').textContent()).toBe(t('account.kept', { count: 1 }));
    await expect.poll(() => phone.page.getByTestId('keep-seats-button').count()).toBe(0);

    // A laptop with no seat token signs in to the same account with the synced passkey.
    const laptop = await device(browser(), 1280, 800, { touch: false });
    await laptop.page.goto(`${local()}/#/account`);
    await syncPasskeys(phoneKeys, await addAuthenticator(laptop.context, laptop.page));
    await laptop.page.getByTestId('passkey-sign-in').click();
    await expect.poll(() => laptop.page.getByTestId('account-name').textContent()).toBe('two_devices');
    expect(await laptop.page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes(':seat:')))).toEqual([]);
    await laptop.page.goto(`${local()}/#/`);
    await laptop.page.getByTestId(`return-${code}`).click();
    await laptop.page.getByTestId('pass-panel').waitFor();

    // The same seat: the same hand on both screens (nobody passes, so it holds still).
    const hand = (page: Page) =>
      page
        .locator('[data-testid="hand"] button.card')
        .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
    await phone.page.goto(`${local()}/#/t/${code}`);
    await phone.page.getByTestId('pass-panel').waitFor();
    const held = await hand(phone.page);
    expect(held.length).toBeGreaterThan(0);
    expect(await hand(laptop.page)).toEqual(held);
    await phone.context.close();
    await laptop.context.close();
  });
});
