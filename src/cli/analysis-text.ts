/**
 * The readable account of an analysis, for people at a terminal (everything counted from
 * 1), and the English words of each decision's reason (docs/analysis.md).
 */
import type { AnalysedDecision, Analysis, Reason, TrickOutcome } from '../analysis/index.js';
import type { GameRecord } from '../record/index.js';
import { plural } from './text.js';

type ActionJson = AnalysedDecision['chosen'];

/** A card's rank, or a pass as "left 5, right 9, devil 30". */
function action(a: ActionJson): string {
  if (typeof a === 'number') return String(a);
  const sides = 'left' in a ? `left ${a.left}, right ${a.right}` : `face-up ${a.faceUp}, hidden ${a.hidden}`;
  return a.devil.length ? `${sides}, devil ${a.devil.join(' and ')}` : sides;
}

const pct = (x: number): string => `${Math.round(x * 100)} %`;
const pts = (x: number): string => x.toFixed(1);

function trickText(t: TrickOutcome): string {
  const left = `with ${t.cardsLeft} card${t.cardsLeft === 1 ? '' : 's'} left`;
  if (t.code === 'takesTrick') return `takes the trick ${left}`;
  return `${t.code === 'buysBottle' ? 'buys' : 'keeps'} the bottle at ${t.price} ${left}`;
}

/** A decision's reason in one English line ("buys the bottle at 9 with 1 card left; …"). */
export function reasonText(r: Reason): string {
  if (r.code === 'forced') return 'the only legal card';
  if (r.code === 'best') return `best choice; ends the round with a bottle in ${pct(r.risk)} of deals`;
  const best = typeof r.best === 'number' ? String(r.best) : `passing ${action(r.best)}`;
  if (r.code === 'withinError') return `as good as ${best} within the uncertainty (±${pts(r.error)})`;
  const lead = r.trick ? `${trickText(r.trick)}; ` : '';
  if (r.code === 'riskier')
    return `${lead}ends the round with a bottle in ${pct(r.risk)} of deals, ${pct(r.bestRisk)} with ${best}`;
  if (r.code === 'safer')
    return `${lead}avoids the bottle more often (${pct(r.risk)} against ${pct(r.bestRisk)}) but ${best} scores ${pts(r.loss)} points more`;
  return `${lead}${best} scores ${pts(r.loss)} points more on average (${pts(r.bestValue)} against ${pts(r.value)})`;
}

/** The JSON that `analyse --json` prints: each decision also carries its reason in English (`why`), for older readers. */
export function withEnglishReasons(analysis: Analysis): Analysis & {
  decisions: readonly (AnalysedDecision & { why: string })[];
} {
  return { ...analysis, decisions: analysis.decisions.map((d) => ({ ...d, why: reasonText(d.reason) })) };
}

export function formatAnalysis(record: GameRecord, analysis: Analysis): string {
  const n = record.options.players;
  const who = (seat: number): string => record.players[seat] || `seat ${seat + 1}`;
  const where = (d: AnalysedDecision): string =>
    d.play === null
      ? `round ${d.round + 1}, pass`
      : `round ${d.round + 1}, trick ${Math.floor(d.play / n) + 1}, card ${(d.play % n) + 1}`;
  const t = analysis.thresholds;
  const lines = [
    `Analysis: ${analysis.iterations} sampled deals per decision, seed ${analysis.seed}; lost points: inaccuracy ≥ ${t.inaccuracy}, mistake ≥ ${t.mistake}, blunder ≥ ${t.blunder}`,
  ];
  for (const p of analysis.players) {
    const c = p.counts;
    lines.push(
      '',
      `Seat ${p.seat + 1} ${who(p.seat)}: accuracy ${p.accuracy.toFixed(1)} %, ${p.expectedLoss.toFixed(1)} expected points lost over ${plural(p.decisions, 'decision')} (${c.good} good, ${plural(c.inaccuracy, 'inaccuracy', 'inaccuracies')}, ${plural(c.mistake, 'mistake')}, ${plural(c.blunder, 'blunder')}, ${c.forced} forced)`,
    );
    p.costliest.forEach((i, k) => {
      const d = analysis.decisions[i];
      lines.push(
        `  ${k + 1}. ${where(d)}: played ${action(d.chosen)}, best ${action(d.best)}, −${d.loss.toFixed(1)} (${d.class}): ${reasonText(d.reason)}`,
      );
    });
  }
  const faults = analysis.decisions.filter((d) => d.class !== 'good' && d.class !== 'forced');
  if (faults.length > 0) {
    lines.push('', 'Every inaccuracy, mistake and blunder:');
    for (const d of faults)
      lines.push(
        `  ${where(d)}: ${who(d.seat)} played ${action(d.chosen)}, best ${action(d.best)}, −${d.loss.toFixed(1)} ${d.class}: ${reasonText(d.reason)}`,
      );
  }
  return lines.join('\n') + '\n';
}
