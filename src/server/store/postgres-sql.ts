/**
 * The statements of the PostgreSQL store (postgres.ts runs them, postgres-db.ts sends
 * them): the text of each, the fence check that guards a cluster owner's writes, and the
 * writes of the hot path (an action and its turn clocks) built as single statements.
 */
import { DELETED_NAME } from '../../values/index.js';
import type { SqlDialect } from './accounts.js';
import type { TimerChange } from './store.js';
import { sweepSql } from './sweep-sql.js';

/** Now in milliseconds by the database's clock: every node measures leases by the same one. */
const NOW_MS = '(extract(epoch from clock_timestamp()) * 1000)::bigint';

/**
 * Which table a fenced write belongs to: by its code, or by one of its games. Both lock
 * the table's row (FOR SHARE) until the write commits, so a takeover (which updates the
 * row) waits for it, and a write waiting behind a takeover sees the new fencing number.
 */
export type OwnedBy = { readonly code: string } | { readonly gameId: string };

/** The fence check of a write owned `by` a table; `n` is the number of the first of its two parameters (the code or game id, the fence). */
export function fenceCheck(by: OwnedBy, n = 1): string {
  return 'code' in by
    ? `SELECT code FROM tables WHERE code = $${n} AND owner_fence = $${n + 1} FOR SHARE`
    : `SELECT t.code FROM tables t JOIN games g ON g.table_code = t.code WHERE g.id = $${n} AND t.owner_fence = $${n + 1} FOR SHARE OF t`;
}

/**
 * A write of the hot path (an action and its turn clocks), as one statement: a named
 * (prepared) statement, so that each pooled connection parses and plans it once. `guard`
 * is where the write says whether it may happen: `true` on a single node, or whether the
 * fence check found the table still held with the writer's fence.
 */
export interface HotWrite {
  readonly name: string;
  /** The write (one data-modifying statement, or several run as one), its parameters from $1; `guard` stands for its condition. */
  sql(guard: string): string[];
}

/**
 * A change of a table's deadlines (TimerChange) as two data-modifying statements,
 * its parameters from $n: the table; the kinds and seats to clear; the kinds, seats and
 * deadlines to set.
 */
function timerChangeSql(n: number, guard: string): string[] {
  const p = (i: number) => `$${n + i}`;
  return [
    `DELETE FROM timers WHERE table_code = ${p(0)} AND (kind, seat) IN (SELECT * FROM unnest(${p(1)}::text[], ${p(2)}::integer[])) AND ${guard}`,
    `INSERT INTO timers (table_code, kind, seat, deadline)
     SELECT ${p(0)}, k, s, d FROM unnest(${p(3)}::text[], ${p(4)}::integer[], ${p(5)}::bigint[]) AS x(k, s, d) WHERE ${guard}
     ON CONFLICT (table_code, kind, seat) DO UPDATE SET deadline = excluded.deadline`,
  ];
}

/** Data-modifying statements as the parts of one WITH (each runs, whatever reads it). */
export function cteParts(sqls: readonly string[]): string {
  return sqls.map((sql, i) => `write${i} AS (${sql})`).join(', ');
}

/** Data-modifying statements sharing their parameters, as one statement. */
export function asOne(sqls: readonly string[]): string {
  return `WITH ${cteParts(sqls)} SELECT 1`;
}

/** The parameters of a change of deadlines (TIMER_CHANGE, HOT.appendWithTimers). */
export function timerChangeValues({ tableCode, set, clear }: TimerChange): unknown[] {
  return [
    tableCode,
    clear.map((t) => t.kind),
    clear.map((t) => t.seat),
    set.map((t) => t.kind),
    set.map((t) => t.seat),
    set.map((t) => t.deadline),
  ];
}

const APPEND = (guard: string) =>
  `INSERT INTO actions (game_id, seq, seat, action, by_bot, at) SELECT $1, $2, $3, $4, $5, $6 WHERE ${guard}`;

export const HOT = {
  append: {
    name: 'append',
    sql: (guard: string) => [APPEND(guard)],
  },
  /** An action and the turn clocks it starts and stops, in one round trip: $1–$6 as `append`, then timerChangeSql's from $7. */
  appendWithTimers: {
    name: 'append-with-timers',
    sql: (guard: string) => [APPEND(guard), ...timerChangeSql(7, guard)],
  },
  setTimer: {
    name: 'set-timer',
    sql: (guard: string) => [
      `INSERT INTO timers (table_code, kind, seat, deadline) SELECT $1, $2, $3, $4 WHERE ${guard}
       ON CONFLICT (table_code, kind, seat) DO UPDATE SET deadline = excluded.deadline`,
    ],
  },
} satisfies Record<string, HotWrite>;

/** An action stored unconditionally ($1–$6 as HOT.append), inside a transaction. */
export const APPEND_ACTION = APPEND('true');
/** A change of deadlines (timerChangeValues) as one statement, inside a transaction. */
export const TIMER_CHANGE = asOne(timerChangeSql(1, 'true'));

export const SWEEP = sweepSql((n) => `$${n}`);

/** The seats of a table as one upsert, for `count` seats: $1 the table, then seven parameters a seat. */
export function upsertSeats(count: number): string {
  const tuples = Array.from({ length: count }, (_, i) => {
    const n = 2 + i * 7;
    return `($1, $${n}, $${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5}, $${n + 6})`;
  });
  return `INSERT INTO seats (table_code, seat, name, token_hash, bot, away, account_id, bot_account) VALUES ${tuples.join(', ')}
       ON CONFLICT (table_code, seat) DO UPDATE SET name = excluded.name, token_hash = excluded.token_hash, bot = excluded.bot, away = excluded.away, account_id = excluded.account_id, bot_account = excluded.bot_account`;
}

