/**
 * The shapes of what nodes leave for each other in Redis, checked on the way in
 * (decode.ts): the seat claim of each follower record (followers.ts), requests between
 * nodes and their answers (rpc.ts), the table requests they carry (node.ts), `seat:lost`
 * (broadcaster.ts), the process ids on the `released` and `unsent` channels, and Play
 * now's tickets, seats and counts (play-now-queue.ts).
 */
import { z } from 'zod';
import { USERNAME_PATTERN } from '../../protocol/accounts.js';
import { ClientMessages } from '../../protocol/messages.js';
import { ERROR_CODES, type ErrorCode } from '../../values/index.js';
import type { Found, Ticket } from '../play-now/queue.js';
import type { SeatedMessageName } from '../tables/commands.js';
import type { TableRequest } from '../tables/lobby.js';
import type { SeatClaim } from '../tables/seat-rules.js';

/** A table's code, as clients may write it (protocol: `table:watch`). */
const tableCode = z.string().min(4).max(16);

export const SeatClaimSchema: z.ZodType<SeatClaim> = z
  .object({
    seat: z.number().int().min(0).max(5),
    // ids.ts: hashToken, a SHA-256 in base64url.
    tokenHash: z.string().regex(/^[\w-]{43}$/),
  })
  .strict();

/** A follower record's value: the claim it follows with, or null for a spectator. */
export const FollowerClaimSchema = SeatClaimSchema.nullable();

/** `seat:lost`'s arguments, as the adapter carries them from another node. */
export const SeatLostSchema = z.tuple([tableCode, SeatClaimSchema]);

/** A node's process (node.ts): one word, for follower records split their fields at a space. */
export const ProcessIdSchema = z.string().regex(/^\S{1,128}$/);

/** What a request between nodes is answered with: a JSON value, or a refusal with a code for the client. */
export type RpcAnswer =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly code: ErrorCode; readonly message: string; readonly status: number };

export const RpcAnswerSchema: z.ZodType<RpcAnswer> = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }).strict(),
  z
    .object({
      ok: z.literal(false),
      code: z.enum(ERROR_CODES),
      message: z.string(),
      status: z.number().int().min(400).max(599),
    })
    .strict(),
]);

/**
 * A message on a node's channel: a request (its id, the node to answer and the asking
 * process) or an answer to one. An answer's own shape is checked apart (RpcAnswerSchema),
 * so that a malformed answer still settles the request it names.
 */
export const EnvelopeSchema = z.union([
  z.object({ id: z.string().min(1), from: z.string().min(1), process: ProcessIdSchema, body: z.unknown() }).strict(),
  z.object({ re: z.string().min(1), answer: z.unknown() }).strict(),
]);

const SEATED = Object.keys(ClientMessages).filter((n): n is SeatedMessageName => n !== 'table:watch');

/**
 * Every command a table runs (tables/commands.ts). A seated one carries a client message,
 * checked here by that message's own protocol schema (and read as it reads it).
 */
const tableCommand = z
  .discriminatedUnion('type', [
    z
      .object({
        type: z.enum(SEATED as [SeatedMessageName, ...SeatedMessageName[]]),
        by: SeatClaimSchema,
        message: z.unknown(),
        from: z
          .object({ accountId: z.string().min(1).max(64), username: z.string().regex(USERNAME_PATTERN) })
          .strict()
          .optional(),
      })
      .strict(),
    z
      .object({
        type: z.literal('watch'),
        connection: z.string().min(1),
        token: z.string().max(64).optional(),
        accountId: z.string().min(1).max(64).optional(),
        hide: z.array(z.string().min(1).max(64)).optional(),
        lastSeq: z.number().int().min(0).optional(),
        gameId: z.string().max(32).optional(),
      })
      .strict(),
    z.object({ type: z.literal('unwatch'), connection: z.string().min(1) }).strict(),
    z
      .object({
        type: z.literal('join'),
        name: z.string().min(1),
        seat: z.number().int().min(0).max(5).optional(),
        accountId: z.string().min(1).max(64).optional(),
        token: z
          .string()
          .regex(/^[\w-]{43}$/)
          .optional(),
      })
      .strict(),
    z
      .object({
        type: z.literal('adopt'),
        tokenHash: z.string().regex(/^[\w-]{43}$/),
        accountId: z.string().min(1).max(64),
      })
      .strict(),
  ])
  .transform((command, ctx) => {
    if (!('message' in command)) return command;
    const message = ClientMessages[command.type].safeParse(command.message);
    if (message.success) return { ...command, message: message.data };
    for (const issue of message.error.issues)
      ctx.addIssue({ code: 'custom', path: ['message', ...issue.path], message: issue.message });
    return z.NEVER;
  });

/**
 * What one node asks the owner of a table (lobby.ts: `TableRequest`). Each seated
 * command's message is checked by its own schema at run time, which the type of this
 * union cannot follow: hence the cast.
 */
export const TableRequestSchema = z
  .object({ code: tableCode, summary: z.literal(true).optional(), command: tableCommand.optional() })
  .strict()
  .refine((r) => (r.summary === undefined) !== (r.command === undefined), {
    message: 'a request asks for the summary or carries a command',
  }) as unknown as z.ZodType<TableRequest>;

/** A Play now ticket as queued in Redis (play-now-queue.ts). */
export const TicketPayloadSchema: z.ZodType<Ticket> = z
  .object({
    id: z.string().min(16).max(64),
    players: z.number().int().min(2).max(6),
    rated: z.boolean(),
    rounds: z.number().int().min(1).max(50),
    accountId: z.string().min(1).max(64).nullable(),
    rating: z.number().finite(),
    since: z.number().int(),
    blocks: z.array(z.string().min(1).max(64)),
    name: z.string().min(1).max(40),
    address: z.string().max(64),
  })
  .strict();

/** A matched ticket's seat, kept for its followers (play-now-queue.ts). */
export const FoundPayloadSchema: z.ZodType<Found> = z
  .object({ code: tableCode, seat: z.number().int().min(0).max(5), token: z.string().min(1).max(64).optional() })
  .strict();

/** The tickets waiting per queue at the last wave, as [queue, count] pairs. */
export const CountsPayloadSchema = z.array(z.tuple([z.string().max(32), z.number().int().min(0)]));
