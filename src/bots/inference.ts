/**
 * Inference on hidden cards: deals weighted by how likely they make what the other seats
 * were seen to play. The sampler (sampler.ts) treats every deal consistent with the view
 * as equally likely; but a seat that led a low card, or kept out of a trick, probably
 * did so because of what it held. As the strongest Skat programs do, each sampled deal is
 * replayed from the first lead (Round.rewind) and every card another seat played is
 * scored by how likely the playout policy (the heuristic) was to play it with that deal's
 * hand: the heuristic's own card with probability 1 − ε + ε/k, any other of the k legal
 * cards with ε/k (people and other bots do not play exactly like our heuristic, so the
 * model keeps a large ε). The search then draws its deals from a pool in proportion to
 * these likelihoods (sampling importance resampling).
 *
 * Passes are evidence too (PassEvidence): every seat passes its riskiest cards, its lowest
 * to the devil's trick. That evidence is strong (the devil's trick is nearly always the
 * seats' lowest cards), too strong for weights on plain samples, so each deal of the pool
 * is first walked towards it (Metropolis swaps of unseen cards) and then weighed by the plays.
 */
import {
  cardIds,
  leftOf,
  PASS_SLOTS,
  PHASE_PLAY,
  type Rng,
  type Round,
  rightOf,
  type SearchPosition,
} from '../engine/index.js';
import { chooseCard, passRisk } from './policy.js';
import type { Sampler } from './sampler.js';
import type { Deal } from './search.js';

/** Chance that an observed card was not the heuristic's choice but uniformly any legal card. */
const OFF_POLICY = 0.5;
/** Deals in the pool per iteration of the budget, and the bounds on the pool's size. */
const POOL_SHARE = 1 / 8;
const MIN_POOL = 64;
const MAX_POOL = 1000;

/** The log-likelihood of the other seats' plays so far if `deal` is the truth (`replay` is scratch). */
export function playLikelihood(known: SearchPosition, deal: Round, replay: Round, rng: Rng): number {
  const { plays, playSeats, seat } = known;
  replay.copyFrom(deal);
  replay.rewind(plays, playSeats);
  let logLikelihood = 0;
  for (let k = 0; k < plays.length; k++) {
    if (playSeats[k] !== seat) {
      const count = replay.computeLegal();
      if (count > 1) {
        const uniform = OFF_POLICY / count;
        logLikelihood += Math.log(chooseCard(replay, rng, 0) === plays[k] ? 1 - OFF_POLICY + uniform : uniform);
      }
    }
    replay.play(plays[k]);
  }
  return logLikelihood;
}

/**
 * What a seat passed also tells what it kept. The heuristic passes its riskiest cards
 * (passRisk: the lowest first), its riskiest of all to the devil's trick; so every card a
 * seat kept that it would rather have passed than one it did pass (a "slip") makes a deal
 * less likely, by this factor each (soft: a seat may pass a short suit instead, and
 * people and other bots pass otherwise).
 */
const SLIP = Math.log(0.3);
/** Swaps of two cards tried per deal to fit it to the passes (Metropolis steps). */
const PASS_STEPS = 40;

/** A card another seat passed to the searching one, as evidence on what it kept. */
interface PassedCard {
  /** The passer's index in PassEvidence.passers. */
  readonly passer: number;
  /** How many unseen cards are riskier (the first `at` of PassEvidence.byRisk). */
  readonly at: number;
  /** How many of the cards the passer is known to have kept are riskier. */
  readonly fixed: number;
}

interface Passer {
  /** Its recipient index in the sampler (-1: it has no unseen cards). */
  readonly recipient: number;
  /** Per unseen card, how many of the cards it is known to have kept (placed or played) are riskier. */
  readonly fixed: Int32Array;
  /** Cards it got from seats other than the searching one: in its hand, but never its to pass. */
  readonly strange: number;
  readonly devil: boolean;
}

/**
 * The other seats' passes as evidence on a deal (a recipient per unseen card, Sampler.assign):
 * the cards they passed to this seat, and the unseen cards of the devil's trick, one of
 * which each of them put there. With 2 players the face-up rows blur what a seat kept, so
 * there is none.
 */
