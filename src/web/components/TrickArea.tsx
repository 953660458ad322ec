/**
 * The trick in the middle: each card with who played it. While a trick is under way it
 * says who is winning and whether that would take the bottle (from the engine's view);
 * a just-finished trick stays a moment with its winner and any sale.
 */
import type { TFunction } from 'i18next';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { type CompletedTrick, type PlayedCard, type Rank, setupFor, type TableView } from '../../engine/index.js';
import { formatRank } from '../game/cards.js';
import type { SeatLabel } from '../game/model.js';
import { previewPlay } from '../game/preview.js';
import { Card } from './Card.js';
import { seatName, shortNames } from './names.js';
import { SeatTag } from './SeatTag.js';

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
  const price = bottle ? formatRank(bottle.price) : '';
  const short = shortNames(seats, view.options.players, t);
  // One place per card of a full trick, filled in playing order: the area never grows or wraps.
  const places = Array.from({ length: setupFor(view.options.players).trickSize }, (_, i) => cards[i] ?? null);
  let hint = caption ?? '';
  if (live && view.trick.winning) {
    const who = short[view.trick.winning.seat];
    const card = formatRank(view.trick.cards.find((c) => c.seat === view.trick.winning?.seat)?.card ?? 0);
    hint = view.trick.winning.takesBottle
      ? t('trick.winningBottle', { who, card, price })
      : t('trick.winningNoBottle', { who, card, price });
  } else if (!live) {
    const who = short[finished.winner];
    hint = finished.bottle
      ? t('trick.wonBottle', { who, count: finished.points, price: formatRank(finished.price ?? 0) })
      : t('trick.won', { who, count: finished.points });
  } else if (view.phase === 'play') {
    hint = t('trick.lead', { who: short[view.toAct[0]], price });
  }
  return (
    <div
      className={`trick${live ? '' : ' finished'}`}
      data-testid="trick"
      style={{ '--places': places.length } as CSSProperties}
    >
      <ol className="trick-cards" aria-label={t('trick.label', { count: cards.length })}>
        {places.map((c, i) =>
          c ? (
            <li key={c.card} className={`trick-slot seat-edge-${c.seat}`}>
              <Card rank={c.card} size="small" glow={c.seat === winnerSeat} extraLabel={seatName(seats, c.seat, t)} />
              <SeatTag seat={c.seat} name={short[c.seat]} className="trick-who" />
            </li>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: an empty place is known only by its position.
            <li key={`empty-${i}`} className="trick-slot empty" aria-hidden="true">
              <span className="trick-place" />
              {/* The name line a card brings, kept blank, so that the trick keeps its height as the first card lands. */}
              <SeatTag seat={i} name={'\u00a0'} className="trick-who" />
            </li>
          ),
        )}
      </ol>
      {/* The preview takes the hint's place, in a box of fixed height, so pointing at a card never moves the cards. */}
      {preview != null ? (
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
  const price = formatRank(view.bottles[view.bottleInPlay - 1].price);
  const options = {
    card: formatRank(card),
    winner: formatRank(p.card),
    who: shortNames(seats, view.options.players, t)[p.seat],
    price,
  };
  if (mine) {
    // With 2 players a seat plays twice a trick: its earlier card may be the one that wins.
    const own = p.card === card ? '' : 'Own';
    return t(
      `preview.${p.takesBottle ? (p.final ? 'winBottle' : 'leadBottle') : p.final ? 'win' : 'lead'}${own}`,
      options,
    );
  }
  return t(
    p.takesBottle
      ? p.final
        ? 'preview.otherBottle'
        : 'preview.otherLeadsBottle'
      : p.final
        ? 'preview.other'
        : 'preview.otherLeads',
    options,
  );
}
