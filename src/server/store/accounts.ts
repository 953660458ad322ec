/**
 * Accounts, sessions, passkeys, blocks, reports and histories (the store's AccountStore,
 * SessionStore, PasskeyStore, ModerationStore and HistoryStore), written once for both databases: the
 * statements are plain SQL that SQLite and PostgreSQL both speak, with parameters `$1`,
 * `$2`… (SQLite reads those as named parameters), run through the small `SqlRunner` each
 * store gives. Both stores extend `SqlAccounts` (which extends ratings.ts's `SqlRatings`, duplicate.ts's `SqlDuplicates`, daily.ts's `SqlDaily`, each the next).
 */
import { z } from 'zod';
import { ACCOUNT_KINDS, TABLE_STATUSES, type TableStatus } from '../../values/index.js';
import { gameCount, gamesOf } from './histories.js';
import { SqlRatings } from './ratings.js';
import { camelRows, int, json, nullableInt } from './rows.js';
import type { SqlRunner } from './sql-runner.js';
import type {
  AccountRow,
  ChallengeRow,
  HistoryStore,
  PasskeyRow,
  PeopleStore,
  PlayedGame,
  ReportRow,
  SessionRow,
} from './store.js';

const ACCOUNT_COLUMNS = 'id, username, created_at, password_hash, banned_at, kind';
const SESSION_COLUMNS = 'id_hash, account_id, created_at, last_seen_at, user_agent';
const PASSKEY_COLUMNS = 'credential_id, account_id, public_key, counter, transports, created_at';

const SQL = {
  insertAccount: `INSERT INTO accounts (id, username, username_key, created_at, password_hash, banned_at)
    VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (username_key) DO NOTHING`,
  insertBot: `INSERT INTO accounts (id, username, username_key, created_at, password_hash, banned_at, kind, bot_token_hash)
    VALUES ($1, $2, $3, $4, NULL, $5, 'bot', $6) ON CONFLICT (username_key) DO NOTHING`,
  botToken: `UPDATE accounts SET bot_token_hash = $2 WHERE id = $1 AND kind = 'bot'`,
  botByToken: `SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE bot_token_hash = $1 AND kind = 'bot'`,
  accountNamed: `SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE username_key = $1`,
  account: `SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = $1`,
  ban: 'UPDATE accounts SET banned_at = $2 WHERE id = $1',
  unban: 'UPDATE accounts SET banned_at = NULL WHERE id = $1',
  deleteAccount: 'DELETE FROM accounts WHERE id = $1',
  insertSession: `INSERT INTO sessions (${SESSION_COLUMNS}) VALUES ($1, $2, $3, $4, $5)`,
  session: `SELECT s.id_hash, s.account_id, s.created_at, s.last_seen_at, s.user_agent,
    a.id, a.username, a.created_at AS account_created_at, a.password_hash, a.banned_at, a.kind
    FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.id_hash = $1`,
  touchSession: 'UPDATE sessions SET last_seen_at = $2 WHERE id_hash = $1',
  endSession: 'DELETE FROM sessions WHERE id_hash = $1',
  endSessions: 'DELETE FROM sessions WHERE account_id = $1',
  sessionsOf: `SELECT ${SESSION_COLUMNS} FROM sessions WHERE account_id = $1 ORDER BY last_seen_at DESC, id_hash`,
  insertPasskey: `INSERT INTO passkeys (${PASSKEY_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)
    ON CONFLICT (credential_id) DO NOTHING`,
  passkeysOf: `SELECT ${PASSKEY_COLUMNS} FROM passkeys WHERE account_id = $1 ORDER BY created_at, credential_id`,
  passkey: `SELECT ${PASSKEY_COLUMNS} FROM passkeys WHERE credential_id = $1`,
  passkeyCounter: 'UPDATE passkeys SET counter = $2 WHERE credential_id = $1',
  insertReport: `INSERT INTO reports (reporter_id, reported_id, reported_name, reason, at) VALUES ($1, $2, $3, $4, $5)`,
  reports: `SELECT r.reporter_id, r.reported_id, r.reported_name, r.reason, r.at, a.username AS reporter_name
    FROM reports r LEFT JOIN accounts a ON a.id = r.reporter_id ORDER BY r.id DESC LIMIT $1`,
  block: 'INSERT INTO blocks (blocker_id, blocked_id, at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
  unblock: 'DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2',
  blockedBy: 'SELECT blocked_id FROM blocks WHERE blocker_id = $1 ORDER BY at, blocked_id',
  seatsOfAccount: `SELECT t.code, s.seat, t.status FROM seats s JOIN tables t ON t.code = s.table_code
    WHERE s.account_id = $1 AND s.token_hash IS NOT NULL AND t.status <> 'closed' ORDER BY t.created_at DESC, t.code`,
  dropExpiredChallenges: 'DELETE FROM webauthn_challenges WHERE expires_at < $1',
  insertChallenge: `INSERT INTO webauthn_challenges (challenge, purpose, account_id, username, expires_at)
    VALUES ($1, $2, $3, $4, $5)`,
  takeChallenge: `DELETE FROM webauthn_challenges WHERE challenge = $1
    RETURNING challenge, purpose, account_id, username, expires_at`,
};

