/**
 * Accounts, sessions, passkeys, blocks and reports (the store's AccountStore,
 * SessionStore, PasskeyStore and ModerationStore), written once for both databases: the
 * statements are plain SQL that SQLite and PostgreSQL both speak, with parameters `$1`,
 * `$2`… (SQLite reads those as named parameters), run through the small `SqlRunner` each
 * store gives. Both stores extend `SqlAccounts`.
 */
import { z } from 'zod';
import { ACCOUNT_KINDS, TABLE_STATUSES, type TableStatus } from '../../values/index.js';
import { decode, int, json, nullableInt } from './rows.js';
import type { AccountRow, ChallengeRow, PasskeyRow, PeopleStore, ReportRow, SessionRow } from './store.js';

/** One statement and its parameters ($1 is the first). */
export interface Statement {
  readonly sql: string;
  readonly params: readonly unknown[];
}

/** How a store runs this module's statements. */
export interface SqlRunner {
  rows(sql: string, params: readonly unknown[]): Promise<unknown[]>;
  /** The statements in one transaction, all or none; how many rows each changed. */
  write(statements: readonly Statement[]): Promise<number[]>;
}

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

function decodeAccount(raw: unknown): AccountRow {
  const a = decode(accountSchema, 'account', raw);
  return {
    id: a.id,
    username: a.username,
    createdAt: a.created_at,
    passwordHash: a.password_hash,
    bannedAt: a.banned_at,
    kind: a.kind,
  };
}

function decodeSession(raw: unknown): SessionRow {
  const s = decode(sessionSchema, 'session', raw);
  return {
    idHash: s.id_hash,
    accountId: s.account_id,
    createdAt: s.created_at,
    lastSeenAt: s.last_seen_at,
    userAgent: s.user_agent,
  };
}

function decodePasskey(raw: unknown): PasskeyRow {
  const p = decode(passkeySchema, 'passkey', raw);
  return {
    credentialId: p.credential_id,
    accountId: p.account_id,
    publicKey: p.public_key,
    counter: p.counter,
    transports: p.transports,
    createdAt: p.created_at,
  };
}

export class SqlAccounts implements PeopleStore {
  constructor(private readonly sql: SqlRunner) {}

  private async one<T>(sql: string, params: readonly unknown[], as: (raw: unknown) => T): Promise<T | null> {
    const rows = await this.sql.rows(sql, params);
    return rows.length > 0 ? as(rows[0]) : null;
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
    // Sessions, passkeys and blocks go with it (ON DELETE CASCADE); reports keep their names.
    await this.changes(SQL.deleteAccount, [id]);
  }

  async seatsOfAccount(id: string): Promise<{ code: string; seat: number; status: TableStatus }[]> {
    return (await this.sql.rows(SQL.seatsOfAccount, [id])).map((raw) =>
      decode(z.object({ code: z.string(), seat: int, status: z.enum(TABLE_STATUSES) }), 'seat of an account', raw),
    );
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

  async sessionsOf(accountId: string): Promise<SessionRow[]> {
    return (await this.sql.rows(SQL.sessionsOf, [accountId])).map(decodeSession);
  }

  async addPasskey(p: PasskeyRow): Promise<boolean> {
    const params = [p.credentialId, p.accountId, p.publicKey, p.counter, JSON.stringify(p.transports), p.createdAt];
    return (await this.changes(SQL.insertPasskey, params)) === 1;
  }

  async passkeysOf(accountId: string): Promise<PasskeyRow[]> {
    return (await this.sql.rows(SQL.passkeysOf, [accountId])).map(decodePasskey);
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

  async reports(limit: number): Promise<(ReportRow & { reporterName: string | null })[]> {
    return (await this.sql.rows(SQL.reports, [limit])).map((raw) => {
      const r = decode(reportSchema, 'report', raw);
      return {
        reporterId: r.reporter_id,
        reportedId: r.reported_id,
        reportedName: r.reported_name,
        reason: r.reason,
        at: r.at,
        reporterName: r.reporter_name,
      };
    });
  }

  async block(blockerId: string, blockedId: string, at: number): Promise<void> {
    await this.changes(SQL.block, [blockerId, blockedId, at]);
  }

  async unblock(blockerId: string, blockedId: string): Promise<void> {
    await this.changes(SQL.unblock, [blockerId, blockedId]);
  }

  async blockedBy(blockerId: string): Promise<string[]> {
    const rows = await this.sql.rows(SQL.blockedBy, [blockerId]);
    return rows.map((raw) => decode(z.object({ blocked_id: z.string() }), 'block', raw).blocked_id);
  }

  async saveChallenge(c: ChallengeRow, now: number): Promise<void> {
    await this.sql.write([
      { sql: SQL.dropExpiredChallenges, params: [now] },
      { sql: SQL.insertChallenge, params: [c.challenge, c.purpose, c.accountId, c.username, c.expiresAt] },
    ]);
  }

  async takeChallenge(challenge: string, now: number): Promise<ChallengeRow | null> {
    // A write that reads: DELETE … RETURNING, so that two nodes never both take it.
    const [raw] = await this.sql.rows(SQL.takeChallenge, [challenge]);
    if (raw === undefined) return null;
    const c = decode(challengeSchema, 'challenge', raw);
    if (c.expires_at < now) return null;
    return {
      challenge: c.challenge,
      purpose: c.purpose,
      accountId: c.account_id,
      username: c.username,
      expiresAt: c.expires_at,
    };
  }
}
