/**
 * The HTTP API (docs/protocol.md): tables, seats, finished games and their records,
 * debugging views, health and metrics. Bodies are validated by the protocol's zod
 * schemas; every refusal is `{ error: { code, message } }` and never a stack trace.
 */
import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import os from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type CreateTableReply,
  CreateTableSchema,
  type JoinTableReply,
  JoinTableSchema,
} from '../../protocol/messages.js';
import { recordOf } from '../../record/index.js';
import type { Accounts } from '../accounts/accounts.js';
import type { AnalysisQueue } from '../analysis/queue.js';
import type { Config } from '../config.js';
import { ServerError } from '../errors.js';
import { GameOwner } from '../game-owner/owner.js';
import { hashToken } from '../ids.js';
import type { Metrics } from '../metrics.js';
import type { GameLog, GameRow, StoreUpkeep, TableStore } from '../store/store.js';
import type { Lobby } from '../tables/lobby.js';
import { sessionOf } from './account-routes.js';
import type { DealtGameGuard } from './daily-routes.js';
import { finishedGame, namedAsGame } from './game-replies.js';
import { parse } from './parse.js';

/** What the routes read: games, a table's seats (a player's own view) and the database's health. */
type RouteStore = GameLog & Pick<TableStore, 'loadTable'> & Pick<StoreUpkeep, 'ping'>;

export interface HttpDeps {
  readonly lobby: Lobby;
  readonly store: RouteStore;
  readonly metrics: Metrics;
  readonly config: Config;
  readonly analyses: AnalysisQueue;
  /** Who a request's session cookie signs in: their seats belong to the account. */
  readonly accounts: Accounts;
  /** In a cluster: whether this node has Redis now (for /healthz). */
  readonly redis: (() => boolean) | null;
  /**
   * A daily deal's or a duplicate event's game gives its deals away: read as their results
   * are, until the day is over or the event closed only by those who have finished there.
   */
  readonly dealtGuard: DealtGameGuard;
}

export function registerRoutes(
  app: FastifyInstance,
  { lobby, store, metrics, config, analyses, accounts, redis, dealtGuard }: HttpDeps,
): void {
  /** The signed-in account's id, if the request carries a running session. */
  const accountOf = async (req: FastifyRequest) => (await accounts.current(sessionOf(req)))?.account.id;

  // For the load balancer: a node that cannot reach its database (or, in a cluster, Redis) says so (503).
  app.get('/healthz', async (_req, reply) => {
    const database = await store.ping();
    if (!redis) {
      if (!database) reply.code(503);
      return { ok: database, database };
    }
    const reachable = redis();
    if (!database || !reachable) reply.code(503);
    return { ok: database && reachable, database, redis: reachable };
  });

  app.get('/metrics', async (req, reply) => {
    if (!mayReadMetrics(req, config.metricsToken))
      throw new ServerError(
        'ERR_FORBIDDEN',
        'Metrics are served to the server’s own machine, or with the metrics token.',
        403,
      );
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });

  app.post('/api/tables', async (req, reply): Promise<CreateTableReply> => {
    const body = parse(CreateTableSchema, req.body);
    const { table, token } = await lobby.create(body.name, body.options, req.ip, await accountOf(req));
    reply.code(201);
    return { code: table.code, seat: 0, token, invite: inviteLink(config, req, table.code) };
  });

  app.get('/api/tables', async () => lobby.publicLobbies());

  app.get<{ Params: { code: string } }>('/api/tables/:code', async (req) => lobby.summary(req.params.code));

  app.post<{ Params: { code: string } }>('/api/tables/:code/seats', async (req, reply): Promise<JoinTableReply> => {
    const body = parse(JoinTableSchema, req.body);
    const joined = await lobby.handle(req.params.code, {
      type: 'join',
      name: body.name,
      seat: body.seat,
      accountId: await accountOf(req),
    });
    reply.code(201);
    return joined;
  });

  app.get<{ Params: { code: string } }>('/api/tables/:code/games', async (req) => {
    const code = await lobby.mustExist(req.params.code);
    const games = await store.finishedGames(code);
    return { games: games.map(finishedGame) };
  });

  // Who played a finished game, as the table showed them: the replay names seats as the table did.
  app.get<{ Params: { id: string } }>('/api/games/:id', async (req) =>
    finishedGame(await mustGetFinishedGame(store, req.params.id)),
  );

  // The record holds every hand, so it is only given out once the game is over (a daily
  // deal's or a duplicate event's as its results are: dealtGuard).
  app.get<{ Params: { id: string } }>('/api/games/:id/record', async (req) => {
    const row = await mustGetFinishedGame(store, req.params.id);
    await dealtGuard(req, row);
    const owner = await GameOwner.restore(row, store);
    return recordOf(owner.engineGame, row.names);
  });

  // The analysis of a finished game (docs/analysis.md): asked for once, computed in the
  // background, kept with the game.
  app.post<{ Params: { id: string } }>('/api/games/:id/analysis', async (req, reply) => {
    const row = await mustGetAnalysableGame(store, req.params.id);
    await dealtGuard(req, row);
    const status = await analyses.request(row, req.ip);
    reply.code(status.status === 'done' ? 200 : 202);
    return namedAsGame(status, row);
  });

  app.get<{ Params: { id: string } }>('/api/games/:id/analysis', async (req) => {
    const row = await mustGetAnalysableGame(store, req.params.id);
    await dealtGuard(req, row);
    return namedAsGame(await analyses.status(row.id), row);
  });

  // For debugging tools: a seat's view with its token (header x-seat-token), else the spectators'
  // view. Built from what is stored, never from the table's engine cache: that applies an
  // action before the store has it (and a write may still fail), so it can be ahead.
  app.get<{ Params: { id: string } }>('/api/games/:id/view', async (req) => {
    const row = await mustGetGame(store, req.params.id);
    const token = req.headers['x-seat-token'];
    let seat: number | null = null;
    if (typeof token === 'string') {
      const hash = hashToken(token);
      seat = (await store.loadTable(row.tableCode))?.seats.find((s) => s.tokenHash === hash)?.seat ?? null;
      if (seat === null) throw new ServerError('ERR_BAD_TOKEN', 'This seat token is not valid at this table.', 403);
    } else await dealtGuard(req, row);
    const stored = await GameOwner.restore(row, store);
    return { gameId: row.id, seq: stored.seq, view: stored.view(seat) };
  });
}

