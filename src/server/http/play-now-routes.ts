/**
 * Play now's API (docs/protocol.md, "Play now"): queue a ticket, and leave the queue. A
 * signed-in player is queued as its account (and may ask for rated play); a guest, unrated,
 * under the name it gives. The ticket is the only key to its place in the queue: it is
 * followed over Socket.IO (`match:follow`) and cancelled by naming it.
 */
import type { FastifyInstance } from 'fastify';
import { CancelPlayNowSchema, type PlayNowReply, PlayNowSchema } from '../../protocol/play-now.js';
import type { Accounts } from '../accounts/accounts.js';
import { mayJoinPeoplesPools } from '../accounts/kind.js';
import { ServerError } from '../errors.js';
import type { PlayNow } from '../play-now/play-now.js';
import { sessionOf } from './account-routes.js';
import { parse } from './parse.js';

/** The name of a guest who gives none. */
const GUEST_NAME = 'Guest';

export interface PlayNowRouteDeps {
  readonly playNow: Pick<PlayNow, 'enqueue' | 'cancel'>;
  readonly accounts: Pick<Accounts, 'current'>;
}

export function registerPlayNowRoutes(app: FastifyInstance, { playNow, accounts }: PlayNowRouteDeps): void {
  app.post('/api/play-now', async (req, reply): Promise<PlayNowReply> => {
    const body = parse(PlayNowSchema, req.body);
    const account = (await accounts.current(sessionOf(req)))?.account ?? null;
    if (account && !mayJoinPeoplesPools(account))
      throw new ServerError('ERR_FORBIDDEN', 'This account cannot play with strangers.', 403);
    const ticket = await playNow.enqueue(
      {
        accountId: account?.id ?? null,
        name: account?.username ?? body.name ?? GUEST_NAME,
        address: req.ip,
      },
      body,
    );
    reply.code(202);
    return { ticket };
  });

  app.delete('/api/play-now', async (req, reply) => {
    const { ticket } = parse(CancelPlayNowSchema, req.body);
    await playNow.cancel(ticket);
    reply.code(204);
  });
}
