/**
 * Blocks and reports (docs/protocol.md, "Blocks and reports"), for signed-in players
 * only: the list of players the account blocks, blocking and unblocking one by name
 * (`PUT`/`DELETE`, the same answer however often), and reporting one with a reason. Like
 * every signed-in change, each write must come from our Origin (guard.ts checkOrigin).
 */
import type { FastifyInstance } from 'fastify';
import { type BlocksReply, ReportSchema, USERNAME_PATTERN } from '../../protocol/accounts.js';
import type { Accounts } from '../accounts/accounts.js';
import type { Moderation } from '../accounts/moderation.js';
import { ServerError } from '../errors.js';
import type { Limiters } from '../limits/limits.js';
import { sessionOf } from './account-routes.js';
import { parse } from './parse.js';

export interface ModerationRouteDeps {
  readonly accounts: Accounts;
  readonly moderation: Moderation;
  readonly limits: Pick<Limiters, 'reports'>;
}

/** The player a path names; a name no account could have is no player, without asking the store. */
function named(params: unknown): string {
  const { username } = params as { username: string };
  if (!USERNAME_PATTERN.test(username))
    throw new ServerError('ERR_NO_PLAYER', 'There is no player with that name.', 404);
  return username;
}

export function registerModerationRoutes(
  app: FastifyInstance,
  { accounts, moderation, limits }: ModerationRouteDeps,
): void {
  app.get('/api/me/blocks', async (req): Promise<BlocksReply> => {
    const { account } = await accounts.mustBeSignedIn(sessionOf(req));
    return { blocked: await moderation.blocked(account) };
  });

  app.put('/api/me/blocks/:username', async (req, reply) => {
    const { account } = await accounts.mustBeSignedIn(sessionOf(req));
    await moderation.block(account, named(req.params));
    reply.code(204);
  });

  app.delete('/api/me/blocks/:username', async (req, reply) => {
    const { account } = await accounts.mustBeSignedIn(sessionOf(req));
    await moderation.unblock(account, named(req.params));
    reply.code(204);
  });

  app.post('/api/players/:username/reports', async (req, reply) => {
    const { account } = await accounts.mustBeSignedIn(sessionOf(req));
    const { reason } = parse(ReportSchema, req.body);
    const username = named(req.params);
    if (!(await limits.reports.take(account.id))) {
      reply.header('retry-after', 3600);
      throw new ServerError('ERR_RATE_LIMITED', 'Too many reports from this account. Wait an hour.', 429);
    }
    await moderation.report(account, username, reason);
    reply.code(204);
  });
}
