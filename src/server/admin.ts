/**
 * What the operator does to accounts from the command line (`bottle-imp admin`, on the
 * store the server's configuration names): ban and unban an account (a ban ends its
 * sessions, cuts its live connections and it cannot sign in), list reports, list an
 * account's sessions. Each returns the lines to print, or throws AdminError with the one
 * line that says why not. Also makes bot accounts (docs/protocol.md, "Bot accounts") and
 * gives them new tokens.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { USERNAME_PATTERN } from '../protocol/accounts.js';
import { newBotToken } from './accounts/bot-tokens.js';
import { ACCOUNT_ENDED_CHANNEL, accountEndedMessage } from './accounts/ended.js';
import { isBotAccount } from './accounts/kind.js';
import type { ClusterConfig } from './config.js';
import { hashToken } from './ids.js';
import type { AccountRow, PeopleStore } from './store/store.js';

export class AdminError extends Error {}

type AdminStore = Pick<
  PeopleStore,
  'accountNamed' | 'setBanned' | 'reports' | 'sessionsOf' | 'createBotAccount' | 'setBotToken'
>;

async function named(store: AdminStore, username: string): Promise<AccountRow> {
  const account = await store.accountNamed(username);
  if (!account) throw new AdminError(`there is no account named "${username}"`);
  return account;
}

const when = (ms: number) => new Date(ms).toISOString();

/** How long the command waits for Redis to connect and to take the news of a ban (ms). */
const REDIS_MS = 2000;

/**
 * Tells every node of the cluster at once that a banned account's sessions ended, so that
 * they close its live connections (realtime/live-accounts.ts); without the news a node
 * finds it at its next check of its connections' sessions.
 */
export async function tellNodes(cluster: ClusterConfig, accountId: string): Promise<void> {
  const redis = new Redis(cluster.redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: REDIS_MS,
    commandTimeout: REDIS_MS,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    await redis.publish(`${cluster.redisPrefix}${ACCOUNT_ENDED_CHANNEL}`, accountEndedMessage(accountId, 'ERR_BANNED'));
  } finally {
    redis.disconnect();
  }
}

/** Ban the account; `ended`, when given, tells the running servers (tellNodes). */
export async function ban(
  store: AdminStore,
  username: string,
  now: number,
  ended?: (accountId: string) => Promise<void>,
): Promise<string[]> {
  const account = await named(store, username);
  await store.setBanned(account.id, now);
  await ended?.(account.id);
  return [`${account.username} is banned; its sessions have ended`];
}

export async function unban(store: AdminStore, username: string): Promise<string[]> {
  const account = await named(store, username);
  await store.setBanned(account.id, null);
  return [`${account.username} may sign in again`];
}

export async function reports(store: AdminStore, limit: number): Promise<string[]> {
  const rows = await store.reports(limit);
  if (rows.length === 0) return ['no reports'];
  return rows.map(
    (r) => `${when(r.at)}  ${r.reporterName ?? '(deleted account)'} reported ${r.reportedName}: ${r.reason}`,
  );
}

export async function sessions(store: AdminStore, username: string): Promise<string[]> {
  const account = await named(store, username);
  const rows = await store.sessionsOf(account.id);
  const head = `${account.username}${account.bannedAt === null ? '' : ' (banned)'}: ${rows.length} session(s)`;
  // A session is shown by when it began and was last used, and its device: never its id or hash.
  return [
    head,
    ...rows.map((s) => `  since ${when(s.createdAt)}, last seen ${when(s.lastSeenAt)}, ${s.userAgent ?? '?'}`),
  ];
}

/**
 * A new bot account and its bearer token, printed this once (the store keeps its hash);
 * with `newToken`, a new token for an existing bot account, the old one refused from now on.
 */
export async function bot(store: AdminStore, username: string, now: number, newToken = false): Promise<string[]> {
  const token = newBotToken();
  if (newToken) {
    const account = await named(store, username);
    if (!isBotAccount(account)) throw new AdminError(`"${account.username}" is a person's account, not a bot's`);
    await store.setBotToken(account.id, hashToken(token));
    return [`${account.username}: its old token no longer works; the new one (shown only now):`, token];
  }
  if (!USERNAME_PATTERN.test(username))
    throw new AdminError(`"${username}" is not a username: 3 to 20 characters A-Z a-z 0-9 _ -`);
  const account: AccountRow = {
    id: randomBytes(12).toString('base64url'),
    username,
    createdAt: now,
    passwordHash: null,
    bannedAt: null,
    kind: 'bot',
  };
  if (!(await store.createBotAccount(account, hashToken(token))))
    throw new AdminError(`the name "${username}" is taken (in some case)`);
  return [`bot account ${username} is made; its token (shown only now, keep it secret):`, token];
}
