/**
 * Help at the table, when the host has the coach on: a Hint button that asks the server
 * (`game:hint`) for the bot's preferred card or pass from this seat's view, then shows the
 * values of the alternatives (also on the cards themselves, through `onBadges`) and the
 * bottle risk: the chance of ending the round holding a bottle now and after each legal
 * card. A hint belongs to one decision: it disappears as soon as the position changes.
 * It floats over the table with a close button, the best option and a few alternatives
 * (the rest folded away), so that asking never pushes the hand or the Pass button away;
 * while it is worked out the button counts the seconds.
 */
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PassChoice, Rank, TableView } from '../../engine/index.js';
import { actionText, type Hint, type HintAnswer, toneOf } from '../game/analysis.js';
import { formatRank } from '../game/cards.js';
import { formatPercent, formatSigned } from '../numbers.js';
import type { CardBadge } from './Card.js';
import '../coach.css';
import { errorText } from '../errors.js';
import { useNow } from './useNow.js';

/** Shortfalls below which an alternative is as good as the best, and so on (docs/analysis.md). */
const THRESHOLDS = { inaccuracy: 2, mistake: 5, blunder: 10 };
/** Alternatives listed under the best option; the rest are folded away, as few players read 15 passes. */
const ALTERNATIVES = 3;

export interface HintPanelProps {
  readonly view: TableView;
  readonly ask: () => Promise<HintAnswer>;
  /** Told the labels for the cards in hand (null when no hint is shown). */
  readonly onBadges: (badges: ReadonlyMap<Rank, CardBadge> | null) => void;
}

/** Identifies the decision a hint is for: it changes with every pass and card. */
function positionOf(view: TableView): string {
  return `${view.round}/${view.phase}/${view.tricks.length}/${view.trick.cards.length}/${view.passed.filter(Boolean).length}`;
}

