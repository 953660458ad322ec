/**
 * The store as one table's owner sees it in a cluster: every write carries the fencing
 * number this node holds the table with, so that once another node has taken the table
 * over each of them is refused (StaleOwnerError) and changes nothing; the node then hears
 * of it (`stale`) and drops the table. A table this node creates is claimed as soon as it
 * is stored; no other write goes out before the table is claimed. Reads pass through.
 * The lobby gets it from its Hosting (ClusterNode.guard), never from here. Every method
 * is written out: a method added to TableStore or GameLog is a compile error here until it
 * is fenced or passed through, never an unfenced write by default.
 */
import {
  type ActionRow,
  type ChatRow,
  type GameLog,
  type GameRow,
  type RatingStore,
  type SeatRatingChange,
  type SeatRow,
  StaleOwnerError,
  type TableRow,
  type TableStore,
  type TableWrite,
  type TimerRow,
  type WithAction,
} from '../store/store.js';

/** What a table reads and writes (TableContext.store). */
type TableStores = TableStore & GameLog & Pick<RatingStore, 'gameRatings'>;

export interface TenureHooks {
  /** Claim the table for this node: its fencing number, or null when another node holds it. */
  claim(code: string): Promise<number | null>;
  /** A write was refused: another node holds the table now. */
  stale(code: string): void;
}

export class FencedStore implements TableStores {
  constructor(
    private readonly store: TableStores,
    private readonly code: string,
    /** The fencing number this node holds the table with; null until it is claimed. */
    private fence: number | null,
    private readonly hooks: TenureHooks,
  ) {}

  /** The fence a write carries; none (the table is not claimed): refused. */
  private held(): number {
    if (this.fence === null) throw new StaleOwnerError(this.code);
    return this.fence;
  }

  /** Runs one write with the fence; a refusal is reported before it is passed on. */
  private async write(job: (fence: number) => Promise<void>): Promise<void> {
    try {
      await job(this.held());
    } catch (e) {
      if (e instanceof StaleOwnerError) this.hooks.stale(this.code);
      throw e;
    }
  }

  // ---- writes: fenced ----

  async saveTable(table: TableRow, seats: readonly SeatRow[]): Promise<void> {
    if (table.version !== 1) return this.write((f) => this.store.saveTable(table, seats, f));
    // A new table: stored first, then claimed (nobody else adopts a table this new).
    await this.store.saveTable(table, seats);
    this.fence = await this.hooks.claim(this.code);
    this.held();
  }

  commitTable(w: TableWrite): Promise<void> {
    return this.write((f) => this.store.commitTable(w, f));
  }

  appendAction(gameId: string, row: ActionRow, also?: WithAction): Promise<void> {
    return this.write((f) => this.store.appendAction(gameId, row, also, f));
  }

  addChat(row: ChatRow): Promise<void> {
    return this.write((f) => this.store.addChat(row, f));
  }

  setTimer(timer: TimerRow): Promise<void> {
    return this.write((f) => this.store.setTimer(timer, f));
  }

  // ---- reads: the store's own ----

  loadTable(code: string): Promise<{ table: TableRow; seats: SeatRow[] } | null> {
    return this.store.loadTable(code);
  }

  publicLobbies(limit: number): Promise<{ table: TableRow; seats: SeatRow[]; finished: string[] }[]> {
    return this.store.publicLobbies(limit);
  }

  openTableCodes(): Promise<string[]> {
    return this.store.openTableCodes();
  }

  recentChat(tableCode: string, limit: number, hide?: readonly string[]): Promise<ChatRow[]> {
    return this.store.recentChat(tableCode, limit, hide);
  }

  timersOf(tableCode: string): Promise<TimerRow[]> {
    return this.store.timersOf(tableCode);
  }

  loadGame(gameId: string): Promise<GameRow | null> {
    return this.store.loadGame(gameId);
  }

  gameRatings(gameId: string): Promise<SeatRatingChange[]> {
    return this.store.gameRatings(gameId);
  }

  loadActions(gameId: string): Promise<ActionRow[]> {
    return this.store.loadActions(gameId);
  }

  finishedGames(tableCode: string): Promise<GameRow[]> {
    return this.store.finishedGames(tableCode);
  }
}
