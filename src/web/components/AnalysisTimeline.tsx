/** The analysis's timeline: expected points lost so far, one line per player, flaws as dots. */
import { useTranslation } from 'react-i18next';
import { type Analysis, lossSeries } from '../game/analysis.js';
import type { SeatLabel } from '../game/model.js';
import type { ReplayStep } from '../game/replay.js';
import { seatName } from './names.js';

/** Expected points lost so far, one line per player, with the flaws as dots and the current step marked. */
export function AnalysisTimeline({
  analysis,
  steps,
  at,
  seats,
  onJump,
}: {
  analysis: Analysis;
  steps: readonly ReplayStep[];
  at: number;
  seats: readonly SeatLabel[];
  onJump: (i: number) => void;
}) {
  const { t } = useTranslation();
  const series = lossSeries(analysis, steps);
  const W = 600;
  const H = 140;
  const last = Math.max(1, steps.length - 1);
  const top = Math.max(1, ...[...series.values()].map((line) => line[line.length - 1].total));
  const x = (step: number) => (step / last) * W;
  const y = (v: number) => H - 6 - (v / top) * (H - 14);
  return (
    <figure className="analysis-timeline" data-testid="analysis-timeline">
      <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-label={t('analysis.timeline')}>
        <line x1={x(at)} x2={x(at)} y1={0} y2={H} className="now" />
        {[...series.entries()].map(([seat, line]) => (
          <g key={seat} className={`seat-stroke-${seat}`}>
            <polyline
              points={line
                .flatMap((p, i) =>
                  i === 0
                    ? [`${x(p.step)},${y(p.total)}`]
                    : [`${x(p.step)},${y(line[i - 1].total)}`, `${x(p.step)},${y(p.total)}`],
                )
                .join(' ')}
            />
            {line
              .filter((p) => p.flaw)
              .map((p) => (
                // biome-ignore lint/a11y/noStaticElementInteractions: the move list offers the same jumps to keyboards and screen readers.
                <circle
                  key={`${p.step}`}
                  cx={x(p.step)}
                  cy={y(p.total)}
                  r={p.flaw === 'blunder' ? 6 : 4}
                  className={`flaw tone-${p.flaw}`}
                  onClick={() => onJump(p.step)}
                />
              ))}
          </g>
        ))}
      </svg>
      <figcaption className="muted small">
        {t('analysis.timeline')} ·{' '}
        {analysis.players.map((p) => (
          <span key={p.seat} className="analysis-legend">
            <span className={`dot seat-color-${p.seat}`} aria-hidden="true" /> {seatName(seats, p.seat, t)}{' '}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
