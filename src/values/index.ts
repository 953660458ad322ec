/**
 * The names and lists that every part shares, each written once: the bot levels offered to
 * people, the turn clocks, the chat reactions, the table statuses and the error codes. This module imports
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

/**
 * The rating pools (docs/ratings.md): a player has one rating in each, by the player count
 * of individual games, and one for every team mode.
 */
export const RATING_POOLS = ['2p', '3p', '4p', '5-6p', 'teams'] as const;
export type RatingPool = (typeof RATING_POOLS)[number];

export function isRatingPool(pool: unknown): pool is RatingPool {
  return typeof pool === 'string' && (RATING_POOLS as readonly string[]).includes(pool);
}

/** The most hands a duplicate event may have (docs/duplicate.md). */
export const MAX_DUPLICATE_HANDS = 12;

/** The reactions a seated player can send in the chat. */
export const REACTIONS = ['👍', '😂', '😮', '😡', '🍾', '👿'] as const;
export type Reaction = (typeof REACTIONS)[number];

/** Where a table is in its life: waiting for players, playing, between games, closed. */
export const TABLE_STATUSES = ['lobby', 'playing', 'finished', 'closed'] as const;
export type TableStatus = (typeof TABLE_STATUSES)[number];

/**
 * The name a finished game gives a player whose account was deleted (docs/protocol.md,
 * "Profile and history"): empty, which no name a person chooses can be, so that each client
 * says "Deleted player" in its own words and the server keeps no trace of the name.
 */
export const DELETED_NAME = '';

/**
 * What an account is (docs/protocol.md, "Bot accounts"): a person's, made by signing up, or
 * a program's, made by the operator (`bottle-imp admin bot`), which plays with a bearer
 * token and never signs in, joins a person's queue or a rated pool.
 */
export const ACCOUNT_KINDS = ['person', 'bot'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/**
 * Every code a refusal from the server can carry (docs/protocol.md, "Error codes"): in an
 * Ack's `error`, an HTTP error body and a Socket.IO handshake refusal. The engine's
 * result codes are among them (the engine imports nothing, so it names its own). A new
 * code goes here, in the web client's words (src/web/errors.ts) and in the document.
 */
export const ERROR_CODES = [
  'ERR_BAD_REQUEST',
  'ERR_BAD_NAME',
  'ERR_BAD_OPTIONS',
  'ERR_NO_TABLE',
  'ERR_NO_GAME',
  'ERR_TABLE_CLOSED',
  'ERR_TABLE_FULL',
  'ERR_SEAT_TAKEN',
  'ERR_BAD_SEAT',
  'ERR_GAME_STARTED',
  'ERR_SEATS_EMPTY',
  'ERR_NOT_FINISHED',
  'ERR_NOT_HOST',
  'ERR_NOT_SEATED',
  'ERR_BAD_TOKEN',
  'ERR_NOT_A_BOT',
  'ERR_NOT_AWAY',
  'ERR_BAD_ACTION',
  'ERR_GAME_OVER',
  'ERR_NOT_PASSING_TIME',
  'ERR_NOT_PLAYING_TIME',
  'ERR_ALREADY_PASSED',
  'ERR_BAD_PASS',
  'ERR_NOT_YOUR_TURN',
  'ERR_CARD_NOT_HELD',
  'ERR_MUST_FOLLOW_SUIT',
  'ERR_BAD_DEAL',
  'ERR_NOT_DEALING_TIME',
  'ERR_STALE',
  'ERR_UNAVAILABLE',
  'ERR_OUTCOME_UNKNOWN',
  'ERR_CHAT_TOO_FAST',
  'ERR_RATE_LIMITED',
  'ERR_TOO_LARGE',
  'ERR_BAD_CONTENT_TYPE',
  'ERR_NOT_FOUND',
  'ERR_REQUEST_TIMEOUT',
  'ERR_URL_TOO_LONG',
  'ERR_TOO_MANY_TABLES',
  'ERR_TOO_MANY_PUBLIC_TABLES',
  'ERR_TOO_MANY_CONNECTIONS',
  'ERR_FORBIDDEN',
  'ERR_GAME_NOT_FINISHED',
  'ERR_ANALYSIS_BUSY',
  'ERR_TOO_MANY_ANALYSES',
  'ERR_COACH_OFF',
  'ERR_HINT_BUDGET',
  'ERR_ALREADY_PLAYED',
  'ERR_NO_EVENT',
  'ERR_EVENT_CLOSED',
  'ERR_EVENT_TABLE',
  'ERR_UNKNOWN_MESSAGE',
  'ERR_NO_ACK',
  'ERR_BAD_USERNAME',
  'ERR_USERNAME_TAKEN',
  'ERR_WEAK_PASSWORD',
  'ERR_BAD_LOGIN',
  'ERR_SIGNED_OUT',
  'ERR_BAD_ORIGIN',
  'ERR_BANNED',
  'ERR_SIGN_IN_AGAIN',
  'ERR_PASSKEY_FAILED',
  'ERR_NO_PLAYER',
  'ERR_YOURSELF',
  'ERR_BAD_BOT_TOKEN',
  'ERR_NO_BOT_ACCOUNT',
  'ERR_NOT_BOT_ACCOUNT',
  'ERR_BOT_SEATED',
  'ERR_NOT_RATABLE',
  'ERR_SIGN_IN_TO_RATE',
  'ERR_NO_TICKET',
  'ERR_INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code);
}