/** The key a name is unique by: names are ASCII (docs/protocol.md), so lower case is enough. */
export function usernameKey(username: string): string {
  return username.toLowerCase();
}

const accountSchema = z.object({
  id: z.string().min(1),
  username: z.string().min(1),
  created_at: int,
  password_hash: z.string().nullable(),
  banned_at: nullableInt,
  kind: z.enum(ACCOUNT_KINDS),
});
const sessionSchema = z.object({
  id_hash: z.string().min(1),
  account_id: z.string().min(1),
  created_at: int,
  last_seen_at: int,
  user_agent: z.string().nullable(),
});
const passkeySchema = z.object({
  credential_id: z.string().min(1),
  account_id: z.string().min(1),
  public_key: z.string().min(1),
  counter: int,
  transports: json(z.array(z.string())),
  created_at: int,
});
const reportSchema = z.object({
  reporter_id: z.string().nullable(),
  reported_id: z.string().nullable(),
  reported_name: z.string(),
  reason: z.string(),
  at: int,
  reporter_name: z.string().nullable(),
});

const challengeSchema = z.object({
  challenge: z.string().min(1),
  purpose: z.enum(['register', 'login']),
  account_id: z.string().nullable(),
  username: z.string().nullable(),
  expires_at: int,
});

const decodeAccount: (raw: unknown) => AccountRow = camelRows(accountSchema, 'account');
const decodeSession: (raw: unknown) => SessionRow = camelRows(sessionSchema, 'session');
const decodePasskey: (raw: unknown) => PasskeyRow = camelRows(passkeySchema, 'passkey');
const decodeReport = camelRows(reportSchema, 'report');
const decodeChallenge: (raw: unknown) => ChallengeRow = camelRows(challengeSchema, 'challenge');
const decodeAccountSeat = camelRows(
  z.object({ code: z.string(), seat: int, status: z.enum(TABLE_STATUSES) }),
  'seat of an account',
);
const decodeBlock = camelRows(z.object({ blocked_id: z.string() }), 'block');

/** What a store's SQL says in its own words (the rest is in both databases' common SQL). */
export interface SqlDialect {
  /**
   * Erase the name of account $1 from the finished games it played: each of its seats'
   * names becomes DELETED_NAME (JSON arrays are changed with each database's own functions).
   */
  readonly eraseNames: string;
}

export class SqlAccounts extends SqlRatings implements PeopleStore, HistoryStore {
  constructor(
    private readonly sql: SqlRunner,
    private readonly dialect: SqlDialect,
  ) {
    super(sql);
  }

  private async many<T>(sql: string, params: readonly unknown[], as: (raw: unknown) => T): Promise<T[]> {
    return (await this.sql.rows(sql, params)).map(as);
  }

  private async one<T>(sql: string, params: readonly unknown[], as: (raw: unknown) => T): Promise<T | null> {
    const [row] = await this.many(sql, params, as);
    return row ?? null;
  }

  private async changes(sql: string, params: readonly unknown[]): Promise<number> {
    const [changed] = await this.sql.write([{ sql, params }]);
    return changed;
  }

  async createAccount(a: AccountRow): Promise<boolean> {
    const params = [a.id, a.username, usernameKey(a.username), a.createdAt, a.passwordHash, a.bannedAt];
    return (await this.changes(SQL.insertAccount, params)) === 1;
  }

  async createBotAccount(a: AccountRow, tokenHash: string): Promise<boolean> {
    const params = [a.id, a.username, usernameKey(a.username), a.createdAt, a.bannedAt, tokenHash];
    return (await this.changes(SQL.insertBot, params)) === 1;
  }

  async setBotToken(id: string, tokenHash: string): Promise<boolean> {
    return (await this.changes(SQL.botToken, [id, tokenHash])) === 1;
  }

  botByToken(tokenHash: string): Promise<AccountRow | null> {
    return this.one(SQL.botByToken, [tokenHash], decodeAccount);
  }

  accountNamed(username: string): Promise<AccountRow | null> {
    return this.one(SQL.accountNamed, [usernameKey(username)], decodeAccount);
  }

