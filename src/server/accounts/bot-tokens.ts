/**
 * The bearer tokens of bot accounts (docs/protocol.md, "Bot accounts"): 256 random bits,
 * shown once to the operator (`bottle-imp admin bot`); the store keeps only their SHA-256,
 * as it does session ids and seat tokens, so a copy of the database plays for no bot.
 */
import { randomBytes } from 'node:crypto';
import { ServerError } from '../errors.js';
import { hashToken } from '../ids.js';
import type { AccountRow, BotAccountStore } from '../store/store.js';

/** A prefix, so that a token pasted where it does not belong is recognised (secret scanners, logs). */
const PREFIX = 'bib_';
const TOKEN = /^bib_[A-Za-z0-9_-]{43}$/;

export function newBotToken(): string {
  return PREFIX + randomBytes(32).toString('base64url');
}

/** The token of an `Authorization: Bearer <token>` header, or null when there is no such header. */
export function bearerOf(header: string | undefined): string | null {
  if (header === undefined) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : '';
}

/**
 * The bot account a bearer token signs in: unknown, revoked or malformed tokens and banned
 * bots are refused alike (ERR_BAD_BOT_TOKEN), so a refusal says nothing about which.
 */
export async function botOfToken(store: Pick<BotAccountStore, 'botByToken'>, token: string): Promise<AccountRow> {
  const account = TOKEN.test(token) ? await store.botByToken(hashToken(token)) : null;
  if (!account || account.bannedAt !== null)
    throw new ServerError('ERR_BAD_BOT_TOKEN', 'This bot token is not valid (unknown, replaced or banned).', 401);
  return account;
}
