/**
 * Analysis of a whole game record: every pass and every card of every seat (or one
 * seat), each judged from that seat's view at that moment (evaluate.ts, verdict.ts).
 * The result is the `bottle-imp-analysis/1` document described in docs/analysis.md.
 */

import type { Action, PassChoice } from '../engine/index.js';
import { cardId, Game, sameSlots, slotsOf, type TableView, view } from '../engine/index.js';
import { type GameRecord, gameFromRecord, type RecordResult } from '../record/index.js';
import { type Choice, choiceJson, choicesFor, evaluate } from './evaluate.js';
import { type DecisionClass, decisionAccuracy, judge, type Reason, reasonFor, THRESHOLDS } from './verdict.js';

export const ANALYSIS_FORMAT = 'bottle-imp-analysis/1';

/** Samples per decision by default (BENCHMARKS.md has the time it takes). */
export const ANALYSIS_DEFAULT_ITERATIONS = 1000;

export interface AnalysisOptions {
  /** Only this seat's decisions (0-based), or every seat's. */
  readonly seat?: number;
  readonly iterations?: number;
  readonly seed?: number;
  /** Called after each decision with how many are done of how many. */
  readonly onProgress?: (done: number, total: number) => void;
}

type ActionJson = number | PassChoice;

export interface AnalysedOption {
  readonly action: ActionJson;
  readonly value: number;
  readonly error: number;
}

export interface AnalysedDecision {
  readonly round: number;
  readonly play: number | null;
  readonly seat: number;
  readonly kind: 'pass' | 'card';
  readonly chosen: ActionJson;
  readonly best: ActionJson;
  readonly options: readonly AnalysedOption[];
  readonly loss: number;
  readonly class: DecisionClass;
  /** Why, as a code with figures (docs/analysis.md); clients put it into words. */
  readonly reason: Reason;
}

export interface PlayerSummary {
  readonly seat: number;
  readonly name: string;
  readonly decisions: number;
  readonly expectedLoss: number;
  readonly accuracy: number;
  readonly counts: Record<DecisionClass, number>;
  readonly costliest: readonly number[];
}

export interface Analysis {
  readonly format: typeof ANALYSIS_FORMAT;
  readonly iterations: number;
  readonly seed: number;
  readonly thresholds: { readonly inaccuracy: number; readonly mistake: number; readonly blunder: number };
  readonly players: readonly PlayerSummary[];
  readonly decisions: readonly AnalysedDecision[];
}

/** One decision found in a record: where it is, the seat's view just before it, and what was chosen. */
export interface Moment {
  readonly round: number;
  readonly play: number | null;
  readonly seat: number;
  readonly view: TableView;
  readonly chosen: Action;
}

/**
 * Every decision of the record in order, with the deciding seat's view just before it.
 * Passes are chosen at the same time, so each seat's pass is judged from its view right
 * after the deal, before anyone has passed, whatever order the record lists them in.
 */
export function momentsOf(record: GameRecord): RecordResult<Moment[]> {
  const checked = gameFromRecord(record);
  if (!checked.ok) return checked;
  const created = Game.awaitingDeals(record.options);
  if (!created.ok) return { ok: false, error: created.error.message };
  const game = created.value;
  const moments: Moment[] = [];
  const step = (action: Action): void => {
    const applied = game.apply(action);
    if (!applied.ok) throw new Error(`analysis: a checked record failed to replay: ${applied.error.message}`);
  };
  record.rounds.forEach((round, r) => {
    game.deal({ dealer: round.dealer, hands: round.hands, faceUp: round.faceUp });
    if (round.passes === undefined) return;
    const passes = round.passes.map((pass, seat) => ({
      round: r,
      play: null,
      seat,
      view: view(game, seat),
      chosen: { type: 'pass', seat, pass } as Action,
    }));
    moments.push(...passes);
    for (const p of passes) step(p.chosen);
    (round.plays ?? []).forEach((card, play) => {
      const seat = game.toAct()[0];
      const action: Action = { type: 'play', seat, card };
      moments.push({ round: r, play, seat, view: view(game, seat), chosen: action });
      step(action);
    });
  });
  return { ok: true, value: moments };
}

