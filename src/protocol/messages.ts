/**
 * The wire protocol between the server and its clients (web, CLI, load tests): every
 * request body and every Socket.IO message, as zod schemas for what clients send and
 * TypeScript types for what the server sends. docs/protocol.md explains it with examples.
 * Clients import only the types (`import type`), so zod stays out of the web bundle.
 */
import { z } from 'zod';
import type { AnalysedDecision, Analysis, Hint, Reason, TrickOutcome } from '../analysis/index.js';
import { type GameEvent, MODES, type ResolvedOptions, type TableView } from '../engine/index.js';
import {
  type BotLevel,
  type ErrorCode,
  LEVELS,
  type RatingPool,
  REACTIONS,
  type Reaction,
  type TableStatus,
  TURN_CLOCKS,
  type TurnClock,
} from '../values/index.js';
import { cleanText, isVisible, nameProblem } from './text.js';

export type { BotLevel, ErrorCode, Hint, Reaction, Reason, TableStatus, TrickOutcome, TurnClock };

/**
 * An analysis as the server sends it (docs/analysis.md). In one stored before reasons had
 * codes, each decision has only the English `why` instead of `reason`; an analysis file
 * written by `bottle-imp analyse --json` has both.
 */
export type AnalysisDocument = Omit<Analysis, 'decisions'> & {
  readonly decisions: readonly (Omit<AnalysedDecision, 'reason'> & {
    readonly reason?: Reason;
    readonly why?: string;
  })[];
};

const rank = z.number().finite();

/** Typed text others will read: cleaned (text.ts), then measured. */
export function typedText(max: number) {
  return z
    .string()
    .max(max * 4)
    .overwrite(cleanText)
    .min(1)
    .max(max);
}

/** A person's name at a table: typed text that passes the name rules (text.ts), else ERR_BAD_NAME. */
export const DisplayNameSchema = typedText(24).superRefine((name, ctx) => {
  const problem = nameProblem(name);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, params: { code: 'ERR_BAD_NAME' } });
});

/** A Play now ticket (protocol/play-now.ts): a random string the server hands out once; who holds it may follow or cancel it. */
export const TicketSchema = z.string().min(16).max(64);

/** Options of a new table (POST /api/tables). */
export const TableOptionsSchema = z
  .object({
    players: z.number().int().min(2).max(6),
    mode: z.enum(MODES).default('individual'),
    rounds: z.number().int().min(1).max(50).optional(),
    targetScore: z.number().int().min(1).max(10_000).optional(),
    public: z.boolean().default(false),
    /** How long a disconnected player's seat waits before a bot plays for it, in seconds. */
    turnSeconds: z.number().int().min(5).max(600).default(60),
    /** Hints and bottle risk at the table (game:hint). Default on: the host is the only person seated; see table:coach. */
    coach: z.boolean().default(true),
    /** Time per action for every seat, connected or not; see table:clock. */
    turnClock: z.enum(TURN_CLOCKS).default('normal'),
    /**
     * Its games count for the players' ratings (docs/ratings.md): needs the coach off and a
     * turn clock of normal or fast, else ERR_NOT_RATABLE.
     */
    rated: z.boolean().default(false),
  })
  .strict()
  .refine((o) => o.rounds === undefined || o.targetScore === undefined, {
    message: 'give rounds or targetScore, not both',
  });
export type TableOptions = z.infer<typeof TableOptionsSchema>;

export const CreateTableSchema = z.object({ name: DisplayNameSchema, options: TableOptionsSchema }).strict();
export const JoinTableSchema = z
  .object({ name: DisplayNameSchema, seat: z.number().int().min(0).max(5).optional() })
  .strict();

/** An action as a client sends it: the seat comes from the seat token, never from the client. */
export const ClientActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('play'), card: rank }).strict(),
  z
    .object({
      type: z.literal('pass'),
      pass: z.union([
        z.object({ left: rank, right: rank, devil: z.array(rank).max(1) }).strict(),
        z.object({ faceUp: rank, hidden: rank, devil: z.array(rank).length(2) }).strict(),
      ]),
    })
    .strict(),
]);
export type ClientAction = z.infer<typeof ClientActionSchema>;

