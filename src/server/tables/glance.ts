/**
 * What a game update shows besides the game: when bots take over. Worked out from the
 * deadlines running now (stored ones: it holds after a restart), for every update alike.
 */
import type { GameOwner } from '../game-owner/owner.js';
import type { SeatRow, TableRow } from '../store/store.js';
import type { Deadlines } from './deadlines.js';
import type { TurnClocks } from './turn-clock.js';

export interface Glance {
  /** When a bot takes over the absent seat that must act (seconds since the epoch), or null. */
  readonly deadline: number | null;
  /** Per seat, when a bot takes over if it does not act (turn clock or absence), for the seats to act. */
  readonly clocks: (number | null)[];
  /** The reading time of a fresh round (TurnClocks.reading). */
  readonly reading: number | null;
}

export function glance(
  owner: GameOwner,
  row: TableRow,
  seats: readonly SeatRow[],
  deadlines: Deadlines,
  turnClocks: TurnClocks,
): Glance {
  const acting = owner.over ? [] : owner.toAct();
  const clocks = seats.map((s) => {
    if (!acting.includes(s.seat)) return null;
    const times = [deadlines.deadline('turn', s.seat), deadlines.deadline('absence', s.seat)];
    const set = times.filter((t) => t !== undefined);
    return set.length === 0 ? null : Math.min(...set);
  });
  let soonest: number | null = null;
  for (const seat of owner.toAct()) {
    const t = deadlines.deadline('absence', seat);
    if (t !== undefined && (soonest === null || t < soonest)) soonest = t;
  }
  return {
    deadline: soonest === null ? null : Math.ceil(soonest / 1000),
    clocks,
    reading: turnClocks.reading(owner, seats, row.settings.turnClock),
  };
}

/** Whether two updates show the same deadlines (compared by hand: this runs on every change). */
export function sameGlance(a: Glance, b: Glance): boolean {
  return a.deadline === b.deadline && a.reading === b.reading && a.clocks.every((c, i) => c === b.clocks[i]);
}
