/** Server settings, read once from the environment with defaults for `npm start`. */

import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ANALYSIS_DEFAULT_ITERATIONS, HINT_ITERATIONS } from '../analysis/index.js';
import { secretProblem } from '../daily/index.js';
import { type BalancerSlot, parseBalancerSlot } from './cluster/routing.js';
import { type ProxyTrust, proxyTrust } from './http/client-address.js';

/** The largest Socket.IO message or HTTP body by default (MAX_MESSAGE_BYTES); nginx's body limit too. */
export const DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024;
/**
 * Open TCP connections per connecting address by default (MAX_SOCKETS_PER_ADDRESS), and
 * nginx's requests under way per client address: twice the Engine.IO sessions, as a
 * long-polling session holds up to two connections at once.
 */
export const DEFAULT_MAX_SOCKETS_PER_ADDRESS = 512;

export interface Config {
  readonly port: number;
  readonly host: string;
  /** PostgreSQL connection URL; when unset the server keeps its data in SQLite in dataDir. */
  readonly databaseUrl: string | null;
  readonly dataDir: string;
  /** The built web client (dist/web), served at /. */
  readonly webDir: string;
  /** Base delay before a bot plays, so bot moves feel natural; 0 in tests. */
  readonly botDelayMs: number;
  /** Threads for bot turns and hints. */
  readonly botWorkers: number;
  /** Threads for analyses of finished games, at the lowest OS priority (src/server/bots/pool.ts). */
  readonly analysisWorkers: number;
  /** A table with no human connected is closed after this long (its games are kept). */
  readonly closeAfterMs: number;
  /** A new table that no player has opened (followed with its seat token) is closed after this long. */
  readonly unopenedCloseMs: number;
  /** Tables not closed that one address may have created (counted while the process runs). */
  readonly maxTablesPerAddress: number;
  /** Public tables waiting for players that one address may have made on this node. */
  readonly maxPublicTablesPerAddress: number;
  /** Closed tables quiet for this long lose their chat and unfinished games (finished games are kept). */
  readonly retentionMs: number;
  /** How often the retention sweep runs. */
  readonly sweepEveryMs: number;
  /** The SQLite write-ahead log is cut back to this size after checkpoints. */
  readonly walLimitBytes: number;
  readonly httpRatePerMinute: number;
  /** Socket.IO messages per second allowed per connection and per client address. */
  readonly socketRatePerSecond: number;
  readonly addressRatePerSecond: number;
  /** Socket.IO messages per second per bot account, over all its connections (BOT_RATE_PER_SECOND). */
  readonly botRatePerSecond: number;
  /** Engine.IO sessions per client address, counted from the handshake on. */
  readonly maxConnectionsPerAddress: number;
  /**
   * Open TCP connections per address that connected (the socket's, not X-Forwarded-For's:
   * the proxies of TRUST_PROXY are not capped here; nginx caps its clients itself).
   */
  readonly maxSocketsPerAddress: number;
  /**
   * A TCP connection must send a request's headers within this long of opening, and is
   * closed when it stays this long idle between requests (WebSockets and long-polls are
   * not idle: they have sent their request).
   */
  readonly idleConnectionMs: number;
  /** A session must join the namespace, then follow a table, within this long, or it is closed. */
  readonly joinTimeoutMs: number;
  /**
   * How often each signed-in connection's session is checked (SESSION_CHECK_SECONDS): one
   * ended where no node was told (a ban from the command line of a single node) is cut then.
   */
  readonly sessionCheckMs: number;
  /** Largest Socket.IO message or HTTP body accepted, in bytes. */
  readonly maxMessageBytes: number;
  readonly logLevel: string;
  /**
   * The proxies (a balancer in front) whose X-Forwarded-For names the client (TRUST_PROXY);
   * null: none, the client is whoever connected. Every per-address limit counts that client.
   */
  readonly trustProxy: ProxyTrust | null;
  /** The address people reach the server at (e.g. https://imp.example.org), for invite links; else taken from the request. */
  readonly publicUrl: string | null;
  /**
   * Without PUBLIC_URL, the host names (lower case) that a request's Host may name for an
   * invite link built from it, besides this machine's own addresses and localhost.
   */
  readonly allowedHosts: readonly string[];
  /** With it, GET /metrics is also answered to `Authorization: Bearer <token>` from any address (else only from the server's machine). */
  readonly metricsToken: string | null;
  /**
   * SQLite's `synchronous` setting. NORMAL (default) keeps every acknowledged action across
   * a crash of the process; FULL also across a power loss, at about 3.5 ms per action here.
   */
  readonly sqliteSynchronous: 'NORMAL' | 'FULL';
  /** Finished games that may wait to be analysed; more requests are refused (ERR_ANALYSIS_BUSY). */
  readonly analysisQueue: number;
  /** Sampled deals per decision of a server analysis (docs/analysis.md). */
  readonly analysisIterations: number;
  /** Finished games that one client address may have waiting to be analysed (ERR_TOO_MANY_ANALYSES). */
  readonly analysesPerAddress: number;
  /** Sampled deals per hint at the table. */
  readonly hintIterations: number;
  /** Hints per minute per client address (counted per window of a minute: limits/limits.ts; ERR_HINT_BUDGET). */
  readonly hintsPerMinute: number;
  /**
   * Every turn clock's seconds are multiplied by this (TURN_CLOCK_SCALE, default 1): tests
   * and trials run short clocks with, say, 0.05.
   */
  readonly turnClockScale: number;
  /**
   * DAILY_SECRET, under which each day's daily deal is dealt (src/daily/deal.ts); null when
   * unset: then the data folder's (SQLite) or the database's (PostgreSQL), made on the first
   * start (src/server/daily/secret.ts).
   */
  readonly dailySecret: string | null;
  /** Play now: how long a queue waits for people before it starts with bots (PLAY_NOW_WAIT_SECONDS). */
  readonly playNowWaitMs: number;
  /** Cluster mode (docs/deploy.md): set, the node shares its tables with the other nodes on this Redis. */
  readonly cluster: ClusterConfig | null;
}

