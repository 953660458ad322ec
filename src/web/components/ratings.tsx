/**
 * Ratings as the web client shows them (docs/ratings.md): a figure with "?" while it is
 * provisional, the pools' tabs, what a rated game changed at game over, and a small chart
 * of a rating's history (SVG, no library).
 */
import { useTranslation } from 'react-i18next';
import type { GameRatings } from '../../protocol/messages.js';
import type { RatingPointReply } from '../../protocol/players.js';
import { RATING_POOLS, type RatingPool } from '../../values/index.js';
import type { SeatLabel } from '../game/model.js';
import { formatInteger } from '../numbers.js';
import { hrefOf } from '../router.js';
import { seatName } from './names.js';

/** A figure, with "?" while provisional. */
export function ratingText(rating: number, provisional: boolean): string {
  return `${formatInteger(rating)}${provisional ? '?' : ''}`;
}

/** Links to each pool's leaderboard, the current one marked. */
export function PoolTabs({ current }: { current: RatingPool }) {
  const { t } = useTranslation();
  return (
    <nav className="pool-tabs" aria-label={t('ratings.leaderboard')}>
      {RATING_POOLS.map((pool) => (
        <a
          key={pool}
          className={`btn small${pool === current ? ' primary' : ''}`}
          aria-current={pool === current ? 'page' : undefined}
          href={hrefOf({ screen: 'leaderboard', pool })}
          data-testid={`pool-${pool}`}
        >
          {t(`ratings.pool.${pool}`)}
        </a>
      ))}
    </nav>
  );
}

/** What the game just over changed of each rated seat's rating: before → after (±change). */
export function RatingChanges({ ratings, seats }: { ratings: GameRatings; seats: readonly SeatLabel[] }) {
  const { t } = useTranslation();
  return (
    <section className="rating-changes" data-testid="rating-changes">
      <h3>{t('ratings.change', { pool: t(`ratings.pool.${ratings.pool}`) })}</h3>
      <ul>
        {ratings.seats.map((s) => {
          const delta = s.before === null ? null : s.after - s.before;
          return (
            <li key={s.seat} data-testid={`rating-change-${s.seat}`}>
              <span className={`dot seat-color-${s.seat}`} aria-hidden="true" /> {seatName(seats, s.seat, t)}:{' '}
              {s.before === null ? (
                <span className="muted">{t('ratings.first')}</span>
              ) : (
                <span>{formatInteger(s.before)} → </span>
              )}{' '}
              <strong>{ratingText(s.after, s.provisional)}</strong>
              {delta !== null && (
                <span className={delta >= 0 ? 'gain' : 'loss'}>
                  {' '}
                  ({delta >= 0 ? '+' : '−'}
                  {formatInteger(Math.abs(delta))})
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const WIDTH = 320;
const HEIGHT = 120;
const PAD = 6;

/**
 * A rating's last points as a line, scaled to their own range; the last point marked. A
 * single point (after a first game) has no range: it is drawn in the middle with its one
 * figure, not at the edge between two equal labels.
 */
export function RatingChart({ points, label }: { points: readonly RatingPointReply[]; label: string }) {
  if (points.length === 0) return null;
  const ratings = points.map((p) => p.rating);
  const lo = Math.min(...ratings) - 10;
  const hi = Math.max(...ratings) + 10;
  const x = (i: number) => (points.length === 1 ? WIDTH / 2 : PAD + (i * (WIDTH - 2 * PAD)) / (points.length - 1));
  const y = (r: number) => PAD + ((hi - r) * (HEIGHT - 2 * PAD)) / (hi - lo);
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(' ');
  const last = points[points.length - 1];
  const top = Math.round(hi - 10);
  const bottom = Math.round(lo + 10);
  return (
    <figure className="rating-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} data-testid="rating-chart">
        {top === bottom ? (
          <text x={PAD} y={HEIGHT / 2 + 4} className="axis">
            {formatInteger(top)}
          </text>
        ) : (
          <>
            <text x={PAD} y={HEIGHT - PAD} className="axis">
              {formatInteger(bottom)}
            </text>
            <text x={PAD} y={PAD + 10} className="axis">
              {formatInteger(top)}
            </text>
          </>
        )}
        <polyline points={line} fill="none" stroke="currentColor" strokeWidth="2" />
        <circle cx={x(points.length - 1)} cy={y(last.rating)} r="3.5" fill="currentColor" />
      </svg>
      <figcaption className="muted small">{label}</figcaption>
    </figure>
  );
}
