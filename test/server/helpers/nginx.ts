/**
 * nginx in front of test servers: Debian's /usr/sbin/nginx as a child process (not a
 * daemon) with the configuration of src/server/deploy/nginx.ts, its files in a temporary
 * folder, on a free loopback port. Without nginx these tests are skipped with a message,
 * except under CI=true, where that fails the run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { nginxConfig } from '../../../src/server/deploy/nginx.js';

export const NGINX = process.env.NGINX || '/usr/sbin/nginx';

export function nginxAvailable(): boolean {
  if (fs.existsSync(NGINX)) return true;
  const why = `No nginx at ${NGINX}: the tests behind a load balancer are skipped (install it with "apt-get install nginx").`;
  if (process.env.CI === 'true') throw new Error(`${why} Under CI=true a missing nginx fails the run.`);
  console.warn(why);
  return false;
}

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

export interface TestNginx {
  readonly url: string;
  readonly port: number;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

export async function startNginx(nodePorts: readonly number[]): Promise<TestNginx> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'bottle-imp-nginx-'));
  const port = await freePort();
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(
    conf,
    nginxConfig({ listen: `127.0.0.1:${port}`, nodes: nodePorts.map((p) => `127.0.0.1:${p}`), prefix }),
  );
  const child = spawn(NGINX, ['-p', prefix, '-c', conf, '-e', path.join(prefix, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await answers(port))) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(
        `nginx did not start: ${err}${fs.existsSync(path.join(prefix, 'error.log')) ? fs.readFileSync(path.join(prefix, 'error.log'), 'utf8') : ''}`,
      );
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    process: child,
    async stop() {
      // SIGQUIT: nginx's graceful shutdown.
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}
