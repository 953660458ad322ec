/**
 * Monte Carlo search over a round, shared by `ismcts` and `oracle`; they differ only in
 * where each iteration's deal comes from (a fresh sample of the unseen cards, or the true
 * deal).
 *
 * Playing: single-observer information-set MCTS (Cowling, Powley and Whitehouse, 2012).
 * One tree whose edges are cards, for every seat in turn; each iteration deals a new
 * determinization, descends only through cards legal in it (counting, per child, how
 * often it was available, for UCB), expands one card, plays out with the heuristic and
 * credits every seat on the path with its round score less the mean of its opponents'
 * (reward()).
 *
 * Passing: a bandit over candidate passes built from the heuristic's ranking of the hand,
 * widened progressively (few candidates at first, more as iterations accumulate); every
 * other seat passes by the heuristic in the playout.
 */
import {
  bitCount,
  CARD_COUNT,
  type CardId,
  hasCard,
  nthCard,
  PHASE_PASS,
  PHASE_PLAY,
  Rng,
  type Round,
} from '../engine/index.js';
import type { Budget } from './bot.js';
import { chooseCard, passAll, passOrder, passSet, playOut } from './policy.js';

/** Fills `out` with one deal to search on. */
export type Deal = (rng: Rng, out: Round) => void;

/** Rewards are divided by this before UCB, so that the exploration constant fits. */
const REWARD_SCALE = 25;
const EXPLORATION = 0.7;
/** Chance that a playout move is random rather than the heuristic's. */
const PLAYOUT_NOISE = 0.1;
const MAX_PASS_CANDIDATES = 16;
/**
 * A pass searches at most this many iterations (see search()), and a time budget a
 * quarter of its time.
 */
const PASS_ITERATIONS = 2500;
const PASS_TIME_SHARE = 0.25;

class Node {
  readonly children: Node[] = [];
  visits = 0;
  available = 0;
  total = 0;
  constructor(
    readonly card: CardId,
    readonly mover: number,
  ) {}
}

/**
 * What a search found: visits per choice at the root (per card id when playing, per
 * candidate pass when passing). Searches of the same position with different seeds can
 * be added up (root parallelism, parallel.ts) before the most visited choice is taken.
 */
export type SearchResult =
  | { readonly kind: 'play'; readonly visits: number[]; readonly iterations: number }
  | { readonly kind: 'pass'; readonly candidates: number[][]; readonly visits: number[]; readonly iterations: number };

/** The most visited choice: a card id, or a pass in Round slot order. */
export function bestChoice(result: SearchResult): { card: CardId } | { pass: readonly number[] } {
  let best = 0;
  for (let k = 1; k < result.visits.length; k++) if (result.visits[k] > result.visits[best]) best = k;
  return result.kind === 'play' ? { card: best } : { pass: result.candidates[best] };
}

/** Root visits of several searches of the same position, added up. */
export function addResults(results: readonly SearchResult[]): SearchResult {
  const visits = results[0].visits.map((_, k) => results.reduce((sum, r) => sum + r.visits[k], 0));
  const iterations = results.reduce((sum, r) => sum + r.iterations, 0);
  const first = results[0];
  return first.kind === 'play'
    ? { kind: 'play', visits, iterations }
    : { kind: 'pass', candidates: first.candidates, visits, iterations };
}

function onlyCard(id: CardId, iterations: number): SearchResult {
  const visits = new Array<number>(CARD_COUNT).fill(0);
  visits[id] = 1;
  return { kind: 'play', visits, iterations };
}

/** The seed of the k-th of several searches of one decision (k = 0 keeps the decision's seed). */
export function searchSeed(seed: number, k: number): number {
  return (seed + Math.imul(k, 0x9e3779b9)) >>> 0;
}

/**
 * The iterations a decision on `base` may search. A pass iteration plays the whole round,
 * a play iteration only what is left of it, so the pass is capped: its search was the
 * slowest decision by far. The cap leaves small budgets whole (a quarter of 2,000
 * iterations lost strength at the pass) and bounds the large ones.
 */
export function decisionIterations(base: Round, iterations: number): number {
  return base.phase === PHASE_PASS ? Math.min(iterations, PASS_ITERATIONS) : iterations;
}

/** Search from `base` (the seat's known round) for the seat to act. */
export function search(base: Round, seat: number, deal: Deal, budget: Required<Budget>, seed: number): SearchResult {
  const rng = new Rng(seed);
  const work = base.clone();
  const scores = new Int32Array(base.n);
  const passing = base.phase === PHASE_PASS;
  const iterations = decisionIterations(base, budget.iterations);
  const deadline = budget.ms > 0 ? performance.now() + budget.ms * (passing ? PASS_TIME_SHARE : 1) : Infinity;
  const more = (i: number): boolean => i < iterations && (i % 16 !== 0 || performance.now() < deadline);
  return base.phase === PHASE_PASS
    ? searchPass(base, seat, deal, more, rng, work, scores)
    : searchPlay(base, deal, more, rng, work, scores);
}

