/**
 * How a decision is judged from its evaluation: the expected points lost against the
 * best option, the class that loss earns, and one line a person reads about why.
 */

import { knownRound } from '../bots/position.js';
import type { TableView } from '../engine/index.js';
import { PHASE_PLAY, RANK } from '../engine/index.js';
import { bestIndex, type Choice, type Evaluation, pairedError } from './evaluate.js';

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

const pct = (x: number): string => `${Math.round(x * 100)} %`;
const pts = (x: number): string => (Math.round(x * 10) / 10).toFixed(1);

/** A pass or card as a person reads it. */
export function describeChoice(choice: Choice, players: number): string {
  if ('card' in choice) return String(RANK[choice.card]);
  const [first, second, d1, d2] = choice.pass;
  const devil = [d1, d2].filter((id) => id >= 0).map((id) => RANK[id]);
  const sides =
    players === 2 ? `face-up ${RANK[first]}, hidden ${RANK[second]}` : `left ${RANK[first]}, right ${RANK[second]}`;
  return devil.length > 0 ? `${sides}, devil ${devil.join(' and ')}` : sides;
}

/**
 * Why the chosen option is worse than the best (or why it is fine), in one line. The
 * bottle is named when the difference in bottle risk explains most of the loss, else
 * the points; when the seat plays last to a trick, what the card does to it is certain
 * and is said first ("buys the bottle at 7 with 2 cards left").
 */
export function explain(view: TableView, e: Evaluation, chosen: number, v: Verdict): string {
  const n = view.options.players;
  if (v.class === 'forced') return 'the only legal card';
  const c = e.options[chosen];
  const b = e.options[v.best];
  const risk = (o: typeof c): string => `ends the round with a bottle in ${pct(o.bottleRisk)} of deals`;
  if (chosen === v.best) return `best choice; ${risk(c)}`;
  const bestText = 'card' in b.choice ? describeChoice(b.choice, n) : `passing ${describeChoice(b.choice, n)}`;
  if (v.loss <= SIGNIFICANCE * v.lossError)
    return `as good as ${bestText} within the uncertainty (±${pts(v.lossError)})`;
  const now = 'card' in c.choice ? lastToTrick(view, c.choice.card) : '';
  const riskGap = c.bottleRisk - b.bottleRisk;
  const lead = now ? `${now}; ` : '';
  if (riskGap >= 0.1)
    return `${lead}ends the round with a bottle in ${pct(c.bottleRisk)} of deals, ${pct(b.bottleRisk)} with ${bestText}`;
  if (riskGap <= -0.1)
    return `${lead}avoids the bottle more often (${pct(c.bottleRisk)} against ${pct(b.bottleRisk)}) but ${bestText} scores ${pts(v.loss)} points more`;
  return `${lead}${bestText} scores ${pts(v.loss)} points more on average (${pts(b.value)} against ${pts(c.value)})`;
}

/** When the seat completes the trick, what this card certainly does; else ''. */
function lastToTrick(view: TableView, card: number): string {
  const n = view.options.players;
  if (view.trick.cards.length !== n - 1) return '';
  const known = knownRound(view);
  const r = known.round;
  if (r.phase !== PHASE_PLAY) return '';
  const before = [r.owner[0], r.owner[1]];
  r.play(card);
  const left = (view.hand?.length ?? 0) + (view.faceUp?.[known.seat].length ?? 0) - 1;
  const cardsLeft = `with ${left} card${left === 1 ? '' : 's'} left`;
  if (r.lastWinner !== known.seat) return '';
  if (r.lastBottle > 0) {
    // A bottle changes hands at the price of the card that took it.
    const price = RANK[card];
    return before[r.lastBottle - 1] === known.seat
      ? `keeps the bottle at ${price} ${cardsLeft}`
      : `buys the bottle at ${price} ${cardsLeft}`;
  }
  return `takes the trick ${cardsLeft}`;
}
