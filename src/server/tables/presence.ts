/**
 * Who is at a table now: which open connections hold each seat, and how many watch
 * without one. The table actor changes it only inside its queue. `LocalPresence` counts
 * this process's connections; a cluster puts a count shared across nodes behind the same
 * interface.
 */
export interface Presence {
  /** A connection holds a seat (after showing the seat's token). */
  hold(seat: number, connection: string): void;
  /** A connection watches without a seat. */
  watch(connection: string): void;
  /**
   * A connection closed or stopped following the table: the seat it held (and whether it
   * was the seat's last connection), 'spectator', or null when it was not counted here.
   */
  drop(connection: string): { seat: number; last: boolean } | 'spectator' | null;
  /** The seat's token changed: every connection that held it watches as a spectator now. */
  demote(seat: number): void;
  isPresent(seat: number): boolean;
  spectators(): number;
}

export class LocalPresence implements Presence {
  /** Ids of the open connections holding each seat (a seat has none when absent). */
  private readonly seats = new Map<number, Set<string>>();
  /** Ids of the open connections watching without a seat. */
  private readonly watching = new Set<string>();

  hold(seat: number, connection: string): void {
    const ids = this.seats.get(seat) ?? new Set<string>();
    ids.add(connection);
    this.seats.set(seat, ids);
  }

  watch(connection: string): void {
    this.watching.add(connection);
  }

  drop(connection: string): { seat: number; last: boolean } | 'spectator' | null {
    if (this.watching.delete(connection)) return 'spectator';
    for (const [seat, ids] of this.seats) {
      if (!ids.delete(connection)) continue;
      if (ids.size === 0) this.seats.delete(seat);
      return { seat, last: ids.size === 0 };
    }
    return null;
  }

  demote(seat: number): void {
    for (const id of this.seats.get(seat) ?? []) this.watching.add(id);
    this.seats.delete(seat);
  }

  isPresent(seat: number): boolean {
    return (this.seats.get(seat)?.size ?? 0) > 0;
  }

  spectators(): number {
    return this.watching.size;
  }
}
