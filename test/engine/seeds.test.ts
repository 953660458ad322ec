/**
 * Seeds: ChaCha20 keyed with a wide seed is the stream of RFC 8439 (checked against
 * OpenSSL's through node:crypto), a wide seed deals one game only, a 32-bit seed falls to a
 * brute force from one hand, and seeds that are neither are refused.
 */
import { createCipheriv, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ChaChaRng } from '../../src/engine/chacha.js';
import { Game, isWideSeed, view } from '../../src/engine/index.js';
import { must } from './helpers.js';
import { seedsDealing } from './seed-search.js';

/** OpenSSL's ChaCha20 keystream: the encryption of zeros, with counter 0 and nonce 0 in its 16-byte IV. */
function opensslStream(key: Buffer, words: number): number[] {
  const bytes = createCipheriv('chacha20', key, Buffer.alloc(16)).update(Buffer.alloc(4 * words));
  return Array.from({ length: words }, (_, i) => bytes.readUInt32LE(4 * i));
}

const wideSeed = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));

describe('ChaCha20', () => {
  test('a wide seed gives OpenSSL’s keystream for that key, across blocks', () => {
    fc.assert(
      fc.property(wideSeed, (seed) => {
        const rng = ChaChaRng.fromSeed(seed);
        const ours = Array.from({ length: 40 }, () => rng.nextU32());
        expect(ours).toEqual(opensslStream(Buffer.from(seed, 'hex'), 40));
      }),
      { seed: 29, numRuns: 50 },
    );
  });

  test('below(n) stays in [0, n), and a clone goes on with the same numbers', () => {
    fc.assert(
      fc.property(wideSeed, fc.integer({ min: 1, max: 2 ** 32 }), (seed, n) => {
        const rng = ChaChaRng.fromSeed(seed);
        for (let i = 0; i < 20; i++) rng.below(n);
        const copy = rng.clone();
        const a = Array.from({ length: 30 }, () => rng.below(n));
        expect(Array.from({ length: 30 }, () => copy.below(n))).toEqual(a);
        for (const x of a) expect(x >= 0 && x < n && Number.isInteger(x)).toBe(true);
      }),
      { seed: 30, numRuns: 100 },
    );
  });
});

describe('a game from a wide seed', () => {
  test('the same seed deals the same game, another seed another', () => {
    const seed = randomBytes(32).toString('hex');
    const a = must(Game.create({ players: 4 }, seed));
    const b = must(Game.create({ players: 4 }, seed));
    const c = must(Game.create({ players: 4 }, randomBytes(32).toString('hex')));
    expect(b.log[0]).toEqual(a.log[0]);
    expect(c.log[0].hands).not.toEqual(a.log[0].hands);
  });

  test('a copy of the game deals the same later rounds', () => {
    const game = must(Game.create({ players: 3, rounds: 3 }, 'ab'.repeat(32)));
    expect(game.clone().log).toEqual(game.log);
  });

  test.each([
    ['63 digits', 'a'.repeat(63)],
    ['65 digits', 'a'.repeat(65)],
    ['capitals', 'A'.repeat(64)],
    ['not hexadecimal', 'g'.repeat(64)],
    ['NaN', Number.NaN],
    ['infinity', Number.POSITIVE_INFINITY],
  ])('a seed of %s is refused', (_, seed) => {
    const made = Game.create({ players: 4 }, seed as string);
    expect(made.ok).toBe(false);
    if (!made.ok) expect(made.error.code).toBe('ERR_BAD_OPTIONS');
    expect(isWideSeed(seed)).toBe(false);
  });
});

describe('the brute force of issue 29', () => {
  // A cut-down seed space of 2^14: the whole 2^32 is the same loop, 2^18 times longer.
  const SPACE = 2 ** 14;

  test.each([2, 3, 4, 6] as const)(
    'at %i players one hand gives away a 32-bit seed, and with it every hand',
    (players) => {
      const secret = 9_000 + players * 97;
      const game = must(Game.create({ players }, secret));
      const mine = view(game, 0);
      const found = seedsDealing({ players }, { seat: 0, dealer: mine.dealer, hand: mine.hand ?? [] }, 0, SPACE);
      expect(found).toEqual([secret]);
      expect(must(Game.create({ players }, found[0])).log[0].hands).toEqual(game.log[0].hands);
    },
  );

  test('a wide seed leaves the same search with nothing', () => {
    const game = must(Game.create({ players: 4 }, randomBytes(32).toString('hex')));
    const mine = view(game, 0);
    expect(seedsDealing({ players: 4 }, { seat: 0, dealer: mine.dealer, hand: mine.hand ?? [] }, 0, SPACE)).toEqual([]);
  });
});
