/**
 * The whole server on one port: the HTTP API, Socket.IO and the web client. Built from
 * its parts here so that tests and the benchmark start exactly what `npm start` runs.
 */
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { LogController } from 'fastify';
import { Server } from 'socket.io';
import { Accounts } from './accounts/accounts.js';
import { Moderation } from './accounts/moderation.js';
import { Passkeys } from './accounts/passkeys.js';
import { AnalysisQueue } from './analysis/queue.js';
import { BotPool } from './bots/pool.js';
import { systemClock } from './clock.js';
import { ClusterBroadcaster } from './cluster/broadcaster.js';
import { ClusterNode } from './cluster/node.js';
import type { Config } from './config.js';
import { DailyDeals } from './daily/daily.js';
import { DuplicateEvents } from './daily/duplicates.js';
import { dailySecretOf } from './daily/secret.js';
import { within } from './deadline.js';
import { registerAccountRoutes } from './http/account-routes.js';
import { clientAddress } from './http/client-address.js';
import { ConnectionCap, connectionTimeouts } from './http/connections.js';
import { dealtGameGuard, registerDailyRoutes } from './http/daily-routes.js';
import { registerDuplicateRoutes } from './http/duplicate-routes.js';
import { clientErrorReply, registerErrorReplies } from './http/errors.js';
import { checkOrigin, limitRequests, registerHeaders } from './http/guard.js';
import { registerModerationRoutes } from './http/moderation-routes.js';
import { registerMySeatsRoutes } from './http/my-seats-routes.js';
import { registerPasskeyRoutes } from './http/passkey-routes.js';
import { registerPlayNowRoutes } from './http/play-now-routes.js';
import { registerPlayerRoutes } from './http/player-routes.js';
import { registerRoutes } from './http/routes.js';
import { registerStatic } from './http/static.js';
import { limiters } from './limits/limits.js';
import { type Counts, Metrics } from './metrics.js';
import { PlayNow } from './play-now/play-now.js';
import { LocalQueue } from './play-now/queue.js';
import { LiveConnections } from './realtime/live-accounts.js';
import { SessionLimits } from './realtime/sessions.js';
import { type IoServer, Realtime, RoomBroadcaster, TicketBroadcaster } from './realtime/socket.js';
import { startRetention } from './retention.js';
import { openStore } from './store/open.js';
import { Lobby, LocalCreationCap } from './tables/lobby.js';

/**
 * How long each step of a graceful stop may take (ms): about eleven seconds in all, whatever
 * the database and Redis do (docs/deploy.md). A step not done by then is left unfinished:
 * a table's queue not drained keeps what it had stored, a lease not released runs out.
 */
const STOP_MS = { connections: 1500, tables: 3000, handover: 3000, threads: 1000, store: 1000 };

/** How long a single node's claim on an analysis request lasts unrenewed (a cluster uses LEASE_MS). */
const SINGLE_NODE_CLAIM_MS = 5000;

export interface RunningServer {
  readonly port: number;
  /** Graceful stop: no new connections, every table's queue drained, the store closed. */
  close(): Promise<void>;
}