export class PassEvidence {
  private readonly passers: Passer[] = [];
  /** Unseen cards, riskiest first (indices into the sampler's cards). */
  private readonly byRisk: Int32Array;
  /** Passed cards, fewest riskier unseen cards first. */
  private readonly passed: PassedCard[] = [];
  private readonly devilRecipient: number;
  /** Per recipient, the passer it is, or -1. */
  private readonly passerOf: Int32Array;
  /** Scratch: per passer, riskier unseen cards it holds so far; per passer and devil card, slips. */
  private readonly counts: Int32Array;
  private readonly devilSlips: Int32Array;
  private readonly devilCards: number;

  static of(known: SearchPosition, sampler: Sampler): PassEvidence | null {
    return known.round.n > 2 && known.receivedCards.length > 0 ? new PassEvidence(known, sampler) : null;
  }

  private constructor(
    known: SearchPosition,
    private readonly sampler: Sampler,
  ) {
    const { seat, round, plays, playSeats, receivedFrom, receivedCards } = known;
    const n = round.n;
    const risks = sampler.cards.map(passRisk);
    this.byRisk = Int32Array.from(risks.map((_, i) => i).sort((a, b) => risks[b] - risks[a]));
    this.devilRecipient = sampler.who.indexOf(-1);
    this.devilCards = known.devilMissing;
    this.passerOf = new Int32Array(sampler.who.length).fill(-1);
    const riskierThan = (kept: number[], risk: number): number => kept.filter((k) => k > risk).length;
    const o = seat * PASS_SLOTS;
    for (let s = 0; s < n; s++) {
      if (s === seat) continue;
      const given = s === leftOf(seat, n) ? round.passCards[o] : s === rightOf(seat, n) ? round.passCards[o + 1] : -1;
      const ids = cardIds(round.handLo[s], round.handHi[s]).filter((id) => id !== given);
      for (let k = 0; k < plays.length; k++) if (playSeats[k] === s && plays[k] !== given) ids.push(plays[k]);
      const kept = ids.map(passRisk);
      const q = this.passers.length;
      const recipient = sampler.who.indexOf(s);
      if (recipient >= 0) this.passerOf[recipient] = q;
      this.passers.push({
        recipient,
        fixed: Int32Array.from(risks, (risk) => riskierThan(kept, risk)),
        strange: given >= 0 ? 1 : 2,
        devil: round.devilCount(s) > 0,
      });
      for (let k = 0; k < receivedCards.length; k++) {
        if (receivedFrom[k] !== s) continue;
        const risk = passRisk(receivedCards[k]);
        this.passed.push({ passer: q, at: risks.filter((r) => r > risk).length, fixed: riskierThan(kept, risk) });
      }
    }
    this.passed.sort((a, b) => a.at - b.at);
    this.counts = new Int32Array(this.passers.length);
    this.devilSlips = new Int32Array(this.passers.length * Math.max(1, this.devilCards));
  }

  /** The log-likelihood of the passes if `deal` is the truth. */
  logLikelihood(deal: Int8Array): number {
    const { passers, passed, counts, devilSlips, byRisk } = this;
    counts.fill(0);
    let slips = 0;
    let next = 0;
    let devil = 0;
    // One walk from the riskiest unseen card down: counts[q] is then how many riskier
    // unseen cards passer q holds, for each passed card and each devil card on the way.
    for (let k = 0; k <= byRisk.length; k++) {
      for (; next < passed.length && passed[next].at === k; next++) {
        const p = passed[next];
        slips += Math.max(0, p.fixed + counts[p.passer] - passers[p.passer].strange);
      }
      if (k === byRisk.length) break;
      const i = byRisk[k];
      const r = deal[i];
      if (r === this.devilRecipient) {
        for (let q = 0; q < passers.length; q++) {
          const p = passers[q];
          devilSlips[q * this.devilCards + devil] = Math.max(0, p.fixed[i] + counts[q] - p.strange);
        }
        devil++;
      } else if (this.passerOf[r] >= 0) counts[this.passerOf[r]]++;
    }
    return (slips + this.fewestDevilSlips()) * SLIP;
  }

