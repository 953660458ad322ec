/**
 * Data this server wrote earlier (or another node of it) and now reads back from outside
 * the process: Redis payloads (cluster/payloads.ts) and stored analyses. It is decoded and
 * checked, never trusted: a node of another version, a bug or a hand edit can leave
 * anything there. A payload that does not fit is refused with a MalformedPayloadError
 * naming what it is and the first field at fault, in the project's own words (never the
 * runtime's JSON message); the reader logs it and goes on without it. Database rows have
 * their own decoders (store/rows.ts).
 */
import type { z } from 'zod';

export class MalformedPayloadError extends Error {
  constructor(what: string, problem: string) {
    super(`${what} is malformed: ${problem}`);
  }
}

/** `value` as `schema` says, or a MalformedPayloadError about `what`. */
export function check<S extends z.ZodType>(what: string, schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new MalformedPayloadError(what, `${where}${issue?.message ?? 'not as written'}`);
}

/** JSON text decoded and checked as `schema` says, or a MalformedPayloadError about `what`. */
export function decode<S extends z.ZodType>(what: string, schema: S, text: string): z.output<S> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new MalformedPayloadError(what, 'not JSON');
  }
  return check(what, schema, value);
}
