/**
 * Seeded randomness: xoshiro128** (Blackman and Vigna, 2018), seeded through splitmix32.
 * Small, fast and well studied; the engine never touches Math.random, so the same seed
 * always gives the same deals.
 */
/** What a deal or a shuffle draws from: this generator, or ChaChaRng for wide seeds. */
export interface RandomSource {
  /** A whole number in [0, n). */
  below(n: number): number;
  /** An independent copy that goes on with the same numbers. */
  clone(): RandomSource;
}

export class Rng implements RandomSource {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let s = seed >>> 0;
    // Mix the fractional part too, so that seeds like 1.5 and 1 differ.
    s ^= Math.floor((seed - Math.floor(seed)) * 0x100000000) >>> 0;
    const next = (): number => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
  }

  /** The next 32 random bits as an unsigned integer. */
  nextU32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return result;
  }

  /**
   * A whole number in [0, n). Multiply-shift without rejection: the bias is below
   * n / 2^32, far under anything a card game can notice.
   */
  below(n: number): number {
    return Math.floor((this.nextU32() * n) / 0x100000000);
  }

  /** The generator's state, to copy it or to store it. */
  getState(): [number, number, number, number] {
    return [this.a, this.b, this.c, this.d];
  }

  clone(): Rng {
    return Rng.fromState(this.getState());
  }

  static fromState(state: readonly number[]): Rng {
    const rng = new Rng(0);
    [rng.a, rng.b, rng.c, rng.d] = state;
    return rng;
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
