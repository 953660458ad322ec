/**
 * The sequential probability ratio test that stops a strength run once the result is
 * clear, as chess engine testing (fishtest) does, with the normal approximation for a
 * score: each sample is one deal's paired difference in points per hand (new minus
 * baseline), assumed normal with the variance estimated from the samples so far.
 *
 *   H0: the true difference is 0 (or less): no gain.
 *   H1: the true difference is `gain` points per hand (or more).
 *
 * The log-likelihood ratio of H1 over H0 after n samples with sum S and variance s² is
 *   LLR = gain · (S − n · gain / 2) / s²,
 * and the test stops when it leaves (A, B) with A = ln(β / (1 − α)), B = ln((1 − β) / α):
 * at or above B it accepts H1, at or below A it accepts H0. With α = β = 0.05 either
 * wrong verdict happens at most about 5 % of the time. It is checked after every deal,
 * from the first `minDeals` on (the variance estimate needs a few samples).
 */

export interface SprtSettings {
  /** The difference (points per hand) H1 claims. */
  readonly gain: number;
  /** Chance of accepting H1 when H0 holds. */
  readonly alpha: number;
  /** Chance of accepting H0 when H1 holds. */
  readonly beta: number;
  /** Deals before the first check. */
  readonly minDeals: number;
}

export const SPRT_DEFAULTS: Omit<SprtSettings, 'gain'> = { alpha: 0.05, beta: 0.05, minDeals: 30 };

export type Verdict = 'H1' | 'H0';

export function sprtBounds(s: Pick<SprtSettings, 'alpha' | 'beta'>): { lower: number; upper: number } {
  return { lower: Math.log(s.beta / (1 - s.alpha)), upper: Math.log((1 - s.beta) / s.alpha) };
}

/** The test fed one sample at a time; `verdict` is set once it has stopped. */
export class Sprt {
  private n = 0;
  private sum = 0;
  private sumSquares = 0;
  private readonly bounds: { lower: number; upper: number };
  verdict: Verdict | null = null;
  /** Samples taken when the verdict was reached. */
  decidedAt = 0;
  llr = 0;

  constructor(readonly settings: SprtSettings) {
    if (!(settings.gain > 0)) throw new Error('the SPRT needs a positive gain');
    this.bounds = sprtBounds(settings);
  }

  get lower(): number {
    return this.bounds.lower;
  }

  get upper(): number {
    return this.bounds.upper;
  }

  /** The sample from which on the test looks (the variance needs a few). */
  get firstLook(): number {
    return Math.max(2, this.settings.minDeals);
  }

  /** Whether the test looks yet (from sample `firstLook` on). */
  get looking(): boolean {
    return this.n >= this.firstLook;
  }

  /** Samples taken so far. */
  get count(): number {
    return this.n;
  }

  /** Their mean (0 before the first). */
  get mean(): number {
    return this.n > 0 ? this.sum / this.n : 0;
  }

  /** Take one sample; returns the verdict (null while undecided). Samples after a verdict are ignored. */
  add(x: number): Verdict | null {
    if (this.verdict) return this.verdict;
    this.n++;
    this.sum += x;
    this.sumSquares += x * x;
    if (!this.looking) return null;
    const mean = this.sum / this.n;
    const variance = Math.max(1e-9, (this.sumSquares - this.n * mean * mean) / (this.n - 1));
    const g = this.settings.gain;
    this.llr = (g * (this.sum - (this.n * g) / 2)) / variance;
    if (this.llr >= this.bounds.upper) this.verdict = 'H1';
    else if (this.llr <= this.bounds.lower) this.verdict = 'H0';
    if (this.verdict) this.decidedAt = this.n;
    return this.verdict;
  }
}
