/** A request body checked by its protocol schema; a refusal names the first field at fault. */
import type { z } from 'zod';
import { invalid } from '../errors.js';

export function parse<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalid(parsed.error);
  return parsed.data;
}
