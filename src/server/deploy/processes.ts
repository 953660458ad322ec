/**
 * Server nodes and nginx as child processes on this machine: what `npm run cluster`
 * (cluster.ts), the cluster benchmark and the tests' nginx start. A node is
 * `node dist/server/main.js` with its settings in the environment, ready when it logs
 * "bottle-imp server ready"; nginx runs in the foreground (`daemon off`) with the
 * configuration of nginx.ts and its files in a temporary folder.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type NginxSite, nginxConfig } from './nginx.js';

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'main.js');

/** How long a node may take to start (migrations, Redis, port). */
const READY_MS = 60_000;

export const NGINX = process.env.NGINX || '/usr/sbin/nginx';

export interface NodeProcess {
  readonly port: number;
  readonly url: string;
  readonly child: ChildProcess;
  /** SIGTERM (a graceful stop); resolves on exit. */
  stop(): Promise<void>;
  /** SIGKILL (a crash); resolves on exit. */
  kill(): Promise<void>;
}

/** A free TCP port on loopback (as the system hands them out). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Start one node with `env` over this process's environment; resolves once it is ready.
 * `onLine` gets every line it writes (its pino log and any error), e.g. to print them.
 * `main`: the server's entry point (default: the build's dist/server/main.js next to this file).
 * `nodeArgs`: options for Node itself (e.g. `--cpu-prof` to profile a benchmark's nodes).
 */
export function startNode(
  env: Record<string, string>,
  onLine: (line: string) => void = () => undefined,
  main = MAIN,
  nodeArgs: readonly string[] = [],
): Promise<NodeProcess> {
  const child = spawn(process.execPath, [...nodeArgs, main], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let ready = false;
    const lines = (stream: NodeJS.ReadableStream) => {
      let buffered = '';
      stream.on('data', (d) => {
        buffered += d;
        const complete = buffered.split('\n');
        buffered = complete.pop()!;
        for (const line of complete) {
          onLine(line);
          if (!ready && line.includes('bottle-imp server ready')) {
            ready = true;
            const port = JSON.parse(line).port as number;
            resolve({
              port,
              url: `http://127.0.0.1:${port}`,
              child,
              async stop() {
                if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
                await exited;
              },
              async kill() {
                if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
                await exited;
              },
            });
          }
        }
      });
    };
    lines(child.stdout!);
    lines(child.stderr!);
    exited.then(() => {
      if (!ready) reject(new Error(`the node exited with ${child.exitCode} before it was ready`));
    });
    // It logs "ready" at level info: a higher LOG_LEVEL, or a node that hangs, ends here.
    setTimeout(() => {
      if (ready) return;
      child.kill('SIGKILL');
      reject(new Error(`the node was not ready after ${READY_MS / 1000} s (LOG_LEVEL must let info through)`));
    }, READY_MS).unref();
  });
}

export interface NginxProcess {
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess;
  /** Graceful stop (SIGQUIT); removes its folder. */
  stop(): Promise<void>;
}

/**
 * nginx on `host:port` in front of `nodes` (host:port each), with the limits of `site`
 * (nginx.ts's defaults otherwise); resolves once it accepts connections.
 */
export async function startNginx(
  host: string,
  port: number,
  nodes: readonly string[],
  site: Pick<NginxSite, 'maxConnectionsPerAddress' | 'maxBodyBytes'> = {},
): Promise<NginxProcess> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'bottle-imp-nginx-'));
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig({ listen: `${host}:${port}`, nodes, prefix, ...site }));
  const child = spawn(NGINX, ['-p', prefix, '-c', conf, '-e', path.join(prefix, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  child.once('error', (e) => (err += String(e)));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await accepts(host, port))) {
    if (child.exitCode !== null || child.signalCode !== null || err.includes('ENOENT') || Date.now() > deadline) {
      child.kill('SIGKILL');
      const log = path.join(prefix, 'error.log');
      throw new Error(`nginx did not start: ${err}${fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : ''}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://${host}:${port}`,
    port,
    child,
    async stop() {
      // SIGQUIT: nginx's graceful shutdown.
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      await exited;
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, host);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}
