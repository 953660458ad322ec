/**
 * Passwords: the rules a new one meets, and hashing with Argon2id (@node-rs/argon2).
 *
 * Hashing is slow on purpose (tens of milliseconds of one core), so it never runs on the
 * event loop: the library's `hash` and `verify` are napi-rs asynchronous tasks, which Node
 * runs on libuv's thread pool (UV_THREADPOOL_SIZE threads, 4 by default) and which
 * resolve their promise back on the loop. Only the pool's threads wait; tables go on
 * playing meanwhile (BENCHMARKS.md measures the event loop's lag during sign-ins).
 */
import fs from 'node:fs';
import { hash, verify } from '@node-rs/argon2';
import { MIN_PASSWORD_LENGTH } from '../../protocol/accounts.js';

/**
 * OWASP's minimum for Argon2id (Password Storage Cheat Sheet): 19 MiB of memory, two
 * passes, one lane. The parameters are written into every hash, so raising them later
 * still verifies the old ones.
 */
export const ARGON2_OPTIONS = {
  /** 2: Argon2id (the library's `Algorithm` is a const enum, which isolated modules cannot read). */
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/**
 * Whether `password` is the one hashed in `stored`. For an unknown name (`stored` null) a
 * hash made at start-up is verified all the same, so that the answer takes about as long
 * as for a known name with a wrong password, and is false.
 */
export async function checkPassword(stored: string | null, password: string): Promise<boolean> {
  const against = stored ?? (await dummyHash());
  const matches = await verify(against, password).catch(() => false);
  return stored !== null && matches;
}

let dummy: Promise<string> | null = null;
/** A hash of a random password with the same parameters, made once. */
function dummyHash(): Promise<string> {
  dummy ??= hash(crypto.randomUUID(), ARGON2_OPTIONS);
  return dummy;
}

/** The project's list of common passwords (lower case), read once when first needed. */
let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  if (!common) {
    // src/server/accounts or dist/server/accounts: three levels up is the repository either way.
    const file = new URL('../../../src/server/accounts/common-passwords.txt', import.meta.url);
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    common = new Set(lines.filter((line) => line !== '' && !line.startsWith('#')));
  }
  return common;
}

/** Why a new password is refused, or null: too short, or in the list of common passwords (any case). */
export function weakness(password: string): 'short' | 'common' | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) return 'short';
  if (commonPasswords().has(password.toLowerCase())) return 'common';
  return null;
}
