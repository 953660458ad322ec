/**
 * The soak's memory trace (cluster.ts --soak): each node's RSS and V8 heap read often,
 * reported once a minute beside the games finished so far, and the slope of memory against
 * games finished after a warm-up, so that "no growth per game played" is a number.
 *
 * The heap used at any moment is mostly garbage waiting for the next collection (it saws
 * up and down by tens of MB), so besides the reading at the minute each row has the
 * minute's floor: the lowest reading in it, close to what was live after a collection.
 */

/** One row a minute. Arrays hold one figure per node. */
export interface MemoryRow {
  readonly atSeconds: number;
  readonly gamesFinished: number;
  readonly rssMB: readonly number[];
  readonly heapUsedMB: readonly number[];
  readonly heapFloorMB: readonly number[];
}

/** MB per 1,000 games finished, per node, from a least-squares line through the rows after the warm-up. */
export interface MemorySlopes {
  readonly rows: number;
  readonly games: number;
  readonly rssMBPer1000Games: readonly number[];
  readonly heapFloorMBPer1000Games: readonly number[];
}

const ROW_EVERY_SECONDS = 60;

export class MemoryTrace {
  readonly rows: MemoryRow[] = [];
  private floor: number[] | null = null;
  private nextRowAt = 0;

  /** A reading; the first one at or after each whole minute closes that minute's row. */
  read(atSeconds: number, gamesFinished: number, rssMB: number[], heapUsedMB: number[]): void {
    this.floor = this.floor ? this.floor.map((f, i) => Math.min(f, heapUsedMB[i])) : [...heapUsedMB];
    if (atSeconds < this.nextRowAt) return;
    this.rows.push({ atSeconds, gamesFinished, rssMB, heapUsedMB, heapFloorMB: this.floor });
    this.floor = null;
    this.nextRowAt = (Math.floor(atSeconds / ROW_EVERY_SECONDS) + 1) * ROW_EVERY_SECONDS;
  }

  slopes(warmupSeconds: number): MemorySlopes {
    const after = this.rows.filter((r) => r.atSeconds >= warmupSeconds);
    const games = after.map((r) => r.gamesFinished);
    const per1000 = (pick: (r: MemoryRow) => readonly number[]) =>
      (after[0] ? pick(after[0]) : []).map((_, node) =>
        round1(
          slope(
            games,
            after.map((r) => pick(r)[node]),
          ) * 1000,
        ),
      );
    return {
      rows: after.length,
      games: games.length ? games[games.length - 1] - games[0] : 0,
      rssMBPer1000Games: per1000((r) => r.rssMB),
      heapFloorMBPer1000Games: per1000((r) => r.heapFloorMB),
    };
  }
}

/** Least-squares slope of y on x (NaN with fewer than two distinct x). */
function slope(x: readonly number[], y: readonly number[]): number {
  const n = x.length;
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) ** 2;
  }
  return sxx === 0 ? Number.NaN : sxy / sxx;
}

const round1 = (v: number) => Math.round(v * 10) / 10;
