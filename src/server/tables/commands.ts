/**
 * What a table can be asked, as plain JSON-serialisable data: every command names the
 * caller (a seat claim, a connection id, or a new player's name) and gets a plain reply.
 * The table actor (`table.ts`) runs each in its queue; a node that does not own a table
 * can send the same command to the node that does.
 */
import type {
  ClientMessage,
  ClientMessageName,
  ClientReplies,
  JoinTableReply,
  WatchReply,
} from '../../protocol/messages.js';
import type { InvitedBot, SeatClaim } from './seat-rules.js';

/**
 * Client messages that act for the seat the connection holds as they are: all but
 * 'table:watch', 'seat:invite' (which the edge turns into an `invite` once it has found
 * the bot account it names) and 'match:follow' (Play now's, about no table).
 */
export type SeatedMessageName = Exclude<ClientMessageName, 'table:watch' | 'seat:invite' | 'match:follow'>;

/** The account a connection is signed in to, as its chat names it. */
export interface Sender {
  readonly accountId: string;
  readonly username: string;
}

/**
 * A seated client message as it arrived (checked by its schema), with the connection's
 * claim and, when it is signed in, its account (`from`).
 */
export type SeatedCommand<K extends SeatedMessageName = SeatedMessageName> = {
  [N in K]: { readonly type: N; readonly by: SeatClaim; readonly message: ClientMessage<N>; readonly from?: Sender };
}[K];

export type TableCommand =
  | SeatedCommand
  /** A connection starts following the table, as the seat its token holds or as a spectator. */
  | {
      readonly type: 'watch';
      readonly connection: string;
      readonly token?: string;
      /** Signed in without a token: the seat this account holds, if any. */
      readonly accountId?: string;
      /** The accounts the connection's account blocks: the chat it is given leaves out their seats'. */
      readonly hide?: readonly string[];
      readonly lastSeq?: number;
      readonly gameId?: string;
    }
  /** A connection closed or stopped following the table. */
  | { readonly type: 'unwatch'; readonly connection: string }
  /**
   * A person takes a seat in the lobby (POST /api/tables/:code/join), signed in to `accountId`
   * or a guest; with the seat token the server derived for them (a duplicate event's entry,
   * given again on every resume), else a new one.
   */
  | {
      readonly type: 'join';
      readonly name: string;
      readonly seat?: number;
      readonly accountId?: string;
      readonly token?: string;
    }
  /** A guest's seat (by its token's hash) moves to the account the guest signed in to. */
  | { readonly type: 'adopt'; readonly tokenHash: string; readonly accountId: string }
  /** The host seats a bot account (`seat:invite`, its name already found to be a bot's: realtime/socket.ts). */
  | { readonly type: 'invite'; readonly by: SeatClaim; readonly seat: number; readonly bot: InvitedBot };

export interface TableReplies extends Omit<ClientReplies, 'table:watch' | 'seat:invite' | 'match:follow'> {
  /** With the seat's token hash for the connection's claim: the server's own, never sent on. */
  watch: WatchReply & { readonly tokenHash: string | null };
  adopt: { readonly seat: number };
  invite: Record<string, never>;
  unwatch: Record<string, never>;
  join: JoinTableReply;
}

export type ReplyTo<C extends TableCommand> = TableReplies[C['type']];
