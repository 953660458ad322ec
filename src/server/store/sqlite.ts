/** The embedded default store: one SQLite file in WAL mode (better-sqlite3). */
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { ActionRow, ChatRow, GameRow, GameStatus, SeatRow, Store, TableRow, TimerKind, TimerRow } from './store.js';
import { SeqTakenError } from './store.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS tables (
  code TEXT PRIMARY KEY,
  settings TEXT NOT NULL,
  host INTEGER NOT NULL,
  status TEXT NOT NULL,
  game_id TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS tables_by_status ON tables (status);
CREATE TABLE IF NOT EXISTS seats (
  table_code TEXT NOT NULL REFERENCES tables (code),
  seat INTEGER NOT NULL,
  name TEXT,
  token_hash TEXT,
  bot TEXT,
  away INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (table_code, seat)
);
CREATE TABLE IF NOT EXISTS games (
  id TEXT PRIMARY KEY,
  table_code TEXT NOT NULL REFERENCES tables (code),
  options TEXT NOT NULL,
  seed INTEGER NOT NULL,
  names TEXT NOT NULL,
  bots TEXT NOT NULL,
  status TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  finished_at INTEGER
);
CREATE INDEX IF NOT EXISTS games_by_table ON games (table_code, started_at);
CREATE TABLE IF NOT EXISTS actions (
  game_id TEXT NOT NULL REFERENCES games (id),
  seq INTEGER NOT NULL,
  seat INTEGER NOT NULL,
  action TEXT NOT NULL,
  by_bot INTEGER NOT NULL,
  at INTEGER NOT NULL,
  UNIQUE (game_id, seq)
);
CREATE TABLE IF NOT EXISTS chat (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  table_code TEXT NOT NULL REFERENCES tables (code),
  game_id TEXT,
  seat INTEGER NOT NULL,
  name TEXT NOT NULL,
  text TEXT,
  reaction TEXT,
  at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_by_table ON chat (table_code, id);
CREATE TABLE IF NOT EXISTS timers (
  table_code TEXT NOT NULL REFERENCES tables (code),
  kind TEXT NOT NULL,
  seat INTEGER NOT NULL,
  deadline INTEGER NOT NULL,
  PRIMARY KEY (table_code, kind, seat)
);
`;

interface TableDb {
  code: string;
  settings: string;
  host: number;
  status: TableRow['status'];
  game_id: string | null;
  created_at: number;
}
interface SeatDb {
  seat: number;
  name: string | null;
  token_hash: string | null;
  bot: SeatRow['bot'];
  away: number;
}
interface GameDb {
  id: string;
  table_code: string;
  options: string;
  seed: number;
  names: string;
  bots: string;
  status: GameStatus;
  started_at: number;
  finished_at: number | null;
}

export class SqliteStore implements Store {
  private readonly db: Database.Database;
  private readonly checkpointer: Worker;
  private readonly stmts;

  /** `walLimitBytes`: the write-ahead log is truncated back to this size after checkpoints. */
  constructor(dataDir: string, synchronous: 'NORMAL' | 'FULL' = 'NORMAL', walLimitBytes = 4 * 1024 * 1024) {
    fs.mkdirSync(dataDir, { recursive: true });
    this.db = new Database(path.join(dataDir, 'bottle-imp.sqlite'));
    this.db.pragma('journal_mode = WAL');
    // With WAL, NORMAL keeps every committed transaction across a crash of the process
    // (only a power loss can drop the last ones) at ~55 µs a commit; FULL syncs each
    // commit to disk, ~3.5 ms here, during which the event loop waits.
    this.db.pragma(`synchronous = ${synchronous}`);
    this.db.pragma('foreign_keys = ON');
    this.db.exec(SCHEMA);
    // Checkpoints happen in a thread of their own (checkpointer.ts), never inside a commit.
    this.db.pragma('wal_autocheckpoint = 0');
    // When a writer starts the log over after a complete checkpoint, it cuts the file to this size.
    this.db.pragma(`journal_size_limit = ${walLimitBytes}`);
    this.checkpointer = new Worker(new URL('./checkpointer.js', import.meta.url), { workerData: { file: this.db.name, everyMs: 1000, walLimitBytes } });
    this.checkpointer.unref();
    const db = this.db;
    this.stmts = {
      upsertTable: db.prepare(
        `INSERT INTO tables (code, settings, host, status, game_id, created_at) VALUES (@code, @settings, @host, @status, @game_id, @created_at)
         ON CONFLICT (code) DO UPDATE SET settings = excluded.settings, host = excluded.host, status = excluded.status, game_id = excluded.game_id`,
      ),
      upsertSeat: db.prepare(
        `INSERT INTO seats (table_code, seat, name, token_hash, bot, away) VALUES (@table_code, @seat, @name, @token_hash, @bot, @away)
         ON CONFLICT (table_code, seat) DO UPDATE SET name = excluded.name, token_hash = excluded.token_hash, bot = excluded.bot, away = excluded.away`,
      ),
      table: db.prepare('SELECT * FROM tables WHERE code = ?'),
      seats: db.prepare('SELECT seat, name, token_hash, bot, away FROM seats WHERE table_code = ? ORDER BY seat'),
      openTables: db.prepare(`SELECT code FROM tables WHERE status <> 'closed'`),
      insertGame: db.prepare(
        `INSERT INTO games (id, table_code, options, seed, names, bots, status, started_at, finished_at)
         VALUES (@id, @table_code, @options, @seed, @names, @bots, @status, @started_at, @finished_at)`,
      ),
      insertAction: db.prepare('INSERT INTO actions (game_id, seq, seat, action, by_bot, at) VALUES (?, ?, ?, ?, ?, ?)'),
      gameStatus: db.prepare('UPDATE games SET status = ?, finished_at = ? WHERE id = ?'),
      game: db.prepare('SELECT * FROM games WHERE id = ?'),
      actions: db.prepare('SELECT seq, action, by_bot, at FROM actions WHERE game_id = ? ORDER BY seq'),
      finishedGames: db.prepare(`SELECT * FROM games WHERE table_code = ? AND status = 'finished' ORDER BY started_at`),
      insertChat: db.prepare('INSERT INTO chat (table_code, game_id, seat, name, text, reaction, at) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      recentChat: db.prepare('SELECT * FROM (SELECT * FROM chat WHERE table_code = ? ORDER BY id DESC LIMIT ?) ORDER BY id'),
      setTimer: db.prepare(
        `INSERT INTO timers (table_code, kind, seat, deadline) VALUES (?, ?, ?, ?)
         ON CONFLICT (table_code, kind, seat) DO UPDATE SET deadline = excluded.deadline`,
      ),
      clearTimer: db.prepare('DELETE FROM timers WHERE table_code = ? AND kind = ? AND seat = ?'),
      timers: db.prepare('SELECT table_code, kind, seat, deadline FROM timers WHERE table_code = ?'),
      ...sweepStatements(db),
    };
  }

  private writeTable(table: TableRow, seats: readonly SeatRow[]): void {
    this.stmts.upsertTable.run({ code: table.code, settings: JSON.stringify(table.settings), host: table.host, status: table.status, game_id: table.gameId, created_at: table.createdAt });
    for (const s of seats) this.stmts.upsertSeat.run({ table_code: table.code, seat: s.seat, name: s.name, token_hash: s.tokenHash, bot: s.bot, away: s.away ? 1 : 0 });
  }

  async saveTable(table: TableRow, seats: readonly SeatRow[]): Promise<void> {
    this.db.transaction(() => this.writeTable(table, seats))();
  }

  async loadTable(code: string): Promise<{ table: TableRow; seats: SeatRow[] } | null> {
    const t = this.stmts.table.get(code) as TableDb | undefined;
    if (!t) return null;
    const seats = (this.stmts.seats.all(code) as SeatDb[]).map((s) => ({ seat: s.seat, name: s.name, tokenHash: s.token_hash, bot: s.bot, away: s.away === 1 }));
    return { table: { code: t.code, settings: JSON.parse(t.settings), host: t.host, status: t.status, gameId: t.game_id, createdAt: t.created_at }, seats };
  }

  async openTableCodes(): Promise<string[]> {
    return (this.stmts.openTables.all() as { code: string }[]).map((r) => r.code);
  }

  async startGame(game: GameRow, table: TableRow, seats: readonly SeatRow[]): Promise<void> {
    this.db.transaction(() => {
      this.stmts.insertGame.run({
        id: game.id,
        table_code: game.tableCode,
        options: JSON.stringify(game.options),
        seed: game.seed,
        names: JSON.stringify(game.names),
        bots: JSON.stringify(game.bots),
        status: game.status,
        started_at: game.startedAt,
        finished_at: game.finishedAt,
      });
      this.writeTable(table, seats);
    })();
  }

  async appendAction(gameId: string, row: ActionRow, finished?: { at: number }): Promise<void> {
    try {
      this.db.transaction(() => {
        this.stmts.insertAction.run(gameId, row.seq, row.action.seat, JSON.stringify(row.action), row.byBot ? 1 : 0, row.at);
        if (finished) this.stmts.gameStatus.run('finished', finished.at, gameId);
      })();
    } catch (e) {
      if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw new SeqTakenError(gameId, row.seq);
      throw e;
    }
  }

  async setGameStatus(gameId: string, status: GameStatus, at: number): Promise<void> {
    this.stmts.gameStatus.run(status, at, gameId);
  }

  async loadGame(gameId: string): Promise<GameRow | null> {
    const g = this.stmts.game.get(gameId) as GameDb | undefined;
    return g ? gameRow(g) : null;
  }

  async loadActions(gameId: string): Promise<ActionRow[]> {
    return (this.stmts.actions.all(gameId) as { seq: number; action: string; by_bot: number; at: number }[]).map((a) => ({ seq: a.seq, action: JSON.parse(a.action), byBot: a.by_bot === 1, at: a.at }));
  }

  async finishedGames(tableCode: string): Promise<GameRow[]> {
    return (this.stmts.finishedGames.all(tableCode) as GameDb[]).map(gameRow);
  }

  async addChat(row: ChatRow): Promise<void> {
    this.stmts.insertChat.run(row.tableCode, row.gameId, row.seat, row.name, row.text, row.reaction, row.at);
  }

  async recentChat(tableCode: string, limit: number): Promise<ChatRow[]> {
    return (this.stmts.recentChat.all(tableCode, limit) as { table_code: string; game_id: string | null; seat: number; name: string; text: string | null; reaction: string | null; at: number }[]).map((c) => ({
      tableCode: c.table_code,
      gameId: c.game_id,
      seat: c.seat,
      name: c.name,
      text: c.text,
      reaction: c.reaction,
      at: c.at,
    }));
  }

  async setTimer(timer: TimerRow): Promise<void> {
    this.stmts.setTimer.run(timer.tableCode, timer.kind, timer.seat, timer.deadline);
  }

  async clearTimer(tableCode: string, kind: TimerKind, seat: number): Promise<void> {
    this.stmts.clearTimer.run(tableCode, kind, seat);
  }

  async timersOf(tableCode: string): Promise<TimerRow[]> {
    return (this.stmts.timers.all(tableCode) as { table_code: string; kind: TimerKind; seat: number; deadline: number }[]).map((t) => ({ tableCode: t.table_code, kind: t.kind, seat: t.seat, deadline: t.deadline }));
  }

  async sweep(cutoff: number, limit: number): Promise<number> {
    const s = this.stmts;
    return this.db.transaction(() => {
      const codes = (s.sweepable.all({ cutoff, limit }) as { code: string }[]).map((r) => r.code);
      for (const code of codes) {
        s.sweepActions.run(code);
        s.sweepGames.run(code);
        s.sweepChat.run(code);
        s.sweepTimers.run(code);
        if (s.hasFinished.get(code)) s.sweepTokens.run(code);
        else {
          s.sweepSeats.run(code);
          s.sweepTable.run(code);
        }
      }
      return codes.length;
    })();
  }

  async close(): Promise<void> {
    const stopped = new Promise((resolve) => {
      this.checkpointer.once('message', resolve);
      this.checkpointer.once('exit', resolve);
    });
    this.checkpointer.postMessage('stop');
    await stopped;
    await this.checkpointer.terminate();
    this.db.close();
  }
}

/** Statements of the retention sweep (Store.sweep); plain SQL that any database speaks. */
function sweepStatements(db: Database.Database) {
  return {
    // Closed, quiet since the cutoff, and with something left to delete.
    sweepable: db.prepare(
      `SELECT code FROM tables t WHERE status = 'closed' AND created_at < @cutoff
         AND NOT EXISTS (SELECT 1 FROM games g WHERE g.table_code = t.code AND (g.started_at >= @cutoff OR g.finished_at >= @cutoff))
         AND NOT EXISTS (SELECT 1 FROM chat c WHERE c.table_code = t.code AND c.at >= @cutoff)
         AND (EXISTS (SELECT 1 FROM chat c WHERE c.table_code = t.code)
           OR EXISTS (SELECT 1 FROM timers x WHERE x.table_code = t.code)
           OR EXISTS (SELECT 1 FROM seats s WHERE s.table_code = t.code AND s.token_hash IS NOT NULL)
           OR NOT EXISTS (SELECT 1 FROM games g WHERE g.table_code = t.code AND g.status = 'finished'))
       LIMIT @limit`,
    ),
    sweepActions: db.prepare(`DELETE FROM actions WHERE game_id IN (SELECT id FROM games WHERE table_code = ? AND status <> 'finished')`),
    sweepGames: db.prepare(`DELETE FROM games WHERE table_code = ? AND status <> 'finished'`),
    sweepChat: db.prepare('DELETE FROM chat WHERE table_code = ?'),
    sweepTimers: db.prepare('DELETE FROM timers WHERE table_code = ?'),
    hasFinished: db.prepare(`SELECT 1 FROM games WHERE table_code = ? AND status = 'finished' LIMIT 1`),
    sweepTokens: db.prepare('UPDATE seats SET token_hash = NULL WHERE table_code = ?'),
    sweepSeats: db.prepare('DELETE FROM seats WHERE table_code = ?'),
    sweepTable: db.prepare('DELETE FROM tables WHERE code = ?'),
  };
}

function gameRow(g: GameDb): GameRow {
  return {
    id: g.id,
    tableCode: g.table_code,
    options: JSON.parse(g.options),
    seed: g.seed,
    names: JSON.parse(g.names),
    bots: JSON.parse(g.bots),
    status: g.status,
    startedAt: g.started_at,
    finishedAt: g.finished_at,
  };
}
