/**
 * The store as one table's owner sees it: every write carries the fencing number this node
 * claimed the table with, so that once another node has taken the table over each of them
 * is refused (StaleOwnerError) and changes nothing. Reads pass through.
 */
import type {
  ActionRow,
  ChatRow,
  GameRow,
  GameStatus,
  Ownership,
  SeatRow,
  Store,
  TableRow,
  TimerKind,
  TimerRow,
} from '../store/store.js';

export function fencedStore(store: Store, fence: number): Store {
  return {
    saveTable: (table: TableRow, seats: readonly SeatRow[]) => store.saveTable(table, seats, fence),
    startGame: (game: GameRow, table: TableRow, seats: readonly SeatRow[]) =>
      store.startGame(game, table, seats, fence),
    appendAction: (gameId: string, row: ActionRow, finished?: { at: number }) =>
      store.appendAction(gameId, row, finished, fence),
    setGameStatus: (gameId: string, status: GameStatus, at: number) => store.setGameStatus(gameId, status, at, fence),
    addChat: (row: ChatRow) => store.addChat(row, fence),
    setTimer: (timer: TimerRow) => store.setTimer(timer, fence),
    clearTimer: (tableCode: string, kind: TimerKind, seat: number) => store.clearTimer(tableCode, kind, seat, fence),
    loadTable: (code: string) => store.loadTable(code),
    openTableCodes: () => store.openTableCodes(),
    loadGame: (gameId: string) => store.loadGame(gameId),
    loadActions: (gameId: string) => store.loadActions(gameId),
    finishedGames: (tableCode: string) => store.finishedGames(tableCode),
    recentChat: (tableCode: string, limit: number) => store.recentChat(tableCode, limit),
    timersOf: (tableCode: string) => store.timersOf(tableCode),
    saveAnalysis: (gameId: string, analysis: string, at: number) => store.saveAnalysis(gameId, analysis, at),
    loadAnalysis: (gameId: string) => store.loadAnalysis(gameId),
    sweep: (cutoff: number, limit: number) => store.sweep(cutoff, limit),
    claimTable: (code: string, node: string, leaseMs: number) => store.claimTable(code, node, leaseMs),
    renewLeases: (node: string, leaseMs: number) => store.renewLeases(node, leaseMs),
    releaseTables: (node: string, codes: readonly string[]) => store.releaseTables(node, codes),
    orphanedTables: (limit: number) => store.orphanedTables(limit),
    ownerOf: (code: string): Promise<Ownership | null> => store.ownerOf(code),
    ping: () => store.ping(),
    // The store is the node's, not the table's: a table never closes it.
    close: async () => undefined,
  };
}