/** Every other statement, by what it does; the parameters are in the order of its $n. */
export const SQL = {
  insertTable:
    'INSERT INTO tables (code, settings, host, status, game_id, created_at, version) VALUES ($1, $2, $3, $4, $5, $6, 1) ON CONFLICT (code) DO NOTHING',
  updateTable:
    'UPDATE tables SET settings = $2, host = $3, status = $4, game_id = $5, version = $6 WHERE code = $1 AND version = $6 - 1',
  table: 'SELECT code, settings, host, status, game_id, created_at, version FROM tables WHERE code = $1',
  seats:
    'SELECT seat, name, token_hash, bot, away, account_id, bot_account FROM seats WHERE table_code = $1 ORDER BY seat',
  publicLobbies: `SELECT code, settings, host, status, game_id, created_at, version FROM tables
       WHERE status = 'lobby' AND settings->>'public' = 'true' ORDER BY created_at DESC, code LIMIT $1`,
  seatsOfTables:
    'SELECT table_code, seat, name, token_hash, bot, away, account_id, bot_account FROM seats WHERE table_code = ANY($1) ORDER BY seat',
  finishedOfTables: `SELECT table_code, id FROM games WHERE table_code = ANY($1) AND status = 'finished' ORDER BY started_at`,
  openTables: `SELECT code FROM tables WHERE status <> 'closed'`,
  insertGame:
    'INSERT INTO games (id, table_code, options, seed, wide_seed, names, bots, status, started_at, finished_at, bot_accounts, rated) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)',
  finishGame: `UPDATE games SET status = 'finished', finished_at = $2 WHERE id = $1`,
  gameStatus: 'UPDATE games SET status = $2, finished_at = $3 WHERE id = $1',
  game: 'SELECT * FROM games WHERE id = $1',
  actions: 'SELECT seq, action, by_bot, at FROM actions WHERE game_id = $1 ORDER BY seq',
  finishedGames: `SELECT * FROM games WHERE table_code = $1 AND status = 'finished' ORDER BY started_at`,
  tableOfGame: 'SELECT table_code FROM games WHERE id = $1',
  insertChat:
    'INSERT INTO chat (table_code, game_id, seat, name, text, reaction, at, account_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
  recentChat: `SELECT * FROM (SELECT * FROM chat WHERE table_code = $1
    AND (account_id IS NULL OR account_id <> ALL($3::text[]))
    ORDER BY id DESC LIMIT $2) recent ORDER BY id`,
  timers: 'SELECT table_code, kind, seat, deadline FROM timers WHERE table_code = $1',
  insertRequest: 'INSERT INTO analysis_requests (game_id, at) VALUES ($1, $2) ON CONFLICT (game_id) DO NOTHING',
  // SKIP LOCKED: nodes claiming at the same moment take different requests instead of waiting for each other.
  claimRequests: `UPDATE analysis_requests SET claimed_by = $1, claimed_until = ${NOW_MS} + $2
       WHERE game_id IN (
         SELECT game_id FROM analysis_requests
         WHERE (claimed_by IS NULL OR claimed_by = $1 OR claimed_until < ${NOW_MS}) AND ($4::text IS NULL OR game_id = $4)
         ORDER BY at, game_id LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING game_id, at`,
  renewRequests: `UPDATE analysis_requests SET claimed_until = ${NOW_MS} + $2 WHERE claimed_by = $1`,
  deleteRequest: 'DELETE FROM analysis_requests WHERE game_id = $1',
  insertAnalysis: 'INSERT INTO analyses (game_id, analysis, at) VALUES ($1, $2, $3) ON CONFLICT (game_id) DO NOTHING',
  analysis: 'SELECT analysis FROM analyses WHERE game_id = $1',
  // Two nodes claiming at once: the second waits for the first's row lock, then finds its lease running.
  claim: `UPDATE tables SET owner_node = $2, owner_fence = owner_fence + 1, lease_until = ${NOW_MS} + $3
       WHERE code = $1 AND status <> 'closed' AND (owner_node IS NULL OR owner_node = $2 OR lease_until < ${NOW_MS})
       RETURNING owner_fence`,
  renew: `UPDATE tables SET lease_until = ${NOW_MS} + $2 WHERE owner_node = $1 AND status <> 'closed' RETURNING code, owner_fence`,
  release: 'UPDATE tables SET owner_node = NULL, lease_until = NULL WHERE owner_node = $1 AND code = ANY($2)',
  orphans: `SELECT code FROM tables WHERE status <> 'closed' AND (owner_node IS NULL OR lease_until < ${NOW_MS})
       AND NOT (owner_fence = 0 AND created_at > ${NOW_MS} - $2)
       ORDER BY lease_until NULLS FIRST LIMIT $1`,
  ownerOf: `SELECT owner_node, owner_fence, lease_until >= ${NOW_MS} AS live FROM tables WHERE code = $1 AND owner_node IS NOT NULL`,
} as const;

/** PostgreSQL's words for what accounts.ts cannot say in common SQL. */
export const POSTGRES_DIALECT: SqlDialect = {
  eraseNames: `UPDATE games g SET names = (
      SELECT jsonb_agg(CASE WHEN EXISTS (SELECT 1 FROM game_players p
        WHERE p.game_id = g.id AND p.seat = j.i - 1 AND p.account_id = $1) THEN to_jsonb('${DELETED_NAME}'::text) ELSE j.v END
        ORDER BY j.i)
      FROM jsonb_array_elements(g.names) WITH ORDINALITY AS j(v, i))
    WHERE g.id IN (SELECT game_id FROM game_players WHERE account_id = $1)`,
};
