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
 */
import { PHASE_PLAY, type Rng, type Round, type SearchPosition } from '../engine/index.js';
import { chooseCard } from './policy.js';
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
 * Deals for a search of `known`: plain samples while nothing was played by another seat
 * (nothing to infer from), else draws from a pool of samples weighted by playLikelihood.
 * The pool is made on the first draw, from the search's own random numbers, so a search
 * stays reproducible from its seed.
 */
export function inferredDeals(known: SearchPosition, sampler: Sampler, iterations: number): Deal {
  const sample: Deal = (rng, out) => sampler.sample(rng, out);
  if (known.round.phase !== PHASE_PLAY || !known.playSeats.some((s) => s !== known.seat)) return sample;
  const size = Math.max(MIN_POOL, Math.min(MAX_POOL, Math.ceil(iterations * POOL_SHARE)));
  let pool: Round[] | null = null;
  const cumulative = new Float64Array(size);
  return (rng, out) => {
    if (pool === null) pool = fillPool(known, sampler, size, cumulative, rng);
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

function fillPool(known: SearchPosition, sampler: Sampler, size: number, cumulative: Float64Array, rng: Rng): Round[] {
  const pool: Round[] = [];
  const logs = new Float64Array(size);
  const replay = known.round.clone();
  for (let k = 0; k < size; k++) {
    const deal = known.round.clone();
    sampler.sample(rng, deal);
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
