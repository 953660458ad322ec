/**
 * The turn clocks a host may choose, and their seconds per action, in a module of their
 * own without zod, so that the web client can take the list and the seconds as values.
 */
export const TURN_CLOCKS = ['off', 'relaxed', 'normal', 'fast'] as const;
export type TurnClock = (typeof TURN_CLOCKS)[number];

/** Seconds per card played for each clock (null: no clock); a pass gets twice as long. */
export const TURN_CLOCK_SECONDS: Readonly<Record<TurnClock, number | null>> = {
  off: null,
  relaxed: 90,
  normal: 40,
  fast: 15,
};
