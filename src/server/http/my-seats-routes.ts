/**
 * The seats of an account (docs/protocol.md, "Seats of an account"): a guest who signs in
 * keeps the seats this browser holds (their tokens move them to the account), and every
 * device lists the account's tables to return to.
 */
import type { FastifyInstance } from 'fastify';
import { type KeepSeatsReply, KeepSeatsSchema, type MyTablesReply } from '../../protocol/accounts.js';
import type { Accounts } from '../accounts/accounts.js';
import { publicError, ServerError } from '../errors.js';
import { hashToken } from '../ids.js';
import type { AccountStore } from '../store/store.js';
import type { Lobby } from '../tables/lobby.js';
import { sessionOf } from './account-routes.js';
import { parse } from './parse.js';

export interface MySeatsDeps {
  readonly accounts: Accounts;
  readonly lobby: Lobby;
  readonly store: Pick<AccountStore, 'seatsOfAccount'>;
}

export function registerMySeatsRoutes(app: FastifyInstance, { accounts, lobby, store }: MySeatsDeps): void {
  app.post('/api/me/seats', async (req): Promise<KeepSeatsReply> => {
    const body = parse(KeepSeatsSchema, req.body);
    const { account } = await accounts.mustBeSignedIn(sessionOf(req));
    const moved: { code: string; seat: number }[] = [];
    const refused: KeepSeatsReply['refused'][number][] = [];
    // One table at a time: each seat moves in its own table's queue (on whichever node owns it).
    for (const { code, token } of body.seats) {
      try {
        const { seat } = await lobby.handle(code.toUpperCase(), {
          type: 'adopt',
          tokenHash: hashToken(token),
          accountId: account.id,
        });
        moved.push({ code: code.toUpperCase(), seat });
      } catch (e) {
        if (!(e instanceof ServerError)) req.log.error({ err: e }, 'moving a seat to an account failed');
        refused.push({ code: code.toUpperCase(), error: publicError(e).code });
      }
    }
    return { moved, refused };
  });

  // Also for a bot account's program, by its bearer token: the tables it was invited to.
  app.get('/api/me/tables', async (req): Promise<MyTablesReply> => {
    const account = await accounts.mustBeAccount(sessionOf(req), req.headers.authorization);
    return { tables: await store.seatsOfAccount(account.id) };
  });
}
