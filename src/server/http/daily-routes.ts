/**
 * The daily deal's API (docs/protocol.md, "The daily deal"). A signed-in player is their
 * account; a guest is their browser, known by the guest cookie (players.ts): one attempt
 * per browser, ranked apart from accounts and unverified. The same player is asked for by
 * the routes that give out a game (`dealtGameGuard`): a game of deals everyone plays alike
 * is read as their results are, a daily game of a day not over yet and a game of an open
 * duplicate event only by those who have finished there.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DailyStartSchema } from '../../protocol/daily.js';
import type { Accounts } from '../accounts/accounts.js';
import type { Config } from '../config.js';
import { type DailyDeals, MAX_RESULTS } from '../daily/daily.js';
import type { DuplicateEvents } from '../daily/duplicates.js';
import { ServerError } from '../errors.js';
import type { GameRow } from '../store/store.js';
import { parse } from './parse.js';
import { GUEST_NAME, Players } from './players.js';

export interface DailyDeps {
  readonly daily: DailyDeals;
  readonly accounts: Accounts;
  readonly config: Pick<Config, 'publicUrl'>;
}

/**
 * For the routes that give out a game: a daily deal's or a duplicate event's game is read
 * as its results are (ERR_NOT_FINISHED to whoever may not read those yet); others pass.
 */
export type DealtGameGuard = (req: FastifyRequest, game: GameRow) => Promise<void>;

export function dealtGameGuard({
  daily,
  duplicates,
  accounts,
  config,
}: DailyDeps & { readonly duplicates: DuplicateEvents }): DealtGameGuard {
  const players = new Players(accounts, config);
  return async (req, game) => {
    const player = await players.of(req);
    await daily.mustMayRead(game, player);
    await duplicates.mustMayRead(game, player);
  };
}

export function registerDailyRoutes(app: FastifyInstance, { daily, accounts, config }: DailyDeps): void {
  const players = new Players(accounts, config);

  app.get('/api/daily', async () => daily.summary());

  app.post('/api/daily/start', async (req, reply) => {
    const body = parse(DailyStartSchema, req.body ?? {});
    return daily.start(await players.orNew(req, reply, body.name ?? GUEST_NAME), req.ip);
  });

  app.get<{ Params: { date: string }; Querystring: { limit?: string } }>('/api/daily/:date/results', async (req) => {
    const limit = resultLimit(req.query.limit);
    return daily.results(req.params.date, await players.of(req), limit);
  });

  app.get<{ Params: { date: string }; Querystring: { game?: string } }>('/api/daily/:date/choices', async (req) => {
    const { game } = req.query;
    if (game !== undefined && (typeof game !== 'string' || game.length > 32))
      throw new ServerError('ERR_BAD_REQUEST', 'game names one game of the day’s results.');
    return daily.choices(req.params.date, await players.of(req), game);
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
