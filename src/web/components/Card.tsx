/**
 * One card drawn in CSS: its rank large, its suit as colour (and, in the colour-blind
 * style, a shape), its points as coins along the bottom.
 */
import type { KeyboardEvent, MouseEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { pointsOf, type Rank, suitOf } from '../../engine/index.js';
import { cardLabel, formatRank } from '../game/cards.js';

/** A small label on a card: a received card, a hint's value, an analysed option. */
export interface CardBadge {
  readonly text: string;
  /** Colours the badge (see coach.css): received, best, good, inaccuracy, mistake, blunder, learn. */
  readonly tone: string;
  /** What a screen reader hears for it, added to the card's name. */
  readonly label: string;
}

export interface CardProps {
  readonly rank: Rank;
  /** Smaller cards for the trick history, the log and the reference card. */
  readonly size?: 'normal' | 'small' | 'tiny';
  /** A card the player may choose now; others in an interactive hand are dimmed. */
  readonly playable?: boolean;
  readonly dimmed?: boolean;
  readonly selected?: boolean;
  /** Lifted by a first tap: the next tap plays it. */
  readonly lifted?: boolean;
  /** Highlight, e.g. the card that is winning the trick. */
  readonly glow?: boolean;
  readonly onClick?: (e: MouseEvent) => void;
  readonly onKeyDown?: (e: KeyboardEvent) => void;
  readonly tabIndex?: number;
  readonly buttonRef?: Ref<HTMLButtonElement>;
  /** Added to the spoken label, e.g. "playable". */
  readonly extraLabel?: string;
  readonly testId?: string;
  /** Called with true when the pointer or the focus reaches the card, false when it leaves. */
  readonly onPreview?: (on: boolean) => void;
  readonly badge?: CardBadge;
}

export function Card({
  rank,
  size = 'normal',
  playable,
  dimmed,
  selected,
  lifted,
  glow,
  onClick,
  onKeyDown,
  tabIndex,
  buttonRef,
  extraLabel,
  testId,
  onPreview,
  badge,
}: CardProps) {
  const { t } = useTranslation();
  const suit = suitOf(rank) ?? 'red';
  const points = pointsOf(rank);
  const label = [cardLabel(rank, t), extraLabel, badge?.label].filter(Boolean).join(', ');
  const className = [
    'card',
    `suit-${suit}`,
    `card-${size}`,
    playable && 'playable',
    dimmed && 'dimmed',
    selected && 'selected',
    lifted && 'lifted',
    glow && 'glow',
  ]
    .filter(Boolean)
    .join(' ');
  const face = (
    <>
      <span className="card-rank">{formatRank(rank)}</span>
      <span className="card-suit" aria-hidden="true" />
      <span className="card-big" aria-hidden="true">
        {formatRank(rank)}
      </span>
      <span className="card-coins" aria-hidden="true">
        {coinNumbers(points).map((c) => (
          <span key={c} className="coin" />
        ))}
      </span>
      {badge && (
        <span className={`card-badge tone-${badge.tone}`} aria-hidden="true">
          {badge.text}
        </span>
      )}
    </>
  );
  if (onClick || onKeyDown) {
    return (
      <button
        type="button"
        ref={buttonRef}
        className={className}
        aria-label={label}
        aria-pressed={selected}
        aria-disabled={dimmed || undefined}
        onClick={onClick}
        onKeyDown={onKeyDown}
        onMouseEnter={onPreview && (() => onPreview(true))}
        onMouseLeave={onPreview && (() => onPreview(false))}
        onFocus={onPreview && (() => onPreview(true))}
        onBlur={onPreview && (() => onPreview(false))}
        tabIndex={tabIndex}
        data-rank={rank}
        data-testid={testId}
      >
        {face}
      </button>
    );
  }
  return (
    <span className={className} role="img" aria-label={label} data-rank={rank} data-testid={testId}>
      {face}
    </span>
  );
}

/** The back of a card, for hidden hands and the devil's trick. */
export function CardBack({ size = 'normal' }: { size?: 'normal' | 'small' | 'tiny' }) {
  return <span className={`card card-back card-${size}`} aria-hidden="true" />;
}

function coinNumbers(points: number): number[] {
  return Array.from({ length: points }, (_, i) => i + 1);
}
