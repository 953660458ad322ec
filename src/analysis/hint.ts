/**
 * Help at the table: the best option for the seat to act with the values of the
 * alternatives, and its bottle risk (docs/protocol.md, `game:hint`). Computed from the
 * seat's view only, like every analysis.
 */
import type { PassChoice, TableView } from '../engine/index.js';
import { bestIndex, choiceJson, choicesFor, evaluate } from './evaluate.js';

/** Samples per hint: enough to rank the options, quick enough to answer a player at once. */
export const HINT_ITERATIONS = 400;

export interface Hint {
  readonly best: number | PassChoice;
  readonly options: readonly { readonly action: number | PassChoice; readonly value: number; readonly error: number }[];
  readonly bottleRisk: {
    /** Chance of ending the round holding a bottle when the best option is taken. */
    readonly now: number;
    /** Per legal card, that chance after playing it; null while passing. */
    readonly byCard: readonly { readonly card: number; readonly risk: number }[] | null;
  };
}

/** The hint for the seat whose view this is; it must be that seat's turn. */
export function hintFor(view: TableView, iterations: number, seed: number): Hint {
  const n = view.options.players;
  const e = evaluate(view, choicesFor(view), iterations, seed);
  const best = bestIndex(e);
  const round2 = (x: number): number => Math.round(x * 100) / 100;
  return {
    best: choiceJson(e.options[best].choice, n),
    options: e.options.map((o) => ({
      action: choiceJson(o.choice, n),
      value: round2(o.value),
      error: round2(o.error),
    })),
    bottleRisk: {
      now: round2(e.options[best].bottleRisk),
      byCard:
        view.phase === 'play'
          ? e.options.map((o) => ({ card: choiceJson(o.choice, n) as number, risk: round2(o.bottleRisk) }))
          : null,
    },
  };
}
