/**
 * A table's deadlines: each is stored before it is armed, so that after a crash `resume`
 * arms it again from the store, and cleared from the store when it is stopped or fires.
 * The table stores them in the same write as the change that starts or stops them
 * (`prepare`, then `applied`: Table.commit). A deadline fires inside the table's queue;
 * when its consequences could not be stored (the database was out of reach) it fires
 * again a little later.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock, Timer } from '../clock.js';
import type { SerialQueue } from '../serial.js';
import {
  type DeadlineStore,
  StaleOwnerError,
  StoreUnavailableError,
  type TimerChange,
  type TimerKey,
  type TimerKind,
} from '../store/store.js';

/** How long a deadline waits before firing again when the database was out of reach. */
export const RETRY_MS = 1000;

/** A deadline to start: its kind, seat (-1 for the whole table) and when it falls (epoch ms). */
export interface StartDeadline {
  readonly kind: TimerKind;
  readonly seat: number;
  readonly deadline: number;
}

/** A change of deadlines worked out by `prepare`: what to store, and what to arm once it is stored. */
export interface PreparedChange {
  readonly stored: TimerChange;
  readonly start: readonly StartDeadline[];
}

export interface DeadlineContext {
  readonly store: DeadlineStore;
  readonly log: FastifyBaseLogger;
  readonly clock: Clock;
}

export class Deadlines {
  private readonly timers = new Map<string, { kind: TimerKind; seat: number; deadline: number; handle: Timer }>();
  /** Set when the server shuts down: nothing fires any more. */
  private halted = false;

  constructor(
    private readonly ctx: DeadlineContext,
    private readonly code: string,
    private readonly queue: SerialQueue,
    /**
     * What a deadline does when it fires (inside the queue, already disarmed): it clears
     * the deadline from the store with whatever it changes.
     */
    private readonly fired: (kind: TimerKind, seat: number) => Promise<void>,
  ) {}

  /** Store a deadline (for a seat, or -1 for the whole table) and arm it. */
  async start(kind: TimerKind, seat: number, deadline: number): Promise<void> {
    await this.ctx.store.setTimer({ tableCode: this.code, kind, seat, deadline });
    this.arm(kind, seat, deadline);
  }

  /** Arm every deadline the store holds for this table (after a restart). */
  async rearm(): Promise<void> {
    for (const t of await this.ctx.store.timersOf(this.code)) this.arm(t.kind, t.seat, t.deadline);
  }

  has(kind: TimerKind, seat: number): boolean {
    return this.timers.has(key(kind, seat));
  }

  /** When the deadline falls (epoch ms), if it is running. */
  deadline(kind: TimerKind, seat: number): number | undefined {
    return this.timers.get(key(kind, seat))?.deadline;
  }

  /** The deadlines running now. */
  running(): TimerKey[] {
    return [...this.timers.values()].map(({ kind, seat }) => ({ kind, seat }));
  }

  /**
   * What starting some deadlines and stopping others would store, without storing it or
   * touching the timers (null: nothing would change), for the caller to store with the
   * change that calls for it; once that is stored, `applied` arms and disarms. `fell`: a
   * deadline that fell (no longer armed), cleared from the store all the same.
   */
  prepare(start: readonly StartDeadline[], stop: readonly TimerKey[], fell?: TimerKey): PreparedChange | null {
    const stopped = stop.filter((t) => this.timers.has(key(t.kind, t.seat)) || t === fell);
    if (start.length === 0 && stopped.length === 0) return null;
    const set = start.map((t) => ({ tableCode: this.code, ...t }));
    return { stored: { tableCode: this.code, set, clear: stopped }, start };
  }

  /** A prepared change is stored: disarm the deadlines it stopped, arm those it started. */
  applied(change: PreparedChange): void {
    for (const t of change.stored.clear) {
      const running = this.timers.get(key(t.kind, t.seat));
      if (!running) continue;
      running.handle.cancel();
      this.timers.delete(key(t.kind, t.seat));
    }
    for (const t of change.start) this.arm(t.kind, t.seat, t.deadline);
  }

  /** Server shutdown: nothing fires any more; the stored deadlines stay for the next start. */
  halt(): void {
    this.halted = true;
  }

  /** After `halt` and once the queue is idle: let go of the timers themselves. */
  disarm(): void {
    for (const t of this.timers.values()) t.handle.cancel();
    this.timers.clear();
  }

  private arm(kind: TimerKind, seat: number, deadline: number): void {
    const old = this.timers.get(key(kind, seat));
    old?.handle.cancel();
    const handle: Timer = this.ctx.clock.after(Math.max(0, deadline - this.ctx.clock.now()), () => {
      this.queue
        .run(() => this.fire(kind, seat, handle))
        .catch((e) => {
          // Another node took the table over (a cluster): the deadline fires there.
          if (e instanceof StaleOwnerError) return;
          if (!(e instanceof StoreUnavailableError))
            return this.ctx.log.error({ err: e, table: this.code, kind, seat }, 'timer failed');
          // Its consequences were not stored: the deadline fires again once the database may be back.
          this.ctx.log.warn({ table: this.code, kind, seat }, 'deadline not handled (database unavailable); retrying');
          if (!this.halted) this.arm(kind, seat, this.ctx.clock.now() + RETRY_MS);
        });
    });
    this.timers.set(key(kind, seat), { kind, seat, deadline, handle });
  }

  private async fire(kind: TimerKind, seat: number, handle: Timer): Promise<void> {
    // Stopped or armed anew while this firing waited for the queue (the player acted just
    // in time): the deadline that counts is the newer one, or none.
    if (this.halted || this.timers.get(key(kind, seat))?.handle !== handle) return;
    this.timers.delete(key(kind, seat));
    await this.fired(kind, seat);
  }
}

function key(kind: TimerKind, seat: number): string {
  return `${kind}:${seat}`;
}
