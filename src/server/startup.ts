/**
 * Checks made before the server touches anything, and start-up failures as one line.
 * The data folder is created only after the port is known to be free, so a server that
 * cannot start leaves nothing behind.
 */
import fs from 'node:fs';
import net from 'node:net';
import type { Config } from './config.js';

/** A start-up problem whose message is already the one line to print. */
export class StartupError extends Error {}

/** Fails with a StartupError if DATA_DIR cannot be a folder or the port cannot be listened on. */
export async function checkStartable(config: Config): Promise<void> {
  if (config.databaseUrl === null) checkDataDir(config.dataDir);
  await checkPort(config.host, config.port);
}

function checkDataDir(dir: string): void {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dir);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return; // created when the store opens
    if (code === 'ENOTDIR') throw new StartupError(`DATA_DIR ${dir} cannot be a folder: part of its path is a file`);
    throw new StartupError(`DATA_DIR ${dir} cannot be read (${code ?? (e as Error).message})`);
  }
  if (!stat.isDirectory()) throw new StartupError(`DATA_DIR ${dir} is a file, not a folder`);
}

/** Listens on the port for a moment, so "in use" is found before any file is created. */
function checkPort(host: string, port: number): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (e: NodeJS.ErrnoException) => reject(new StartupError(listenProblem(e, host, port))));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

function listenProblem(e: NodeJS.ErrnoException, host: string, port: number): string {
  switch (e.code) {
    case 'EADDRINUSE':
      return `port ${port} on ${host} is already in use (is another server running? set PORT to a free port)`;
    case 'EACCES':
      return `not allowed to listen on port ${port} (ports below 1024 need privileges; set PORT to another port)`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `HOST ${host} is not an address of this machine`;
    default:
      return `cannot listen on ${host}:${port} (${e.code ?? e.message})`;
  }
}

/** Any start-up failure as one line: our own sentences as they are, anything else by its message. */
export function startupProblem(e: unknown): string {
  if (e instanceof StartupError) return e.message;
  const message = e instanceof Error ? e.message : String(e);
  return message.split('\n')[0];
}
