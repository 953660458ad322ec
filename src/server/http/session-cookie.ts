/**
 * The session cookie `bi_session` (docs/protocol.md, "Accounts"): it holds only the random
 * id of a session row, is never readable by scripts (HttpOnly), goes along with
 * navigations but not with other sites' requests (SameSite=Lax), and only over HTTPS
 * when the server's public address is one (Secure).
 */
import type { Config } from '../config.js';

export const SESSION_COOKIE = 'bi_session';

/** How long a browser keeps the cookie (s): 400 days, the most browsers allow; the server ends idle sessions sooner. */
export const MAX_AGE_SECONDS = 400 * 24 * 3600;

/** Session ids are 32 random bytes in base64url: anything else in the cookie is no session. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** The session id a Cookie header carries, or null. */
export function sessionIdOf(cookieHeader: string | undefined): string | null {
  const value = cookieOf(cookieHeader, SESSION_COOKIE);
  return value !== null && SESSION_ID.test(value) ? value : null;
}

/** The value of the named cookie in a Cookie header, or null. */
export function cookieOf(cookieHeader: string | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq >= 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** Attributes of the server's cookies: never readable by scripts, sent on navigations only, Secure under https. */
export function cookieAttributes(config: Pick<Config, 'publicUrl'>): string {
  return `HttpOnly; SameSite=Lax; Path=/${config.publicUrl?.startsWith('https:') ? '; Secure' : ''}`;
}

/** The Set-Cookie header of a new session. */
export function setSessionCookie(config: Pick<Config, 'publicUrl'>, sessionId: string): string {
  return `${SESSION_COOKIE}=${sessionId}; Max-Age=${MAX_AGE_SECONDS}; ${cookieAttributes(config)}`;
}

/** The Set-Cookie header that makes the browser forget the cookie. */
export function clearSessionCookie(config: Pick<Config, 'publicUrl'>): string {
  return `${SESSION_COOKIE}=; Max-Age=0; ${cookieAttributes(config)}`;
}
