/**
 * A table's chat: a burst limit per seat, every message stored before it is sent, and the
 * last messages for a connection that starts following the table.
 */
import type { ChatMessage, ClientMessage } from '../../protocol/messages.js';
import { ServerError } from '../errors.js';
import type { ChatRow, ChatStore } from '../store/store.js';
import type { Sender } from './commands.js';

/** At most this many messages per seat within CHAT_WINDOW_MS. */
const CHAT_BURST = 5;
const CHAT_WINDOW_MS = 10_000;
/** Messages a connection gets when it starts following the table. */
const CHAT_HISTORY = 50;

export class TableChat {
  /** When each seat's recent messages were sent. */
  private readonly times = new Map<number, number[]>();

  constructor(
    private readonly store: ChatStore,
    private readonly code: string,
  ) {}

  /**
   * Store one message from a seated player, with the account it is signed in to if any, and
   * return it as it is sent; refused when too fast.
   */
  async post(
    from: { seat: number; name: string; account: Sender | null },
    gameId: string | null,
    content: ClientMessage<'chat:send'>,
    now: number,
  ): Promise<ChatMessage> {
    const recent = (this.times.get(from.seat) ?? []).filter((t) => t > now - CHAT_WINDOW_MS);
    if (recent.length >= CHAT_BURST)
      throw new ServerError('ERR_CHAT_TOO_FAST', 'You are chatting too fast. Wait a few seconds.', 429);
    recent.push(now);
    this.times.set(from.seat, recent);
    const row: ChatRow = {
      tableCode: this.code,
      gameId,
      seat: from.seat,
      name: from.name,
      text: 'text' in content ? content.text : null,
      reaction: 'reaction' in content ? content.reaction : null,
      at: now,
      accountId: from.account?.accountId ?? null,
    };
    await this.store.addChat(row);
    // Only a live message names its sender's account: the history would name accounts long
    // renamed or deleted, and is built per connection without the blocked ones instead.
    return from.account === null ? chatMessage(row) : { ...chatMessage(row), account: from.account.username };
  }

  /** The last messages, leaving out those sent by the accounts in `hide` (whom the reader blocks). */
  async history(hide: readonly string[]): Promise<ChatMessage[]> {
    return (await this.store.recentChat(this.code, CHAT_HISTORY, hide)).map(chatMessage);
  }
}

function chatMessage(row: ChatRow): ChatMessage {
  return {
    seat: row.seat,
    name: row.name,
    ...(row.text !== null ? { text: row.text } : {}),
    ...(row.reaction !== null ? { reaction: row.reaction } : {}),
    at: row.at,
  };
}
