/**
 * The accounts part of the HTTP API (docs/protocol.md, "Accounts"): the bodies the
 * server takes (zod schemas) and the replies it gives (types). Clients import only the
 * types.
 */
import { z } from 'zod';
import type { ErrorCode, TableStatus } from '../values/index.js';
import { typedText } from './messages.js';

/** 3 to 20 letters, digits, `_` and `-`; unique without regard to case. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{3,20}$/;
/** The shortest password taken. */
export const MIN_PASSWORD_LENGTH = 10;
/** Longer ones cost the hash more and add nothing. */
export const MAX_PASSWORD_LENGTH = 256;

export const Username = z.string().superRefine((name, ctx) => {
  if (!USERNAME_PATTERN.test(name))
    ctx.addIssue({
      code: 'custom',
      message: 'a username has 3 to 20 letters, digits, _ or -',
      params: { code: 'ERR_BAD_USERNAME' },
    });
});

/** POST /api/accounts. How strong the password is, the server judges (ERR_WEAK_PASSWORD). */
export const SignUpSchema = z.object({ username: Username, password: z.string().max(MAX_PASSWORD_LENGTH) }).strict();

/**
 * POST /api/session. Any name is taken as it comes: one that could not exist is answered
 * as an unknown one, ERR_BAD_LOGIN.
 */
export const SignInSchema = z
  .object({ username: z.string().max(64), password: z.string().max(MAX_PASSWORD_LENGTH) })
  .strict();

/**
 * POST /api/passkeys/register/options: signed in, a passkey for the account (no body
 * field); signed out, a new account of this name made with a passkey alone.
 */
export const PasskeyOptionsSchema = z.object({ username: Username.optional() }).strict();

/**
 * POST /api/passkeys/…/verify: the browser's answer as JSON (WebAuthn's
 * `PublicKeyCredential.toJSON()`), checked field by field by the server's WebAuthn library.
 */
export const PasskeyAnswerSchema = z
  .object({
    response: z.looseObject({
      id: z.string().max(1024),
      response: z.looseObject({ clientDataJSON: z.string().max(4096) }),
    }),
  })
  .strict();

export interface AccountSummary {
  readonly username: string;
  /** ms since the epoch. */
  readonly createdAt: number;
}

/** The reply to a sign-up (201) and a sign-in (200); the cookie `bi_session` is set with it. */
export interface SignedInReply {
  readonly account: AccountSummary;
}

/** GET /api/me. */
export interface MeReply extends AccountSummary {
  /** How many passkeys the account has. */
  readonly passkeys: number;
  /** Present (true) for a bot account (asked with its bearer token: docs/protocol.md, "Bot accounts"). */
  readonly bot?: true;
}

/** The reply to a passkey registered for the signed-in account (a new account gets SignedInReply). */
export interface PasskeyAddedReply {
  readonly passkeys: number;
}

/** POST /api/me/seats: the seats this browser holds as a guest (their tokens), to move to the account. */
export const KeepSeatsSchema = z
  .object({
    seats: z.array(z.object({ code: z.string().min(1).max(16), token: z.string().min(1).max(64) }).strict()).max(20),
  })
  .strict();

/** The reply to POST /api/me/seats: the seats that moved, and those refused with their code. */
export interface KeepSeatsReply {
  readonly moved: readonly { readonly code: string; readonly seat: number }[];
  readonly refused: readonly { readonly code: string; readonly error: ErrorCode }[];
}

/** GET /api/me/tables: the tables (not closed) where the account holds a seat, newest first. */
export interface MyTablesReply {
  readonly tables: readonly { readonly code: string; readonly seat: number; readonly status: TableStatus }[];
}

/** The longest reason a report may give, after cleaning (messages.ts typedText). */
export const MAX_REPORT_REASON = 500;

/** POST /api/players/:username/reports: why the player is reported, for the operator. */
export const ReportSchema = z.object({ reason: typedText(MAX_REPORT_REASON) }).strict();

/** GET /api/me/blocks: the names of the players the account blocks, oldest block first. */
export interface BlocksReply {
  readonly blocked: readonly string[];
}
