/** Runs jobs one after another: a table's owner handles one request at a time. */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(job: () => T | Promise<T>): Promise<T> {
    const result = this.tail.then(job);
    // A failed job must not stop the ones queued after it.
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Resolves once every job queued so far has finished. */
  idle(): Promise<void> {
    return this.tail.then(() => undefined);
  }
}