  account(id: string): Promise<AccountRow | null> {
    return this.one(SQL.account, [id], decodeAccount);
  }

  async setBanned(id: string, at: number | null): Promise<boolean> {
    const [changed] = await this.sql.write(
      at === null
        ? [{ sql: SQL.unban, params: [id] }]
        : [
            { sql: SQL.ban, params: [id, at] },
            { sql: SQL.endSessions, params: [id] },
          ],
    );
    return changed === 1;
  }

  async deleteAccount(id: string): Promise<void> {
    // Sessions, passkeys and blocks go with it (ON DELETE CASCADE); reports keep their names;
    // its games stay without its name, their players no longer its (ON DELETE SET NULL).
    await this.sql.write([
      { sql: this.dialect.eraseNames, params: [id] },
      { sql: SQL.deleteAccount, params: [id] },
    ]);
  }

  seatsOfAccount(id: string): Promise<{ code: string; seat: number; status: TableStatus }[]> {
    return this.many(SQL.seatsOfAccount, [id], decodeAccountSeat);
  }

  gameCount(accountId: string): Promise<number> {
    return gameCount(this.sql, accountId);
  }

  gamesOf(accountId: string, limit: number, before?: string): Promise<PlayedGame[]> {
    return gamesOf(this.sql, accountId, limit, before);
  }

  async createSession(s: SessionRow): Promise<void> {
    await this.changes(SQL.insertSession, [s.idHash, s.accountId, s.createdAt, s.lastSeenAt, s.userAgent]);
  }

  session(idHash: string): Promise<{ session: SessionRow; account: AccountRow } | null> {
    return this.one(SQL.session, [idHash], (raw) => ({
      session: decodeSession(raw),
      account: decodeAccount({
        ...(raw as object),
        created_at: (raw as { account_created_at: unknown }).account_created_at,
      }),
    }));
  }

  async touchSession(idHash: string, at: number): Promise<void> {
    await this.changes(SQL.touchSession, [idHash, at]);
  }

  async endSession(idHash: string): Promise<void> {
    await this.changes(SQL.endSession, [idHash]);
  }

  endSessions(accountId: string): Promise<number> {
    return this.changes(SQL.endSessions, [accountId]);
  }

  sessionsOf(accountId: string): Promise<SessionRow[]> {
    return this.many(SQL.sessionsOf, [accountId], decodeSession);
  }

  async addPasskey(p: PasskeyRow): Promise<boolean> {
    const params = [p.credentialId, p.accountId, p.publicKey, p.counter, JSON.stringify(p.transports), p.createdAt];
    return (await this.changes(SQL.insertPasskey, params)) === 1;
  }

  passkeysOf(accountId: string): Promise<PasskeyRow[]> {
    return this.many(SQL.passkeysOf, [accountId], decodePasskey);
  }

  passkey(credentialId: string): Promise<PasskeyRow | null> {
    return this.one(SQL.passkey, [credentialId], decodePasskey);
  }

  async setPasskeyCounter(credentialId: string, counter: number): Promise<void> {
    await this.changes(SQL.passkeyCounter, [credentialId, counter]);
  }

  async addReport(r: ReportRow): Promise<void> {
    await this.changes(SQL.insertReport, [r.reporterId, r.reportedId, r.reportedName, r.reason, r.at]);
  }

  reports(limit: number): Promise<(ReportRow & { reporterName: string | null })[]> {
    return this.many(SQL.reports, [limit], decodeReport);
  }

  async block(blockerId: string, blockedId: string, at: number): Promise<void> {
    await this.changes(SQL.block, [blockerId, blockedId, at]);
  }

  async unblock(blockerId: string, blockedId: string): Promise<void> {
    await this.changes(SQL.unblock, [blockerId, blockedId]);
  }

  async blockedBy(blockerId: string): Promise<string[]> {
    return (await this.many(SQL.blockedBy, [blockerId], decodeBlock)).map((b) => b.blockedId);
  }

  async saveChallenge(c: ChallengeRow, now: number): Promise<void> {
    await this.sql.write([
      { sql: SQL.dropExpiredChallenges, params: [now] },
      { sql: SQL.insertChallenge, params: [c.challenge, c.purpose, c.accountId, c.username, c.expiresAt] },
    ]);
  }

  async takeChallenge(challenge: string, now: number): Promise<ChallengeRow | null> {
    // A write that reads: DELETE … RETURNING, so that two nodes never both take it.
    const taken = await this.one(SQL.takeChallenge, [challenge], decodeChallenge);
    return taken && taken.expiresAt >= now ? taken : null;
  }
}
