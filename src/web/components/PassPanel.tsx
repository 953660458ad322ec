/**
 * The passing step: labelled slots (left, right, devil's trick; with 2 players the
 * opponent's face-up row, their hidden hand and the devil's trick twice). The player picks
 * a slot, then a card from the hand; a filled slot is emptied by choosing it again.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  devilCardsOf,
  leftOf,
  type PassChoice,
  type Rank,
  rightOf,
  setupFor,
  type TableView,
} from '../../engine/index.js';
import type { SeatLabel } from '../game/model.js';
import { Card, type CardBadge } from './Card.js';
import { Hand } from './Hand.js';
import { shortNames } from './names.js';

type SlotKind = 'left' | 'right' | 'faceUp' | 'hidden' | 'devil';

/** The slots a seat fills this round, in the order its pass lists them. */
export function passSlots(view: TableView, seat: number): SlotKind[] {
  const devil = Array.from(
    { length: devilCardsOf(setupFor(view.options.players), seat, view.dealer) },
    () => 'devil' as const,
  );
  return view.options.players === 2 ? ['faceUp', 'hidden', ...devil] : ['left', 'right', ...devil];
}

/** The pass the filled slots stand for. */
export function passOf(kinds: readonly SlotKind[], cards: readonly Rank[]): PassChoice {
  const devil = cards.filter((_, i) => kinds[i] === 'devil');
  const at = (k: SlotKind) => cards[kinds.indexOf(k)];
  return kinds[0] === 'faceUp'
    ? { faceUp: at('faceUp'), hidden: at('hidden'), devil }
    : { left: at('left'), right: at('right'), devil };
}

export interface PassPanelProps {
  readonly view: TableView;
  readonly seats: readonly SeatLabel[];
  readonly onPass: (pass: PassChoice) => void;
  readonly busy?: boolean;
  /** A bot stands in for the player: the cards are shown, not offered. */
  readonly locked?: boolean;
  /** Labels on cards of the hand (the guided game marks the cards to pass). */
  readonly badges?: ReadonlyMap<Rank, CardBadge>;
}

export function PassPanel({ view, seats, onPass, busy, locked, badges }: PassPanelProps) {
  const { t } = useTranslation();
  const me = view.viewer!;
  const kinds = passSlots(view, me);
  const [cards, setCards] = useState<(Rank | null)[]>(() => kinds.map(() => null));
  const [active, setActive] = useState(0);
  const hand = view.hand ?? [];
  const chosen = new Set(cards.filter((c): c is Rank => c !== null));
  const n = view.options.players;

  const slotLabel = (kind: SlotKind): string => {
    switch (kind) {
      case 'left':
        return t('pass.left', { who: shortNames(seats, n, t)[leftOf(me, n)] });
      case 'right':
        return t('pass.right', { who: shortNames(seats, n, t)[rightOf(me, n)] });
      case 'faceUp':
        return t('pass.faceUp');
      case 'hidden':
        return t('pass.hidden');
      case 'devil':
        return t('pass.devil');
    }
  };

  const choose = (rank: Rank) => {
    const at = cards.indexOf(rank);
    if (at >= 0) {
      setCards(cards.map((c, i) => (i === at ? null : c)));
      setActive(at);
      return;
    }
    const target = cards[active] === null ? active : cards.indexOf(null);
    if (target < 0) return;
    const next = cards.map((c, i) => (i === target ? rank : c));
    setCards(next);
    const empty = next.indexOf(null);
    setActive(empty < 0 ? target : empty);
  };

  const complete = cards.every((c) => c !== null);
  return (
    <div className="pass-panel" data-testid="pass-panel">
      <h2 className="pass-title">{t('pass.title', { count: kinds.length })}</h2>
      <ol className="pass-slots">
        {kinds
          .map((kind, i) => ({ kind, i, id: `${kind}-${i}` }))
          .map(({ kind, i, id }) => {
            const card = cards[i];
            return (
              <li key={id}>
                <button
                  type="button"
                  className={`pass-slot slot-${kind}${i === active ? ' active' : ''}`}
                  aria-pressed={i === active}
                  aria-label={
                    card === null
                      ? t('pass.slotEmpty', { slot: slotLabel(kind) })
                      : t('pass.slotFilled', { slot: slotLabel(kind), card })
                  }
                  onClick={() => (card === null ? setActive(i) : choose(card))}
                  data-testid={`pass-slot-${i}`}
                >
                  <span className="slot-label">{slotLabel(kind)}</span>
                  {card === null ? (
                    <span className="slot-empty" aria-hidden="true" />
                  ) : (
                    <Card rank={card} size="small" />
                  )}
                </button>
              </li>
            );
          })}
      </ol>
      <Hand
        cards={hand}
        choosable={locked ? null : new Set(hand)}
        selected={chosen}
        onChoose={choose}
        badges={badges}
        label={t('hand.yours')}
        digitKeys
        testId="hand"
      />
      <button
        type="button"
        className="btn primary"
        disabled={!complete || busy || locked}
        onClick={() => onPass(passOf(kinds, cards as Rank[]))}
        data-testid="pass-confirm"
      >
        {t('pass.confirm')}
      </button>
    </div>
  );
}
