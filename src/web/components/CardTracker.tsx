/**
 * The card tracker for the side panel: the cards still out by suit, the voids each seat
 * has shown, the viewer's own pass and what it received, and the prices the bottle has
 * had this round. Everything is read off the seat's TableView (`outstanding`, `voids`,
 * `myPass`, `received`, `tricks`); nothing here decides a rule.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { leftOf, type Rank, rightOf, START_PRICE, SUITS, suitOf, type TableView } from '../../engine/index.js';
import { formatRank } from '../game/cards.js';
import type { SeatLabel } from '../game/model.js';
import { Card, type CardBadge } from './Card.js';
import { seatName } from './names.js';
import '../coach.css';

export interface CardTrackerProps {
  readonly view: TableView;
  readonly seats: readonly SeatLabel[];
}

export function CardTracker({ view, seats }: CardTrackerProps) {
  const { t } = useTranslation();
  const me = view.viewer;
  const who = (s: number) => (s === me ? t('seat.you') : seatName(seats, s, t));
  const passed = passedCards(view, who);
  const voids = view.voids.map((suits, s) => ({ s, suits })).filter((v) => v.suits.length > 0);

  return (
    <div className="tracker" data-testid="tracker">
      <section aria-labelledby="tracker-out">
        <h3 id="tracker-out">
          {t('tracker.out')}{' '}
          <span className="muted small">{t('tracker.outCount', { count: view.outstanding.length })}</span>
        </h3>
        {SUITS.map((suit) => {
          const cards = view.outstanding.filter((r) => suitOf(r) === suit);
          return (
            <div key={suit} className="tracker-suit" data-testid={`tracker-out-${suit}`}>
              <span className={`suit-title suit-${suit}`}>
                {t(`suit.${suit}`)} · {cards.length}
              </span>
              <ul className="tracker-cards">
                {cards.length === 0 && <li className="muted small">{t('tracker.noneOut')}</li>}
                {cards.map((r) => {
                  const to = passed.get(r);
                  return (
                    <li key={r} className={to ? 'passed' : undefined}>
                      <Card rank={r} size="tiny" extraLabel={to ? t('tracker.passedTo', { who: to }) : undefined} />
                    </li>
                  );
                })}
              </ul>
            </div>
          );
        })}
      </section>

      <section aria-labelledby="tracker-voids">
        <h3 id="tracker-voids">{t('tracker.voids')}</h3>
        {voids.length === 0 ? (
          <p className="muted small">{t('tracker.noVoids')}</p>
        ) : (
          <ul className="tracker-list" data-testid="tracker-voids">
            {voids.map(({ s, suits }) => (
              <li key={s}>
                {t('tracker.voidOf', { who: who(s), suits: suits.map((x) => t(`suit.${x}`)).join(', ') })}
              </li>
            ))}
          </ul>
        )}
      </section>

      {me !== null && (
        <section aria-labelledby="tracker-pass">
          <h3 id="tracker-pass">{t('tracker.yourPass')}</h3>
          {view.myPass === null ? (
            <p className="muted small">{t('tracker.noPass')}</p>
          ) : (
            <ul className="tracker-list" data-testid="tracker-pass">
              {passLines(view, who, t).map(({ card, to }) => (
                <li key={card}>
                  <strong>{formatRank(card)}</strong> {to}
                </li>
              ))}
            </ul>
          )}
          {view.received && view.received.length > 0 && (
            <>
              <h3>{t('tracker.received')}</h3>
              <ul className="tracker-list" data-testid="tracker-received">
                {view.received.map((r) => (
                  <li key={r.card}>
                    <strong>{formatRank(r.card)}</strong> {t('tracker.from', { who: who(r.from) })}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}

      <section aria-labelledby="tracker-prices">
        <h3 id="tracker-prices">{t('tracker.prices')}</h3>
        <ul className="tracker-list" data-testid="tracker-prices">
          {([1, 2] as const).slice(0, view.bottleCount).map((bottle) => {
            const sales = view.tricks.map((tr, i) => ({ tr, i })).filter(({ tr }) => tr.bottle === bottle);
            return (
              <li key={bottle} className="tracker-prices">
                {view.bottleCount > 1 && <span className="muted">{t('tracker.bottleN', { n: bottle })}: </span>}
                <span className="price">{START_PRICE}</span>
                {sales.map(({ tr, i }) => (
                  <span key={i}>
                    {' → '}
                    <span className="price">
                      {t('tracker.sale', {
                        price: formatRank(tr.price ?? START_PRICE),
                        who: who(tr.winner),
                        trick: i + 1,
                      })}
                    </span>
                  </span>
                ))}
                {sales.length === 0 && <span className="muted"> · {t('tracker.noSale')}</span>}
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}

/** The viewer's passed cards in the order of its pass, each with where it went. */
function passLines(view: TableView, who: (s: number) => string, t: TFunction): { card: Rank; to: string }[] {
  const pass = view.myPass;
  const me = view.viewer;
  if (pass === null || me === null) return [];
  const n = view.options.players;
  const devil = pass.devil.map((card) => ({ card, to: t('tracker.toDevil') }));
  if ('left' in pass)
    return [
      { card: pass.left, to: t('tracker.to', { who: who(leftOf(me, n)) }) },
      { card: pass.right, to: t('tracker.to', { who: who(rightOf(me, n)) }) },
      ...devil,
    ];
  return [
    { card: pass.faceUp, to: t('tracker.toFaceUp', { who: who(1 - me) }) },
    { card: pass.hidden, to: t('tracker.toHidden', { who: who(1 - me) }) },
    ...devil,
  ];
}

/** The cards the viewer passed to other seats, with the seat's name. */
function passedCards(view: TableView, who: (s: number) => string): Map<Rank, string> {
  const me = view.viewer;
  const pass = view.myPass;
  const out = new Map<Rank, string>();
  if (me === null || pass === null) return out;
  const n = view.options.players;
  if ('left' in pass) {
    out.set(pass.left, who(leftOf(me, n)));
    out.set(pass.right, who(rightOf(me, n)));
  } else {
    out.set(pass.faceUp, who(1 - me));
    out.set(pass.hidden, who(1 - me));
  }
  return out;
}

/** Badges for the received cards still in the viewer's hand, so the hand shows them too. */
export function receivedBadges(view: TableView, seats: readonly SeatLabel[], t: TFunction): Map<Rank, CardBadge> {
  const out = new Map<Rank, CardBadge>();
  for (const r of view.received ?? [])
    out.set(r.card, {
      text: '↓',
      tone: 'received',
      label: t('tracker.receivedFrom', { who: seatName(seats, r.from, t) }),
    });
  return out;
}