/** Socket.IO messages from a client; each is sent with an acknowledgement callback. */
export const ClientMessages = {
  /** Join a table's room, as a seat (with its token) or as a spectator. lastSeq asks for what was missed. */
  'table:watch': z
    .object({
      code: z.string().min(4).max(16),
      token: z.string().max(64).optional(),
      lastSeq: z.number().int().min(0).optional(),
      /** The game lastSeq belongs to; missed updates are only replayed within that game. */
      gameId: z.string().max(32).optional(),
    })
    .strict(),
  'seat:bot': z.object({ seat: z.number().int().min(0).max(5), level: z.enum(LEVELS) }).strict(),
  'seat:clear': z.object({ seat: z.number().int().min(0).max(5) }).strict(),
  /** The host seats a bot account, by its name, in an empty seat or a bot's, between games. */
  'seat:invite': z.object({ seat: z.number().int().min(0).max(5), name: z.string().min(1).max(40) }).strict(),
  'table:start': z.object({}).strict(),
  'table:leave': z.object({}).strict(),
  'table:rematch': z.object({}).strict(),
  'game:act': z
    .object({
      action: ClientActionSchema,
      /**
       * The `seq` of the update the action was chosen from. Sent again after its
       * acknowledgement was lost, an action already applied is acknowledged again
       * (`repeated`); chosen from a view the game has left, it is refused (ERR_STALE).
       */
      seq: z.number().int().min(0).optional(),
    })
    .strict(),
  /** The host switches hints and bottle risk on or off for everyone, between games. */
  'table:coach': z.object({ coach: z.boolean() }).strict(),
  /** A hint for the seat to act (only while the table's coach option is on). */
  'game:hint': z.object({}).strict(),
  /** The host chooses the turn clock for everyone, between games. */
  'table:clock': z.object({ turnClock: z.enum(TURN_CLOCKS) }).strict(),
  /** A player whose seat a bot plays (away) takes it back. */
  'seat:back': z.object({}).strict(),
  'chat:send': z.union([
    z
      .object({ text: typedText(200).refine(isVisible, { message: 'must show at least one visible character' }) })
      .strict(),
    z.object({ reaction: z.enum(REACTIONS) }).strict(),
  ]),
  /** Follow a Play now ticket (POST /api/play-now): then `match:waiting` until `match:found`. */
  'match:follow': z.object({ ticket: TicketSchema }).strict(),
} as const;
export type ClientMessageName = keyof typeof ClientMessages;
export type ClientMessage<K extends ClientMessageName> = z.infer<(typeof ClientMessages)[K]>;

/**
 * A refusal: one of the protocol's codes (src/values) and an English sentence for logs and
 * the CLI. Socket.IO acknowledgements carry it as `error`, and so do HTTP error bodies.
 */
export interface ErrorBody {
  readonly code: ErrorCode;
  readonly message: string;
}

/** An HTTP error response's body. */
export interface HttpErrorBody {
  readonly error: ErrorBody;
}

/** Every acknowledgement: success with data, or an error code and a sentence for the player. */
export type Ack<T = Record<string, never>> = ({ ok: true } & T) | { ok: false; error: ErrorBody };

export interface SeatSummary {
  readonly seat: number;
  /** Display name, or null for an empty seat. */
  readonly name: string | null;
  /** The bot level when a bot holds the seat. */
  readonly bot: BotLevel | null;
  readonly connected: boolean;
  /** A bot is playing for this absent player until it returns. */
  readonly away: boolean;
  /** Present (true) when a bot account holds the seat: a program, invited by name (`seat:invite`). */
  readonly botAccount?: true;
}

/** A table's options beside the game's own (TableSummary.options). */
export interface TableExtras {
  readonly public: boolean;
  readonly turnSeconds: number;
  readonly coach: boolean;
  readonly turnClock: TurnClock;
  /** Its games count for ratings when at least two people play signed in (docs/ratings.md). */
  readonly rated: boolean;
  /** At a daily deal's table (docs/protocol.md, "The daily deal"): its date, YYYY-MM-DD; absent elsewhere. */
  readonly daily?: string;
  /** At a duplicate event's table (docs/duplicate.md): the event's code; absent elsewhere. */
  readonly duplicate?: string;
}

export interface TableSummary {
  readonly code: string;
  readonly options: ResolvedOptions & TableExtras;
  readonly status: TableStatus;
  readonly host: number;
  readonly seats: readonly SeatSummary[];
  /** The game being played, or the last one. */
  readonly gameId: string | null;
  readonly finishedGames: readonly string[];
  /** Connections watching without a seat; they can read the chat (never write in it). */
  readonly spectators: number;
  /**
   * Once a rated game is over and its ratings are stored (docs/ratings.md): what it changed
   * of each rated seat's rating, in the pool; absent otherwise.
   */
  readonly ratings?: GameRatings;
}

/** What a rated game changed of its players' ratings (TableSummary.ratings). */
export interface GameRatings {
  readonly gameId: string;
  readonly pool: RatingPool;
  /** One for each seat of a rated person, in seat order (seats count from 0 here). */
  readonly seats: readonly {
    readonly seat: number;
    /** The figure before; null for a first game in the pool. */
    readonly before: number | null;
    readonly after: number;
    /** Still provisional after it: shown with "?". */
    readonly provisional: boolean;
  }[];
}

/** Server → client 'game': one accepted action's consequences as this client may see them. */
export interface GameUpdate {
  readonly gameId: string;
  /** The action log's sequence number after this update (1 = first action). */
  readonly seq: number;
  readonly events: readonly GameEvent[];
  readonly view: TableView;
  /** Seconds-since-epoch deadline of the absence timer for the seat to act, if running. */
  readonly deadline: number | null;
  /**
   * Per seat, the epoch-ms moment a bot takes over for it if it has not acted: its turn
   * clock or its absence deadline, whichever is sooner; null for a seat that is not to
   * act or has no clock running.
   */
  readonly clocks: readonly (number | null)[];
  /**
   * The epoch-ms moment the pass clocks start, while everyone still reads the last round's
   * summary (READING_SECONDS); null otherwise. Until then the clocks stand still.
   */
  readonly reading: number | null;
}

