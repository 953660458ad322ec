/**
 * The reference card every player gets with the physical game: the whole deck by suit and
 * rank with points, here also marking the cards already played this round.
 */
import { useTranslation } from 'react-i18next';
import { CARD_COUNT, IS_EXTENDED, pointsOf, RANK, type Rank, SUITS, suitOf } from '../../engine/index.js';
import { Card } from './Card.js';

export interface ReferenceCardProps {
  /** The extended deck (5 and 6 players) adds the half ranks. */
  readonly extended: boolean;
  readonly played?: ReadonlySet<Rank>;
}

export function ReferenceCard({ extended, played }: ReferenceCardProps) {
  const { t } = useTranslation();
  const deck = Array.from({ length: CARD_COUNT }, (_, id) => id)
    .filter((id) => extended || !IS_EXTENDED[id])
    .map((id) => RANK[id]);
  return (
    <div className="reference" data-testid="reference">
      {SUITS.map((suit) => {
        const cards = deck.filter((r) => suitOf(r) === suit);
        const total = cards.reduce((sum, r) => sum + pointsOf(r), 0);
        return (
          <section key={suit} className="reference-suit">
            <h3 className={`suit-title suit-${suit}`}>
              {t(`suit.${suit}`)} <span className="muted">{t('reference.suitPoints', { count: total })}</span>
            </h3>
            <ul className="reference-cards">
              {cards.map((r) => (
                <li key={r} className={played?.has(r) ? 'played' : undefined}>
                  <Card rank={r} size="tiny" extraLabel={played?.has(r) ? t('reference.played') : undefined} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      <p className="muted small">{t('reference.footer', { price: 19 })}</p>
    </div>
  );
}

/** The cards seen played this round: finished tricks and the trick under way. */
export function playedThisRound(view: {
  tricks: readonly { cards: readonly { card: Rank }[] }[];
  trick: { cards: readonly { card: Rank }[] };
}): Set<Rank> {
  return new Set([...view.tricks.flatMap((tr) => tr.cards.map((c) => c.card)), ...view.trick.cards.map((c) => c.card)]);
}
