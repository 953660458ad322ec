/**
 * The player's words for every error code the server can send (the union of src/values,
 * listed in docs/protocol.md, "Error codes") and the client's own (no network, no
 * answer). English is here; every other language keeps its own under `errors` in its
 * locale file, where the `Messages` type makes a missing code a type error. The server's
 * `message` is English and meant for logs and the CLI; the web client never shows it, so
 * a French player reads French. test/web/errors.test.ts checks that every language has
 * words of its own for every code.
 */
import type { TFunction } from 'i18next';
import type { Ack } from '../protocol/messages.js';
import type { ErrorCode } from '../values/index.js';

/** The client's own codes: the request never reached the server, or no answer came in time. */
export type ClientErrorCode = 'ERR_NETWORK' | 'ERR_TIMEOUT';

/** Every code the player may be shown words for. */
export type ShownErrorCode = ErrorCode | ClientErrorCode;

/** The server's acknowledgement, or the client's own refusal when none came in time. */
export type Answer<T = Record<string, never>> =
  | Ack<T>
  | { ok: false; error: { readonly code: ClientErrorCode; readonly message: string } };

/** The player's words for each code, in English; every locale has its own under `errors` (`Messages`). */
export const errorsEn = {
  ERR_BAD_REQUEST: 'The server could not read that request.',
  ERR_BAD_NAME: 'Choose another name: letters of one alphabet, without invisible characters or stacked accents.',
  ERR_BAD_OPTIONS: 'These table options do not make a game.',
  ERR_NO_TABLE: 'There is no table with this code.',
  ERR_NO_GAME: 'No game is being played here.',
  ERR_TABLE_CLOSED: 'This table is closed.',
  ERR_TABLE_FULL: 'Every seat at this table is taken.',
  ERR_SEAT_TAKEN: 'That seat is taken.',
  ERR_BAD_SEAT: 'There is no such seat at this table.',
  ERR_GAME_STARTED: 'The game has already started.',
  ERR_SEATS_EMPTY: 'Every seat needs a player or a bot first.',
  ERR_NOT_FINISHED: 'That is possible once the game is over.',
  ERR_NOT_HOST: 'Only the host can do that.',
  ERR_NOT_SEATED: 'You no longer hold a seat here.',
  ERR_BAD_TOKEN: 'Your seat at this table is no longer valid.',
  ERR_NOT_A_BOT: 'There is no bot in that seat.',
  ERR_NOT_AWAY: 'You are playing your seat already.',
  ERR_BAD_ACTION: 'That move is not possible.',
  ERR_GAME_OVER: 'The game is over.',
  ERR_NOT_PASSING_TIME: 'This is not the time to pass cards.',
  ERR_NOT_PLAYING_TIME: 'Cards are not being played now.',
  ERR_ALREADY_PASSED: 'You have already passed your cards.',
  ERR_BAD_PASS: 'Those cards do not make a pass: choose one card for each slot.',
  ERR_NOT_YOUR_TURN: 'It is not your turn.',
  ERR_CARD_NOT_HELD: 'You do not hold that card.',
  ERR_MUST_FOLLOW_SUIT: 'You must follow the suit that was led.',
  ERR_BAD_DEAL: 'The server dealt wrongly. Please report this.',
  ERR_NOT_DEALING_TIME: 'The server dealt at the wrong moment. Please report this.',
  ERR_STALE: 'The game moved on in the meantime. Try again.',
  ERR_UNAVAILABLE: 'The server cannot store anything right now. Try again in a moment.',
  ERR_OUTCOME_UNKNOWN: 'The server could not yet learn whether that was saved. The table shows it as soon as it knows.',
  ERR_CHAT_TOO_FAST: 'You are chatting too fast. Wait a few seconds.',
  ERR_RATE_LIMITED: 'Too many requests. Wait a moment.',
  ERR_TOO_LARGE: 'That was too large to send.',
  ERR_BAD_CONTENT_TYPE: 'The server could not read that request.',
  ERR_NOT_FOUND: 'There is nothing at this address.',
  ERR_REQUEST_TIMEOUT: 'The request did not reach the server in time. Try again.',
  ERR_URL_TOO_LONG: 'This address is too long.',
  ERR_TOO_MANY_TABLES: 'Your address already has as many open tables as allowed. Close one first.',
  ERR_TOO_MANY_PUBLIC_TABLES:
    'You already have a public table waiting for players. Start or leave it first, or make this one private.',
  ERR_TOO_MANY_CONNECTIONS: 'Too many connections from your address. Close a few tabs.',
  ERR_FORBIDDEN: 'That is not allowed.',
  ERR_GAME_NOT_FINISHED: 'That is available once the game is over.',
  ERR_ANALYSIS_BUSY: 'Too many games wait to be analysed. Try again in a minute.',
  ERR_TOO_MANY_ANALYSES: 'You already have games waiting to be analysed. Ask again once one of them has started.',
  ERR_COACH_OFF: 'The host has turned the coach off at this table.',
  ERR_HINT_BUDGET: 'Too many hints from your address. Wait a minute.',
  ERR_ALREADY_PLAYED: 'You have already played today’s daily deal. Come back tomorrow for the next one.',
  ERR_NO_EVENT: 'There is no event with this code. Check the link.',
  ERR_EVENT_CLOSED: 'The host has closed this event: its results are final.',
  ERR_EVENT_TABLE: 'Seats at this table are taken from its event’s page: ask the host for that link.',
  ERR_UNKNOWN_MESSAGE: 'The server did not understand that. Reload the page.',
  ERR_NO_ACK: 'The server did not understand that. Reload the page.',
  ERR_BAD_USERNAME: 'A username has 3 to 20 letters, digits, _ or -.',
  ERR_USERNAME_TAKEN: 'That username is taken.',
  ERR_WEAK_PASSWORD: 'Choose a longer, less common password (at least 10 characters).',
  ERR_BAD_LOGIN: 'Wrong username or password.',
  ERR_SIGNED_OUT: 'You are signed out. Sign in again.',
  ERR_BAD_ORIGIN: 'This request did not come from this site. Reload the page.',
  ERR_BANNED: 'This account is banned.',
  ERR_SIGN_IN_AGAIN: 'Sign in again to do that.',
  ERR_PASSKEY_FAILED: 'The passkey could not be checked. Try again.',
  ERR_NO_PLAYER: 'There is no player with that name.',
  ERR_YOURSELF: 'You cannot block or report yourself.',
  ERR_BAD_BOT_TOKEN: 'This bot token is not valid.',
  ERR_NO_BOT_ACCOUNT: 'There is no bot account with that name.',
  ERR_NOT_BOT_ACCOUNT: 'That account is a person’s, not a bot’s.',
  ERR_BOT_SEATED: 'That bot already has a seat at this table.',
  ERR_NOT_RATABLE: 'A rated table needs the coach off and a turn clock of normal or fast.',
  ERR_SIGN_IN_TO_RATE: 'Sign in to play rated games.',
  ERR_NO_TICKET: 'You are no longer in the queue. Try Play now again.',
  ERR_INTERNAL: 'Something went wrong on the server. Try again.',
  // The client's own: the request never reached the server, or no answer came.
  ERR_NETWORK: 'The server cannot be reached.',
  ERR_TIMEOUT: 'The server did not answer in time.',
  unknown: 'Something went wrong ({{code}}).',
} as const satisfies ErrorWords;

/** A language's words for every code, and `unknown` for a code this build does not know. */
export type ErrorWords = Readonly<Record<ShownErrorCode | 'unknown', string>>;

/**
 * The player's sentence for a refusal's code, in the current language. A server newer than
 * this page may send a code it has no words for (the wire is not checked here): that one
 * is named.
 */
export function errorText(t: TFunction, code: ShownErrorCode): string {
  return code in errorsEn && (code as string) !== 'unknown' ? t(`errors.${code}`) : t('errors.unknown', { code });
}
