/**
 * Reading a game's analysis (docs/analysis.md) against the replay's steps: which decision
 * is taken at a step, the running expected loss of each player, the next mistake. The
 * types come from the protocol; the analysis itself is made by the server or the CLI.
 */
import type { TFunction } from 'i18next';
import type { PassChoice, Rank } from '../../engine/index.js';
import type { AnalysisDocument as Analysis, Hint, HintReply, Reason } from '../../protocol/messages.js';
import type { Answer } from '../errors.js';
import { formatPercent, formatPoints } from '../numbers.js';
import { formatRank } from './cards.js';
import type { ReplayStep } from './replay.js';

/** One judged decision of an analysis. */
export type AnalysedDecision = Analysis['decisions'][number];

export type { Analysis, Hint, Reason };

/** The ack of `game:hint` (or the client's own refusal when none came). */
export type HintAnswer = Answer<HintReply>;

/** Classes worth stopping at when looking for the next mistake. */
export const FLAWS: ReadonlySet<string> = new Set(['inaccuracy', 'mistake', 'blunder']);

/** Chess-style marks for the move list. */
export const MARKS: Readonly<Record<string, string>> = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/** The replay step at which a decision is taken: the deal for a pass, the position before the play for a card. */
export function stepOf(d: AnalysedDecision, steps: readonly ReplayStep[]): number {
  const plays = d.play ?? -1;
  return steps.findIndex((s) => s.round === d.round && s.plays === plays);
}

/** The decisions taken at a step: every seat's pass at a deal, the one play otherwise. */
export function decisionsAt(analysis: Analysis, step: ReplayStep): AnalysedDecision[] {
  return analysis.decisions.filter((d) => d.round === step.round && (d.play ?? -1) === step.plays);
}

/** Index of the first decision after step `at` of `seat` that is a flaw, or null. */
export function nextFlaw(analysis: Analysis, steps: readonly ReplayStep[], at: number, seat: number): number | null {
  for (const d of analysis.decisions) {
    if (d.seat !== seat || !FLAWS.has(d.class)) continue;
    const i = stepOf(d, steps);
    if (i > at) return i;
  }
  return null;
}

/** Per player, the expected points lost so far after each decision of the game, as (step, total) points. */
export function lossSeries(
  analysis: Analysis,
  steps: readonly ReplayStep[],
): Map<number, { step: number; total: number; flaw: string | null }[]> {
  const out = new Map<number, { step: number; total: number; flaw: string | null }[]>();
  for (const p of analysis.players) out.set(p.seat, [{ step: 0, total: 0, flaw: null }]);
  for (const d of analysis.decisions) {
    const line = out.get(d.seat);
    if (!line) continue;
    const last = line[line.length - 1].total;
    line.push({ step: Math.max(0, stepOf(d, steps)), total: last + d.loss, flaw: FLAWS.has(d.class) ? d.class : null });
  }
  return out;
}

/**
 * How far an option's value falls short of the best option's, as the analysis's class
 * names: within `inaccuracy` points it is "good".
 */
export function toneOf(shortfall: number, thresholds: Analysis['thresholds']): string {
  if (shortfall <= 0.005) return 'best';
  if (shortfall < thresholds.inaccuracy) return 'good';
  if (shortfall < thresholds.mistake) return 'inaccuracy';
  if (shortfall < thresholds.blunder) return 'mistake';
  return 'blunder';
}

/** An option in words: a card's rank, or where a pass puts its cards. */
export function actionText(a: Rank | PassChoice, t: TFunction): string {
  if (typeof a === 'number') return formatRank(a);
  const devil = a.devil.map(formatRank).join(', ');
  return 'left' in a
    ? t('analysis.passSide', { left: formatRank(a.left), right: formatRank(a.right), devil })
    : t('analysis.passTwo', { faceUp: formatRank(a.faceUp), hidden: formatRank(a.hidden), devil });
}

/**
 * Why a decision earned its class, in the reader's language (docs/analysis.md's reason
 * codes). An analysis stored before reasons had codes has only its English line.
 */
export function reasonText(d: AnalysedDecision, t: TFunction): string {
  const r = d.reason;
  if (!r) return d.why ?? '';
  if (r.code === 'forced') return t('analysis.reason.forced');
  if (r.code === 'best') return t('analysis.reason.best', { risk: formatPercent(r.risk) });
  const best =
    typeof r.best === 'number' ? actionText(r.best, t) : t('analysis.reason.passing', { pass: actionText(r.best, t) });
  if (r.code === 'withinError') return t('analysis.reason.withinError', { best, error: formatPoints(r.error) });
  const reason =
    r.code === 'points'
      ? t('analysis.reason.points', {
          best,
          loss: formatPoints(r.loss),
          value: formatPoints(r.value),
          bestValue: formatPoints(r.bestValue),
        })
      : t(`analysis.reason.${r.code}`, {
          best,
          risk: formatPercent(r.risk),
          bestRisk: formatPercent(r.bestRisk),
          loss: r.code === 'safer' ? formatPoints(r.loss) : undefined,
        });
  if (!r.trick) return reason;
  const price = r.trick.code === 'takesTrick' ? undefined : formatRank(r.trick.price as Rank);
  const trick = t(`analysis.trick.${r.trick.code}`, { count: r.trick.cardsLeft, price });
  return t('analysis.reason.withTrick', { trick, reason });
}
