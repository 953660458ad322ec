/**
 * The daily deal's API (docs/protocol.md, "The daily deal"). A signed-in player is their
 * account; a guest is their browser, known by the guest cookie `bi_daily` (a random id,
 * HttpOnly, set on their first start): one attempt per browser, ranked apart from
 * accounts and unverified, since a browser can always start afresh. The same player is
 * asked for by the routes that give out a game (`dailyGameGuard`): a daily game of a day
 * not over yet only to those who have finished it.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DailyStartSchema } from '../../protocol/daily.js';
import type { Accounts } from '../accounts/accounts.js';
import type { Config } from '../config.js';
import { type DailyDeals, type DailyPlayer, MAX_RESULTS } from '../daily/daily.js';
import { ServerError } from '../errors.js';
import { hashToken } from '../ids.js';
import type { GameRow } from '../store/store.js';
import { sessionOf } from './account-routes.js';
import { parse } from './parse.js';
import { cookieAttributes, cookieOf, MAX_AGE_SECONDS } from './session-cookie.js';

export const GUEST_COOKIE = 'bi_daily';
const GUEST_ID = /^[A-Za-z0-9_-]{43}$/;
/** The name of a guest who gives none. */
const GUEST_NAME = 'Guest';

export interface DailyDeps {
  readonly daily: DailyDeals;
  readonly accounts: Accounts;
  readonly config: Pick<Config, 'publicUrl'>;
}

/** The request's player: its account, else the guest of its cookie (null when it has none). */
async function playerOf(accounts: Accounts, req: FastifyRequest, guestName = GUEST_NAME): Promise<DailyPlayer | null> {
  const account = (await accounts.current(sessionOf(req)))?.account;
  if (account) return { key: `account:${account.id}`, accountId: account.id, name: account.username };
  const guest = cookieOf(req.headers.cookie, GUEST_COOKIE);
  if (guest === null || !GUEST_ID.test(guest)) return null;
  return { key: `guest:${hashToken(guest)}`, accountId: null, name: guestName };
}

/** For the routes that give out a game: refuses a daily game of a day not over to whoever has not finished it. */
export type DailyGameGuard = (req: FastifyRequest, game: GameRow) => Promise<void>;

export function dailyGameGuard({ daily, accounts }: Pick<DailyDeps, 'daily' | 'accounts'>): DailyGameGuard {
  return async (req, game) => daily.mustMayRead(game, await playerOf(accounts, req));
}

export function registerDailyRoutes(app: FastifyInstance, { daily, accounts, config }: DailyDeps): void {
  /** A guest without the cookie gets one now: this browser's attempts are its from here on. */
  const newGuest = (reply: FastifyReply, name: string): DailyPlayer => {
    const id = randomBytes(32).toString('base64url');
    reply.header('set-cookie', `${GUEST_COOKIE}=${id}; Max-Age=${MAX_AGE_SECONDS}; ${cookieAttributes(config)}`);
    return { key: `guest:${hashToken(id)}`, accountId: null, name };
  };

  app.get('/api/daily', async () => daily.summary());

  app.post('/api/daily/start', async (req, reply) => {
    const body = parse(DailyStartSchema, req.body ?? {});
    const name = body.name ?? GUEST_NAME;
    const player = (await playerOf(accounts, req, name)) ?? newGuest(reply, name);
    return daily.start(player, req.ip);
  });

  app.get<{ Params: { date: string }; Querystring: { limit?: string } }>('/api/daily/:date/results', async (req) => {
    const limit = resultLimit(req.query.limit);
    return daily.results(req.params.date, await playerOf(accounts, req), limit);
  });

  app.get<{ Params: { date: string }; Querystring: { game?: string } }>('/api/daily/:date/choices', async (req) => {
    const { game } = req.query;
    if (game !== undefined && (typeof game !== 'string' || game.length > 32))
      throw new ServerError('ERR_BAD_REQUEST', 'game names one game of the day’s results.');
    return daily.choices(req.params.date, await playerOf(accounts, req), game);
  });
}

/** `?limit=`: 1 to MAX_RESULTS, MAX_RESULTS when not given. */
function resultLimit(raw: string | undefined): number {
  if (raw === undefined) return MAX_RESULTS;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > MAX_RESULTS)
    throw new ServerError('ERR_BAD_REQUEST', `limit must be a whole number from 1 to ${MAX_RESULTS}.`);
  return n;
}
