/**
 * What an account is, asked in one place (docs/protocol.md, "Bot accounts"). A bot account
 * is a program's: it plays only where a host invites it by name, never signs in with a
 * password or a passkey, and never enters what is made for people. Play-now queues and
 * rated pools, when they come, take an account only if `mayJoinPeoplesPools` says so.
 */
import type { AccountRow } from '../store/store.js';

export function isBotAccount(account: Pick<AccountRow, 'kind'>): boolean {
  return account.kind === 'bot';
}

/** Whether the account may enter a play-now queue or a rated pool: a person's, not banned. */
export function mayJoinPeoplesPools(account: Pick<AccountRow, 'kind' | 'bannedAt'>): boolean {
  return account.kind === 'person' && account.bannedAt === null;
}
