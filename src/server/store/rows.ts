/**
 * Rows read back from a database are checked, not trusted: each store hands its raw rows
 * (snake_case columns, JSON as text or already parsed, 64-bit integers as numbers or
 * strings) to these decoders, which turn them into the Store's row types or throw
 * StoredRowError naming the row. One set of schemas for every store.
 */
import { z } from 'zod';
import { isWideSeed, MODES, type Seed } from '../../engine/index.js';
import { ClientActionSchema } from '../../protocol/messages.js';
import { LEVELS, RATING_POOLS, TABLE_STATUSES, TURN_CLOCKS } from '../../values/index.js';
import {
  type ActionRow,
  type ChatRow,
  type GameRow,
  type SeatRow,
  type TableRow,
  TIMER_KINDS,
  type TimerRow,
} from './store.js';

/** A stored row that does not have the shape the server wrote: a bug or a damaged database. */
export class StoredRowError extends Error {
  constructor(what: string, error: z.ZodError) {
    const issue = error.issues[0];
    super(`stored ${what} is malformed: ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'unknown'}`);
  }
}

/** PostgreSQL returns bigint columns as strings; SQLite returns numbers. */
export const int = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^-?\d+$/)
      .transform(Number),
  ])
  .pipe(z.number().int().refine(Number.isSafeInteger));
export const nullableInt = int.nullable();
/** SQLite stores booleans as 0/1; PostgreSQL has them. */
const bool = z.union([z.boolean(), z.literal(0).transform(() => false), z.literal(1).transform(() => true)]);
/** A JSON column: text in SQLite, already parsed (jsonb) in PostgreSQL. */
export function json<S extends z.ZodType>(schema: S) {
  return z.preprocess((v, ctx) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'not JSON' });
      return z.NEVER;
    }
  }, schema);
}

const players = z.literal([2, 3, 4, 5, 6]);
const byRounds = z.object({ players, mode: z.enum(MODES), rounds: z.number().int().min(1) }).strict();
const byTarget = z.object({ players, mode: z.enum(MODES), targetScore: z.number().int().min(1) }).strict();
const optionsSchema = z.union([byRounds, byTarget]);
// A table stored before the coach option or the turn clock existed has them off.
const tableExtras = {
  public: z.boolean(),
  turnSeconds: z.number().int().min(1),
  coach: z.boolean().default(false),
  turnClock: z.enum(TURN_CLOCKS).default('off'),
  daily: z.iso.date().optional(),
  // Absent: not rated (and tables stored before ratings were not).
  rated: z.boolean().optional(),
  duplicate: z.string().optional(),
};
const settingsSchema = z.union([byRounds.extend(tableExtras), byTarget.extend(tableExtras)]);
const seat = z.number().int().min(0).max(5);
/** An engine action as stored: the client's action plus the seat it was taken for. */
const [clientPlay, clientPass] = ClientActionSchema.options;
export const actionSchema = z.union([clientPlay.extend({ seat }), clientPass.extend({ seat })]);
const botLevel = z.enum(LEVELS);

const tableSchema = z.object({
  code: z.string().min(1),
  settings: json(settingsSchema),
  host: int,
  status: z.enum(TABLE_STATUSES),
  game_id: z.string().nullable(),
  created_at: int,
  version: int,
});
const seatSchema = z.object({
  seat: int,
  name: z.string().nullable(),
  token_hash: z.string().nullable(),
  bot: botLevel.nullable(),
  away: bool,
  account_id: z.string().nullable().optional(),
  bot_account: bool.optional(),
});
/** Who was who as a rated game started (ratings/rated-game.ts's RatedStart). */
const ratedStartSchema = z.object({
  pool: z.enum(RATING_POOLS),
  seats: z.array(
    z.union([
      z.object({ account: z.string().min(1) }).strict(),
      z.object({ anchor: botLevel }).strict(),
      z.object({ unrated: z.literal(true) }).strict(),
    ]),
  ),
});
const gameSchema = z.object({
  id: z.string().min(1),
  table_code: z.string(),
  options: json(optionsSchema),
  seed: int,
  wide_seed: z.string().refine(isWideSeed, 'not a wide seed').nullable(),
  names: json(z.array(z.string())),
  bots: json(z.array(botLevel.nullable())),
  bot_accounts: json(z.array(z.boolean())),
  status: z.enum(['running', 'finished', 'abandoned']),
  started_at: int,
  finished_at: nullableInt,
  // Games stored before ratings have no such column: unrated.
  rated: json(ratedStartSchema.nullable()).optional(),
});
const actionRowSchema = z.object({ seq: int, action: json(actionSchema), by_bot: bool, at: int });
const chatSchema = z.object({
  table_code: z.string(),
  game_id: z.string().nullable(),
  seat: int,
  name: z.string(),
  text: z.string().nullable(),
  reaction: z.string().nullable(),
  at: int,
  account_id: z.string().nullable(),
});
const timerSchema = z.object({ table_code: z.string(), kind: z.enum(TIMER_KINDS), seat: int, deadline: int });

