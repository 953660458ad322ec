/**
 * The turn clock: every person who must act has a stored deadline (`turn`, one per seat);
 * when it runs out, connected or not, the seat is marked away and a stand-in bot plays it
 * until the person takes it back (table.ts). The host chooses how long it is, or switches
 * it off for friends. The passes of a round after the first start on the clock after a
 * reading time (READING_SECONDS), while everyone reads the last round's summary.
 */
import { READING_SECONDS, TURN_CLOCK_SECONDS, type TurnClock } from '../../values/index.js';
import type { Clock } from '../clock.js';
import type { GameOwner } from '../game-owner/owner.js';
import type { SeatRow } from '../store/store.js';
import type { Deadlines } from './deadlines.js';

/** How long a seat has for its action now, in ms, or null without a clock (a pass: twice a card's time). */
export function turnClockMs(clock: TurnClock, passing: boolean, scale: number): number | null {
  const seconds = TURN_CLOCK_SECONDS[clock];
  return seconds === null ? null : Math.round(seconds * (passing ? 2 : 1) * scale * 1000);
}

export class TurnClocks {
  constructor(
    private readonly deadlines: Deadlines,
    private readonly scale: number,
    private readonly clock: Clock,
  ) {}

  /**
   * While the summary of the round just scored is read: the epoch-ms moment the pass clocks
   * started at the round's deal begin to count; null once they count, or when none runs.
   * Worked out from the stored deadlines, so it holds after a restart.
   */
  reading(owner: GameOwner, seats: readonly SeatRow[], clock: TurnClock): number | null {
    const ms = turnClockMs(clock, true, this.scale);
    if (ms === null || !owner.passing) return null;
    let until: number | null = null;
    for (const s of seats) {
      const deadline = this.deadlines.deadline('turn', s.seat);
      if (deadline !== undefined) until = Math.max(until ?? 0, deadline - ms);
    }
    return until !== null && until > this.clock.now() ? until : null;
  }

  /**
   * The clocks to start and stop so that every person who must act in the game being
   * played (null: none is) has one running, and nobody else. The seat that just acted
   * (`fresh`) starts over if it must act again.
   */
  wanted(owner: GameOwner | null, seats: readonly SeatRow[], clock: TurnClock, fresh?: number) {
    const acting = owner && !owner.over ? owner.toAct() : [];
    const ms = owner ? turnClockMs(clock, owner.passing, this.scale) : null;
    const reading = owner?.freshRound ? Math.round(READING_SECONDS * this.scale * 1000) : 0;
    const start: { kind: 'turn'; seat: number; deadline: number }[] = [];
    const stop: { kind: 'turn'; seat: number }[] = [];
    for (const s of seats) {
      const wants = ms !== null && s.tokenHash !== null && !s.away && acting.includes(s.seat);
      const running = this.deadlines.has('turn', s.seat);
      if (wants && (!running || s.seat === fresh))
        start.push({ kind: 'turn', seat: s.seat, deadline: this.clock.now() + reading + ms });
      else if (!wants && running) stop.push({ kind: 'turn', seat: s.seat });
    }
    return { start, stop };
  }
}