export interface ClusterConfig {
  readonly redisUrl: string;
  /** This node's name among the nodes, unique (default: host name and process id). */
  readonly nodeId: string;
  /** Every Redis key and channel of the cluster starts with it, so that clusters can share a Redis. */
  readonly redisPrefix: string;
  /** How long a table's ownership lasts unless renewed; renewed every third of it. */
  readonly leaseMs: number;
  /** This node's place among the balancer's servers (BALANCER_SLOT), so that it makes tables routed to itself. */
  readonly balancerSlot: BalancerSlot | null;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(
      `${name} must be a whole number ${max < Number.MAX_SAFE_INTEGER ? `from ${min} to ${max}` : `of at least ${min}`}, not "${raw}"`,
    );
  return n;
}

function scale(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 1;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0 || n > 10)
    throw new Error(`TURN_CLOCK_SCALE must be a number above 0 and at most 10, not "${raw}"`);
  return n;
}

function synchronous(raw: string | undefined): Config['sqliteSynchronous'] {
  const value = (raw || 'NORMAL').toUpperCase();
  if (value !== 'NORMAL' && value !== 'FULL')
    throw new Error(`SQLITE_SYNCHRONOUS must be NORMAL or FULL, not "${raw}"`);
  return value;
}

function publicUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute http(s) address, not "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`PUBLIC_URL must be an http(s) address, not "${raw}"`);
  return url.origin + url.pathname.replace(/\/+$/, '');
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** ALLOWED_HOSTS: host names separated by commas (no ports, schemes or wildcards). */
function allowedHosts(raw: string | undefined): string[] {
  const names = (raw ?? '')
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter((n) => n !== '');
  const bad = names.find((n) => !HOST_NAME.test(n));
  if (bad !== undefined)
    throw new Error(`ALLOWED_HOSTS must list host names separated by commas (e.g. imp.example.org), not "${bad}"`);
  return names;
}

/** DAILY_SECRET as set (long enough to be a secret), or null when it is not set. */
function dailySecret(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  const problem = secretProblem(raw);
  if (problem) throw new Error(problem);
  return raw;
}

