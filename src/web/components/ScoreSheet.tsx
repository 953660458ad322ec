/** The score sheet: every round's scores and running totals, and a chart of the totals. */
import { useTranslation } from 'react-i18next';
import type { RoundResult } from '../../engine/index.js';
import { type SeatLabel, seatNumbers } from '../game/model.js';
import { formatInteger, formatSigned } from '../numbers.js';
import { seatName, shortNames } from './names.js';

export function ScoreSheet({
  results,
  seats,
  players,
}: {
  results: readonly RoundResult[];
  seats: readonly SeatLabel[];
  players: number;
}) {
  const { t } = useTranslation();
  const cols = seatNumbers(players);
  const short = shortNames(seats, players, t);
  return (
    <div className="score-sheet" data-testid="score-sheet">
      <div className="table-scroll">
        <table>
          <caption className="sr-only">{t('scores.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('scores.round')}</th>
              {cols.map((s) => (
                <th key={s} scope="col" title={seatName(seats, s, t)}>
                  <span className={`dot seat-color-${s}`} aria-hidden="true" />{' '}
                  <span className="col-name">{short[s]}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {results.map((r) => (
              <tr key={r.round}>
                <th scope="row">{r.round + 1}</th>
                {cols.map((s) => (
                  <td key={s}>
                    <span className={r.scores[s] < 0 ? 'neg' : undefined}>{formatSigned(r.scores[s], 0)}</span>
                    <span className="total">{formatInteger(r.totals[s])}</span>
                  </td>
                ))}
              </tr>
            ))}
            {results.length === 0 && (
              <tr>
                <td colSpan={players + 1} className="muted">
                  {t('scores.none')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {results.length > 0 && <ScoreChart results={results} seats={seats} players={players} />}
    </div>
  );
}

/** Running totals after each round as lines, one colour per seat. */
export function ScoreChart({
  results,
  seats,
  players,
}: {
  results: readonly RoundResult[];
  seats: readonly SeatLabel[];
  players: number;
}) {
  const { t } = useTranslation();
  const w = 480;
  const h = 200;
  const pad = 24;
  const short = shortNames(seats, players, t);
  const series = seatNumbers(players).map((s) => ({ s, points: [0, ...results.map((r) => r.totals[s])] }));
  const all = series.flatMap((l) => l.points);
  const lo = Math.min(0, ...all);
  const hi = Math.max(1, ...all);
  const x = (i: number) => pad + (i * (w - 2 * pad)) / Math.max(1, results.length);
  const y = (v: number) => h - pad - ((v - lo) * (h - 2 * pad)) / (hi - lo);
  return (
    <figure className="score-chart">
      <svg viewBox={`0 0 ${w} ${h}`} role="img" aria-label={t('scores.chart')}>
        <line x1={pad} x2={w - pad} y1={y(0)} y2={y(0)} className="axis" />
        <text x={4} y={y(hi) + 4} className="axis-label">
          {formatInteger(hi)}
        </text>
        {lo < 0 && (
          <text x={4} y={y(lo) + 4} className="axis-label">
            {formatInteger(lo)}
          </text>
        )}
        {results.map((r) => (
          <text key={r.round} x={x(r.round + 1)} y={h - 6} className="axis-label" textAnchor="middle">
            {r.round + 1}
          </text>
        ))}
        {series.map(({ s, points }) => (
          <g key={s} className={`seat-stroke-${s}`}>
            <polyline className="line" points={points.map((v, i) => `${x(i)},${y(v)}`).join(' ')} />
            {points.slice(1).map((v, i) => (
              <circle key={`${x(i + 1)}`} cx={x(i + 1)} cy={y(v)} r={3} className="point" />
            ))}
          </g>
        ))}
      </svg>
      <figcaption className="legend">
        {series.map(({ s }) => (
          <span key={s}>
            <span className={`dot seat-color-${s}`} aria-hidden="true" /> {short[s]}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
