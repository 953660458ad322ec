/**
 * The names and lists that every part shares, each written once: the bot levels offered to
 * people, the turn clocks, the chat reactions and the table statuses. This module imports
 * nothing, so the bots, the protocol, the server and the web client (without zod in its
 * bundle) all take them from here as values.
 */

/** The bot levels offered to people. */
export const LEVELS = ['easy', 'medium', 'hard', 'expert'] as const;
export type BotLevel = (typeof LEVELS)[number];

export function isBotLevel(level: unknown): level is BotLevel {
  return typeof level === 'string' && (LEVELS as readonly string[]).includes(level);
}

/** The turn clocks a host may choose. */
export const TURN_CLOCKS = ['off', 'relaxed', 'normal', 'fast'] as const;
export type TurnClock = (typeof TURN_CLOCKS)[number];

/** Seconds per card played for each clock (null: no clock); a pass gets twice as long. */
export const TURN_CLOCK_SECONDS: Readonly<Record<TurnClock, number | null>> = {
  off: null,
  relaxed: 90,
  normal: 40,
  fast: 15,
};

/**
 * After a round, the seconds everyone has to read its summary before the next pass's
 * clock starts (scaled like the clock itself): the summary counts them down and closes.
 */
export const READING_SECONDS = 15;

/** The reactions a seated player can send in the chat. */
export const REACTIONS = ['👍', '😂', '😮', '😡', '🍾', '👿'] as const;
export type Reaction = (typeof REACTIONS)[number];

/** Where a table is in its life: waiting for players, playing, between games, closed. */
export const TABLE_STATUSES = ['lobby', 'playing', 'finished', 'closed'] as const;
export type TableStatus = (typeof TABLE_STATUSES)[number];
