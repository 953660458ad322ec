/** The bottle(s): price and owner; with two bottles, which one is in play this trick. */
import { useTranslation } from 'react-i18next';
import type { TableView } from '../../engine/index.js';
import { formatRank } from '../game/cards.js';
import type { SeatLabel } from '../game/model.js';
import { seatName, shortNames } from './names.js';
import { BottleIcon } from './SeatPanel.js';
import { SeatTag } from './SeatTag.js';

export function Bottles({
  view,
  seats,
  soldBottle,
}: {
  view: TableView;
  seats: readonly SeatLabel[];
  soldBottle?: 1 | 2 | null;
}) {
  const { t } = useTranslation();
  const short = shortNames(seats, view.options.players, t);
  return (
    <div className="bottles">
      {view.bottles.map((b, i) => {
        const n = (i + 1) as 1 | 2;
        const owner = b.owner === null ? t('bottle.nobody') : seatName(seats, b.owner, t);
        const inPlay = view.bottleCount === 2 && view.bottleInPlay === n && view.phase === 'play';
        const label = [
          view.bottleCount === 2 ? t('bottle.numbered', { n }) : t('bottle.one'),
          t('bottle.price', { price: formatRank(b.price) }),
          t('bottle.owner', { owner }),
          inPlay ? t('bottle.inPlay') : null,
        ]
          .filter(Boolean)
          .join(', ');
        return (
          <div
            key={n}
            className={`bottle${inPlay ? ' in-play' : ''}${soldBottle === n ? ' sold' : ''}`}
            role="status"
            aria-label={label}
            data-testid={`bottle-${n}`}
          >
            <BottleIcon large />
            <div className="bottle-price" aria-hidden="true">
              {formatRank(b.price)}
            </div>
            <div className="bottle-owner" aria-hidden="true">
              {b.owner === null ? owner : <SeatTag seat={b.owner} name={short[b.owner]} />}
            </div>
            {inPlay && (
              <div className="bottle-tag" aria-hidden="true">
                {t('bottle.inPlayShort')}
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}
