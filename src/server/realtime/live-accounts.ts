/**
 * The live connections of signed-in players. A connection whose handshake carried the
 * session cookie is known by its account from its `table:watch` on: it is in the
 * account's room (`rooms.account`) and, for each account it blocks, in that account's
 * blockers' room (`rooms.blockers`), which that account's chat is never sent to
 * (RoomBroadcaster.chat). A block or an unblock moves every connection of the account, on
 * every node, through the adapter.
 *
 * An account whose sessions end is cut: each of its connections is told why
 * (`session:ended`) and closed. The server's own routes (deleting the account, signing
 * out everywhere) and the operator's `bottle-imp admin ban` tell every node of a cluster
 * through Redis (accounts/ended.ts); what no node is told (a ban from the command line of
 * a single node, a session that ran out) is found by checking each signed-in connection's
 * session every SESSION_CHECK_SECONDS.
 */
import type { Accounts } from '../accounts/accounts.js';
import type { EndedCode } from '../accounts/ended.js';
import type { LiveAccounts } from '../accounts/moderation.js';
import type { ModerationStore } from '../store/store.js';
import { type Identified, type Identifier, type IoServer, type IoSocket, rooms } from './socket.js';

export class LiveConnections implements LiveAccounts, Identifier {
  private checking: NodeJS.Timeout | null = null;

  constructor(
    private readonly io: IoServer,
    private readonly accounts: Pick<Accounts, 'current' | 'standing'>,
    private readonly store: Pick<ModerationStore, 'blockedBy'>,
    /** In a cluster: tells every node, this one too, that the account ended (its `cutHere`). */
    private readonly everywhere: ((accountId: string, code: EndedCode) => void) | null,
  ) {}

  /**
   * The account the connection's session id (from its handshake) signs in now, and whom it
   * blocks; its rooms follow (a device signed out meanwhile leaves them).
   */
  async identify(socket: IoSocket, sessionId: string | null): Promise<Identified | null> {
    const signedIn = sessionId === null ? null : await this.accounts.current(sessionId);
    const blocked = signedIn ? await this.store.blockedBy(signedIn.account.id) : [];
    for (const room of [...socket.rooms]) if (room.startsWith(rooms.blockers(''))) socket.leave(room);
    if (socket.data.account) socket.leave(rooms.account(socket.data.account.id));
    if (!signedIn) {
      socket.data.account = null;
      return null;
    }
    const { account } = signedIn;
    socket.data.account = { id: account.id, username: account.username, sessionHash: signedIn.session.idHash };
    socket.join([rooms.account(account.id), ...blocked.map((id) => rooms.blockers(id))]);
    return { accountId: account.id, blocked };
  }

  blocked(by: string, blocked: string): void {
    this.io.in(rooms.account(by)).socketsJoin(rooms.blockers(blocked));
  }

  unblocked(by: string, blocked: string): void {
    this.io.in(rooms.account(by)).socketsLeave(rooms.blockers(blocked));
  }

  ended(accountId: string, code: EndedCode): void {
    if (this.everywhere) this.everywhere(accountId, code);
    else this.cutHere(accountId, code);
  }

  /** This node's connections of the account are told why, and closed. */
  cutHere(accountId: string, code: EndedCode): void {
    for (const id of [...(this.io.sockets.adapter.rooms.get(rooms.account(accountId)) ?? [])]) this.cut(id, code);
  }

  private cut(id: string, code: EndedCode): void {
    const socket = this.io.sockets.sockets.get(id);
    if (!socket) return;
    socket.emit('session:ended', { code });
    // Engine.IO sends what is queued before it closes.
    socket.disconnect(true);
  }

  /**
   * Check each signed-in connection of this node against its session, one session at a
   * time (a few reads every SESSION_CHECK_SECONDS, not a burst), and cut those ended.
   */
  async check(): Promise<void> {
    const bySession = new Map<string, { accountId: string; connections: string[] }>();
    for (const [id, socket] of this.io.sockets.sockets) {
      const account = socket.data.account;
      if (!account) continue;
      const entry = bySession.get(account.sessionHash) ?? { accountId: account.id, connections: [] };
      entry.connections.push(id);
      bySession.set(account.sessionHash, entry);
    }
    for (const [sessionHash, { accountId, connections }] of bySession) {
      const why = await this.accounts.standing(sessionHash, accountId);
      if (why !== null) for (const id of connections) this.cut(id, why);
    }
  }

  /** Check every `everyMs` until `stop`; a failed check (the store away) waits for the next. */
  start(everyMs: number, onError: (e: unknown) => void): void {
    let running = false;
    this.checking = setInterval(() => {
      if (running) return;
      running = true;
      this.check()
        .catch(onError)
        .finally(() => {
          running = false;
        });
    }, everyMs);
    this.checking.unref();
  }

  stop(): void {
    if (this.checking) clearInterval(this.checking);
  }
}
