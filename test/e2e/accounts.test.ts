/**
 * Accounts in the web client, against the real server in real Chromium, on a 360×740
 * touch phone: an account made with a passkey alone (a CDP virtual authenticator) signs
 * out and in again with it; a password sign-in in German, refused first for a wrong
 * password in German words. Every screen of it fits the phone, with no control under
 * 44 px. A passkey's site is a host name, so the pages are at localhost, not 127.0.0.1.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { i18n, initI18n, loadLanguage } from '../../src/web/i18n.js';
import { browserAvailable, device, overflowing, screenshot, serverAndBrowser } from './harness.js';

const run = browserAvailable();
const PHONE = [360, 740] as const;

/** A platform authenticator that holds passkeys and verifies its user, as a phone's. */
async function addAuthenticator(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** Controls a finger cannot hit: visible buttons, links styled as buttons and fields under 44 px either way. */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, a.btn, input, select')]
      .filter((e) => e.checkVisibility())
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.height < 44 || r.width < 44;
      })
      .map((e) => `${e.tagName.toLowerCase()} "${e.textContent?.trim() || e.getAttribute('aria-label')}"`),
  );
}

/** What a phone screen of the account shows wrong: anything past its edge, any control too small. */
async function misfits(page: Page): Promise<string[]> {
  return [...(await overflowing(page)), ...(await smallTargets(page))];
}

describe.runIf(run)('accounts on a phone', () => {
  const { server, browser } = serverAndBrowser();
  const local = () => server().url.replace('127.0.0.1', 'localhost');

  it('makes an account with a passkey alone, signs out, and signs in with it', async () => {
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
});