export function HintPanel({ view, ask, onBadges }: HintPanelProps) {
  const { t } = useTranslation();
  const [hint, setHint] = useState<{ at: string; hint: Hint } | null>(null);
  const [open, setOpen] = useState(false);
  const [askedAt, setAskedAt] = useState<number | null>(null);
  const [failure, setFailure] = useState<{ at: string; text: string } | null>(null);
  const at = positionOf(view);
  const myMove = view.mustAct;
  const shown = hint && hint.at === at ? hint.hint : null;
  const busy = askedAt !== null;
  // Seconds since the question, so a long think shows that it goes on.
  const now = useNow(busy);

  useEffect(() => {
    onBadges(shown ? hintBadges(shown, t) : null);
  }, [shown, onBadges, t]);
  const error = failure && failure.at === at ? failure.text : null;

  // Off turn the button keeps its place, unseen and out of reach, so that it appearing on the
  // player's turn moves nothing on a phone's table (as the Play button's place is kept).
  if (!myMove)
    return (
      <div className="hint-panel idle" aria-hidden="true">
        <button type="button" className="btn small hint-button" disabled tabIndex={-1}>
          {t('coach.hint')}
        </button>
      </div>
    );
  const request = async () => {
    if (shown) {
      setOpen(!open);
      return;
    }
    setAskedAt(Date.now());
    setFailure(null);
    const answer = await ask();
    setAskedAt(null);
    if (answer.ok) {
      setHint({ at, hint: answer.hint });
      setOpen(true);
    } else
      setFailure({
        at,
        text: t(`coach.errors.${answer.error.code}`, { defaultValue: errorText(t, answer.error.code) }),
      });
  };
  const others = shown
    ? shown.options.filter((o) => !sameAction(o.action, shown.best)).sort((a, b) => b.value - a.value)
    : [];
  const option = (o: (typeof others)[number]) => (
    <li key={JSON.stringify(o.action)} data-testid="hint-alternative">
      {actionText(o.action, t)} <span className="hint-value">{formatSigned(o.value)}</span>
    </li>
  );
  const elapsed = askedAt === null ? 0 : Math.max(0, Math.floor(now - askedAt / 1000));

  return (
    <div className="hint-panel" data-testid="hint-panel">
      {/* One button, whatever the hint's state, so that asking moves nothing on the table. */}
      <button
        type="button"
        className={`btn small hint-button${busy ? ' busy' : ''}`}
        onClick={() => void request()}
        disabled={busy}
        aria-expanded={shown ? open : undefined}
        data-testid="hint"
      >
        {busy ? t('coach.thinking', { seconds: elapsed }) : t('coach.hint')}
        {busy && (
          <span className="hint-progress" role="progressbar" aria-label={t('coach.thinkingLabel')}>
            <span />
          </span>
        )}
      </button>
      {shown && open && (
        <div className="hint" role="status" data-testid="hint-text">
          <button
            type="button"
            className="hint-close"
            onClick={() => setOpen(false)}
            aria-label={t('coach.close')}
            data-testid="hint-close"
          >
            ×
          </button>
          <p className="hint-best">
            <strong>
              {t(typeof shown.best === 'number' ? 'coach.best' : 'coach.bestPass', {
                action: actionText(shown.best, t),
              })}
            </strong>
          </p>
          {others.length > 0 && <ol className="hint-options">{others.slice(0, ALTERNATIVES).map(option)}</ol>}
          {others.length > ALTERNATIVES && (
            <details className="hint-more" data-testid="hint-more">
              <summary>{t('coach.more', { count: others.length - ALTERNATIVES })}</summary>
              <ol className="hint-options" start={ALTERNATIVES + 1} data-testid="hint-more-list">
                {others.slice(ALTERNATIVES).map(option)}
              </ol>
            </details>
          )}
          <p className="bottle-risk" data-testid="bottle-risk">
            {t('coach.riskNow', { risk: formatPercent(shown.bottleRisk.now) })}
            {shown.bottleRisk.byCard && (
              <span className="muted small">
                {' '}
                ·{' '}
                {shown.bottleRisk.byCard
                  .map((c) => t('coach.riskCard', { card: formatRank(c.card), risk: formatPercent(c.risk) }))
                  .join(' · ')}
              </span>
            )}
          </p>
        </div>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** Labels for the hand: each option's value on its card, and where the best pass puts its cards. */
function hintBadges(hint: Hint, t: TFunction): Map<Rank, CardBadge> {
  const out = new Map<Rank, CardBadge>();
  const best = hint.best;
  if (typeof best !== 'number') {
    // The card shows a mark short enough for the strip of it that overlapping leaves in
    // sight; the spoken label says the slot in full.
    const slots: [Rank, string][] =
      'left' in best
        ? [
            [best.left, 'slotLeft'],
            [best.right, 'slotRight'],
          ]
        : [
            [best.faceUp, 'slotFaceUp'],
            [best.hidden, 'slotHidden'],
          ];
    for (const d of best.devil) slots.push([d, 'slotDevil']);
    for (const [card, slot] of slots)
      out.set(card, {
        text: t(`coach.${slot}Short`),
        tone: 'best',
        label: t('coach.passLabel', { slot: t(`coach.${slot}`) }),
      });
    return out;
  }
  const top = Math.max(...hint.options.map((o) => o.value));
  const risk = new Map((hint.bottleRisk.byCard ?? []).map((c) => [c.card, c.risk]));
  for (const o of hint.options) {
    if (typeof o.action !== 'number') continue;
    const r = risk.get(o.action);
    const label = [
      t('coach.valueLabel', { value: formatSigned(o.value) }),
      o.action === best ? t('coach.bestLabel') : null,
      r === undefined ? null : t('coach.riskLabel', { risk: formatPercent(r) }),
    ];
    out.set(o.action, {
      // Whole points on the card, so they fit its visible strip; the label and the list have the tenths.
      text: formatSigned(o.value, 0),
      tone: toneOf(top - o.value, THRESHOLDS),
      label: label.filter(Boolean).join(', '),
    });
  }
  return out;
}

function sameAction(a: Rank | PassChoice, b: Rank | PassChoice): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
