/** The devil's trick, face down with its size; the viewer sees which of its cards they put there. */
import { useTranslation } from 'react-i18next';
import type { TableView } from '../../engine/index.js';
import { formatRank } from '../game/cards.js';
import { seatNumbers } from '../game/model.js';
import { CardBack } from './Card.js';

export function DevilTrick({ view }: { view: TableView }) {
  const { t } = useTranslation();
  if (view.devilSize === 0) return null;
  const mine = view.myDevil.map(formatRank).join(', ');
  const label = t('devil.label', { count: view.devilSize }) + (mine ? `. ${t('devil.mine', { cards: mine })}` : '');
  return (
    <div className="devil" role="img" aria-label={label} data-testid="devil">
      <div className="devil-stack" aria-hidden="true">
        {seatNumbers(Math.min(view.devilSize, 4)).map((i) => (
          <CardBack key={i} size="tiny" />
        ))}
      </div>
      <div className="devil-caption" aria-hidden="true">
        <span className="devil-title">{t('devil.title', { count: view.devilSize })}</span>
        {mine && <span className="devil-mine">{t('devil.mineShort', { cards: mine })}</span>}
      </div>
    </div>
  );
}
