/**
 * `npm run bench:sign-in`: what a password costs (src/server/accounts/passwords.ts). The
 * time of one Argon2id hash and one verification, one after another (so one core works at
 * a time), and the event loop's delay (p50, p99, max) while sign-ins arrive at --rate R a
 * second (20) for --seconds S (10), each a verification on libuv's thread pool, beside a
 * loop that measures only itself. Prints one JSON object.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { checkPassword, hashPassword } from '../../src/server/accounts/passwords.js';
import { wholeOption } from '../options.js';

const RATE = wholeOption('rate', 20);
const SECONDS = wholeOption('seconds', 10);
const SAMPLES = 20;

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))];
const ms = (n: number) => Math.round(n * 10) / 10;

async function timed(work: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return times;
}

const hashes = await timed(() => hashPassword('violet-otter-marmalade'));
const stored = await hashPassword('violet-otter-marmalade');
const verifies = await timed(() => checkPassword(stored, 'violet-otter-marmalade'));

const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
const started = performance.now();
const pending: Promise<boolean>[] = [];
let answered = 0;
await new Promise<void>((resolve) => {
  const tick = setInterval(() => {
    pending.push(
      checkPassword(stored, 'violet-otter-marmalade').then((ok) => {
        answered++;
        return ok;
      }),
    );
    if (performance.now() - started >= SECONDS * 1000) {
      clearInterval(tick);
      resolve();
    }
  }, 1000 / RATE);
});
await Promise.all(pending);
delay.disable();

console.log(
  JSON.stringify({
    hashMs: { p50: ms(quantile(hashes, 0.5)), p90: ms(quantile(hashes, 0.9)) },
    verifyMs: { p50: ms(quantile(verifies, 0.5)), p90: ms(quantile(verifies, 0.9)) },
    signIns: { perSecond: RATE, seconds: SECONDS, answered },
    loopDelayMs: {
      p50: ms(delay.percentile(50) / 1e6),
      p99: ms(delay.percentile(99) / 1e6),
      max: ms(delay.max / 1e6),
    },
  }),
);
