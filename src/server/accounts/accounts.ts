/**
 * Accounts and who is signed in (docs/protocol.md, "Accounts"): making an account,
 * signing in and out, and finding the account of a request's session cookie. A session
 * is a row of the store (so every node of a cluster knows it), found by the hash of the
 * random id the cookie holds; the id itself is never stored, logged or sent back.
 */
import { randomBytes } from 'node:crypto';
import { ServerError } from '../errors.js';
import { hashToken } from '../ids.js';
import type {
  AccountRow,
  AccountStore,
  BotAccountStore,
  PasskeyStore,
  SessionRow,
  SessionStore,
} from '../store/store.js';
import { bearerOf, botOfToken } from './bot-tokens.js';
import type { EndedCode } from './ended.js';
import { isBotAccount } from './kind.js';
import { checkPassword, hashPassword, weakness } from './passwords.js';

export type AccountsStore = AccountStore & BotAccountStore & SessionStore & PasskeyStore;

/** A session's last use is written at most this often (ms): a request does not cost a write. */
const TOUCH_EVERY_MS = 60_000;
/** A session unused this long (ms) has ended: 90 days. */
export const SESSION_IDLE_MS = 90 * 24 * 3600_000;
/** A sign-in this recent (ms) is fresh enough to delete the account (DELETE /api/me). */
export const FRESH_SIGN_IN_MS = 5 * 60_000;
/** The user agent is kept to tell devices apart in a list, no longer than this. */
const USER_AGENT_LENGTH = 200;

/** Who a request is: the account and the session (device) it came through. */
export interface SignedIn {
  readonly account: AccountRow;
  readonly session: SessionRow;
}

export const BAD_LOGIN = 'Wrong username or password.';

/** Refuses a new password that is short or common (ERR_WEAK_PASSWORD); cheap, so checked before any hash. */
export function mustBeStrong(password: string): void {
  if (weakness(password))
    throw new ServerError(
      'ERR_WEAK_PASSWORD',
      'Choose a password of at least 10 characters that is not a common one.',
      400,
    );
}

export class Accounts {
  constructor(
    private readonly store: AccountsStore,
    private readonly now: () => number,
  ) {}

  /**
   * A new account with a password (null: a passkey alone, registered next) and a session
   * for it; returns the account and the session's id for the cookie.
   */
  async create(
    username: string,
    password: string | null,
    userAgent: string | undefined,
  ): Promise<{ account: AccountRow; sessionId: string }> {
    if (password !== null) mustBeStrong(password);
    // Refused early without hashing; the store's unique name is what decides a race.
    if (await this.store.accountNamed(username))
      throw new ServerError('ERR_USERNAME_TAKEN', 'That username is taken.', 409);
    const account: AccountRow = {
      id: randomBytes(12).toString('base64url'),
      username,
      createdAt: this.now(),
      passwordHash: password === null ? null : await hashPassword(password),
      bannedAt: null,
      kind: 'person',
    };
    if (!(await this.store.createAccount(account)))
      throw new ServerError('ERR_USERNAME_TAKEN', 'That username is taken.', 409);
    return { account, sessionId: await this.openSession(account, userAgent) };
  }

  /**
   * Sign in with a password. An unknown name and a wrong password get the same refusal
   * after the same work (a hash is verified either way: passwords.ts checkPassword).
   */
  async signIn(
    username: string,
    password: string,
    userAgent: string | undefined,
  ): Promise<{ account: AccountRow; sessionId: string }> {
    const account = await this.store.accountNamed(username);
    // A bot account has no password (it plays with a bearer token): refused as an unknown name.
    const person = account && !isBotAccount(account) ? account : null;
    if (!(await checkPassword(person?.passwordHash ?? null, password)) || !person)
      throw new ServerError('ERR_BAD_LOGIN', BAD_LOGIN, 401);
    // Said only to whoever knows the password.
    if (person.bannedAt !== null) throw new ServerError('ERR_BANNED', 'This account is banned.', 403);
    return { account: person, sessionId: await this.openSession(person, userAgent) };
  }

