/** What a table needs from the rest of the server. */
import type { FastifyBaseLogger } from 'fastify';
import type { ChatMessage, GameUpdate, TableSummary } from '../../protocol/messages.js';
import type { BotPool } from '../bots/pool.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Metrics } from '../metrics.js';
import type { GameLog, RatingStore, TableStore } from '../store/store.js';
import type { SeatClaim } from './seat-rules.js';

/** Where a table's news goes: the real-time layer, which knows who listens. */
export interface Broadcaster {
  /**
   * Subscribe a connection to the table's messages, as the seat it claims or as a
   * spectator (null); false when the connection is gone.
   */
  follow(code: string, connection: string, claim: SeatClaim | null): boolean;
  table(summary: TableSummary): void;
  /**
   * An update for the connections holding a seat by its current claim (the seat's token as
   * stored now), or for spectators (null). A connection holding the seat by an older claim
   * gets nothing, even if it was never told that it lost the seat.
   */
  game(code: string, to: SeatClaim | null, update: GameUpdate): void;
  /** Whether anyone listens by that claim (or as a spectator), so views are built only when needed. */
  hasAudience(code: string, to: SeatClaim | null): boolean;
  /**
   * Chat goes to everyone following the table: players and (read-only) spectators, but
   * never to the connections of accounts that block its sender's account (`from`).
   */
  chat(code: string, message: ChatMessage, from?: string | null): void;
  /** Every connection holding the seat by this (old) claim loses it: it becomes a spectator and is told so. */
  seatLost(code: string, claim: SeatClaim): void;
  /**
   * In a cluster: the broadcaster of a table that nobody follows through another node (one
   * just made here, or one taken over whose followers are all here), which keeps its news
   * on this node for as long as no connection of another node follows it. (Absent on a
   * single node, where everything is local anyway.)
   */
  localFirst?(): Broadcaster;
}

/** What a table asks of the bot pool: bot turns and hints. */
export type Thinkers = Pick<BotPool, 'decide' | 'submit'>;

export interface TableContext {
  /** Its tables, seats, chat, deadlines and games (in a cluster, its writes fenced). */
  /** And what a rated game changed of its players' ratings, to show once it is over. */
  readonly store: TableStore & GameLog & Pick<RatingStore, 'gameRatings'>;
  readonly pool: Thinkers;
  readonly config: Config;
  readonly metrics: Metrics;
  readonly log: FastifyBaseLogger;
  readonly out: Broadcaster;
  /** Now and timers (virtual in tests). */
  readonly clock: Clock;
  /** The secret the daily deals are dealt under (src/daily/deal.ts); absent where no daily table is made. */
  readonly dailySecret?: string;
  /** The table closed itself: forget it. */
  closed(code: string): void;
}
