/**
 * A row of the player's cards: the hidden hand, or (2 players) the face-up row. Legal
 * cards are raised, the rest dimmed. Keyboard: arrows, Home and End move between cards,
 * a digit jumps to that card (1–9, 0 for the tenth), Enter or Space plays it.
 */
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Rank } from '../../engine/index.js';
import { sortCards } from '../game/cards.js';
import { usePrefs } from '../prefs.js';
import { Card, type CardBadge } from './Card.js';

export interface HandProps {
  readonly cards: readonly Rank[];
  /** Cards that may be chosen now; null means the row is not interactive. */
  readonly choosable: ReadonlySet<Rank> | null;
  readonly selected?: ReadonlySet<Rank>;
  readonly onChoose?: (rank: Rank) => void;
  readonly label: string;
  /** Whether digits typed anywhere on the page jump into this row. */
  readonly digitKeys?: boolean;
  readonly testId?: string;
  /** A visible caption, where the row needs one (the 2-player face-up rows). */
  readonly caption?: string;
  /** Told which choosable card has the pointer or the focus (null when none). */
  readonly onPreview?: (rank: Rank | null) => void;
  /** Extra words a screen reader hears for a choosable card, e.g. what playing it would do. */
  readonly describe?: (rank: Rank) => string | null;
  /** Labels on some of the cards (received cards, a hint's values). */
  readonly badges?: ReadonlyMap<Rank, CardBadge>;
}

export function Hand({ cards, choosable, selected, onChoose, label, digitKeys, testId, caption, onPreview, describe, badges }: HandProps) {
  const { t } = useTranslation();
  const { prefs } = usePrefs();
  const sorted = sortCards(cards, prefs.sort);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const [focus, setFocus] = useState(0);
  const index = Math.min(focus, Math.max(0, sorted.length - 1));
  const interactive = choosable !== null && onChoose !== undefined;

  const moveTo = (i: number) => {
    const next = Math.max(0, Math.min(sorted.length - 1, i));
    setFocus(next);
    buttons.current[next]?.focus();
  };

  useEffect(() => {
    if (!digitKeys || !interactive) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (e.altKey || e.ctrlKey || e.metaKey || target?.closest('input, textarea, select, [role="dialog"]')) return;
      if (!/^[0-9]$/.test(e.key)) return;
      const i = e.key === '0' ? 9 : Number(e.key) - 1;
      if (i >= sorted.length) return;
      e.preventDefault();
      setFocus(i);
      buttons.current[i]?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [digitKeys, interactive, sorted.length]);

  const onKeyDown = (e: KeyboardEvent) => {
    const target = { ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1, Home: 0, End: sorted.length - 1 }[e.key];
    if (target !== undefined) {
      e.preventDefault();
      moveTo(target);
    }
  };

  const playable = interactive ? sorted.filter((r) => choosable.has(r)).length : 0;
  const groupLabel = interactive ? t('hand.groupPlayable', { label, count: sorted.length, playable }) : t('hand.group', { label, count: sorted.length });

  return (
    <fieldset className={`hand${interactive ? ' interactive' : ''}`} aria-label={groupLabel} data-testid={testId} onKeyDown={interactive ? onKeyDown : undefined}>
      {caption && (
        <legend className="hand-caption" aria-hidden="true">
          {caption}
        </legend>
      )}
      {sorted.map((rank, i) => {
        const can = interactive && choosable.has(rank);
        return (
          <Card
            key={rank}
            rank={rank}
            playable={can}
            dimmed={interactive && !can}
            selected={selected?.has(rank)}
            badge={badges?.get(rank)}
            tabIndex={interactive ? (i === index ? 0 : -1) : undefined}
            buttonRef={(el) => {
              buttons.current[i] = el;
            }}
            extraLabel={interactive ? (can ? [t('hand.playable'), describe?.(rank)].filter(Boolean).join(', ') : t('hand.notPlayable')) : undefined}
            onPreview={can && onPreview ? (on) => onPreview(on ? rank : null) : undefined}
            onClick={
              interactive
                ? () => {
                    setFocus(i);
                    if (can) onChoose(rank);
                  }
                : undefined
            }
          />
        );
      })}
    </fieldset>
  );
}
