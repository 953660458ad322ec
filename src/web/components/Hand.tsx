/**
 * A row of the player's cards: the hidden hand, or (2 players) the face-up row. Legal
 * cards are raised, the rest dimmed. Keyboard: arrows, Home and End move between cards,
 * a digit jumps to that card (1–9, 0 for the tenth), Enter or Space plays it. By touch,
 * with `lift`, a first tap lifts a card and a second tap plays it; a mouse click or a key
 * plays at once (the pointer's hover has already shown what the card would do).
 */
import {
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
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
  /** Tap to lift, tap again to play: the lifted card (if any) and how to change it. */
  readonly lift?: { readonly lifted: Rank | null; readonly onLift: (rank: Rank | null) => void };
  /** Keep the cards focusable while none may be chosen (waiting for one's turn), so the keyboard focus stays in the hand. */
  readonly focusable?: boolean;
  /** Close up the row when a card leaves it, rather than leave its gap (a replay: no finger is on it). */
  readonly closeUp?: boolean;
}

export function Hand({
  cards,
  choosable,
  selected,
  onChoose,
  label,
  digitKeys,
  testId,
  caption,
  onPreview,
  describe,
  badges,
  lift,
  focusable,
  closeUp,
}: HandProps) {
  const { t } = useTranslation();
  const { prefs } = usePrefs();
  const sorted = sortCards(cards, prefs.sort);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const [focus, setFocus] = useState(0);
  const index = Math.min(focus, Math.max(0, sorted.length - 1));
  const interactive = choosable !== null && onChoose !== undefined;
  const reachable = interactive || focusable === true;
  /** How the last press began ('touch', 'pen', 'mouse'); a click from a key has none. */
  const pointer = useRef('');
  /** Whether the focus was in this row when a card left it, so it can stay in the row. */
  const keepFocus = useRef(false);
  const places = usePlaces(sorted, closeUp === true);

  const moveTo = (i: number) => {
    const next = Math.max(0, Math.min(sorted.length - 1, i));
    setFocus(next);
    buttons.current[next]?.focus();
  };

  // A played card leaves the row and would take the focus with it: give it to its neighbour.
  const order = sorted.join(' ');
  useLayoutEffect(() => {
    if (!keepFocus.current || !order) return;
    keepFocus.current = false;
    const active = document.activeElement;
    if (active === null || active === document.body || !active.isConnected)
      buttons.current[Math.min(index, sorted.length - 1)]?.focus();
  }, [order, index, sorted.length]);

  useEffect(() => {
    if (!digitKeys || !reachable) return;
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
  }, [digitKeys, reachable, sorted.length]);

  const onKeyDown = (e: KeyboardEvent) => {
    const target = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: sorted.length - 1,
    }[e.key];
    if (target !== undefined) {
      e.preventDefault();
      moveTo(target);
    }
  };

  const press = (i: number, rank: Rank, e: MouseEvent) => {
    setFocus(i);
    if (!interactive || !choosable.has(rank)) return;
    const tapped = e.detail > 0 && (pointer.current === 'touch' || pointer.current === 'pen');
    if (lift && tapped && lift.lifted !== rank) {
      lift.onLift(rank);
      return;
    }
    keepFocus.current =
      (e.currentTarget as HTMLElement).contains(document.activeElement) || e.currentTarget === document.activeElement;
    lift?.onLift(null);
    onChoose(rank);
  };

  const playable = interactive ? sorted.filter((r) => choosable.has(r)).length : 0;
  const groupLabel = interactive
    ? t('hand.groupPlayable', { label, count: sorted.length, playable })
    : t('hand.group', { label, count: sorted.length });

  return (
    <fieldset
      className={`hand${interactive ? ' interactive' : ''}`}
      aria-label={groupLabel}
      data-testid={testId}
      data-count={sorted.length}
      style={{ '--n': places.length } as CSSProperties}
      onKeyDown={reachable ? onKeyDown : undefined}
      onPointerDown={(e) => {
        pointer.current = e.pointerType;
      }}
    >
      {caption && (
        <legend className="hand-caption" aria-hidden="true">
          {caption}
        </legend>
      )}
      {places.map((rank, at) => {
        // biome-ignore lint/suspicious/noArrayIndexKey: a gap is known only by its place.
        if (rank === null) return <span key={`gap-${at}`} className="card card-gap" aria-hidden="true" />;
        const i = sorted.indexOf(rank);
        const can = interactive && choosable.has(rank);
        return (
          <Card
            key={rank}
            rank={rank}
            playable={can}
            dimmed={interactive && !can}
            selected={selected?.has(rank)}
            lifted={can && lift?.lifted === rank}
            badge={badges?.get(rank)}
            tabIndex={reachable ? (i === index ? 0 : -1) : undefined}
            buttonRef={(el) => {
              buttons.current[i] = el;
            }}
            extraLabel={
              interactive
                ? can
                  ? [t('hand.playable'), describe?.(rank)].filter(Boolean).join(', ')
                  : t('hand.notPlayable')
                : undefined
            }
            // By touch the lifted card is what is previewed, not the one a finger brushed or focused.
            onPreview={
              can && onPreview ? (on) => pointer.current !== 'touch' && onPreview(on ? rank : null) : undefined
            }
            onClick={reachable ? (e) => press(i, rank, e) : undefined}
          />
        );
      })}
    </fieldset>
  );
}

/**
 * Where each card is drawn: a card that leaves the row (played) leaves a gap for the rest
 * of the round, so no other card ever moves under a finger and the layout never shifts;
 * the row is laid out afresh when new cards arrive (a new deal) or its order changes.
 */
function usePlaces(sorted: readonly Rank[], closeUp: boolean): readonly (Rank | null)[] {
  const last = useRef<readonly (Rank | null)[]>(sorted);
  const kept = last.current.filter((r): r is Rank => r !== null && sorted.includes(r));
  const onlyRemoved = !closeUp && kept.length === sorted.length && kept.every((r, i) => r === sorted[i]);
  const places = onlyRemoved ? last.current.map((r) => (r !== null && sorted.includes(r) ? r : null)) : sorted;
  // Remembered for the next render; the same inputs give the same places, so a repeated render agrees.
  last.current = places;
  return places;
}
