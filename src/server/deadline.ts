/**
 * Waits with a clock. A promise cannot be cancelled, so `within` stops waiting for it:
 * past the time the caller goes on with a TimeoutError, and whatever the work does later
 * is ignored (its failure was reported as the timeout).
 */

export class TimeoutError extends Error {
  constructor(what: string, ms: number) {
    super(`${what} did not finish within ${ms} ms`);
  }
}

/** `work`'s outcome, or a TimeoutError once `ms` have passed without one. */
export function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(what, ms)), ms);
  });
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
