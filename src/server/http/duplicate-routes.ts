/**
 * Duplicate events' API (docs/protocol.md, "Duplicate events"). Players are known as at the
 * daily deal (players.ts): an account, or a guest's browser by its cookie, so a guest may
 * host too, and closes the event from the browser that made it.
 */
import type { FastifyInstance } from 'fastify';
import { CreateDuplicateSchema, DuplicateTableSchema, StartDuplicateSchema } from '../../protocol/duplicate.js';
import type { Accounts } from '../accounts/accounts.js';
import type { Config } from '../config.js';
import type { DuplicateEvents } from '../daily/duplicates.js';
import { parse } from './parse.js';
import { GUEST_NAME, Players } from './players.js';

export interface DuplicateDeps {
  readonly duplicates: DuplicateEvents;
  readonly accounts: Accounts;
  readonly config: Pick<Config, 'publicUrl'>;
}

type Code = { Params: { code: string } };

export function registerDuplicateRoutes(app: FastifyInstance, { duplicates, accounts, config }: DuplicateDeps): void {
  const players = new Players(accounts, config);

  app.post('/api/duplicates', async (req, reply) => {
    const body = parse(CreateDuplicateSchema, req.body ?? {});
    const host = await players.orNew(req, reply, body.host ?? GUEST_NAME);
    return { code: await duplicates.create(host, body) };
  });

  app.get<Code>('/api/duplicates/:code', async (req) => duplicates.read(req.params.code, await players.of(req)));

  app.post<Code>('/api/duplicates/:code/close', async (req) => {
    await duplicates.close(req.params.code, await players.of(req));
    return { ok: true };
  });

  app.post<Code>('/api/duplicates/:code/start', async (req, reply) => {
    const body = parse(StartDuplicateSchema, req.body ?? {});
    const player = await players.orNew(req, reply, body.name ?? GUEST_NAME);
    const at = body.table === undefined ? undefined : { table: body.table, seat: body.seat ?? 0 };
    return duplicates.start(req.params.code, player, req.ip, at);
  });

  app.post<Code>('/api/duplicates/:code/tables', async (req, reply) => {
    const body = parse(DuplicateTableSchema, req.body ?? {});
    const host = await players.orNew(req, reply, body.name ?? GUEST_NAME);
    return duplicates.peopleTable(req.params.code, host, body.seat ?? 0, req.ip);
  });
}
