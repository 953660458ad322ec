/**
 * The store as one table's owner sees it in a cluster: every write carries the fencing
 * number this node holds the table with, so that once another node has taken the table
 * over each of them is refused (StaleOwnerError) and changes nothing; the node then hears
 * of it (`stale`) and drops the table. A table this node creates is claimed as soon as it
 * is stored; no other write goes out before the table is claimed. Reads pass through.
 */
import {
  type ActionRow,
  type ChatRow,
  type GameRow,
  type GameStatus,
  type SeatRow,
  StaleOwnerError,
  type Store,
  type TableRow,
  type TableWrite,
  type TimerKey,
  type TimerKind,
  type TimerRow,
  type WithAction,
} from '../store/store.js';

export interface Tenure {
  /** The fencing number this node holds the table with; null until it is claimed. */
  fence: number | null;
}

export interface TenureHooks {
  /** Claim the table for this node: its fencing number, or null when another node holds it. */
  claim(code: string): Promise<number | null>;
  /** A write was refused: another node holds the table now. */
  stale(code: string): void;
}

export function fencedStore(store: Store, code: string, tenure: Tenure, hooks: TenureHooks): Store {
  const fence = (): number => {
    if (tenure.fence === null) throw new StaleOwnerError(code);
    return tenure.fence;
  };
  /** Runs one write with the fence; a refusal is reported before it is passed on. */
  const write = async (job: (fence: number) => Promise<void>): Promise<void> => {
    try {
      await job(fence());
    } catch (e) {
      if (e instanceof StaleOwnerError) hooks.stale(code);
      throw e;
    }
  };
  return {
    ...bindAll(store),
    async saveTable(table: TableRow, seats: readonly SeatRow[]) {
      if (table.version !== 1) return write((f) => store.saveTable(table, seats, f));
      // A new table: stored first, then claimed (nobody else adopts a table this new).
      await store.saveTable(table, seats);
      tenure.fence = await hooks.claim(code);
      fence();
    },
    startGame: (game: GameRow, table: TableRow, seats: readonly SeatRow[]) =>
      write((f) => store.startGame(game, table, seats, f)),
    commitTable: (w: TableWrite) => write((f) => store.commitTable(w, f)),
    appendAction: (gameId: string, row: ActionRow, also?: WithAction) =>
      write((f) => store.appendAction(gameId, row, also, f)),
    setGameStatus: (gameId: string, status: GameStatus, at: number) =>
      write((f) => store.setGameStatus(gameId, status, at, f)),
    addChat: (row: ChatRow) => write((f) => store.addChat(row, f)),
    setTimer: (timer: TimerRow) => write((f) => store.setTimer(timer, f)),
    clearTimer: (tableCode: string, kind: TimerKind, seat: number) =>
      write((f) => store.clearTimer(tableCode, kind, seat, f)),
    changeTimers: (tableCode: string, set: readonly TimerRow[], clear: readonly TimerKey[]) =>
      write((f) => store.changeTimers(tableCode, set, clear, f)),
    // The store is the node's, not the table's: a table never closes it.
    close: async () => undefined,
  };
}

/** Every method of the store, bound to it (the reads of a fenced store are the store's own). */
function bindAll(store: Store): Store {
  const proto = Object.getPrototypeOf(store) as object;
  const out: Record<string, unknown> = {};
  for (const name of Object.getOwnPropertyNames(proto)) {
    const member = (store as unknown as Record<string, unknown>)[name];
    if (name !== 'constructor' && typeof member === 'function') out[name] = member.bind(store);
  }
  return out as unknown as Store;
}
