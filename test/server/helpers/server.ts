/**
 * A real server for tests: `node dist/server/main.js` as a child process on a free
 * loopback port, with its own SQLite file in a temporary DATA_DIR.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const MAIN = path.join(ROOT, 'dist', 'server', 'main.js');

export interface TestServer {
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  readonly process: ChildProcess;
  /** Everything the server wrote to stderr and stdout so far. */
  output(): string;
  /** Graceful stop (SIGTERM); resolves with the exit code. */
  stop(): Promise<number | null>;
  /** Crash it (SIGKILL). */
  kill(): Promise<void>;
}

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'bottle-imp-test-'));
}

export async function startServer(env: Record<string, string> = {}, dataDir = tempDataDir()): Promise<TestServer> {
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: run "npm run build" first`);
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      BOT_DELAY_MS: '0',
      BOT_WORKERS: '1',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (d) => {
      out += d;
      buffered += d;
      for (const line of buffered.split('\n')) {
        if (!line.includes('bottle-imp server ready')) continue;
        resolve(JSON.parse(line).port);
      }
      buffered = buffered.slice(buffered.lastIndexOf('\n') + 1);
    });
    exited.then((code) => reject(new Error(`server exited with ${code} before it was ready:\n${out}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    process: child,
    output: () => out,
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** An HTTP request from a given loopback address (fetch cannot choose one), answered as text. */
export function requestFrom(
  server: TestServer,
  from: string,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        localAddress: from,
        method,
        path: url,
        headers: data ? { 'content-type': 'application/json', ...headers } : headers,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

export async function api<T = unknown>(
  server: Pick<TestServer, 'url'>,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(server.url + url, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: (text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T,
  };
}
