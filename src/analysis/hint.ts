/**
 * Help at the table: the best option for the seat to act with the values of the
 * alternatives, and its bottle risk (docs/protocol.md, `game:hint`). Computed from the
 * seat's view only, like every analysis.
 */
import type { PassChoice, TableView } from '../engine/index.js';
import { bestIndex, choiceJson, choicesFor, evaluate } from './evaluate.js';

/** Samples per hint: enough to rank the options, quick enough to answer a player at once. */
export const HINT_ITERATIONS = 400;

/**
 * A decision with more options than this (a pass has 16 candidates, a first card at 2
 * players as many) is first screened with a quarter of the samples, and only its best
 * SCREEN_KEEP options get them all: the hint then costs about what a card hint with 8
 * legal cards costs, where weighing every candidate fully took a pass hint three to four
 * times as long.
 */
export const SCREEN_ABOVE = 8;
export const SCREEN_KEEP = 4;
export const SCREEN_SHARE = 4;

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
  const choices = choicesFor(view);
  // The same seed deals the same samples whatever the options, so the kept options'
  // first samples are the screen's: their values only grow more precise.
  const screen =
    choices.length > SCREEN_ABOVE ? evaluate(view, choices, Math.ceil(iterations / SCREEN_SHARE), seed).options : [];
  const kept =
    screen.length > 0
      ? [...screen]
          .sort((a, b) => b.value - a.value)
          .slice(0, SCREEN_KEEP)
          .map((o) => o.choice)
      : choices;
  const e = evaluate(view, kept, iterations, seed);
  const best = bestIndex(e);
  // An option screened out is valued on the screen's samples only. Those samples are the
  // kept options' first ones, so what the rest of the samples did to the kept options
  // (their mean change) is the best estimate of what they would have done to it: shifted by
  // that, it is on the same footing as the kept, and it can never show above the best
  // (it was below every kept option on the screen, so it is below their mean after it).
  const shift =
    screen.length > 0
      ? e.options.reduce((sum, o, k) => sum + o.value - screen[choices.indexOf(kept[k])].value, 0) / kept.length
      : 0;
  // Every option in the order it was offered, each with its most precise value.
  const options = choices.map((c, i) => e.options[kept.indexOf(c)] ?? { ...screen[i], value: screen[i].value + shift });
  const round2 = (x: number): number => Math.round(x * 100) / 100;
  return {
    best: choiceJson(e.options[best].choice, n),
    options: options.map((o) => ({
      action: choiceJson(o.choice, n),
      value: round2(o.value),
      error: round2(o.error),
    })),
    bottleRisk: {
      now: round2(e.options[best].bottleRisk),
      byCard:
        view.phase === 'play'
          ? options.map((o) => ({ card: choiceJson(o.choice, n) as number, risk: round2(o.bottleRisk) }))
          : null,
    },
  };
}
