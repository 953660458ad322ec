/**
 * The trick in the middle: each card with who played it. While a trick is under way it
 * says who is winning and whether that would take the bottle (from the engine's view);
 * a just-finished trick stays a moment with its winner and any sale.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CompletedTrick, PlayedCard, Rank, TableView } from '../../engine/index.js';
import type { SeatLabel } from '../game/model.js';
import { formatRank } from '../game/cards.js';
import { previewPlay } from '../game/preview.js';
import { Card } from './Card.js';
import { seatName } from './names.js';

export interface TrickAreaProps {
  readonly view: TableView;
  readonly seats: readonly SeatLabel[];
  /** A finished trick to show instead of the (empty) current one. */
  readonly finished?: CompletedTrick | null;
  readonly caption?: string;
  /** The viewer's card under the pointer or focus, to say what playing it would do. */
  readonly preview?: Rank | null;
}

export function TrickArea({ view, seats, finished, caption, preview }: TrickAreaProps) {
  const { t } = useTranslation();
  const live = view.trick.cards.length > 0 || !finished;
  const cards: readonly PlayedCard[] = live ? view.trick.cards : finished.cards;
  const winnerSeat = live ? (view.trick.winning?.seat ?? null) : finished.winner;
  const bottle = view.bottles[view.bottleInPlay - 1];
  let hint = caption ?? '';
  if (live && view.trick.winning) {
    const who = seatName(seats, view.trick.winning.seat, t);
    const card = formatRank(view.trick.cards.find((c) => c.seat === view.trick.winning?.seat)?.card ?? 0);
    hint = view.trick.winning.takesBottle ? t('trick.winningBottle', { who, card, price: bottle?.price }) : t('trick.winningNoBottle', { who, card, price: bottle?.price });
  } else if (!live) {
    const who = seatName(seats, finished.winner, t);
    hint = finished.bottle ? t('trick.wonBottle', { who, count: finished.points, price: finished.price }) : t('trick.won', { who, count: finished.points });
  } else if (view.phase === 'play') {
    hint = t('trick.lead', { who: seatName(seats, view.toAct[0], t), price: bottle?.price });
  }
  return (
    <div className={`trick${live ? '' : ' finished'}`} data-testid="trick">
      <ol className="trick-cards" aria-label={t('trick.label', { count: cards.length })}>
        {cards.map((c) => (
          <li key={c.card} className="trick-slot">
            <Card rank={c.card} size="small" glow={c.seat === winnerSeat} />
            <span className="trick-who">{seatName(seats, c.seat, t)}</span>
          </li>
        ))}
      </ol>
      {/* The preview takes the hint's place, in a box of fixed height, so pointing at a card never moves the cards. */}
      {live && preview != null ? (
        <p className="trick-hint trick-preview" data-testid="trick-preview">
          {previewText(view, preview, seats, t)}
        </p>
      ) : (
        <p className="trick-hint" aria-live="polite" data-testid="trick-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** What playing `card` would do, in words: who would be winning, and the bottle. */
export function previewText(view: TableView, card: Rank, seats: readonly SeatLabel[], t: TFunction): string | null {
  const p = previewPlay(view, card);
  if (!p) return null;
  const mine = p.seat === view.viewer;
  const price = view.bottles[view.bottleInPlay - 1].price;
  const options = { card: formatRank(card), winner: formatRank(p.card), who: seatName(seats, p.seat, t), price };
  if (mine) return t(p.takesBottle ? (p.final ? 'preview.winBottle' : 'preview.leadBottle') : p.final ? 'preview.win' : 'preview.lead', options);
  return t(p.takesBottle ? (p.final ? 'preview.otherBottle' : 'preview.otherLeadsBottle') : p.final ? 'preview.other' : 'preview.otherLeads', options);
}
