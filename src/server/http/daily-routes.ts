/**
 * The daily deal's API (docs/protocol.md, "The daily deal"). A signed-in player is their
 * account; a guest is their browser, known by the guest cookie (players.ts): one attempt
 * per browser, ranked apart from accounts and unverified.
 */
import type { FastifyInstance } from 'fastify';
import { DailyStartSchema } from '../../protocol/daily.js';
import type { Accounts } from '../accounts/accounts.js';
import type { Config } from '../config.js';
import { type DailyDeals, MAX_RESULTS } from '../daily/daily.js';
import { ServerError } from '../errors.js';
import { parse } from './parse.js';
import { GUEST_NAME, Players } from './players.js';

export interface DailyDeps {
  readonly daily: DailyDeals;
  readonly accounts: Accounts;
  readonly config: Pick<Config, 'publicUrl'>;
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
}

/** `?limit=`: 1 to MAX_RESULTS, MAX_RESULTS when not given. */
function resultLimit(raw: string | undefined): number {
  if (raw === undefined) return MAX_RESULTS;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > MAX_RESULTS)
    throw new ServerError('ERR_BAD_REQUEST', `limit must be a whole number from 1 to ${MAX_RESULTS}.`);
  return n;
}
