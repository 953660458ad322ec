import type { TFunction } from 'i18next';
import type { SeatLabel } from '../game/model.js';

/** A seat's display name, or "Seat 3" when it is empty. */
export function seatName(seats: readonly SeatLabel[], seat: number, t: TFunction): string {
  return seats[seat]?.name ?? t('seat.empty', { n: seat + 1 });
}
