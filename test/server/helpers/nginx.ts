/**
 * nginx in front of test servers: Debian's /usr/sbin/nginx as a child process (not a
 * daemon) with the configuration of src/server/deploy/nginx.ts on a free loopback port,
 * started as `npm run cluster` starts it (src/server/deploy/processes.ts). Without nginx
 * these tests are skipped with a message, except under CI=true, where that fails the run.
 */
import fs from 'node:fs';
import { io } from 'socket.io-client';
import { expect } from 'vitest';
import type { GameUpdate } from '../../../src/protocol/messages.js';
import {
  freePort,
  NGINX,
  type NginxProcess,
  startNginx as startNginxProcess,
} from '../../../src/server/deploy/processes.js';
import { playToEnd } from './client.js';
import type { TestServer } from './server.js';
import { seatTable } from './tables.js';

export { freePort };
export type TestNginx = NginxProcess;

export function nginxAvailable(): boolean {
  if (fs.existsSync(NGINX)) return true;
  const why = `No nginx at ${NGINX}: the tests behind a load balancer are skipped (install it with "apt-get install nginx").`;
  if (process.env.CI === 'true') throw new Error(`${why} Under CI=true a missing nginx fails the run.`);
  console.warn(why);
  return false;
}

export async function startNginx(
  nodePorts: readonly number[],
  site: Parameters<typeof startNginxProcess>[3] = {},
): Promise<TestNginx> {
  return startNginxProcess(
    '127.0.0.1',
    await freePort(),
    nodePorts.map((p) => `127.0.0.1:${p}`),
    site,
  );
}

/**
 * Through a balancer at `front.url`: two people and a bot play a whole game over
 * WebSockets while a spectator follows it over HTTP long-polling (the polling requests
 * must all reach the node holding its session: nginx's sticky routing) to the last step.
 */
export async function playBehindBalancer(front: TestServer): Promise<void> {
  const { code, humans } = await seatTable(front, { players: 3, rounds: 1 }, 2, { level: 'easy' });
  const polling = io(front.url, { transports: ['polling'], reconnection: false, forceNew: true });
  const seen: GameUpdate[] = [];
  polling.on('game', (u: GameUpdate) => seen.push(u));
  const watched = await polling.timeout(10_000).emitWithAck('table:watch', { code });
  expect(watched.ok).toBe(true);
  expect(polling.io.engine.transport.name).toBe('polling');

  await playToEnd(humans);
  const last = humans[0].game!;
  await humans[0].until(() => seen.some((u) => u.seq === last.seq), 'the spectator to see the end');
  expect(seen.at(-1)?.view.phase).toBe('over');
  polling.close();
  for (const h of humans) h.close();
}
