/** The embedded default store: one SQLite file in WAL mode (better-sqlite3). */
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { DELETED_NAME } from '../../values/index.js';
import { SqlAccounts, type SqlDialect } from './accounts.js';
import { PLAYER_INSERT, playerParams } from './histories.js';
import { ratingsBefore, ratingWrites } from './ratings.js';
import {
  decodeAction,
  decodeAnalysisRequest,
  decodeChat,
  decodeGame,
  decodeSeat,
  decodeTable,
  decodeTimer,
  seedColumns,
} from './rows.js';
import type { SqlRunner } from './sql-runner.js';
import { SQLITE_MIGRATIONS } from './sqlite-schema.js';
import type {
  ActionRow,
  AnalysisClaim,
  ChatRow,
  Fence,
  GameRow,
  Ownership,
  SeatRow,
  Store,
  TableRow,
  TableWrite,
  TimerChange,
  TimerRow,
  WithAction,
} from './store.js';
import { NEW_TABLE_GRACE_MS, SeqTakenError, StaleOwnerError, StaleTableError, StoreUnavailableError } from './store.js';
import { sweepSql } from './sweep-sql.js';

export const SQLITE_FILE = 'bottle-imp.sqlite';

/** A rated player's rating as the game ends: SQLite has one writer at a time, no lock needed. */
const RATING_BEFORE = ratingsBefore('');

export interface SqliteOptions {
  /** NORMAL (default) or FULL: see Config.sqliteSynchronous. */
  readonly synchronous?: 'NORMAL' | 'FULL';
  /**
   * Checkpoint the write-ahead log in a thread of its own (checkpointer.ts). The server
   * does; a second process that only reads the file beside it (a test) does not.
   */
  readonly checkpoints?: boolean;
  /** The write-ahead log is cut back to this size after checkpoints (default 4 MiB). */
  readonly walLimitBytes?: number;
}

/** Bring the file's schema up to the last migration, each step in its own transaction. */
export function migrateSqlite(db: Database.Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > SQLITE_MIGRATIONS.length)
    throw new Error(
      `the database file has schema version ${current}, newer than this server (${SQLITE_MIGRATIONS.length})`,
    );
  for (let v = current + 1; v <= SQLITE_MIGRATIONS.length; v++) {
    db.transaction(() => {
      db.exec(SQLITE_MIGRATIONS[v - 1]);
      db.pragma(`user_version = ${v}`);
    })();
  }
}

/**
 * One write in one transaction. A write that waited out the busy timeout for another
 * process's lock on the file was not carried out: StoreUnavailableError, as when
 * PostgreSQL is out of reach (refused, tried again later), never a server error.
 */
function transact<T>(db: Database.Database, job: () => T): T {
  try {
    return db.transaction(job)();
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code)) throw new StoreUnavailableError();
    throw e;
  }
}

/**
 * How the accounts' statements (accounts.ts) run here: each prepared once, its `$n`
 * parameters bound by name.
 */
function sqliteRunner(db: Database.Database): SqlRunner {
  const statement = statements(db);
  return {
    async rows(sql, params) {
      return statement(sql).all(named(params));
    },
    async write(statements) {
      return transact(db, () => statements.map((s) => statement(s.sql).run(named(s.params)).changes));
    },
  };
}

/** Each statement of the SQL both databases share, prepared once. */
function statements(db: Database.Database): (sql: string) => Database.Statement {
  const prepared = new Map<string, Database.Statement>();
  return (sql) => {
    let stmt = prepared.get(sql);
    if (!stmt) {
      stmt = db.prepare(sql);
      prepared.set(sql, stmt);
    }
    return stmt;
  };
}