function searchPlay(
  base: Round,
  deal: Deal,
  more: (i: number) => boolean,
  rng: Rng,
  work: Round,
  scores: Int32Array,
): SearchResult {
  base.computeLegal();
  if (bitCount(base.legalLo) + bitCount(base.legalHi) === 1) return onlyCard(nthCard(base.legalLo, base.legalHi, 0), 0);
  const root = new Node(-1, -1);
  const path: Node[] = [];
  const rewards = new Float64Array(base.n);
  let i = 0;
  for (; more(i); i++) {
    deal(rng, work);
    path.length = 0;
    let node = root;
    while (work.phase === PHASE_PLAY) {
      work.computeLegal();
      let untriedLo = work.legalLo;
      let untriedHi = work.legalHi;
      for (const child of node.children) {
        const id = child.card;
        const bit = id < 32 ? 1 << id : 1 << (id - 32);
        if (id < 32 ? (untriedLo & bit) === 0 : (untriedHi & bit) === 0) continue;
        child.available++;
        if (id < 32) untriedLo &= ~bit;
        else untriedHi &= ~bit;
      }
      const untried = bitCount(untriedLo) + bitCount(untriedHi);
      if (untried > 0) {
        const child = new Node(nthCard(untriedLo, untriedHi, rng.below(untried)), work.turn);
        node.children.push(child);
        work.play(child.card);
        path.push(child);
        break;
      }
      node = bestChild(node, work);
      work.play(node.card);
      path.push(node);
    }
    playOut(work, rng, PLAYOUT_NOISE);
    work.score(scores);
    for (let s = 0; s < work.n; s++) rewards[s] = reward(work, scores, s);
    for (const n of path) {
      n.visits++;
      n.total += rewards[n.mover];
    }
  }
  if (root.children.length === 0) {
    // No iteration ran (out of time at once): the heuristic decides.
    work.copyFrom(base);
    return onlyCard(chooseCard(work, rng, 0), 0);
  }
  const visits = new Array<number>(CARD_COUNT).fill(0);
  for (const child of root.children) visits[child.card] = child.visits;
  return { kind: 'play', visits, iterations: i };
}

/**
 * What a finished round is worth to `seat`: its score less the mean of its opponents'.
 * Points an opponent loses are as good as points won, so the search steers the bottle
 * towards the opponents rather than being indifferent to where it ends.
 */
function reward(r: Round, scores: Int32Array, seat: number): number {
  let sum = 0;
  let count = 0;
  for (let s = 0; s < r.n; s++) {
    if (r.sameSide(s, seat)) continue;
    sum += scores[s];
    count++;
  }
  // Every mode has opponents, so count > 0.
  return scores[seat] - sum / count;
}

/** UCB1 over the children legal in this deal (work.legalLo/Hi), with availability counts. */
function bestChild(node: Node, work: Round): Node {
  let best = node.children[0];
  let bestScore = -Infinity;
  for (const child of node.children) {
    const id = child.card;
    if (!hasCard(work.legalLo, work.legalHi, id)) continue;
    const score =
      child.total / child.visits / REWARD_SCALE + EXPLORATION * Math.sqrt(Math.log(child.available) / child.visits);
    if (score > bestScore) {
      bestScore = score;
      best = child;
    }
  }
  return best;
}

/** Candidate passes in Round slot order, the heuristic's own first. */
export function passCandidates(r: Round, seat: number): number[][] {
  // The heuristic's cards first (they may include a short suit passed for a void), then
  // the riskiest of the rest, so that the first candidate is the heuristic's own pass.
  const own = passSet(r, seat);
  const order = [...own, ...passOrder(r, seat).filter((id) => !own.includes(id))];
  const top = order.slice(0, Math.max(own.length, r.n === 2 ? 5 : 4));
  const devils = r.devilCount(seat);
  const out: number[][] = [];
  const rest = (used: number[]) => top.filter((id) => !used.includes(id));
  const devilSets: number[][] = devils === 0 ? [[]] : devils === 1 ? top.map((id) => [id]) : pairs(top);
  for (const devil of devilSets) {
    for (const right of rest(devil)) {
      for (const left of rest([...devil, right])) {
        out.push([left, right, devil[0] ?? -1, devil[1] ?? -1]);
        if (out.length === MAX_PASS_CANDIDATES) return out;
      }
    }
  }
  return out;
}

function pairs(ids: number[]): number[][] {
  const out: number[][] = [];
  for (let a = 0; a < ids.length; a++) for (let b = a + 1; b < ids.length; b++) out.push([ids[a], ids[b]]);
  return out;
}

function searchPass(
  base: Round,
  seat: number,
  deal: Deal,
  more: (i: number) => boolean,
  rng: Rng,
  work: Round,
  scores: Int32Array,
): SearchResult {
  const candidates = passCandidates(base, seat);
  const visits = new Float64Array(candidates.length);
  const totals = new Float64Array(candidates.length);
  let i = 0;
  for (; more(i); i++) {
    // Progressive widening: consider one more candidate each time the count doubles-ish.
    const open = Math.min(candidates.length, 2 + Math.floor(Math.sqrt(i) / 2));
    let pick = 0;
    let bestScore = -Infinity;
    for (let k = 0; k < open; k++) {
      const score =
        visits[k] === 0
          ? Infinity
          : totals[k] / visits[k] / REWARD_SCALE + EXPLORATION * Math.sqrt(Math.log(i + 1) / visits[k]);
      if (score > bestScore) {
        bestScore = score;
        pick = k;
      }
    }
    deal(rng, work);
    const [a, b, d1, d2] = candidates[pick];
    work.pass(seat, a, b, d1, d2);
    passAll(work, rng, PLAYOUT_NOISE);
    playOut(work, rng, PLAYOUT_NOISE);
    work.score(scores);
    visits[pick]++;
    totals[pick] += reward(work, scores, seat);
  }
  return { kind: 'pass', candidates, visits: Array.from(visits), iterations: i };
}
