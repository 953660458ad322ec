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
 * Passes are evidence too (PassEvidence): every seat passes its lowest card to the devil's
 * trick, so each deal of the pool is first fitted to that, then weighed by the plays.
 */
import { PHASE_PLAY, type Rng, type Round, type SearchPosition } from '../engine/index.js';
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
 * Passes as evidence. Every seat passes its riskiest cards (passRisk: the lowest first),
 * the riskiest of all to the devil's trick, so the devil's trick is nearly always the
 * seats' lowest cards (with heuristic players at 3 players it held 3.8 points, where the
 * average card would give 8.4). A plain sample is fitted to that: each other seat gives
 * its riskiest unseen cards to the devil's trick for the devil's least risky unseen ones,
 * where they are riskier and its voids allow. A likelihood per card a seat kept that it
 * would rather have passed, with Metropolis walks towards it, was tried first: it placed
 * fewer of the low cards right, at fifteen times the cost (docs/journal/benchmarks-2026.md, seventh round).
 */
export class PassEvidence {
  /** Unseen cards, riskiest first (indices into the sampler's cards). */
  private readonly byRisk: Int32Array;
  private readonly devil: number;
  /** The other seats' recipient indices in the sampler, and how many devil cards each put there. */
  private readonly passers: { readonly recipient: number; readonly count: number }[] = [];
  /** Scratch: the cards a fit has traded already. */
  private readonly moved: Uint8Array;

  /** Evidence for a search of `known`, or null while the devil's trick holds no card it has not seen. */
  static of(known: SearchPosition, sampler: Sampler): PassEvidence | null {
    return known.round.phase === PHASE_PLAY && known.devilMissing > 0 ? new PassEvidence(known, sampler) : null;
  }

  private constructor(
    known: SearchPosition,
    private readonly sampler: Sampler,
  ) {
    const risks = sampler.cards.map(passRisk);
    this.byRisk = Int32Array.from(risks.map((_, i) => i).sort((a, b) => risks[b] - risks[a]));
    this.devil = sampler.who.indexOf(-1);
    this.moved = new Uint8Array(sampler.cards.length);
    sampler.who.forEach((seat, recipient) => {
      const count = seat >= 0 ? known.round.devilCount(seat) : 0;
      if (count > 0) this.passers.push({ recipient, count });
    });
  }

  /** Fit a deal (a recipient per unseen card, Sampler.assign) to the passes, in place. */
  fit(deal: Int8Array): void {
    const { byRisk, devil, moved } = this;
    moved.fill(0);
    for (const { recipient, count } of this.passers) {
      let given = 0;
      // Its cards riskiest first (k), each for the least risky devil card (j) not yet
      // traded that it is riskier than (j after k in byRisk) and may hold.
      for (let k = 0, j = byRisk.length - 1; k < j && given < count; k++) {
        const card = byRisk[k];
        if (deal[card] !== recipient || moved[card]) continue;
        let taken = j;
        while (
          taken > k &&
          (deal[byRisk[taken]] !== devil || moved[byRisk[taken]] || !this.sampler.canSwap(deal, card, byRisk[taken]))
        )
          taken--;
        if (taken <= k) break;
        moved[card] = moved[byRisk[taken]] = 1;
        deal[byRisk[taken]] = recipient;
        deal[card] = devil;
        given++;
        j = taken - 1;
      }
    }
  }
}

/**
 * Deals for a search of `known`: plain samples while there is nothing to infer from
 * (before the exchange), else draws from a pool of samples fitted to the passes and
 * weighted by playLikelihood.
 * The pool is made on the first draw, from the search's own random numbers, so a search
 * stays reproducible from its seed.
 */
export function inferredDeals(known: SearchPosition, sampler: Sampler, iterations: number): Deal {
  const sample: Deal = (rng, out) => sampler.sample(rng, out);
  const passes = PassEvidence.of(known, sampler);
  if (passes === null) return sample;
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
  passes: PassEvidence,
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
    passes.fit(assignment);
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
