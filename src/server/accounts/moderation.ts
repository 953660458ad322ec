/**
 * Players and other players (docs/protocol.md, "Blocks and reports"): a signed-in player
 * blocks another by name (that player's chat no longer reaches any of the blocker's
 * connections), unblocks, lists whom it blocks, and reports a player with a reason for the
 * operator (`bottle-imp admin reports`). Live connections learn of a block through
 * `LiveAccounts`, so a block works at once, on every node.
 */
import { ServerError } from '../errors.js';
import type { AccountRow, AccountStore, ModerationStore } from '../store/store.js';
import type { EndedCode } from './ended.js';

/** What a change of an account does to its live connections, on every node (realtime/live-accounts.ts). */
export interface LiveAccounts {
  /** Account `by` now blocks `blocked`: its connections stop getting that account's chat. */
  blocked(by: string, blocked: string): void;
  unblocked(by: string, blocked: string): void;
  /** The account's sessions ended (deleted, signed out everywhere, banned): its connections are told why and closed. */
  ended(accountId: string, code: EndedCode): void;
}

export type ModerationDeps = Pick<AccountStore, 'accountNamed' | 'account'> & ModerationStore;

export class Moderation {
  constructor(
    private readonly store: ModerationDeps,
    private readonly live: LiveAccounts,
    private readonly now: () => number,
  ) {}

  /** The other account of this name; refused for an unknown name and for oneself. */
  private async other(me: AccountRow, username: string): Promise<AccountRow> {
    const them = await this.store.accountNamed(username);
    if (!them) throw new ServerError('ERR_NO_PLAYER', 'There is no player with that name.', 404);
    if (them.id === me.id) throw new ServerError('ERR_YOURSELF', 'You cannot block or report yourself.', 400);
    return them;
  }

  async block(me: AccountRow, username: string): Promise<void> {
    const them = await this.other(me, username);
    await this.store.block(me.id, them.id, this.now());
    this.live.blocked(me.id, them.id);
  }

  async unblock(me: AccountRow, username: string): Promise<void> {
    const them = await this.other(me, username);
    await this.store.unblock(me.id, them.id);
    this.live.unblocked(me.id, them.id);
  }

  /** The names of the accounts `me` blocks, oldest block first (a deleted account's block went with it). */
  async blocked(me: AccountRow): Promise<string[]> {
    const ids = await this.store.blockedBy(me.id);
    const names = await Promise.all(ids.map(async (id) => (await this.store.account(id))?.username ?? null));
    return names.filter((n) => n !== null);
  }

  async report(me: AccountRow, username: string, reason: string): Promise<void> {
    const them = await this.other(me, username);
    await this.store.addReport({
      reporterId: me.id,
      reportedId: them.id,
      reportedName: them.username,
      reason,
      at: this.now(),
    });
  }
}
