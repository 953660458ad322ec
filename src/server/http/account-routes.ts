/**
 * The accounts API (docs/protocol.md, "Accounts"): sign up, sign in and out (here or
 * everywhere), and who is signed in. Passwords go to Argon2id on a thread
 * (accounts/passwords.ts); each password check spends a point of the client address's
 * and (for a sign-in) the account name's limit first. No reply and no log line carries a
 * password, a hash or a session id: the id travels only in the Set-Cookie header.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type AccountSummary,
  type MeReply,
  type SignedInReply,
  SignInSchema,
  SignUpSchema,
} from '../../protocol/accounts.js';
import { type Accounts, mustBeStrong } from '../accounts/accounts.js';
import { isBotAccount } from '../accounts/kind.js';
import type { LiveAccounts, Moderation } from '../accounts/moderation.js';
import type { Config } from '../config.js';
import { ServerError } from '../errors.js';
import type { Limiter } from '../limits/limiter.js';
import type { Limiters } from '../limits/limits.js';
import { usernameKey } from '../store/accounts.js';
import type { AccountRow, Store } from '../store/store.js';
import { allGamesOf } from './game-replies.js';
import { parse } from './parse.js';
import { clearSessionCookie, sessionIdOf, setSessionCookie } from './session-cookie.js';

export interface AccountDeps {
  readonly accounts: Accounts;
  readonly store: Pick<Store, 'passkeysOf' | 'sessionsOf' | 'seatsOfAccount' | 'account' | 'deleteAccount' | 'gamesOf'>;
  readonly moderation: Pick<Moderation, 'blocked'>;
  /** The account's live connections, closed when it is deleted or signed out everywhere. */
  readonly live: Pick<LiveAccounts, 'ended'>;
  readonly limits: Pick<Limiters, 'signInAddresses' | 'signInNames'>;
  readonly config: Pick<Config, 'publicUrl'>;
}

export function summary(account: AccountRow): AccountSummary {
  return { username: account.username, createdAt: account.createdAt };
}

/** The session id of the request's cookie, or null. */
export const sessionOf = (req: FastifyRequest): string | null => sessionIdOf(req.headers.cookie);

/** Spend a point of each sign-in limit, refusing with 429 once one has none left this minute. */
export async function spend(reply: FastifyReply, ...points: [Limiter, string][]): Promise<void> {
  for (const [limiter, key] of points) {
    if (await limiter.take(key)) continue;
    reply.header('retry-after', 60);
    throw new ServerError('ERR_RATE_LIMITED', 'Too many sign-in attempts. Wait a minute.', 429);
  }
}

/** The reply of a sign-in or sign-up: the account, and the new session's id in the cookie only. */
export function signedInReply(
  reply: FastifyReply,
  config: Pick<Config, 'publicUrl'>,
  account: AccountRow,
  sessionId: string,
): SignedInReply {
  reply.header('set-cookie', setSessionCookie(config, sessionId));
  return { account: summary(account) };
}

export function registerAccountRoutes(
  app: FastifyInstance,
  { accounts, store, limits, config, moderation, live }: AccountDeps,
): void {
  app.post('/api/accounts', async (req, reply): Promise<SignedInReply> => {
    const body = parse(SignUpSchema, req.body);
    // Refused before the limit: only a hash spends a point.
    mustBeStrong(body.password);
    await spend(reply, [limits.signInAddresses, req.ip]);
    const made = await accounts.create(body.username, body.password, req.headers['user-agent']);
    reply.code(201);
    return signedInReply(reply, config, made.account, made.sessionId);
  });

  app.post('/api/session', async (req, reply): Promise<SignedInReply> => {
    const body = parse(SignInSchema, req.body);
    await spend(reply, [limits.signInAddresses, req.ip], [limits.signInNames, usernameKey(body.username)]);
    const done = await accounts.signIn(body.username, body.password, req.headers['user-agent']);
    return signedInReply(reply, config, done.account, done.sessionId);
  });

  app.delete('/api/session', async (req, reply) => {
    await accounts.signOut(sessionOf(req));
    reply.header('set-cookie', clearSessionCookie(config));
    reply.code(204);
  });

  app.delete('/api/sessions', async (req, reply) => {
    const { account } = await accounts.mustBeSignedIn(sessionOf(req));
    await accounts.signOutEverywhere(account.id);
    live.ended(account.id, 'ERR_SIGNED_OUT');
    reply.header('set-cookie', clearSessionCookie(config));
    reply.code(204);
  });

  // Everything the server keeps about the account, as JSON; never a hash or a session id.
  app.get('/api/me/export', async (req) => {
    const { account } = await accounts.mustBeSignedIn(sessionOf(req));
    const [sessions, passkeys, blocked, tables, games] = await Promise.all([
      store.sessionsOf(account.id),
      store.passkeysOf(account.id),
      moderation.blocked(account),
      store.seatsOfAccount(account.id),
      allGamesOf(store, account.id),
    ]);
    return {
      account: { ...summary(account), password: account.passwordHash !== null },
      sessions: sessions.map((s) => ({ createdAt: s.createdAt, lastSeenAt: s.lastSeenAt, userAgent: s.userAgent })),
      passkeys: passkeys.map((p) => ({
        credentialId: p.credentialId,
        createdAt: p.createdAt,
        transports: p.transports,
      })),
      blocked,
      tables,
      games,
    };
  });

  // Deleting the account needs a fresh sign-in: a device left signed in is not enough.
  app.delete('/api/me', async (req, reply) => {
    const { account } = await accounts.mustHaveSignedInRecently(sessionOf(req));
    await store.deleteAccount(account.id);
    live.ended(account.id, 'ERR_SIGNED_OUT');
    reply.header('set-cookie', clearSessionCookie(config));
    reply.code(204);
  });

  // A bot account's program asks too, by its bearer token, and is told it is a bot.
  app.get('/api/me', async (req): Promise<MeReply> => {
    const account = await accounts.mustBeAccount(sessionOf(req), req.headers.authorization);
    const passkeys = (await store.passkeysOf(account.id)).length;
    return { ...summary(account), passkeys, ...(isBotAccount(account) ? { bot: true as const } : {}) };
  });
}