async function mustGetGame(store: GameLog, id: string): Promise<GameRow> {
  const row = id.length <= 32 ? await store.loadGame(id) : null;
  if (!row) throw new ServerError('ERR_NO_GAME', `There is no game ${id.slice(0, 32)}.`, 404);
  return row;
}

/** A finished game for the record and its players (an unfinished one's record would hold every hand). */
async function mustGetFinishedGame(store: GameLog, id: string): Promise<GameRow> {
  const row = await mustGetGame(store, id);
  if (row.status !== 'finished')
    throw new ServerError('ERR_GAME_NOT_FINISHED', 'The record of a game is available once the game is over.', 409);
  return row;
}

/** A finished game for the analysis routes (whose contract names the missing game ERR_NOT_FOUND). */
async function mustGetAnalysableGame(store: GameLog, id: string): Promise<GameRow> {
  const row = id.length <= 32 ? await store.loadGame(id) : null;
  if (!row) throw new ServerError('ERR_NOT_FOUND', `There is no game ${id.slice(0, 32)}.`, 404);
  if (row.status !== 'finished')
    throw new ServerError('ERR_GAME_NOT_FINISHED', 'A game can be analysed once it is over.', 409);
  return row;
}

/**
 * The web client's link to a table (it routes by the URL hash): under PUBLIC_URL when set.
 * Else under the request's Host (X-Forwarded-Host from a trusted proxy) only when that
 * names this machine or an ALLOWED_HOSTS name, so that a forged Host never makes a link
 * to someone else's site; otherwise relative, for the client to resolve against the
 * address it used (the web client builds its links from its own location anyway).
 */
function inviteLink(config: Config, req: FastifyRequest, code: string): string {
  const path = `/#/t/${code}`;
  if (config.publicUrl) return config.publicUrl + path;
  if (isOwnHost(req.host, config.allowedHosts)) return `${req.protocol}://${req.host}${path}`;
  untrustedHosts.note(req, req.host);
  return path;
}

/**
 * Whether a Host (name or address, and a port) is localhost, one of this machine's
 * addresses, or a name ALLOWED_HOSTS lists; anything else in it (a path, a user) is not.
 */
function isOwnHost(host: string, allowed: readonly string[]): boolean {
  const parts = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9.-]+))(?::\d{1,5})?$/i.exec(host);
  if (!parts) return false;
  const name = (parts[1] ?? parts[2]).toLowerCase();
  if (name === 'localhost' || allowed.includes(name)) return true;
  if (!isIP(name)) return false;
  return Object.values(os.networkInterfaces()).some((addresses) => addresses?.some((a) => a.address === name));
}

/** Each Host that got a relative link is logged once (at most this many are remembered). */
const untrustedHosts = {
  seen: new Set<string>(),
  note(req: FastifyRequest, host: string): void {
    if (this.seen.has(host) || this.seen.size >= 1000) return;
    this.seen.add(host);
    req.log.warn(
      { host },
      'invite links for this Host are relative: it is not this machine nor in ALLOWED_HOSTS (set PUBLIC_URL or ALLOWED_HOSTS)',
    );
  },
};

/** The server's own machine (a local Prometheus or health agent), or whoever shows the token. */
function mayReadMetrics(req: FastifyRequest, token: string | null): boolean {
  if (req.ip === '127.0.0.1' || req.ip === '::1' || req.ip === '::ffff:127.0.0.1') return true;
  const shown = req.headers.authorization;
  if (!token || typeof shown !== 'string') return false;
  const [want, got] = [Buffer.from(`Bearer ${token}`), Buffer.from(shown)];
  return want.length === got.length && timingSafeEqual(want, got);
}
