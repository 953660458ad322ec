/**
 * Accounts over REST (docs/protocol.md, "Accounts"): sign up and in with a password or a
 * passkey, sign out, who is signed in. The session is an HttpOnly cookie the page never
 * sees; the browser sends it (same origin) and, on every request that changes something,
 * the Origin the server checks. The passkey ceremonies load `@simplewebauthn/browser` on
 * first use, so the home screen's download does not carry it.
 */
import type {
  BlocksReply,
  KeepSeatsReply,
  MeReply,
  MyTablesReply,
  PasskeyAddedReply,
  SignedInReply,
} from '../../protocol/accounts.js';
import { ApiError, call } from './api.js';

/** Who is signed in: the name, since when, and how many passkeys the account has. */
export type Me = MeReply;

/** Why a passkey ceremony stopped in the browser, before the server was asked: the words are the client's. */
export class PasskeyError extends Error {
  constructor(readonly reason: 'cancelled' | 'unsupported' | 'failed') {
    super(reason);
  }
}

export function signUp(username: string, password: string): Promise<SignedInReply> {
  return call('POST', '/api/accounts', { username, password });
}

export function signIn(username: string, password: string): Promise<SignedInReply> {
  return call('POST', '/api/session', { username, password });
}

/** Sign this device out. */
export function signOut(): Promise<void> {
  return call('DELETE', '/api/session');
}

/** Sign every device of the account out. */
export function signOutEverywhere(): Promise<void> {
  return call('DELETE', '/api/sessions');
}

/** Who is signed in, or null for a guest. */
export async function fetchMe(): Promise<Me | null> {
  try {
    return await call<Me>('GET', '/api/me');
  } catch (e) {
    if (e instanceof ApiError && e.code === 'ERR_SIGNED_OUT') return null;
    throw e;
  }
}

/** Make an account with a passkey alone: the new account is signed in. */
export async function signUpWithPasskey(username: string): Promise<SignedInReply> {
  return register({ username });
}

/** Add a passkey to the signed-in account; the account's passkeys are counted in the reply. */
export function addPasskey(): Promise<PasskeyAddedReply> {
  return register({});
}

async function register<T>(body: { username?: string }): Promise<T> {
  const optionsJSON = await call<Parameters<Browser['startRegistration']>[0]['optionsJSON']>(
    'POST',
    '/api/passkeys/register/options',
    body,
  );
  const browser = await webauthn();
  const response = await ceremony(() => browser.startRegistration({ optionsJSON }));
  return call('POST', '/api/passkeys/register/verify', { response });
}

/** Sign in with one of this site's passkeys, which the browser offers. */
export async function signInWithPasskey(): Promise<SignedInReply> {
  const optionsJSON = await call<Parameters<Browser['startAuthentication']>[0]['optionsJSON']>(
    'POST',
    '/api/passkeys/login/options',
    {},
  );
  const browser = await webauthn();
  const response = await ceremony(() => browser.startAuthentication({ optionsJSON }));
  return call('POST', '/api/passkeys/login/verify', { response });
}

type Browser = typeof import('@simplewebauthn/browser');

async function webauthn(): Promise<Browser> {
  const browser = await import('@simplewebauthn/browser');
  if (!browser.browserSupportsWebAuthn()) throw new PasskeyError('unsupported');
  return browser;
}

/**
 * The browser's part of a ceremony. A person who closes the browser's dialog, or has no
 * passkey for this site, ends it with NotAllowedError: that is "cancelled", not a fault.
 */
async function ceremony<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    const name =
      e instanceof Error ? (((e as Error & { cause?: unknown }).cause as Error | undefined)?.name ?? e.name) : '';
    if (name === 'NotAllowedError' || name === 'AbortError') throw new PasskeyError('cancelled');
    if (name === 'NotSupportedError' || name === 'SecurityError') throw new PasskeyError('unsupported');
    throw new PasskeyError('failed');
  }
}

/** Everything the server keeps about the account and its games, as JSON text to save. */
export async function exportMe(): Promise<string> {
  return JSON.stringify(await call<unknown>('GET', '/api/me/export'), null, 2);
}

/** Delete the account, its sessions and passkeys; needs a sign-in of the last minutes (ERR_SIGN_IN_AGAIN). */
export function deleteMe(): Promise<void> {
  return call('DELETE', '/api/me');
}

/** The names of the players the signed-in account blocks, oldest block first. */
export async function blockedPlayers(): Promise<readonly string[]> {
  return (await call<BlocksReply>('GET', '/api/me/blocks')).blocked;
}

/** Block a player: their chat no longer reaches any of this account's devices. */
export function block(username: string): Promise<void> {
  return call('PUT', `/api/me/blocks/${encodeURIComponent(username)}`);
}

export function unblock(username: string): Promise<void> {
  return call('DELETE', `/api/me/blocks/${encodeURIComponent(username)}`);
}

/** Report a player to the operators, with what happened. */
export function report(username: string, reason: string): Promise<void> {
  return call('POST', `/api/players/${encodeURIComponent(username)}/reports`, { reason });
}

/** Move seats this browser holds as a guest (their tokens) to the signed-in account. */
export function keepSeats(seats: readonly { code: string; token: string }[]): Promise<KeepSeatsReply> {
  return call('POST', '/api/me/seats', { seats });
}

/** The tables (not closed) where the signed-in account holds a seat, newest first. */
export async function accountTables(): Promise<MyTablesReply['tables']> {
  return (await call<MyTablesReply>('GET', '/api/me/tables')).tables;
}
