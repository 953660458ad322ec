/**
 * Passwords: Argon2id at OWASP's parameters, hashed off the event loop (the loop keeps
 * turning while a hash is made), the unknown name checked against a hash all the same,
 * and the rules for a new password (length, the shipped list of common ones).
 */
import { describe, expect, it } from 'vitest';
import { checkPassword, hashPassword, weakness } from '../../../src/server/accounts/passwords.js';

describe('passwords', () => {
  it('are hashed with Argon2id at m=19456 KiB, t=2, p=1, salted, and verified', async () => {
    const [a, b] = await Promise.all([hashPassword('violet-otter-marmalade'), hashPassword('violet-otter-marmalade')]);
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await checkPassword(a, 'violet-otter-marmalade')).toBe(true);
    expect(await checkPassword(a, 'violet-otter-marmalad')).toBe(false);
    // An unknown name: a hash is checked all the same, and the answer is no.
    expect(await checkPassword(null, 'violet-otter-marmalade')).toBe(false);
  });

  it('are hashed on a thread: the event loop turns while a hash is being made', async () => {
    let turns = 0;
    let hashing = true;
    const spin = () => {
      turns++;
      if (hashing) setImmediate(spin);
    };
    setImmediate(spin);
    await hashPassword('violet-otter-marmalade');
    hashing = false;
    // A hash made on the loop itself would let no turn happen before it is done.
    expect(turns).toBeGreaterThan(1);
  });

  it('must be long enough and not a common one, in any case', () => {
    expect(weakness('short-one')).toBe('short');
    expect(weakness('Password123')).toBe('common');
    expect(weakness('QWERTYUIOP')).toBe('common');
    expect(weakness('1234567890')).toBe('common');
    expect(weakness('iloveyou2024')).toBe('common');
    expect(weakness('violet-otter-marmalade')).toBeNull();
  });
});
