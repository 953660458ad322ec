/**
 * A game's seed, and the generator its deals come from. A number is the 32-bit seed of
 * tests, tournaments and the command line (xoshiro128**: quick, but anyone who sees one
 * hand can try all 2^32 seeds); a wide seed (64 hexadecimal digits, 256 bits) is what the
 * server deals from (ChaCha20: nothing about the other hands can be worked out).
 */
import { ChaChaRng, isWideSeed } from './chacha.js';
import { err, type GameError, ok, type Result } from './result.js';
import { type RandomSource, Rng } from './rng.js';

export type Seed = number | string;

export { isWideSeed };

export function seedRandom(seed: Seed): Result<RandomSource, GameError> {
  if (typeof seed === 'number' && Number.isFinite(seed)) return ok(new Rng(seed));
  if (isWideSeed(seed)) return ok(ChaChaRng.fromSeed(seed));
  return err('ERR_BAD_OPTIONS', 'The seed must be a number or 64 lowercase hexadecimal digits.');
}