/** SQLite's words for what accounts.ts cannot say in common SQL. */
const SQLITE_DIALECT: SqlDialect = {
  eraseNames: `UPDATE games SET names = (
      SELECT json_group_array(CASE WHEN EXISTS (SELECT 1 FROM game_players p
        WHERE p.game_id = games.id AND p.seat = j.key AND p.account_id = $1) THEN '${DELETED_NAME}' ELSE j.value END
        ORDER BY j.key)
      FROM json_each(games.names) j)
    WHERE id IN (SELECT game_id FROM game_players WHERE account_id = $1)`,
};

/** `$n` parameters (the SQL both databases share) bound by name, as better-sqlite3 takes them. */
const named = (params: readonly unknown[]) => Object.fromEntries(params.map((v, i) => [i + 1, v]));

export class SqliteStore extends SqlAccounts implements Store {
  private readonly db: Database.Database;
  private readonly checkpointer: Worker | null;
  private readonly stmts;
  private readonly sweeper;
  /** The statements written once for both databases (ratings.ts's), prepared once. */
  private readonly shared: (sql: string) => Database.Statement;

  constructor(
    dataDir: string,
    { synchronous = 'NORMAL', checkpoints = true, walLimitBytes = 4 * 1024 * 1024 }: SqliteOptions = {},
  ) {
    fs.mkdirSync(dataDir, { recursive: true });
    const db = new Database(path.join(dataDir, SQLITE_FILE));
    super(sqliteRunner(db), SQLITE_DIALECT);
    this.db = db;
    this.db.pragma('journal_mode = WAL');
    // With WAL, NORMAL keeps every committed transaction across a crash of the process
    // (only a power loss can drop the last ones) at ~55 µs a commit; FULL syncs each
    // commit to disk, ~3.5 ms here, during which the event loop waits.
    this.db.pragma(`synchronous = ${synchronous}`);
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 1000');
    migrateSqlite(this.db);
    // Checkpoints happen in a thread of their own (checkpointer.ts), never inside a commit.
    this.db.pragma('wal_autocheckpoint = 0');
    // When a writer starts the log over after a complete checkpoint, it cuts the file to this size.
    this.db.pragma(`journal_size_limit = ${walLimitBytes}`);
    this.checkpointer = checkpoints
      ? new Worker(new URL('./checkpointer.js', import.meta.url), {
          workerData: { file: this.db.name, everyMs: 1000, walLimitBytes },
        })
      : null;
    this.checkpointer?.unref();
    this.sweeper = prepareSweep(db);
    this.shared = statements(db);
    this.stmts = {
      insertTable: db.prepare(
        `INSERT INTO tables (code, settings, host, status, game_id, created_at, version) VALUES (@code, @settings, @host, @status, @game_id, @created_at, @version)
         ON CONFLICT (code) DO NOTHING`,
      ),
      updateTable: db.prepare(
        'UPDATE tables SET settings = @settings, host = @host, status = @status, game_id = @game_id, version = @version WHERE code = @code AND version = @version - 1',
      ),
      upsertSeat: db.prepare(
        `INSERT INTO seats (table_code, seat, name, token_hash, bot, away, account_id, bot_account) VALUES (@table_code, @seat, @name, @token_hash, @bot, @away, @account_id, @bot_account)
         ON CONFLICT (table_code, seat) DO UPDATE SET name = excluded.name, token_hash = excluded.token_hash, bot = excluded.bot, away = excluded.away, account_id = excluded.account_id, bot_account = excluded.bot_account`,
      ),
      table: db.prepare('SELECT code, settings, host, status, game_id, created_at, version FROM tables WHERE code = ?'),
      seats: db.prepare(
        'SELECT seat, name, token_hash, bot, away, account_id, bot_account FROM seats WHERE table_code = ? ORDER BY seat',
      ),
      openTables: db.prepare(`SELECT code FROM tables WHERE status <> 'closed'`),
      publicLobbies: db.prepare(
        `SELECT code, settings, host, status, game_id, created_at, version FROM tables
         WHERE status = 'lobby' AND json_extract(settings, '$.public') = 1 ORDER BY created_at DESC, code LIMIT ?`,
      ),
      insertGame: db.prepare(
        `INSERT INTO games (id, table_code, options, seed, wide_seed, names, bots, bot_accounts, status, started_at, finished_at, rated)
         VALUES (@id, @table_code, @options, @seed, @wide_seed, @names, @bots, @bot_accounts, @status, @started_at, @finished_at, @rated)`,
      ),
      insertAction: db.prepare(
        'INSERT INTO actions (game_id, seq, seat, action, by_bot, at) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      gameStatus: db.prepare('UPDATE games SET status = ?, finished_at = ? WHERE id = ?'),
      insertPlayer: db.prepare(PLAYER_INSERT),
      game: db.prepare('SELECT * FROM games WHERE id = ?'),
      actions: db.prepare('SELECT seq, action, by_bot, at FROM actions WHERE game_id = ? ORDER BY seq'),
      finishedGames: db.prepare(`SELECT * FROM games WHERE table_code = ? AND status = 'finished' ORDER BY started_at`),
      insertChat: db.prepare(
        'INSERT INTO chat (table_code, game_id, seat, name, text, reaction, at, account_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      recentChat: db.prepare(
        `SELECT * FROM (SELECT * FROM chat WHERE table_code = ?
           AND (account_id IS NULL OR account_id NOT IN (SELECT value FROM json_each(?)))
           ORDER BY id DESC LIMIT ?) ORDER BY id`,
      ),
      setTimer: db.prepare(
        `INSERT INTO timers (table_code, kind, seat, deadline) VALUES (?, ?, ?, ?)
         ON CONFLICT (table_code, kind, seat) DO UPDATE SET deadline = excluded.deadline`,
      ),
      clearTimer: db.prepare('DELETE FROM timers WHERE table_code = ? AND kind = ? AND seat = ?'),
      timers: db.prepare('SELECT table_code, kind, seat, deadline FROM timers WHERE table_code = ?'),
      insertAnalysis: db.prepare(
        'INSERT INTO analyses (game_id, analysis, at) VALUES (?, ?, ?) ON CONFLICT (game_id) DO NOTHING',
      ),
      analysis: db.prepare('SELECT analysis FROM analyses WHERE game_id = ?'),
      insertRequest: db.prepare(
        'INSERT INTO analysis_requests (game_id, at) VALUES (?, ?) ON CONFLICT (game_id) DO NOTHING',
      ),
      claimRequests: db.prepare(
        `UPDATE analysis_requests SET claimed_by = @node, claimed_until = @now + @lease
         WHERE game_id IN (
           SELECT game_id FROM analysis_requests
           WHERE (claimed_by IS NULL OR claimed_by = @node OR claimed_until < @now) AND (@game IS NULL OR game_id = @game)
           ORDER BY at, game_id LIMIT @limit)
         RETURNING game_id, at`,
      ),
      renewRequests: db.prepare('UPDATE analysis_requests SET claimed_until = @now + @lease WHERE claimed_by = @node'),
      deleteRequest: db.prepare('DELETE FROM analysis_requests WHERE game_id = ?'),
      fenceOf: db.prepare('SELECT owner_fence FROM tables WHERE code = ?'),
      tableOfGame: db.prepare('SELECT table_code FROM games WHERE id = ?'),
      claim: db.prepare(
        `UPDATE tables SET owner_node = @node, owner_fence = owner_fence + 1, lease_until = @now + @lease
         WHERE code = @code AND status <> 'closed' AND (owner_node IS NULL OR owner_node = @node OR lease_until < @now)
         RETURNING owner_fence`,
      ),
      renew: db.prepare(
        `UPDATE tables SET lease_until = @now + @lease WHERE owner_node = @node AND status <> 'closed' RETURNING code, owner_fence`,
      ),
      release: db.prepare('UPDATE tables SET owner_node = NULL, lease_until = NULL WHERE owner_node = ? AND code = ?'),
      orphans: db.prepare(
        `SELECT code FROM tables WHERE status <> 'closed' AND (owner_node IS NULL OR lease_until < @now)
         AND NOT (owner_fence = 0 AND created_at > @now - @grace)
         ORDER BY lease_until NULLS FIRST LIMIT @limit`,
      ),
      ownerOf: db.prepare(
        'SELECT owner_node, owner_fence, lease_until FROM tables WHERE code = ? AND owner_node IS NOT NULL',
      ),
    };
  }

  /** Inside a transaction: the compare-and-set write of a table and its seats. */
  private writeTable(table: TableRow, seats: readonly SeatRow[]): void {
    const row = {
      code: table.code,
      settings: JSON.stringify(table.settings),
      host: table.host,
      status: table.status,
      game_id: table.gameId,
      created_at: table.createdAt,
      version: table.version,
    };
    const written = table.version === 1 ? this.stmts.insertTable.run(row) : this.stmts.updateTable.run(row);
    if (written.changes !== 1) throw new StaleTableError(table.code, table.version);
    for (const s of seats)
      this.stmts.upsertSeat.run({
        table_code: table.code,
        seat: s.seat,
        name: s.name,
        token_hash: s.tokenHash,
        bot: s.bot,
        away: s.away ? 1 : 0,
        account_id: s.accountId ?? null,
        bot_account: s.botAccount ? 1 : 0,
      });
  }

  /**
   * Inside a transaction: refuse the write (StaleOwnerError) unless `fence` is still the
   * table's fencing number (`gameId`: the table of that game); without a fence, nothing to check.
   */
  private checkFence(code: string, fence: Fence, gameId?: string): void {
    if (fence === undefined) return;
    const table =
      gameId === undefined
        ? code
        : (this.stmts.tableOfGame.get(gameId) as { table_code: string } | undefined)?.table_code;
    const stored =
      table === undefined ? undefined : (this.stmts.fenceOf.get(table) as { owner_fence: number } | undefined);
    if (stored?.owner_fence !== fence) throw new StaleOwnerError(table ?? code);
  }

  /** One write in one transaction (transact). */
  private write(job: () => void): void {
    transact(this.db, job);
  }

  async saveTable(table: TableRow, seats: readonly SeatRow[], fence?: Fence): Promise<void> {
    this.write(() => {
      // A new table (version 1) has no owner yet: it is claimed once it is stored.
      if (table.version !== 1) this.checkFence(table.code, fence);
      this.writeTable(table, seats);
    });
  }

  async loadTable(code: string): Promise<{ table: TableRow; seats: SeatRow[] } | null> {
    const t = this.stmts.table.get(code);
    if (!t) return null;
    return { table: decodeTable(t), seats: this.stmts.seats.all(code).map(decodeSeat) };
  }

  async publicLobbies(limit: number): Promise<{ table: TableRow; seats: SeatRow[]; finished: string[] }[]> {
    return this.stmts.publicLobbies.all(limit).map((t) => {
      const code = (t as { code: string }).code;
      return {
        table: decodeTable(t),
        seats: this.stmts.seats.all(code).map(decodeSeat),
        finished: this.stmts.finishedGames.all(code).map((g) => decodeGame(g).id),
      };
    });
  }

  async openTableCodes(): Promise<string[]> {
    return (this.stmts.openTables.all() as { code: string }[]).map((r) => r.code);
  }

  /** Inside a transaction: a new game's row. */
  private insertGame(game: GameRow): void {
    this.stmts.insertGame.run({
      id: game.id,
      table_code: game.tableCode,
      options: JSON.stringify(game.options),
      ...seedColumns(game.seed),
      names: JSON.stringify(game.names),
      bots: JSON.stringify(game.bots),
      bot_accounts: JSON.stringify(game.botAccounts),
      status: game.status,
      started_at: game.startedAt,
      finished_at: game.finishedAt,
      rated: game.rated ? JSON.stringify(game.rated) : null,
    });
  }

  async commitTable(w: TableWrite, fence?: Fence): Promise<void> {
    this.write(() => {
      this.checkFence(w.code, fence);
      if (w.game) this.insertGame(w.game);
      if (w.gameStatus) this.stmts.gameStatus.run(w.gameStatus.status, w.gameStatus.at, w.gameStatus.gameId);
      if (w.table) this.writeTable(w.table.row, w.table.seats);
      if (w.timers) this.writeTimers(w.timers);
    });
  }

  async appendAction(gameId: string, row: ActionRow, also: WithAction = {}, fence?: Fence): Promise<void> {
    try {
      this.write(() => {
        this.checkFence(gameId, fence, gameId);
        this.stmts.insertAction.run(
          gameId,
          row.seq,
          row.action.seat,
          JSON.stringify(row.action),
          row.byBot ? 1 : 0,
          row.at,
        );
        if (also.finished) this.stmts.gameStatus.run('finished', also.finished.at, gameId);
        if (also.table) this.writeTable(also.table.row, also.table.seats);
        if (also.timers) this.writeTimers(also.timers);
        // After the seats: a player's account is the one holding the seat as the game ends.
        if (also.finished) {
          for (const params of playerParams(gameId, also.finished)) this.stmts.insertPlayer.run(named(params));
          const { at, rated } = also.finished;
          if (rated)
            for (const w of ratingWrites(gameId, at, rated, (a) =>
              this.shared(RATING_BEFORE).all(named([a, rated.pool])),
            ))
              this.shared(w.sql).run(named(w.params));
        }
      });
    } catch (e) {
      if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw new SeqTakenError(gameId, row.seq);
      throw e;
    }
  }

  async loadGame(gameId: string): Promise<GameRow | null> {
    const g = this.stmts.game.get(gameId);
    return g ? decodeGame(g) : null;
  }

  async loadActions(gameId: string): Promise<ActionRow[]> {
    return this.stmts.actions.all(gameId).map(decodeAction);
  }

  async finishedGames(tableCode: string): Promise<GameRow[]> {
    return this.stmts.finishedGames.all(tableCode).map(decodeGame);
  }

  async addChat(row: ChatRow, fence?: Fence): Promise<void> {
    this.write(() => {
      this.checkFence(row.tableCode, fence);
      const { tableCode, gameId, seat, name, text, reaction, at, accountId } = row;
      this.stmts.insertChat.run(tableCode, gameId, seat, name, text, reaction, at, accountId);
    });
  }

  async recentChat(tableCode: string, limit: number, hide: readonly string[] = []): Promise<ChatRow[]> {
    return this.stmts.recentChat.all(tableCode, JSON.stringify(hide), limit).map(decodeChat);
  }

  async setTimer(timer: TimerRow, fence?: Fence): Promise<void> {
    this.write(() => {
      this.checkFence(timer.tableCode, fence);
      this.stmts.setTimer.run(timer.tableCode, timer.kind, timer.seat, timer.deadline);
    });
  }

  /** Inside a transaction: a change of a table's deadlines. */
  private writeTimers({ tableCode, set, clear }: TimerChange): void {
    for (const t of clear) this.stmts.clearTimer.run(tableCode, t.kind, t.seat);
    for (const t of set) this.stmts.setTimer.run(tableCode, t.kind, t.seat, t.deadline);
  }

  async timersOf(tableCode: string): Promise<TimerRow[]> {
    return this.stmts.timers.all(tableCode).map(decodeTimer);
  }

  async requestAnalysis(gameId: string, at: number): Promise<void> {
    this.stmts.insertRequest.run(gameId, at);
  }

  async claimAnalyses(claim: AnalysisClaim, limit: number, gameId?: string): Promise<string[]> {
    const rows = this.stmts.claimRequests.all({
      node: claim.node,
      lease: claim.leaseMs,
      now: Date.now(),
      limit,
      game: gameId ?? null,
    }) as { game_id: string; at: number }[];
    return rows.sort((a, b) => a.at - b.at || (a.game_id < b.game_id ? -1 : 1)).map(decodeAnalysisRequest);
  }

  async renewAnalysisClaims(claim: AnalysisClaim): Promise<void> {
    this.stmts.renewRequests.run({ node: claim.node, lease: claim.leaseMs, now: Date.now() });
  }

  async dropAnalysisRequest(gameId: string): Promise<void> {
    this.stmts.deleteRequest.run(gameId);
  }

  async saveAnalysis(gameId: string, analysis: string, at: number): Promise<void> {
    this.db.transaction(() => {
      this.stmts.insertAnalysis.run(gameId, analysis, at);
      this.stmts.deleteRequest.run(gameId);
    })();
  }

  async loadAnalysis(gameId: string): Promise<string | null> {
    const row = this.stmts.analysis.get(gameId) as { analysis: string } | undefined;
    return row ? row.analysis : null;
  }

  async sweep(cutoff: number, limit: number): Promise<number> {
    const s = this.sweeper;
    return this.db.transaction(() => {
      const codes = (s.sweepable.all({ p1: cutoff, p2: limit }) as { code: string }[]).map((r) => r.code);
      for (const code of codes) {
        const after = s.hasFinished.get({ p1: code }) ? s.keep : s.drop;
        for (const stmt of [...s.clear, ...after]) stmt.run({ p1: code });
      }
      return codes.length;
    })();
  }

  // Leases by this process's clock: SQLite serves one process, so its clock is the only one.

  async claimTable(code: string, node: string, leaseMs: number): Promise<number | null> {
    const row = this.stmts.claim.get({ code, node, lease: leaseMs, now: Date.now() }) as
      | { owner_fence: number }
      | undefined;
    return row ? row.owner_fence : null;
  }

  async renewLeases(node: string, leaseMs: number): Promise<Map<string, number>> {
    const rows = this.stmts.renew.all({ node, lease: leaseMs, now: Date.now() }) as {
      code: string;
      owner_fence: number;
    }[];
    return new Map(rows.map((r) => [r.code, r.owner_fence]));
  }

  async releaseTables(node: string, codes: readonly string[]): Promise<void> {
    this.db.transaction(() => {
      for (const code of codes) this.stmts.release.run(node, code);
    })();
  }

  async orphanedTables(limit: number): Promise<string[]> {
    const rows = this.stmts.orphans.all({ now: Date.now(), grace: NEW_TABLE_GRACE_MS, limit }) as { code: string }[];
    return rows.map((r) => r.code);
  }

  async ownerOf(code: string): Promise<Ownership | null> {
    const row = this.stmts.ownerOf.get(code) as
      | { owner_node: string; owner_fence: number; lease_until: number | null }
      | undefined;
    if (!row) return null;
    return { node: row.owner_node, fence: row.owner_fence, live: (row.lease_until ?? 0) >= Date.now() };
  }

  async ping(): Promise<boolean> {
    try {
      this.db.prepare('SELECT 1').get();
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    const checkpointer = this.checkpointer;
    if (checkpointer) {
      const stopped = new Promise((resolve) => {
        checkpointer.once('message', resolve);
        checkpointer.once('exit', resolve);
      });
      checkpointer.postMessage('stop');
      await stopped;
      await checkpointer.terminate();
    }
    this.db.close();
  }
}

function prepareSweep(db: Database.Database) {
  const sql = sweepSql((n) => `@p${n}`);
  const all = (list: string[]) => list.map((q) => db.prepare(q));
  return {
    sweepable: db.prepare(sql.sweepable),
    hasFinished: db.prepare(sql.hasFinished),
    clear: all(sql.clear),
    keep: all(sql.keep),
    drop: all(sql.drop),
  };
}
