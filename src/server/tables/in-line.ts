/**
 * The deadlines a table's state calls for, against those running: during a game every
 * person who must act has a turn clock (turn-clock.ts) and every person not connected an
 * absence grace (not restarted once a stand-in bot plays the seat); a table with no person
 * connected closes after a while; a closed table has none. The result is stored with the
 * change that calls for it (Deadlines.prepare), and armed once stored.
 */
import { dailyEndOf } from '../../daily/index.js';
import type { GameOwner } from '../game-owner/owner.js';
import type { TimerKey } from '../store/store.js';
import type { Deadlines, PreparedChange, StartDeadline } from './deadlines.js';
import type { TableState } from './decide.js';
import type { Presence } from './presence.js';
import type { TurnClocks } from './turn-clock.js';

export interface InLine {
  readonly deadlines: Deadlines;
  readonly clocks: TurnClocks;
  readonly presence: Presence;
  /** How long a table with nobody at it stays open. */
  readonly closeAfterMs: number;
}

/**
 * The change of deadlines `next` calls for (null: none changes). `fresh`: the seat that
 * just acted, whose turn clock starts over if it must act again. `fell`: the deadline that
 * fell (already disarmed), cleared from the store with the rest.
 */
export function deadlinesInLine(
  t: InLine,
  next: TableState,
  owner: GameOwner | null,
  now: number,
  fresh?: number,
  fell?: TimerKey,
): PreparedChange | null {
  const { row, seats } = next;
  const start: StartDeadline[] = [];
  const stop: TimerKey[] = [];
  if (row.status === 'closed') stop.push(...t.deadlines.running());
  else {
    const playing = row.status === 'playing' ? owner : null;
    const clocks = t.clocks.wanted(playing, seats, row.settings.turnClock, fresh);
    start.push(...clocks.start);
    stop.push(...clocks.stop);
    // A daily deal's attempt has no stand-in bot: it waits for its player until its day is
    // over, and only then closes once nobody is at it (its game, unfinished, is not ranked).
    const day = playing !== null ? row.settings.daily : undefined;
    for (const s of seats) {
      const absent = playing !== null && day === undefined && s.tokenHash !== null && !t.presence.isPresent(s.seat);
      const running = t.deadlines.has('absence', s.seat);
      if (absent && !running && !s.away)
        start.push({ kind: 'absence', seat: s.seat, deadline: now + row.settings.turnSeconds * 1000 });
      else if (!absent && running) stop.push({ kind: 'absence', seat: s.seat });
    }
    const here = seats.some((s) => s.tokenHash !== null && t.presence.isPresent(s.seat));
    const closing = t.deadlines.deadline('close', -1);
    const end = day === undefined ? now : Math.max(now, dailyEndOf(day));
    // A close set before the daily game began (a table nobody opened yet) moves past the day's end.
    const early = day !== undefined && closing !== undefined && closing < dailyEndOf(day);
    if (here && closing !== undefined) stop.push({ kind: 'close', seat: -1 });
    else if (!here && (closing === undefined || early))
      start.push({ kind: 'close', seat: -1, deadline: end + t.closeAfterMs });
  }
  if (fell && !start.some((s) => s.kind === fell.kind && s.seat === fell.seat)) stop.push(fell);
  return t.deadlines.prepare(start, stop, fell);
}
