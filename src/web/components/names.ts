import type { TFunction } from 'i18next';
import type { SeatLabel } from '../game/model.js';

/**
 * A seat's display name in the player's language: "Bot 3 (medium)" for a bot, "Seat 3" when
 * it is empty, "Deleted player" for a player whose account was deleted.
 */
export function seatName(seats: readonly SeatLabel[], seat: number, t: TFunction): string {
  const label = seats[seat];
  if (label?.bot) return t('seat.botName', { n: seat + 1, level: t(`bot.${label.bot}`) });
  if (label?.deleted) return t('profile.deletedPlayer');
  return label?.name ?? t('seat.empty', { n: seat + 1 });
}

/** Longest short name, in characters, before it is cut with an ellipsis. */
const SHORT = 9;

/**
 * The names drawn where space is tight (the seats, under trick cards, the log, the score
 * chart): a bot is "Bot 2" by its seat (its level is on the seat and in spoken labels),
 * a long name is cut, and names that would then look the same get their seat number.
 */
export function shortNames(seats: readonly SeatLabel[], players: number, t: TFunction): string[] {
  const cut = Array.from({ length: players }, (_, s) => {
    const label = seats[s];
    if (label?.bot) return t('seat.botShort', { n: s + 1 });
    const name = seatName(seats, s, t);
    return [...name].length > SHORT
      ? `${[...name]
          .slice(0, SHORT - 1)
          .join('')
          .trimEnd()}…`
      : name;
  });
  return cut.map((name, s) => (cut.filter((other) => other === name).length > 1 ? `${name} ${s + 1}` : name));
}
