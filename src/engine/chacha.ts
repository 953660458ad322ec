/**
 * Wide-seeded randomness for deals nobody can predict: the ChaCha20 stream (RFC 8439) keyed
 * with a 256-bit seed, nonce zero. xoshiro128** (rng.ts) is fine for bots and tests, but a
 * 32-bit seed can be found from one hand by trying them all, and xoshiro's state is linear,
 * so even a wide xoshiro seed could be worked back from enough dealt cards. ChaCha20's stream
 * reveals nothing of its key, so a seat's own cards tell it nothing of the others'.
 */

/** A wide seed: 64 lowercase hexadecimal digits, the 32 bytes of a ChaCha20 key. */
const WIDE_SEED = /^[0-9a-f]{64}$/;

export function isWideSeed(seed: unknown): seed is string {
  return typeof seed === 'string' && WIDE_SEED.test(seed);
}

// "expand 32-byte k", the constant words of RFC 8439 §2.3.
const SIGMA = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574];
const BLOCK_WORDS = 16;
const TWO_32 = 0x100000000;

export class ChaChaRng {
  /** Words 0-15 of the block input: constants, key, counter (word 12), nonce (13-15). */
  private readonly input = new Uint32Array(BLOCK_WORDS);
  private readonly block = new Uint32Array(BLOCK_WORDS);
  /** The next unused word of `block`; 16 when it is used up. */
  private used = BLOCK_WORDS;

  /** From a wide seed (isWideSeed): its bytes are the key, read as little-endian words. */
  static fromSeed(seed: string): ChaChaRng {
    const key = new Uint32Array(8);
    for (let i = 0; i < 8; i++) {
      let word = 0;
      for (let b = 3; b >= 0; b--)
        word = (word << 8) | Number.parseInt(seed.slice(8 * i + 2 * b, 8 * i + 2 * b + 2), 16);
      key[i] = word >>> 0;
    }
    return new ChaChaRng(key);
  }

  /** From the eight key words; the counter and the nonce start at zero. */
  constructor(key: Uint32Array) {
    this.input.set(SIGMA, 0);
    this.input.set(key, 4);
  }

  /** The next 32 bits of the stream, in the order of its bytes read as little-endian words. */
  nextU32(): number {
    if (this.used === BLOCK_WORDS) this.refill();
    return this.block[this.used++];
  }

  /** A whole number in [0, n) for n ≤ 2^32, without bias: draws past the last whole multiple of n are rejected. */
  below(n: number): number {
    const limit = TWO_32 - (TWO_32 % n);
    let x = this.nextU32();
    while (x >= limit) x = this.nextU32();
    return x % n;
  }

  clone(): ChaChaRng {
    const copy = new ChaChaRng(this.input.subarray(4, 12));
    copy.input.set(this.input);
    copy.block.set(this.block);
    copy.used = this.used;
    return copy;
  }

  private refill(): void {
    const x = this.block;
    x.set(this.input);
    for (let i = 0; i < 10; i++) {
      quarter(x, 0, 4, 8, 12);
      quarter(x, 1, 5, 9, 13);
      quarter(x, 2, 6, 10, 14);
      quarter(x, 3, 7, 11, 15);
      quarter(x, 0, 5, 10, 15);
      quarter(x, 1, 6, 11, 12);
      quarter(x, 2, 7, 8, 13);
      quarter(x, 3, 4, 9, 14);
    }
    for (let i = 0; i < BLOCK_WORDS; i++) x[i] = (x[i] + this.input[i]) >>> 0;
    // The counter's carry goes into the first nonce word: 2^32 blocks (256 GiB) per game are
    // never reached, but the stream stays defined.
    this.input[12] = (this.input[12] + 1) >>> 0;
    if (this.input[12] === 0) this.input[13] = (this.input[13] + 1) >>> 0;
    this.used = 0;
  }
}

function quarter(x: Uint32Array, a: number, b: number, c: number, d: number): void {
  x[a] += x[b];
  x[d] = rotl(x[d] ^ x[a], 16);
  x[c] += x[d];
  x[b] = rotl(x[b] ^ x[c], 12);
  x[a] += x[b];
  x[d] = rotl(x[d] ^ x[a], 8);
  x[c] += x[d];
  x[b] = rotl(x[b] ^ x[c], 7);
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
