/**
 * nginx in front of test servers: Debian's /usr/sbin/nginx as a child process (not a
 * daemon) with the configuration of src/server/deploy/nginx.ts on a free loopback port,
 * started as `npm run cluster` starts it (src/server/deploy/processes.ts). Without nginx
 * these tests are skipped with a message, except under CI=true, where that fails the run.
 */
import fs from 'node:fs';
import {
  freePort,
  NGINX,
  type NginxProcess,
  startNginx as startNginxProcess,
} from '../../../src/server/deploy/processes.js';

export { freePort };
export type TestNginx = NginxProcess;

export function nginxAvailable(): boolean {
  if (fs.existsSync(NGINX)) return true;
  const why = `No nginx at ${NGINX}: the tests behind a load balancer are skipped (install it with "apt-get install nginx").`;
  if (process.env.CI === 'true') throw new Error(`${why} Under CI=true a missing nginx fails the run.`);
  console.warn(why);
  return false;
}

export async function startNginx(nodePorts: readonly number[]): Promise<TestNginx> {
  return startNginxProcess(
    '127.0.0.1',
    await freePort(),
    nodePorts.map((p) => `127.0.0.1:${p}`),
  );
}