export function decode<S extends z.ZodType>(schema: S, what: string, raw: unknown): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new StoredRowError(what, parsed.error);
  return parsed.data;
}

/** `created_at` → `createdAt`, as a type. */
type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;
/** A row's fields named as the Store's types name them. */
export type Camelized<T> = { [K in keyof T as K extends string ? Camel<K> : K]: T[K] };

/**
 * A decoder of rows whose columns are the fields of the Store's type in snake_case: checked
 * by `schema` (columns it does not name are dropped), then renamed.
 */
export function camelRows<S extends z.ZodObject>(schema: S, what: string): (raw: unknown) => Camelized<z.output<S>> {
  return (raw) => {
    const row = decode(schema, what, raw) as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(row).map(([column, value]) => [
        column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
        value,
      ]),
    ) as Camelized<z.output<S>>;
  };
}

export function decodeTable(raw: unknown): TableRow {
  const t = decode(tableSchema, 'table', raw);
  return {
    code: t.code,
    settings: t.settings,
    host: t.host,
    status: t.status,
    gameId: t.game_id,
    createdAt: t.created_at,
    version: t.version,
  };
}

export function decodeSeat(raw: unknown): SeatRow {
  const s = decode(seatSchema, 'seat', raw);
  const seat = { seat: s.seat, name: s.name, tokenHash: s.token_hash, bot: s.bot, away: s.away };
  const held = s.account_id ? { ...seat, accountId: s.account_id } : seat;
  return s.bot_account ? { ...held, botAccount: true } : held;
}

/** How a seed is kept (migration 7): a wide seed in \`wide_seed\` with 0 in \`seed\`, a 32-bit one in \`seed\` alone. */
export function seedColumns(seed: Seed): { seed: number; wide_seed: string | null } {
  return typeof seed === 'string' ? { seed: 0, wide_seed: seed } : { seed, wide_seed: null };
}

export function decodeGame(raw: unknown): GameRow {
  const g = decode(gameSchema, 'game', raw);
  return {
    id: g.id,
    tableCode: g.table_code,
    options: g.options,
    seed: g.wide_seed ?? g.seed,
    names: g.names,
    bots: g.bots,
    // Games from before migration 15 stored none.
    botAccounts: g.names.map((_, seat) => g.bot_accounts[seat] === true),
    status: g.status,
    startedAt: g.started_at,
    finishedAt: g.finished_at,
    ...(g.rated ? { rated: g.rated } : {}),
  };
}

export function decodeAction(raw: unknown): ActionRow {
  const a = decode(actionRowSchema, 'action', raw);
  return { seq: a.seq, action: a.action, byBot: a.by_bot, at: a.at };
}

export function decodeChat(raw: unknown): ChatRow {
  const c = decode(chatSchema, 'chat message', raw);
  return {
    tableCode: c.table_code,
    gameId: c.game_id,
    seat: c.seat,
    name: c.name,
    text: c.text,
    reaction: c.reaction,
    at: c.at,
    accountId: c.account_id,
  };
}

export function decodeTimer(raw: unknown): TimerRow {
  const t = decode(timerSchema, 'timer', raw);
  return { tableCode: t.table_code, kind: t.kind, seat: t.seat, deadline: t.deadline };
}

/** A row of analysis_requests: the game waiting to be analysed. */
export function decodeAnalysisRequest(raw: unknown): string {
  return decode(z.object({ game_id: z.string().min(1) }), 'analysis request', raw).game_id;
}
