/**
 * The accounts part of the HTTP API (docs/protocol.md, "Accounts"): the bodies the
 * server takes (zod schemas) and the replies it gives (types). Clients import only the
 * types.
 */
import { z } from 'zod';

/** 3 to 20 letters, digits, `_` and `-`; unique without regard to case. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{3,20}$/;
/** The shortest password taken. */
export const MIN_PASSWORD_LENGTH = 10;
/** Longer ones cost the hash more and add nothing. */
export const MAX_PASSWORD_LENGTH = 256;

const Username = z.string().superRefine((name, ctx) => {
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
}
