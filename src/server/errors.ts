/**
 * Refusals the server gives to clients: a stable code and a sentence a player understands.
 * Anything else thrown inside the server is a bug; clients then get ERR_INTERNAL and
 * never a stack trace.
 */
import type { z } from 'zod';
import type { ErrorBody } from '../protocol/messages.js';
import { type ErrorCode, isErrorCode } from '../values/index.js';

export class ServerError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** The HTTP status when the refusal answers a request. */
    readonly status = 400,
  ) {
    super(message);
  }
}

export const INTERNAL_ERROR: ErrorBody = {
  code: 'ERR_INTERNAL',
  message: 'Something went wrong on the server. Please try again.',
};

/** A zod failure as one readable sentence naming the first field at fault. */
export function invalid(error: z.ZodError): ServerError {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  // A rule of the protocol's own (e.g. the name rules) names its code in the issue's params.
  const code = issue?.code === 'custom' && isErrorCode(issue.params?.code) ? issue.params.code : 'ERR_BAD_REQUEST';
  return new ServerError(code, `Invalid request. ${where}${issue?.message ?? 'malformed input'}`);
}

export function publicError(e: unknown): ErrorBody {
  return e instanceof ServerError ? { code: e.code, message: e.message } : INTERNAL_ERROR;
}