/** Judge one decision from its view. */
export function analyseMoment(m: Moment, iterations: number, seed: number): AnalysedDecision {
  const n = m.view.options.players;
  const pass = m.chosen.type === 'pass' ? m.chosen.pass : undefined;
  const choices = choicesFor(m.view, pass);
  const chosen = choices.findIndex((c) => isChosen(c, m.chosen, m.view.options.players));
  const e = evaluate(m.view, choices, iterations, seed);
  const v = judge(e, chosen);
  return {
    round: m.round,
    play: m.play,
    seat: m.seat,
    kind: m.chosen.type === 'pass' ? 'pass' : 'card',
    chosen: choiceJson(choices[chosen], n),
    best: choiceJson(choices[v.best], n),
    options: e.options.map((o) => ({
      action: choiceJson(o.choice, n),
      value: round2(o.value),
      error: round2(o.error),
    })),
    loss: round2(v.loss),
    class: v.class,
    reason: reasonFor(m.view, e, chosen, v),
  };
}

function isChosen(c: Choice, action: Action, players: number): boolean {
  if (action.type === 'play') return 'card' in c && c.card === cardId(action.card);
  return 'pass' in c && sameSlots(c.pass, slotsOf(players, action.pass));
}

/** Analyse a record (checked first: an invalid record is reported as `replay` reports it). */
export function analyseRecord(record: GameRecord, options: AnalysisOptions = {}): RecordResult<Analysis> {
  const iterations = options.iterations ?? ANALYSIS_DEFAULT_ITERATIONS;
  const seed = options.seed ?? 1;
  const moments = momentsOf(record);
  if (!moments.ok) return moments;
  const mine = moments.value.filter((m) => options.seat === undefined || m.seat === options.seat);
  const decisions: AnalysedDecision[] = [];
  for (const m of mine) {
    decisions.push(analyseMoment(m, iterations, seed));
    options.onProgress?.(decisions.length, mine.length);
  }
  return { ok: true, value: summarise(record.players, decisions, iterations, seed) };
}

/** The analysis document from judged decisions (in game order), with a summary per seat that has any. */
export function summarise(
  names: readonly string[],
  decisions: readonly AnalysedDecision[],
  iterations: number,
  seed: number,
): Analysis {
  const seats = [...new Set(decisions.map((d) => d.seat))].sort((a, b) => a - b);
  const players = seats.map((seat) => summary(seat, names[seat] ?? '', decisions));
  return {
    format: ANALYSIS_FORMAT,
    iterations,
    seed,
    thresholds: { ...THRESHOLDS },
    players,
    decisions: [...decisions],
  };
}

/** A seat's totals: expected points lost, accuracy (mean of decisionAccuracy over its unforced decisions), counts, the three costliest. */
function summary(seat: number, name: string, decisions: readonly AnalysedDecision[]): PlayerSummary {
  const counts: Record<DecisionClass, number> = { good: 0, inaccuracy: 0, mistake: 0, blunder: 0, forced: 0 };
  const indexes: number[] = [];
  let loss = 0;
  let accuracy = 0;
  decisions.forEach((d, i) => {
    if (d.seat !== seat) return;
    indexes.push(i);
    counts[d.class]++;
    if (d.class === 'forced') return;
    loss += d.loss;
    accuracy += decisionAccuracy(d.loss);
  });
  const unforced = indexes.length - counts.forced;
  const costliest = indexes
    .filter((i) => decisions[i].class !== 'forced' && decisions[i].loss > 0)
    .sort((a, b) => decisions[b].loss - decisions[a].loss || a - b)
    .slice(0, 3);
  return {
    seat,
    name,
    decisions: indexes.length,
    expectedLoss: round2(loss),
    accuracy: unforced > 0 ? Math.round((accuracy / unforced) * 10) / 10 : 100,
    counts,
    costliest,
  };
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
