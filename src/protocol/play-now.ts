/**
 * Play now's part of the protocol (docs/protocol.md, "Play now"): the HTTP bodies the server
 * takes (zod schemas) and the Socket.IO messages it sends about a ticket (types). The
 * `match:follow` message is among the client messages (messages.ts). Clients import only the types.
 */
import { z } from 'zod';
import { DisplayNameSchema, TicketSchema } from './messages.js';

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
