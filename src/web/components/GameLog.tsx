/**
 * The game log, rebuilt from the view (this round's tricks, earlier rounds' results), so
 * it is complete after a reload too. Newest first.
 */
import { useTranslation } from 'react-i18next';
import type { TableView } from '../../engine/index.js';
import { formatRank } from '../game/cards.js';
import type { SeatLabel } from '../game/model.js';
import { Card } from './Card.js';
import { seatName, shortNames } from './names.js';

export function GameLog({ view, seats }: { view: TableView; seats: readonly SeatLabel[] }) {
  const { t } = useTranslation();
  const tricks = view.tricks.map((tr, i) => ({ tr, i })).reverse();
  const short = shortNames(seats, view.options.players, t);
  return (
    <div className="game-log" data-testid="game-log">
      <h3 className="log-round">{t('log.round', { n: view.round + 1 })}</h3>
      {view.trick.cards.length > 0 && (
        <p className="log-line">
          {t('log.current')}: {view.trick.cards.map((c) => `${short[c.seat]} ${formatRank(c.card)}`).join(', ')}
        </p>
      )}
      <ol className="log-tricks" reversed>
        {tricks.map(({ tr, i }) => (
          <li key={i} className="log-trick">
            <span className="log-n">{i + 1}</span>
            <span className="log-cards">
              {tr.cards.map((c) => (
                <span
                  key={c.card}
                  className={`log-card seat-edge-${c.seat}${c.seat === tr.winner ? ' winner' : ''}`}
                  title={short[c.seat]}
                >
                  <Card rank={c.card} size="tiny" extraLabel={seatName(seats, c.seat, t)} />
                </span>
              ))}
            </span>
            <span className="log-text">
              <span className={`dot seat-color-${tr.winner}`} aria-hidden="true" />{' '}
              {tr.bottle
                ? t('trick.wonBottle', { who: short[tr.winner], count: tr.points, price: formatRank(tr.price ?? 0) })
                : t('trick.won', { who: short[tr.winner], count: tr.points })}
            </span>
          </li>
        ))}
      </ol>
      {view.tricks.length === 0 && view.trick.cards.length === 0 && <p className="muted">{t('log.empty')}</p>}
      {[...view.results].reverse().map((r) => (
        <p key={r.round} className="log-line">
          {t('log.roundEnd', { n: r.round + 1, points: r.devilPoints })}{' '}
          {r.scores.map((s, i) => `${short[i]} ${s > 0 ? '+' : ''}${s}`).join(', ')}
        </p>
      ))}
    </div>
  );
}