  /**
   * The fewest slips over the ways the unseen devil cards can be the passers' own (each
   * passer with a devil card put one there): every way for up to three passers, else each
   * passer in turn takes the card that suits it best.
   */
  private fewestDevilSlips(): number {
    const rows: number[] = [];
    for (let q = 0; q < this.passers.length; q++) if (this.passers[q].devil) rows.push(q);
    const cards = this.devilCards;
    if (rows.length === 0 || cards === 0) return 0;
    const at = (row: number, d: number): number => this.devilSlips[rows[row] * cards + d];
    if (rows.length <= 3 && cards >= rows.length) {
      let best = Infinity;
      const take = (row: number, used: number, sum: number): void => {
        if (row === rows.length) best = Math.min(best, sum);
        else
          for (let d = 0; d < cards; d++) if ((used & (1 << d)) === 0) take(row + 1, used | (1 << d), sum + at(row, d));
      };
      take(0, 0, 0);
      return best;
    }
    let used = 0;
    let sum = 0;
    for (let row = 0; row < rows.length; row++) {
      let pick = -1;
      for (let d = 0; d < cards; d++) if ((used & (1 << d)) === 0 && (pick < 0 || at(row, d) < at(row, pick))) pick = d;
      if (pick < 0) break;
      used |= 1 << pick;
      sum += at(row, pick);
    }
    return sum;
  }

  /** Metropolis steps on `deal` (swaps of two cards' recipients) towards the deals the passes make likely. */
  fit(deal: Int8Array, rng: Rng): void {
    let current = this.logLikelihood(deal);
    const devil: number[] = [];
    for (let i = 0; i < deal.length; i++) if (deal[i] === this.devilRecipient) devil.push(i);
    for (let step = 0; step < PASS_STEPS; step++) {
      // Every other step trades one of the devil's unseen cards, whose owners the passes say
      // most about; `devil` stays the list of them, whatever is accepted. Both kinds of step
      // are symmetric proposals, so the walk keeps to the likelihood times the sampler's deals.
      const d = devil.length > 0 && step % 2 === 0 ? rng.below(devil.length) : -1;
      const i = d >= 0 ? devil[d] : rng.below(deal.length);
      const j = rng.below(deal.length);
      if (!this.sampler.canSwap(deal, i, j)) continue;
      swap(deal, i, j);
      const next = this.logLikelihood(deal);
      if (next >= current || rng.nextU32() / 0x100000000 < Math.exp(next - current)) {
        current = next;
        if (d >= 0) devil[d] = j;
        else if (deal[i] === this.devilRecipient) devil[devil.indexOf(j)] = i;
        else if (deal[j] === this.devilRecipient) devil[devil.indexOf(i)] = j;
      } else swap(deal, i, j);
    }
  }
}

function swap(deal: Int8Array, i: number, j: number): void {
  const t = deal[i];
  deal[i] = deal[j];
  deal[j] = t;
}

/**
 * Deals for a search of `known`: plain samples while there is nothing to infer from (no
 * passes received, nothing played by another seat), else draws from a pool of samples
 * fitted to the passes and weighted by playLikelihood.
 * The pool is made on the first draw, from the search's own random numbers, so a search
 * stays reproducible from its seed.
 */
export function inferredDeals(known: SearchPosition, sampler: Sampler, iterations: number): Deal {
  const sample: Deal = (rng, out) => sampler.sample(rng, out);
  const passes = known.round.phase === PHASE_PLAY ? PassEvidence.of(known, sampler) : null;
  if (known.round.phase !== PHASE_PLAY || (!passes && !known.playSeats.some((s) => s !== known.seat))) return sample;
  const size = Math.max(MIN_POOL, Math.min(MAX_POOL, Math.ceil(iterations * POOL_SHARE)));
  let pool: Round[] | null = null;
  const cumulative = new Float64Array(size);
  return (rng, out) => {
    if (pool === null) pool = fillPool(known, sampler, passes, size, cumulative, rng);
    const x = (rng.nextU32() / 0x100000000) * cumulative[size - 1];
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    out.copyFrom(pool[lo]);
  };
}

function fillPool(
  known: SearchPosition,
  sampler: Sampler,
  passes: PassEvidence | null,
  size: number,
  cumulative: Float64Array,
  rng: Rng,
): Round[] {
  const pool: Round[] = [];
  const logs = new Float64Array(size);
  const replay = known.round.clone();
  const assignment = new Int8Array(sampler.cards.length);
  for (let k = 0; k < size; k++) {
    const deal = known.round.clone();
    sampler.assign(rng, assignment);
    passes?.fit(assignment, rng);
    sampler.place(assignment, deal);
    pool.push(deal);
    logs[k] = playLikelihood(known, deal, replay, rng);
  }
  // Relative to the likeliest deal, so that long histories do not underflow.
  const top = Math.max(...logs);
  let sum = 0;
  for (let k = 0; k < size; k++) {
    sum += Math.exp(logs[k] - top);
    cumulative[k] = sum;
  }
  return pool;
}
