/**
 * Duplicate events' part of the HTTP API (docs/protocol.md, "Duplicate events"): the bodies
 * the server takes (zod schemas) and the replies it gives (types). Clients import only the types.
 */
import { z } from 'zod';
import { MODES } from '../engine/index.js';
import { MAX_DUPLICATE_HANDS } from '../values/index.js';
import { DisplayNameSchema, typedText } from './messages.js';

/** POST /api/duplicates: a new event. A guest host may give the name entrants see (an account shows its username). */
export const CreateDuplicateSchema = z
  .object({
    players: z.number().int().min(2).max(6),
    mode: z.enum(MODES).default('individual'),
    hands: z.number().int().min(1).max(MAX_DUPLICATE_HANDS),
    name: typedText(40),
    host: DisplayNameSchema.optional(),
  })
  .strict();
export type CreateDuplicate = z.infer<typeof CreateDuplicateSchema>;

/**
 * POST /api/duplicates/:code/start: an entry. Alone (no `table`): seat 1 (0) against the
 * event's bots. At a table of people the host opened (`table`): the seat asked for.
 */
export const StartDuplicateSchema = z
  .object({
    name: DisplayNameSchema.optional(),
    table: z
      .string()
      .regex(/^[A-Za-z0-9]{1,16}$/)
      .optional(),
    seat: z.number().int().min(0).max(5).optional(),
  })
  .strict();

/** POST /api/duplicates/:code/tables: a table of people, the host at the seat asked for (the first when not given). */
export const DuplicateTableSchema = z
  .object({ name: DisplayNameSchema.optional(), seat: z.number().int().min(0).max(5).optional() })
  .strict();

/** POST /api/duplicates. */
export interface CreatedDuplicate {
  readonly code: string;
}

/** The table of an entry, new or begun already, its seat and the seat's token (the same on every resume). */
export interface DuplicateSeat {
  readonly code: string;
  readonly seat: number;
  readonly token: string;
}

/** One finished entry's line in the results. */
export interface DuplicateEntryResult {
  readonly name: string;
  /** The seat whose cards it held (from 0). */
  readonly seat: number;
  /** A guest's entry: unverified (one per browser). */
  readonly guest: boolean;
  /** The asker's own entry. */
  readonly yours: boolean;
  /** Points on each hand. */
  readonly points: readonly number[];
  /** Matchpoints on each hand, against the entries that held the same cards. */
  readonly matchpoints: readonly number[];
  /** Sums over the hands. */
  readonly totalPoints: number;
  readonly totalMatchpoints: number;
  /** 1 for the most matchpoints (then the most points); equal ones share a rank (1, 2, 2, 4). */
  readonly rank: number;
}

/** GET /api/duplicates/:code. */
export interface DuplicateEvent {
  readonly code: string;
  readonly name: string;
  readonly players: number;
  readonly mode: string;
  readonly hands: number;
  readonly status: 'open' | 'closed';
  /** The host's name. */
  readonly host: string;
  /** The asker hosts the event (may close it and open tables of people). */
  readonly youHost: boolean;
  /** Entries begun, finished or not. */
  readonly entries: number;
  /** The asker's entries: each seat held, and whether its game is over. */
  readonly yours: readonly { readonly seat: number; readonly table: string; readonly finished: boolean }[];
  /** Finished entries, best first; null until the asker has finished an entry or the event is closed. */
  readonly results: readonly DuplicateEntryResult[] | null;
}
