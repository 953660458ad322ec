/**
 * The value of each option of one decision, from the deciding seat's view only.
 *
 * Every sample deals the cards the seat has not seen exactly as the `ismcts` bot does
 * (position.ts + sampler.ts), then plays each option on a copy of that same deal and
 * plays the round out with the search's playout policy (the heuristic with a little
 * noise, policy.ts). Every option sees the same deals and the same playout randomness
 * (common random numbers), so differences between options are measured much more
 * precisely than each option's value alone; `pairedError` gives that precision.
 */

import { decisionSeed } from '../bots/decision.js';
import { playOut } from '../bots/policy.js';
import { Sampler } from '../bots/sampler.js';
import { passCandidates } from '../bots/search.js';
import type { Action, PassChoice, TableView } from '../engine/index.js';
import {
  type CardId,
  cardId,
  PHASE_PASS,
  passOfSlots,
  RANK,
  Rng,
  type Round,
  sameSlots,
  searchPosition,
  slotsOf,
} from '../engine/index.js';

/** Chance that a playout move is random rather than the heuristic's (as in the search's playouts). */
const PLAYOUT_NOISE = 0.1;

/** One option: a card id to play, or a pass in Round slot order (-1 for unused slots). */
export type Choice = { readonly card: CardId } | { readonly pass: readonly number[] };

/** What an option is worth to the deciding seat, from the samples. */
export interface OptionValue {
  readonly choice: Choice;
  /** Mean round points credited to the seat (its team's in team modes). */
  readonly value: number;
  /** Standard error of `value`. */
  readonly error: number;
  /** Share of samples in which the seat ends the round holding a bottle. */
  readonly bottleRisk: number;
}

export interface Evaluation {
  readonly seat: number;
  readonly samples: number;
  readonly options: readonly OptionValue[];
  /** Per sample and option, the seat's round points (sample-major). */
  readonly rewards: Float64Array;
}

/**
 * The options the analysis weighs for the seat to act: every legal card, or for a pass
 * the search's candidate passes (passCandidates) plus `chosen` if it is not among them.
 */
export function choicesFor(view: TableView, chosen?: PassChoice): Choice[] {
  const known = searchPosition(view);
  if (known.round.phase !== PHASE_PASS) return view.legal.map((rank) => ({ card: cardId(rank) }));
  const passes: Choice[] = passCandidates(known.round, known.seat).map((pass) => ({ pass }));
  if (chosen) {
    const slots = slotsOf(view.options.players, chosen);
    if (!passes.some((c) => 'pass' in c && sameSlots(c.pass, slots))) passes.push({ pass: slots });
  }
  return passes;
}

/** The option as it is written in records and the protocol: a rank, or a pass object. */
export function choiceJson(choice: Choice, players: number): number | PassChoice {
  return 'card' in choice ? RANK[choice.card] : passOfSlots(players, choice.pass);
}

/** The engine action for an option of `seat`. */
export function choiceAction(choice: Choice, seat: number, players: number): Action {
  return 'card' in choice
    ? { type: 'play', seat, card: RANK[choice.card] }
    : { type: 'pass', seat, pass: passOfSlots(players, choice.pass) };
}

/**
 * Evaluate `choices` for the seat whose view this is, over `samples` sampled deals.
 * Deterministic: the samples depend only on `seed` and the view (as the bot's decisions do).
 */
export function evaluate(view: TableView, choices: readonly Choice[], samples: number, seed: number): Evaluation {
  const known = searchPosition(view);
  const seat = known.seat;
  const sampler = new Sampler(known);
  const rng = new Rng(decisionSeed(seed, view));
  const deal = known.round.clone();
  const work = known.round.clone();
  const scores = new Int32Array(known.round.n);
  const k = choices.length;
  const rewards = new Float64Array(samples * k);
  const held = new Float64Array(k);
  for (let i = 0; i < samples; i++) {
    sampler.sample(rng, deal);
    const playoutSeed = rng.nextU32();
    for (let c = 0; c < k; c++) {
      work.copyFrom(deal);
      apply(work, seat, choices[c]);
      playOut(work, new Rng(playoutSeed), PLAYOUT_NOISE);
      work.score(scores);
      rewards[i * k + c] = scores[seat];
      if (work.owner[0] === seat || work.owner[1] === seat) held[c]++;
    }
  }
  const options = choices.map((choice, c) => {
    let sum = 0;
    let sq = 0;
    for (let i = 0; i < samples; i++) {
      const x = rewards[i * k + c];
      sum += x;
      sq += x * x;
    }
    const mean = sum / samples;
    return {
      choice,
      value: mean,
      error: standardError(sq / samples - mean * mean, samples),
      bottleRisk: held[c] / samples,
    };
  });
  return { seat, samples, options, rewards };
}

/** Standard error of the difference between options a and b (paired over the same samples). */
export function pairedError(e: Evaluation, a: number, b: number): number {
  if (a === b) return 0;
  const k = e.options.length;
  let sum = 0;
  let sq = 0;
  for (let i = 0; i < e.samples; i++) {
    const d = e.rewards[i * k + a] - e.rewards[i * k + b];
    sum += d;
    sq += d * d;
  }
  const mean = sum / e.samples;
  return standardError(sq / e.samples - mean * mean, e.samples);
}

/** Index of the option with the highest value (the first on a tie). */
export function bestIndex(e: Evaluation): number {
  let best = 0;
  e.options.forEach((o, c) => {
    if (o.value > e.options[best].value) best = c;
  });
  return best;
}

function standardError(variance: number, n: number): number {
  return n > 1 ? Math.sqrt((Math.max(0, variance) * n) / (n - 1) / n) : 0;
}

function apply(r: Round, seat: number, choice: Choice): void {
  if ('card' in choice) r.play(choice.card);
  else r.pass(seat, choice.pass[0], choice.pass[1], choice.pass[2], choice.pass[3]);
}
