/**
 * One seat at the table: its colour and number, short name, bot level, dealer and
 * first-player marks, team, won tricks and points, the bottles it holds, and its clock
 * (turn clock or absence) when it must act. The full name and every fact are in its spoken label.
 */
import { useTranslation } from 'react-i18next';
import type { TableView } from '../../engine/index.js';
import { formatRank } from '../game/cards.js';
import type { SeatLabel } from '../game/model.js';
import { BotAccountBadge } from './BotAccountBadge.js';
import { CLOCK_LOW_SECONDS, formatClock, useSecondsLeft } from './clock.js';
import { seatName, shortNames } from './names.js';

export interface SeatPanelProps {
  readonly view: TableView;
  readonly seat: number;
  readonly seats: readonly SeatLabel[];
  /** Epoch-ms moment a bot stands in for the seat unless it acts (GameUpdate.clocks), if a clock runs. */
  readonly clock?: number | null;
  /** The epoch-ms moment the clock starts, while the last round's summary is read (GameUpdate.reading). */
  readonly reading?: number | null;
  readonly me?: boolean;
  /** This seat just took a trick (and maybe the bottle): it lights up for a moment. */
  readonly justWon?: 'trick' | 'bottle' | null;
}

export function SeatPanel({ view, seat, seats, clock = null, reading = null, me, justWon }: SeatPanelProps) {
  const { t } = useTranslation();
  const label = seats[seat];
  const name = seatName(seats, seat, t);
  const short = shortNames(seats, view.options.players, t)[seat];
  const acting = view.phase !== 'over' && view.toAct.includes(seat);
  const left = useSecondsLeft(acting ? clock : null, reading);
  const team = view.teams?.[seat] ?? null;
  // A person whose connection is lost (not yet replaced by a bot) is marked, not only dimmed.
  const offline = label !== undefined && !label.connected && !label.bot && !label.away;
  const held = view.bottles.map((b, i) => ({ ...b, n: i + 1 })).filter((b) => b.owner === seat);
  const facts = [
    view.dealer === seat ? t('seat.dealer') : null,
    view.firstPlayer === seat ? t('seat.firstPlayer') : null,
    label?.bot ? t('seat.bot', { level: t(`bot.${label.bot}`) }) : null,
    label?.botAccount ? t('seat.botAccount') : null,
    team ? t('seat.team', { team }) : null,
    t('seat.tricks', { count: view.wonTricks[seat] ?? 0 }),
    t('seat.points', { count: view.wonPoints[seat] ?? 0 }),
    held.length > 0 ? held.map((b) => t('seat.holdsBottle', { price: formatRank(b.price) })).join(', ') : null,
    label?.away ? t('seat.away') : null,
    offline ? t('seat.offlineTitle') : null,
    view.phase === 'pass' && view.passed[seat] ? t('seat.passed') : null,
    acting ? (view.phase === 'pass' ? t('seat.choosingPass') : t('seat.toPlay')) : null,
  ].filter(Boolean);

  return (
    <section
      className={`seat${acting ? ' acting' : ''}${me ? ' me' : ''}${justWon ? ` won-${justWon}` : ''}${label?.away || offline ? ' absent' : ''}`}
      aria-label={`${name}: ${facts.join(', ')}`}
      data-seat={seat}
      data-testid={`seat-${seat}`}
    >
      {team && <span className={`team team-${team}`} title={t('seat.team', { team })} aria-hidden="true" />}
      <span className={`avatar seat-color-${seat}`} aria-hidden="true">
        {seat + 1}
      </span>
      <div className="seat-head">
        <span className="seat-name" title={name}>
          {short}
        </span>
        {me && <span className="chip chip-me">{t('seat.you')}</span>}
      </div>
      <div className="seat-marks" aria-hidden="true">
        {label?.bot && <span className="chip chip-bot">{t('seat.bot', { level: t(`bot.${label.bot}`) })}</span>}
        <BotAccountBadge of={label} />
        {view.dealer === seat && (
          <span className="chip chip-dealer" title={t('seat.dealer')}>
            {t('seat.dealerShort')}
          </span>
        )}
        {view.firstPlayer === seat && (
          <span className="chip chip-first" title={t('seat.firstPlayer')}>
            {t('seat.firstShort')}
          </span>
        )}
        {team && <span className={`chip team-chip team-${team}`}>{team}</span>}
        {label?.away && (
          <span className="chip chip-away" title={t('seat.away')}>
            {t('seat.awayShort')}
          </span>
        )}
        {offline && (
          <span className="chip chip-away" title={t('seat.offlineTitle')}>
            {t('seat.offline')}
          </span>
        )}
        {view.phase === 'pass' && view.passed[seat] && <span className="chip chip-ok">✓</span>}
      </div>
      <div className="seat-stats" aria-hidden="true">
        <span title={t('seat.tricksTitle')}>
          <span className="stat-icon">▤</span> {view.wonTricks[seat] ?? 0}
        </span>
        <span title={t('seat.pointsTitle')}>
          <span className="coin coin-inline" /> {view.wonPoints[seat] ?? 0}
        </span>
        {held.map((b) => (
          <span key={b.n} className="held-bottle" title={t('seat.holdsBottle', { price: formatRank(b.price) })}>
            <BottleIcon /> {formatRank(b.price)}
          </span>
        ))}
      </div>
      {left !== null && (
        <div
          className={`seat-timer${left <= CLOCK_LOW_SECONDS ? ' low' : ''}`}
          role="timer"
          aria-label={t('seat.timer', { count: left })}
          data-testid={`clock-${seat}`}
        >
          {formatClock(left)}
        </div>
      )}
    </section>
  );
}

export function BottleIcon({ large }: { large?: boolean }) {
  return (
    <svg className={large ? 'bottle-svg large' : 'bottle-svg'} viewBox="0 0 24 40" aria-hidden="true">
      <path
        d="M9 1h6v3h-1v7c4 2 7 6 7 11v14a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V22c0-5 3-9 7-11V4H9z"
        className="bottle-glass"
      />
      <path d="M5 24c3-2 11-2 14 0v11a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2z" className="bottle-imp" />
      <circle cx="10" cy="29" r="1.2" className="bottle-eye" />
      <circle cx="14" cy="29" r="1.2" className="bottle-eye" />
    </svg>
  );
}