export async function startServer(config: Config): Promise<RunningServer> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: config.maxMessageBytes,
    logController: new LogController({ disableRequestLogging: true }),
    // Behind a balancer (TRUST_PROXY) `req.ip` is the client it names; sockets use the same rule (addressOf).
    trustProxy: config.trustProxy ?? false,
    ...connectionTimeouts(config),
    clientErrorHandler: clientErrorReply,
  });
  const addressOf = (req: IncomingMessage) => clientAddress(req, config.trustProxy);
  const store = await openStore(config, (e) => app.log.warn({ err: e }, 'an idle database connection was lost'));
  // In a cluster (REDIS_URL) the nodes share tables through Redis; else this process has them all.
  const cluster = config.cluster ? await ClusterNode.connect(config.cluster, store, app.log) : null;
  const dailySecret = await dailySecretOf(config, store);
  const pool = new BotPool(config.botWorkers, config.analysisWorkers);
  // In a cluster Engine.IO sessions are counted per address over every node.
  const sessions = new SessionLimits(config, addressOf, cluster?.sessions(config.maxConnectionsPerAddress));
  const io: IoServer = new Server(app.server, {
    ...sessions.serverOptions(),
    ...(cluster ? { adapter: cluster.adapter() } : {}),
  });
  // A session replaced by a reconnection is closed by whichever node holds it.
  io.on('session:replaced', (id) => sessions.closeHere(id));
  sessions.attach(io, cluster && ((id) => io.serverSideEmit('session:replaced', id)));
  const counts: Counts = {
    openTables: (): number => lobby.openTables(),
    runningGames: (): number => lobby.runningGames(),
    connections: (): number => io.engine.clientsCount,
    ...(cluster ? { unsentBroadcasts: () => cluster.unsentBroadcasts() } : {}),
  };
  const metrics = new Metrics(counts);
  // The balancer's connections carry every client: nginx caps those per client instead.
  const trusted = config.trustProxy;
  new ConnectionCap(
    config.maxSocketsPerAddress,
    (address) => trusted?.(address, 0) ?? false,
    metrics.refusedConnections,
    app.log,
  ).attach(app.server);
  const gateway = cluster && new ClusterBroadcaster(io, cluster, app.log);
  const lobby: Lobby = new Lobby(
    {
      store,
      pool,
      config,
      metrics,
      log: app.log,
      out: gateway ?? new RoomBroadcaster(io),
      clock: systemClock,
      dailySecret,
    },
    cluster ? cluster.creationCap(config.maxTablesPerAddress) : new LocalCreationCap(config.maxTablesPerAddress),
    cluster,
  );
  const accounts = new Accounts(store, Date.now);
  const limits = limiters(config, cluster && ((name, limit, whileAway) => cluster.limiter(name, limit, whileAway)));
  // Signed-in connections: their account's blocks, and cut when its sessions end (on every node).
  const live: LiveConnections = new LiveConnections(
    io,
    accounts,
    store,
    cluster?.accountsEnded((id, code) => live.cutHere(id, code)) ?? null,
  );
  live.start(config.sessionCheckMs, (e) => app.log.warn({ err: e }, 'signed-in connections not checked'));
  const moderation = new Moderation(store, live, Date.now);
  // Play now's queue: in this node's memory, or in a cluster in Redis (one node leads each wave).
  const playNow = new PlayNow(
    {
      queue: cluster ? cluster.playNowQueue() : new LocalQueue(systemClock),
      lobby,
      ratings: store,
      blocks: (id) => store.blockedBy(id),
      clock: systemClock,
      waitMs: config.playNowWaitMs,
      log: app.log,
    },
    new TicketBroadcaster(io),
  );
  const realtime = new Realtime(
    io,
    lobby,
    config,
    metrics,
    app.log,
    addressOf,
    limits,
    live,
    accounts,
    playNow,
    cluster,
  );
  const analyses = new AnalysisQueue(
    store,
    pool,
    config.analysisQueue,
    config.analysesPerAddress,
    config.analysisIterations,
    app.log,
    {
      // One node without a cluster: its claims are those of any earlier process on the same data.
      node: config.cluster?.nodeId ?? 'single',
      leaseMs: config.cluster?.leaseMs ?? SINGLE_NODE_CLAIM_MS,
    },
  );

  const daily = new DailyDeals(lobby, store, dailySecret, Date.now, analyses);
  const duplicates = new DuplicateEvents(lobby, store, dailySecret, Date.now);

  registerErrorReplies(app);
  await registerHeaders(app, config);
  // The API in a context of its own, so that its rate limit leaves the static files alone.
  await app.register(async (api) => {
    limitRequests(api, limits.api, limits.apiWindowSeconds);
    checkOrigin(api, config);
    registerRoutes(api, {
      lobby,
      store,
      metrics,
      config,
      analyses,
      accounts,
      redis: cluster && (() => cluster.healthy()),
      dealtGuard: dealtGameGuard({ daily, duplicates, accounts, config }),
    });
    registerAccountRoutes(api, { accounts, store, limits, config, moderation, live });
    registerModerationRoutes(api, { accounts, moderation, limits });
    registerMySeatsRoutes(api, { accounts, lobby, store });
    registerPasskeyRoutes(api, { accounts, passkeys: new Passkeys(store, accounts, Date.now), limits, config });
    registerDailyRoutes(api, { daily, accounts, config });
    registerDuplicateRoutes(api, { duplicates, accounts, config });
    registerPlayerRoutes(api, { store });
    registerPlayNowRoutes(api, { playNow, accounts });
  });
  if (fs.existsSync(config.webDir)) await registerStatic(app, config.webDir);
  else app.log.warn({ webDir: config.webDir }, 'no web client built; serving the API only');

  const resumed = await lobby.resumeAll();
  const analysesResumed = await analyses.resume();
  if (cluster && gateway) await cluster.start(lobby, gateway);
  const retention = startRetention(store, config, app.log, Date.now);
  playNow.start();
  await app.listen({ port: config.port, host: config.host });
  const port = (app.server.address() as AddressInfo).port;
  app.log.info({ port, resumed, analysesResumed }, 'bottle-imp server ready');

  return {
    port,
    async close() {
      realtime.stop();
      playNow.stop();
      live.stop();
      cluster?.stopTaking();
      analyses.stop();
      retention.stop();
      /** Every step has a clock, so that a stop ends whatever PostgreSQL and Redis do; a late step is logged and left. */
      const step = (work: Promise<unknown>, ms: number, what: string) =>
        within(work, ms, what).catch((e) => app.log.warn({ err: e }, `stopping: ${what} failed`));
      // This node's connections only (through the adapter, io.disconnectSockets would close every node's).
      io.local.disconnectSockets(true);
      await step(new Promise<void>((resolve) => io.close(() => resolve())), STOP_MS.connections, 'closing connections');
      await step(app.close(), STOP_MS.connections, 'closing the HTTP server');
      await step(lobby.shutdown(), STOP_MS.tables, "draining the tables' queues");
      // Hands this node's tables over: other nodes take them at once.
      if (cluster) await cluster.stop(STOP_MS.handover);
      await step(pool.close(), STOP_MS.threads, 'ending the bot threads');
      await step(store.close(), STOP_MS.store, 'closing the store');
    },
  };
}
