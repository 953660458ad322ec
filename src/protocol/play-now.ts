/**
 * Play now's part of the protocol (docs/protocol.md, "Play now"): the HTTP bodies the server
 * takes (zod schemas) and its replies (types). The Socket.IO messages about a ticket,
 * `match:follow`, `match:found` and `match:waiting`, are among the others in messages.ts.
 * Clients import only the types.
 */
import { z } from 'zod';
import { DisplayNameSchema, TicketSchema } from './messages.js';

/** The messages about a ticket, written beside the other server messages (messages.ts). */
export type { MatchFound, MatchWaiting } from './messages.js';

/** POST /api/play-now: what the player wants to play; a guest may give the name it is seated under. */
export const PlayNowSchema = z
  .object({
    players: z.number().int().min(2).max(6),
    rated: z.boolean(),
    rounds: z.number().int().min(1).max(50),
    name: DisplayNameSchema.optional(),
  })
  .strict();
export type PlayNowRequest = z.infer<typeof PlayNowSchema>;

/** DELETE /api/play-now: the ticket that leaves the queue. */
export const CancelPlayNowSchema = z.object({ ticket: TicketSchema }).strict();

/** POST /api/play-now's reply (202). */
export interface PlayNowReply {
  readonly ticket: string;
}
