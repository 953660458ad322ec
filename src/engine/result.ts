/**
 * Errors as values. Everything a player or a file can get wrong comes back as a
 * `Result` with a string code and a sentence a player understands; exceptions are kept
 * for broken internal invariants.
 */

export type ErrorCode =
  | 'ERR_BAD_OPTIONS'
  | 'ERR_BAD_ACTION'
  | 'ERR_BAD_SEAT'
  | 'ERR_BAD_DEAL'
  | 'ERR_GAME_OVER'
  | 'ERR_NOT_PASSING_TIME'
  | 'ERR_NOT_PLAYING_TIME'
  | 'ERR_NOT_DEALING_TIME'
  | 'ERR_ALREADY_PASSED'
  | 'ERR_BAD_PASS'
  | 'ERR_NOT_YOUR_TURN'
  | 'ERR_CARD_NOT_HELD'
  | 'ERR_MUST_FOLLOW_SUIT'
  | NotationErrorCode;

/**
 * The position notation's codes (notation.ts), which only tests and bug reports parse: a
 * value, so that a check of the codes a server may send can leave them out by name.
 */
export const NOTATION_ERROR_CODES = ['ERR_BAD_NOTATION', 'ERR_BAD_POSITION'] as const;
export type NotationErrorCode = (typeof NOTATION_ERROR_CODES)[number];

/** The codes a game itself can answer with (options, deals, actions): all but the position notation's. */
export type GameErrorCode = Exclude<ErrorCode, NotationErrorCode>;

export interface EngineError<C extends ErrorCode = ErrorCode> {
  readonly code: C;
  /** For the player who made the mistake: "You must follow blue." */
  readonly message: string;
  /** The same for a third party, naming the seat: "seat 3 must follow blue but played 24 (green)". */
  readonly detail: string;
}

export type Result<T, E = EngineError> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

export function ok<T>(value: T): Result<T, never> {
  return { ok: true, value };
}

/** A game's refusal: an EngineError with one of the GameErrorCodes. */
export type GameError = EngineError<GameErrorCode>;

export function err<C extends ErrorCode>(
  code: C,
  message: string,
  detail: string = message,
): { ok: false; error: EngineError<C> } {
  return { ok: false, error: { code, message, detail } };
}
