/** Server settings, read once from the environment with defaults for `npm start`. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
  readonly botWorkers: number;
  /** A table with no human connected is closed after this long (its games are kept). */
  readonly closeAfterMs: number;
  readonly httpRatePerMinute: number;
  /** Socket.IO messages per second allowed per connection and per client address. */
  readonly socketRatePerSecond: number;
  readonly addressRatePerSecond: number;
  readonly maxConnectionsPerAddress: number;
  /** Largest Socket.IO message or HTTP body accepted, in bytes. */
  readonly maxMessageBytes: number;
  readonly logLevel: string;
  /**
   * SQLite's `synchronous` setting. NORMAL (default) keeps every acknowledged action across
   * a crash of the process; FULL also across a power loss, at about 3.5 ms per action here.
   */
  readonly sqliteSynchronous: 'NORMAL' | 'FULL';
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be a whole number ${max < Number.MAX_SAFE_INTEGER ? `from ${min} to ${max}` : `of at least ${min}`}, not "${raw}"`);
  return n;
}

function synchronous(raw: string | undefined): Config['sqliteSynchronous'] {
  const value = (raw || 'NORMAL').toUpperCase();
  if (value !== 'NORMAL' && value !== 'FULL') throw new Error(`SQLITE_SYNCHRONOUS must be NORMAL or FULL, not "${raw}"`);
  return value;
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
    closeAfterMs: int(env, 'CLOSE_AFTER_SECONDS', 1800, 1) * 1000,
    httpRatePerMinute: int(env, 'HTTP_RATE_PER_MINUTE', 600, 1),
    socketRatePerSecond: int(env, 'SOCKET_RATE_PER_SECOND', 20, 1),
    addressRatePerSecond: int(env, 'ADDRESS_RATE_PER_SECOND', 200, 1),
    maxConnectionsPerAddress: int(env, 'MAX_CONNECTIONS_PER_ADDRESS', 256, 1),
    maxMessageBytes: int(env, 'MAX_MESSAGE_BYTES', 16 * 1024, 1024),
    logLevel: env.LOG_LEVEL || 'info',
    sqliteSynchronous: synchronous(env.SQLITE_SYNCHRONOUS),
  };
}
