/**
 * How a decision is judged from its evaluation: the expected points lost against the
 * best option, the class that loss earns, and the reason, as a code with figures that the
 * clients put into words (the command line in English, the web client in English and
 * German).
 */

import type { PassChoice, TableView } from '../engine/index.js';
import { PHASE_PLAY, RANK, searchPosition } from '../engine/index.js';
import { bestIndex, choiceJson, type Evaluation, pairedError } from './evaluate.js';

export type DecisionClass = 'good' | 'inaccuracy' | 'mistake' | 'blunder' | 'forced';

/** Expected round points lost from which a decision is an inaccuracy, a mistake, a blunder. */
export const THRESHOLDS = { inaccuracy: 2, mistake: 5, blunder: 10 } as const;

/** A loss is only counted as a fault when it exceeds this many standard errors of the difference. */
export const SIGNIFICANCE = 2;

/** Loss (in expected round points) at which a decision's accuracy has fallen to 1/e (37 %). */
export const ACCURACY_SCALE = 8;

export interface Verdict {
  readonly best: number;
  readonly loss: number;
  /** Standard error of `loss` (paired over the same samples). */
  readonly lossError: number;
  readonly class: DecisionClass;
}

export function judge(e: Evaluation, chosen: number): Verdict {
  if (e.options.length === 1) return { best: 0, loss: 0, lossError: 0, class: 'forced' };
  const best = bestIndex(e);
  const loss = e.options[best].value - e.options[chosen].value;
  const lossError = pairedError(e, best, chosen);
  return { best, loss, lossError, class: classify(loss, lossError) };
}

/** The class of a loss; a loss within SIGNIFICANCE standard errors is never a fault. */
export function classify(loss: number, lossError: number): DecisionClass {
  if (loss <= SIGNIFICANCE * lossError || loss < THRESHOLDS.inaccuracy) return 'good';
  if (loss < THRESHOLDS.mistake) return 'inaccuracy';
  if (loss < THRESHOLDS.blunder) return 'mistake';
  return 'blunder';
}

/** One decision's accuracy in per cent: 100 · e^(−loss / ACCURACY_SCALE). */
export function decisionAccuracy(loss: number): number {
  return 100 * Math.exp(-Math.max(0, loss) / ACCURACY_SCALE);
}

/** An option as in the analysis JSON: a rank, or a pass as in RECORD.md. */
type ActionJson = number | PassChoice;

/** What the seat's card certainly does to the trick it completes (it plays last to it). */
export type TrickOutcome =
  | { readonly code: 'buysBottle' | 'keepsBottle'; readonly price: number; readonly cardsLeft: number }
  | { readonly code: 'takesTrick'; readonly cardsLeft: number };

/**
 * Why a decision earned its class, as a code with the figures a client puts into its own
 * words (docs/analysis.md lists them). Risks are shares of the sampled deals (0 to 1),
 * points are expected round points; all rounded to 0.01.
 */
export type Reason =
  | { readonly code: 'forced' }
  | { readonly code: 'best'; readonly risk: number }
  | { readonly code: 'withinError'; readonly best: ActionJson; readonly error: number }
  | {
      readonly code: 'riskier';
      readonly best: ActionJson;
      readonly risk: number;
      readonly bestRisk: number;
      readonly trick?: TrickOutcome;
    }
  | {
      readonly code: 'safer';
      readonly best: ActionJson;
      readonly risk: number;
      readonly bestRisk: number;
      readonly loss: number;
      readonly trick?: TrickOutcome;
    }
  | {
      readonly code: 'points';
      readonly best: ActionJson;
      readonly loss: number;
      readonly value: number;
      readonly bestValue: number;
      readonly trick?: TrickOutcome;
    };

/** Every reason code and every trick outcome code, for clients that must have words for each. */
export const REASON_CODES: readonly Reason['code'][] = ['forced', 'best', 'withinError', 'riskier', 'safer', 'points'];
export const TRICK_CODES: readonly TrickOutcome['code'][] = ['buysBottle', 'keepsBottle', 'takesTrick'];

/** A bottle-risk difference of at least this share of deals explains a loss by the bottle. */
const RISK_GAP = 0.1;

const round2 = (x: number): number => Math.round(x * 100) / 100;

/**
 * Why the chosen option is worse than the best (or why it is fine). The bottle is named
 * when the difference in bottle risk explains the loss, else the points; when the seat
 * plays last to a trick, what the card certainly does to it comes with it.
 */
export function reasonFor(view: TableView, e: Evaluation, chosen: number, v: Verdict): Reason {
  const n = view.options.players;
  if (v.class === 'forced') return { code: 'forced' };
  const c = e.options[chosen];
  const b = e.options[v.best];
  if (chosen === v.best) return { code: 'best', risk: round2(c.bottleRisk) };
  const best = choiceJson(b.choice, n);
  if (v.loss <= SIGNIFICANCE * v.lossError) return { code: 'withinError', best, error: round2(v.lossError) };
  const trick = 'card' in c.choice ? lastToTrick(view, c.choice.card) : null;
  const withTrick = trick ? { trick } : {};
  const risks = { risk: round2(c.bottleRisk), bestRisk: round2(b.bottleRisk) };
  const riskGap = c.bottleRisk - b.bottleRisk;
  if (riskGap >= RISK_GAP) return { code: 'riskier', best, ...risks, ...withTrick };
  if (riskGap <= -RISK_GAP) return { code: 'safer', best, ...risks, loss: round2(v.loss), ...withTrick };
  return {
    code: 'points',
    best,
    loss: round2(v.loss),
    value: round2(c.value),
    bestValue: round2(b.value),
    ...withTrick,
  };
}

/** When the seat completes the trick and wins it, what this card certainly does; else null. */
function lastToTrick(view: TableView, card: number): TrickOutcome | null {
  const n = view.options.players;
  if (view.trick.cards.length !== n - 1) return null;
  const known = searchPosition(view);
  const r = known.round;
  if (r.phase !== PHASE_PLAY) return null;
  const before = [r.owner[0], r.owner[1]];
  r.play(card);
  const cardsLeft = (view.hand?.length ?? 0) + (view.faceUp?.[known.seat].length ?? 0) - 1;
  if (r.lastWinner !== known.seat) return null;
  if (r.lastBottle > 0) {
    // A bottle changes hands at the price of the card that took it.
    const code = before[r.lastBottle - 1] === known.seat ? 'keepsBottle' : 'buysBottle';
    return { code, price: RANK[card], cardsLeft };
  }
  return { code: 'takesTrick', cardsLeft };
}