  /** A new session of an account that has just proved who it is; returns the id for the cookie. */
  async openSession(account: AccountRow, userAgent: string | undefined): Promise<string> {
    // No way in makes a session for a bot (a passkey it could never have, a future one): refused as a wrong login.
    if (isBotAccount(account)) throw new ServerError('ERR_BAD_LOGIN', BAD_LOGIN, 401);
    if (account.bannedAt !== null) throw new ServerError('ERR_BANNED', 'This account is banned.', 403);
    const sessionId = randomBytes(32).toString('base64url');
    const at = this.now();
    await this.store.createSession({
      idHash: hashToken(sessionId),
      accountId: account.id,
      createdAt: at,
      lastSeenAt: at,
      userAgent: userAgent?.slice(0, USER_AGENT_LENGTH) ?? null,
    });
    return sessionId;
  }

  /** The account signed in by this session id (from the cookie), or null. */
  async current(sessionId: string | null): Promise<SignedIn | null> {
    if (sessionId === null) return null;
    const found = await this.store.session(hashToken(sessionId));
    if (!found) return null;
    const now = this.now();
    if (found.account.bannedAt !== null || now - found.session.lastSeenAt > SESSION_IDLE_MS) return null;
    if (now - found.session.lastSeenAt > TOUCH_EVERY_MS) await this.store.touchSession(found.session.idHash, now);
    return found;
  }

  /** The account of this session id, or ERR_SIGNED_OUT. */
  async mustBeSignedIn(sessionId: string | null): Promise<SignedIn> {
    const signedIn = await this.current(sessionId);
    if (!signedIn) throw new ServerError('ERR_SIGNED_OUT', 'You are not signed in.', 401);
    return signedIn;
  }

  /**
   * The account of this session id if the session began (a password or passkey sign-in)
   * within FRESH_SIGN_IN_MS: what deleting the account asks, so that a device left signed
   * in is not enough. ERR_SIGNED_OUT, or ERR_SIGN_IN_AGAIN for an older session.
   */
  async mustHaveSignedInRecently(sessionId: string | null): Promise<SignedIn> {
    const signedIn = await this.mustBeSignedIn(sessionId);
    if (this.now() - signedIn.session.createdAt > FRESH_SIGN_IN_MS)
      throw new ServerError('ERR_SIGN_IN_AGAIN', 'Sign in again (within 5 minutes) to do that.', 403);
    return signedIn;
  }

  /**
   * Whether the session with this id hash still signs its account in (a live connection's,
   * checked now and then: realtime/live-accounts.ts): null, or why not.
   */
  async standing(idHash: string, accountId: string): Promise<EndedCode | null> {
    const found = await this.store.session(idHash);
    if (found && found.account.bannedAt === null && this.now() - found.session.lastSeenAt <= SESSION_IDLE_MS)
      return null;
    const account = found?.account ?? (await this.store.account(accountId));
    return account && account.bannedAt !== null ? 'ERR_BANNED' : 'ERR_SIGNED_OUT';
  }

  /** The bot account a bearer token signs in, or ERR_BAD_BOT_TOKEN (bot-tokens.ts). */
  botOfToken(token: string): Promise<AccountRow> {
    return botOfToken(this.store, token);
  }

  /** The bot account a host invites by name: ERR_NO_BOT_ACCOUNT (none, or banned), ERR_NOT_BOT_ACCOUNT (a person's). */
  async botNamed(name: string): Promise<AccountRow> {
    const account = await this.store.accountNamed(name);
    if (!account || account.bannedAt !== null)
      throw new ServerError('ERR_NO_BOT_ACCOUNT', `There is no bot account named "${name}".`, 404);
    if (!isBotAccount(account))
      throw new ServerError('ERR_NOT_BOT_ACCOUNT', `"${account.username}" is a person's account, not a bot's.`, 409);
    return account;
  }

  /**
   * Who a read-only request is: a bot account by its `Authorization: Bearer` token when
   * the request shows one (a wrong one is ERR_BAD_BOT_TOKEN), else the session's account
   * (ERR_SIGNED_OUT without one).
   */
  async mustBeAccount(sessionId: string | null, authorization: string | undefined): Promise<AccountRow> {
    const token = bearerOf(authorization);
    if (token !== null) return this.botOfToken(token);
    return (await this.mustBeSignedIn(sessionId)).account;
  }

  /** End this device's session (whether or not it was still running). */
  async signOut(sessionId: string | null): Promise<void> {
    if (sessionId !== null) await this.store.endSession(hashToken(sessionId));
  }

  /** End every session of the account. */
  async signOutEverywhere(accountId: string): Promise<void> {
    await this.store.endSessions(accountId);
  }
}
