/**
 * Virtual time for tables run in-process (src/server/clock.ts): nothing happens until the
 * test moves the clock on, and then every timer due runs at its own moment, in order,
 * with what it sets off (the store, the table's queue) run to rest before the next.
 */
import type { Clock, Timer } from '../../../src/server/clock.js';

interface Pending {
  readonly at: number;
  readonly order: number;
  readonly job: () => void;
}

/** Lets everything that is ready run: promise chains, and the store's I/O callbacks. */
export async function settle(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setImmediate(resolve));
}

export class VirtualClock implements Clock {
  private at: number;
  private order = 0;
  private readonly pending = new Set<Pending>();

  constructor(start = Date.UTC(2026, 11, 4, 12)) {
    this.at = start;
  }

  now(): number {
    return this.at;
  }

  after(ms: number, job: () => void): Timer {
    const timer: Pending = { at: this.at + Math.max(0, ms), order: this.order++, job };
    this.pending.add(timer);
    return { cancel: () => this.pending.delete(timer) };
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.after(ms, resolve));
  }

  /** How long until the earliest timer falls (ms); fails when none is set. */
  untilNext(): number {
    const first = this.first();
    if (first === undefined) throw new Error('no timer is set');
    return first.at - this.at;
  }

  /**
   * Move the clock on by `ms`, running each timer that falls due on the way at its moment.
   * A timer already due runs before this returns its promise, in the caller's own tick:
   * a command sent just before (or after) lands in the table's queue just before (or
   * after) what the timer queues.
   */
  async advance(ms: number): Promise<void> {
    const end = this.at + ms;
    for (let t = this.first(); t !== undefined && t.at <= end; t = this.first()) {
      this.pending.delete(t);
      this.at = Math.max(this.at, t.at);
      t.job();
      await settle();
    }
    this.at = end;
    await settle();
  }

  private first(): Pending | undefined {
    let first: Pending | undefined;
    for (const t of this.pending)
      if (!first || t.at < first.at || (t.at === first.at && t.order < first.order)) first = t;
    return first;
  }
}
