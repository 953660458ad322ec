/** The readable account of an analysis, for people at a terminal (everything counted from 1). */
import type { AnalysedDecision, Analysis } from '../analysis/index.js';
import type { GameRecord } from '../record/index.js';

export function formatAnalysis(record: GameRecord, analysis: Analysis): string {
  const n = record.options.players;
  const who = (seat: number): string => record.players[seat] || `seat ${seat + 1}`;
  const action = (a: AnalysedDecision['chosen']): string =>
    typeof a === 'number'
      ? String(a)
      : `${'left' in a ? `left ${a.left}, right ${a.right}` : `face-up ${a.faceUp}, hidden ${a.hidden}`}${a.devil.length ? `, devil ${a.devil.join(' and ')}` : ''}`;
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
      `Seat ${p.seat + 1} ${who(p.seat)}: accuracy ${p.accuracy.toFixed(1)} %, ${p.expectedLoss.toFixed(1)} expected points lost over ${p.decisions} decisions (${c.good} good, ${c.inaccuracy} inaccuracies, ${c.mistake} mistakes, ${c.blunder} blunders, ${c.forced} forced)`,
    );
    p.costliest.forEach((i, k) => {
      const d = analysis.decisions[i];
      lines.push(
        `  ${k + 1}. ${where(d)}: played ${action(d.chosen)}, best ${action(d.best)}, −${d.loss.toFixed(1)} (${d.class}): ${d.why}`,
      );
    });
  }
  const faults = analysis.decisions.filter((d) => d.class !== 'good' && d.class !== 'forced');
  if (faults.length > 0) {
    lines.push('', 'Every inaccuracy, mistake and blunder:');
    for (const d of faults)
      lines.push(
        `  ${where(d)}: ${who(d.seat)} played ${action(d.chosen)}, best ${action(d.best)}, −${d.loss.toFixed(1)} ${d.class}: ${d.why}`,
      );
  }
  return lines.join('\n') + '\n';
}
