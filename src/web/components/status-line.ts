/**
 * The player's status line at the table, worked out from the view alone: what the player
 * is to do or waits for, and, at the start of play, which cards they received. Pure, so
 * tests call it directly in every language.
 */
import type { TFunction } from 'i18next';
import type { TableView } from '../../engine/index.js';
import { formatRank } from '../game/cards.js';
import type { SeatLabel } from '../game/model.js';
import { shortNames } from './names.js';

export interface StatusLine {
  /** What the player is to do, or what the table waits for. */
  readonly status: string;
  /** The cards received in the pass, while the first trick is not yet played; '' otherwise. */
  readonly received: string;
}

export function statusLine(
  view: TableView,
  seats: readonly SeatLabel[],
  t: TFunction,
  seat: { readonly away: boolean; readonly myTurn: boolean },
): StatusLine {
  const me = view.viewer;
  const n = view.options.players;
  const short = shortNames(seats, n, t);
  let status: string;
  if (view.phase === 'over') status = t('status.over');
  else if (seat.away) status = t('clock.away');
  else if (view.phase === 'pass')
    status =
      me === null
        ? t('status.passingWatch')
        : view.passed[me]
          ? t('status.passWait', { done: view.passed.filter(Boolean).length, count: n })
          : t('status.pass');
  else if (seat.myTurn)
    status = view.mustFollow
      ? t('status.yourTurnFollow', { suit: t(`suit.${view.mustFollow}`) })
      : t('status.yourTurn');
  else status = t('status.waitFor', { who: short[view.toAct[0] ?? 0] });

  const received =
    view.received && view.tricks.length === 0 && view.phase === 'play'
      ? view.received
          .map((r) =>
            t(r.into === 'faceUp' ? 'status.receivedFaceUp' : 'status.receivedOne', {
              card: formatRank(r.card),
              who: short[r.from],
            }),
          )
          .join(', ')
      : '';
  return { status, received };
}