export interface ChatMessage {
  readonly seat: number;
  readonly name: string;
  /** The username of the account that sent it, when the sender was signed in (to block or report it). */
  readonly account?: string;
  readonly text?: string;
  readonly reaction?: string;
  readonly at: number;
}

/** The events of one action a returning client missed, filtered for it. */
export interface MissedStep {
  readonly seq: number;
  readonly events: readonly GameEvent[];
}

/**
 * Ack of 'table:watch'. `game` is always the current state; `missed` lists the events of
 * each action after lastSeq (for animations) when they are still kept, else null.
 */
export interface WatchReply {
  readonly table: TableSummary;
  readonly seat: number | null;
  readonly game: GameUpdate | null;
  readonly missed: readonly MissedStep[] | null;
  readonly chat: readonly ChatMessage[];
}

/** Server → client messages (Socket.IO's ServerToClientEvents on both ends). */
export interface ServerToClient {
  table: (table: TableSummary) => void;
  game: (update: GameUpdate) => void;
  chat: (message: ChatMessage) => void;
  /** This connection no longer holds a seat (given up, maybe in another tab): it is a spectator now. */
  'seat:lost': (message: SeatLost) => void;
  /** The account this connection was signed in to is signed out (or banned): the server closes the connection. */
  'session:ended': (message: SessionEnded) => void;
  /** To a bot account's connections: a host seated it at a table (`seat:invite`); watch it to play. */
  'bot:invited': (message: BotInvited) => void;
  /** A followed Play now ticket was seated (protocol/play-now.ts). */
  'match:found': (message: MatchFound) => void;
  /** A followed Play now ticket still waits: sent at least every 5 s. */
  'match:waiting': (message: MatchWaiting) => void;
}

/** Server → client `match:found`: the table the ticket was seated at; `token` (a guest's seat token) only for a guest. */
export interface MatchFound {
  readonly code: string;
  /** From 0 on the wire. */
  readonly seat: number;
  readonly token?: string;
}

/** Server → client `match:waiting`, at least every 5 s: tickets waiting in the same queue, and seconds this one has waited. */
export interface MatchWaiting {
  readonly waiting: number;
  readonly seconds: number;
}

export interface SessionEnded {
  readonly code: 'ERR_SIGNED_OUT' | 'ERR_BANNED';
}

export interface BotInvited {
  readonly code: string;
  readonly seat: number;
}

export interface SeatLost {
  readonly seat: number;
}

/** Ack of 'game:hint'. */
export interface HintReply {
  readonly hint: Hint;
}

/** Reply of GET /api/games/:id/analysis (POST answers the same shape). */
export type AnalysisReply =
  | { readonly status: 'none' }
  | { readonly status: 'queued'; readonly position: number }
  | { readonly status: 'running' }
  | { readonly status: 'done'; readonly analysis: AnalysisDocument };

/** What a successful acknowledgement carries besides `ok`, per client message. */
export interface ClientReplies {
  'table:watch': WatchReply;
  'seat:bot': Record<string, never>;
  'seat:clear': Record<string, never>;
  'seat:invite': Record<string, never>;
  'table:start': Record<string, never>;
  'table:leave': Record<string, never>;
  'table:rematch': Record<string, never>;
  /** `repeated`: this very action was already applied (its first acknowledgement was lost); nothing changed now. */
  'game:act': { seq: number; repeated?: true };
  'table:coach': Record<string, never>;
  'game:hint': HintReply;
  'table:clock': Record<string, never>;
  'seat:back': Record<string, never>;
  'chat:send': Record<string, never>;
  'match:follow': Record<string, never>;
}

/**
 * Client → server messages with their acknowledgements (Socket.IO's ClientToServerEvents
 * on both ends). The server still checks every message with its zod schema: a type says
 * what a well-behaved client sends, not what arrives.
 */
export type ClientToServer = {
  [K in ClientMessageName]: (message: ClientMessage<K>, ack: (reply: Ack<ClientReplies[K]>) => void) => void;
};

/** REST replies. */
export interface CreateTableReply {
  readonly code: string;
  readonly seat: number;
  readonly token: string;
  readonly invite: string;
}
/** A finished game as the REST API lists it (GET /api/tables/:code/games, GET /api/games/:id). */
export interface FinishedGame {
  readonly id: string;
  readonly names: readonly string[];
  /** Per seat, the bot's level, or null for a person. */
  readonly bots: readonly (BotLevel | null)[];
  /** Per seat, whether a bot account (a program, docs/protocol.md "Bot accounts") held it. */
  readonly botAccounts: readonly boolean[];
  readonly startedAt: number;
  readonly finishedAt: number;
}

export interface JoinTableReply {
  readonly seat: number;
  readonly token: string;
}