/** REDIS_URL turns cluster mode on; several nodes share one database, so it must be PostgreSQL. */
function cluster(env: NodeJS.ProcessEnv): ClusterConfig | null {
  const redisUrl = env.REDIS_URL;
  if (!redisUrl) return null;
  if (!/^rediss?:\/\//.test(redisUrl))
    throw new Error(`REDIS_URL must be a redis:// or rediss:// address, not "${redisUrl}"`);
  if (!env.DATABASE_URL)
    throw new Error(
      'REDIS_URL is set but DATABASE_URL is not: several nodes share one PostgreSQL database, never SQLite',
    );
  const nodeId = env.NODE_ID || `${os.hostname()}-${process.pid}`;
  if (!/^[\w.:-]{1,64}$/.test(nodeId))
    throw new Error(`NODE_ID must be 1 to 64 letters, digits or ._:- characters, not "${nodeId}"`);
  return {
    redisUrl,
    nodeId,
    redisPrefix: env.REDIS_PREFIX || 'bottle-imp:',
    leaseMs: int(env, 'LEASE_MS', 5000, 300, 60_000),
    balancerSlot: parseBalancerSlot(env.BALANCER_SLOT),
  };
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  return {
    port: int(env, 'PORT', 3000, 0, 65535),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    webDir: path.resolve(env.WEB_DIR || path.join(root, 'dist', 'web')),
    botDelayMs: int(env, 'BOT_DELAY_MS', 900),
    botWorkers: int(env, 'BOT_WORKERS', 2, 1),
    analysisWorkers: int(env, 'ANALYSIS_WORKERS', 1, 1),
    closeAfterMs: int(env, 'CLOSE_AFTER_SECONDS', 1800, 1) * 1000,
    unopenedCloseMs: int(env, 'UNOPENED_CLOSE_SECONDS', 120, 1) * 1000,
    maxTablesPerAddress: int(env, 'MAX_TABLES_PER_ADDRESS', 20, 1),
    maxPublicTablesPerAddress: int(env, 'MAX_PUBLIC_TABLES_PER_ADDRESS', 1, 1),
    retentionMs: int(env, 'RETENTION_SECONDS', 30 * 24 * 3600, 1) * 1000,
    sweepEveryMs: int(env, 'SWEEP_SECONDS', 3600, 1) * 1000,
    walLimitBytes: int(env, 'SQLITE_WAL_LIMIT_BYTES', 4 * 1024 * 1024, 0),
    httpRatePerMinute: int(env, 'HTTP_RATE_PER_MINUTE', 600, 1),
    socketRatePerSecond: int(env, 'SOCKET_RATE_PER_SECOND', 20, 1),
    addressRatePerSecond: int(env, 'ADDRESS_RATE_PER_SECOND', 200, 1),
    botRatePerSecond: int(env, 'BOT_RATE_PER_SECOND', 20, 1),
    maxConnectionsPerAddress: int(env, 'MAX_CONNECTIONS_PER_ADDRESS', 256, 1),
    maxSocketsPerAddress: int(env, 'MAX_SOCKETS_PER_ADDRESS', DEFAULT_MAX_SOCKETS_PER_ADDRESS, 1),
    idleConnectionMs: int(env, 'IDLE_CONNECTION_SECONDS', 10, 1, 300) * 1000,
    joinTimeoutMs: int(env, 'JOIN_TIMEOUT_SECONDS', 10, 1) * 1000,
    sessionCheckMs: int(env, 'SESSION_CHECK_SECONDS', 30, 1) * 1000,
    maxMessageBytes: int(env, 'MAX_MESSAGE_BYTES', DEFAULT_MAX_MESSAGE_BYTES, 1024),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: proxyTrust(env.TRUST_PROXY),
    publicUrl: publicUrl(env.PUBLIC_URL),
    allowedHosts: allowedHosts(env.ALLOWED_HOSTS),
    metricsToken: env.METRICS_TOKEN || null,
    sqliteSynchronous: synchronous(env.SQLITE_SYNCHRONOUS),
    analysisQueue: int(env, 'ANALYSIS_QUEUE', 8, 1),
    analysisIterations: int(env, 'ANALYSIS_ITERATIONS', ANALYSIS_DEFAULT_ITERATIONS, 1),
    analysesPerAddress: int(env, 'ANALYSES_PER_ADDRESS', 2, 1),
    hintIterations: int(env, 'HINT_ITERATIONS', HINT_ITERATIONS, 1),
    hintsPerMinute: int(env, 'HINTS_PER_MINUTE', 30, 1),
    turnClockScale: scale(env.TURN_CLOCK_SCALE),
    dailySecret: dailySecret(env.DAILY_SECRET),
    playNowWaitMs: int(env, 'PLAY_NOW_WAIT_SECONDS', 30, 0, 3600) * 1000,
    cluster: cluster(env),
  };
}
