/**
 * Passkeys end to end: Debian's Chromium with a virtual authenticator (CDP
 * `WebAuthn.addVirtualAuthenticator`) on a page of the real server at localhost. An
 * account made with a passkey alone signs in with it on a new device and has no password;
 * a password account adds a passkey; an answer is taken once.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAuthenticator, browserAvailable, launchBrowser } from '../e2e/harness.js';
import { Jar } from './helpers/jar.js';
import { startServer, type TestServer } from './helpers/server.js';

const run = browserAvailable();

interface Answer {
  status: number;
  body: { account?: { username: string }; passkeys?: number; error?: { code: string } };
}

/** A browser page of the server with a platform authenticator that holds passkeys. */
async function device(browser: Browser, server: TestServer): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  // A passkey's site is a host name: localhost, not 127.0.0.1.
  await page.goto(`http://localhost:${server.port}/`);
  await addAuthenticator(context, page);
  return { context, page };
}

/** In the page: the browser's fetch (its cookie, its Origin). */
const post = (page: Page, url: string, body: unknown = {}) =>
  page.evaluate(
    async ({ url, body }) => {
      const r = await fetch(url, {
        method: url === '/api/session' && body === null ? 'DELETE' : 'POST',
        headers: body === null ? {} : { 'content-type': 'application/json' },
        body: body === null ? undefined : JSON.stringify(body),
      });
      return { status: r.status, body: r.status === 204 ? {} : await r.json() };
    },
    { url, body },
  ) as Promise<Answer>;

/** In the page: register a passkey (a new account when `username` is given), returning the server's answer. */
const registerPasskey = (page: Page, username?: string) =>
  page.evaluate(async (username) => {
    const options = await fetch('/api/passkeys/register/options', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(username === undefined ? {} : { username }),
    }).then((r) => r.json());
    const credential = (await navigator.credentials.create({
      publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options),
    })) as PublicKeyCredential;
    const r = await fetch('/api/passkeys/register/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ response: credential.toJSON() }),
    });
    return { status: r.status, body: await r.json() };
  }, username) as Promise<Answer>;

/** In the page: sign in with a passkey; returns the answer, and the answer sent a second time. */
const signInWithPasskey = (page: Page) =>
  page.evaluate(async () => {
    const options = await fetch('/api/passkeys/login/options', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }).then((r) => r.json());
    const credential = (await navigator.credentials.get({
      publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options),
    })) as PublicKeyCredential;
    const send = async () => {
      const r = await fetch('/api/passkeys/login/verify', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ response: credential.toJSON() }),
      });
      return { status: r.status, body: await r.json() };
    };
    return [await send(), await send()];
  }) as Promise<[Answer, Answer]>;

describe.skipIf(!run)('passkeys in Chromium with a virtual authenticator', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('makes an account with a passkey alone, and signs in with it again; each answer counts once', async () => {
    const { context, page } = await device(browser, server);
    const made = await registerPasskey(page, 'pk_ann');
    expect(made).toEqual({ status: 201, body: { account: { username: 'pk_ann', createdAt: expect.any(Number) } } });
    const me = await page.evaluate(() => fetch('/api/me').then((r) => r.json()));
    expect(me).toEqual({ username: 'pk_ann', createdAt: expect.any(Number), passkeys: 1 });
    expect((await context.cookies()).find((c) => c.name === 'bi_session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });

    expect((await post(page, '/api/session', null)).status).toBe(204);
    const [first, replayed] = await signInWithPasskey(page);
    expect(first).toEqual({ status: 200, body: { account: { username: 'pk_ann', createdAt: expect.any(Number) } } });
    expect(replayed.status).toBe(400);
    expect(replayed.body.error?.code).toBe('ERR_PASSKEY_FAILED');
    expect(await page.evaluate(() => fetch('/api/me').then((r) => r.status))).toBe(200);

    // No password: a password sign-in is refused as any wrong one is.
    const guess = await new Jar(server, '127.0.7.1').signIn('pk_ann', 'any-password-at-all');
    expect(guess.status).toBe(401);
    await context.close();
  });

  it('adds a passkey to a password account', async () => {
    const { context, page } = await device(browser, server);
    const made = await post(page, '/api/accounts', { username: 'pw_bea', password: 'violet-otter-marmalade' });
    expect(made.status).toBe(201);
    const added = await registerPasskey(page);
    expect(added).toEqual({ status: 200, body: { passkeys: 1 } });
    const other = await device(browser, server);
    const taken = await post(other.page, '/api/passkeys/register/options', { username: 'PW_BEA' });
    expect([taken.status, taken.body.error?.code]).toEqual([409, 'ERR_USERNAME_TAKEN']);
    await other.context.close();
    await context.close();
  });
});
