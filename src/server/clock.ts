/**
 * Time as the server's tables see it: the moment now and timers on the same clock. The
 * tables get it from their context, so that tests run a table on virtual time and reach
 * the moments (a clock running out as a player acts) that real time only reaches by luck.
 * Colyseus's `room.clock` is the model.
 */

/** A timer set on a Clock. */
export interface Timer {
  /** The timer will not run (nothing happens if it already did). */
  cancel(): void;
}

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Run `job` once `ms` milliseconds have passed on this clock. */
  after(ms: number, job: () => void): Timer;
  /** Resolves once `ms` milliseconds have passed on this clock. */
  sleep(ms: number): Promise<void>;
}

/** The process's own clock. */
export const systemClock: Clock = {
  now: Date.now,
  after(ms, job) {
    const handle = setTimeout(job, ms);
    return { cancel: () => clearTimeout(handle) };
  },
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
