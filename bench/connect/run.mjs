/**
 * Decisions per second of a server table with a bot account played through `bottle-imp
 * connect` (the Node example bot), against the same table with a server bot in that seat
 * (BENCHMARKS.md, "Bots: bot accounts over connect"). A real server on loopback; seat 1 is
 * the seat measured, seats 2 and 3 are easy bots, seat 0 the host's stand-in (it leaves).
 *
 *   node bench/connect/run.mjs [--rounds 8] [--games 3]
 *
 * Needs `npm run build` (dist/). Prints one JSON line per game and a summary.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { io } from 'socket.io-client';

const { values } = parseArgs({ options: { rounds: { type: 'string' }, games: { type: 'string' } } });
const ROUNDS = Number(values.rounds ?? 8);
const GAMES = Number(values.games ?? 3);
const dataDir = mkdtempSync(join(tmpdir(), 'bottle-imp-bench-connect-'));
const env = { ...process.env, DATA_DIR: dataDir };

const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: {
    ...env,
    PORT: '0',
    HOST: '127.0.0.1',
    BOT_DELAY_MS: '0',
    BOT_WORKERS: '1',
    // The measure is the protocol's cost, not the message limits'.
    BOT_RATE_PER_SECOND: '100000',
    SOCKET_RATE_PER_SECOND: '100000',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise((resolve) => {
  let out = '';
  server.stdout.on('data', (d) => {
    out += d;
    const line = out.split('\n').find((l) => l.includes('bottle-imp server ready'));
    if (line) resolve(`http://127.0.0.1:${JSON.parse(line).port}`);
  });
});
const token = execFileSync(process.execPath, ['dist/cli/main.js', 'admin', 'bot', 'BenchBot'], { env })
  .toString()
  .trim()
  .split('\n')
  .at(-1);

/** One game; `viaConnect`: seat 1 is the bot account through connect, else an easy server bot. Returns actions and seconds. */
async function game(viaConnect) {
  const created = await fetch(`${url}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Host', options: { players: 4, rounds: ROUNDS, turnClock: 'off' } }),
  });
  const { code, token: seatToken } = await created.json();
  const host = io(url, { transports: ['websocket'] });
  const call = (name, m) => new Promise((resolve) => host.emit(name, m, resolve));
  let table = (await call('table:watch', { code, token: seatToken })).table;
  host.on('table', (t) => (table = t));
  let seq = 0;
  host.on('game', (u) => (seq = Math.max(seq, u.seq)));
  let bridge = null;
  if (viaConnect) {
    await call('seat:invite', { seat: 1, name: 'BenchBot' });
    bridge = spawn(
      process.execPath,
      [
        'dist/cli/main.js',
        'connect',
        '--server',
        url,
        '--token',
        token,
        '--games',
        '1',
        ...(process.env.VERBOSE ? ['--verbose'] : []),
        '--',
        'node',
        'examples/node/random-bot.mjs',
      ],
      { stdio: 'inherit' },
    );
    while (!table.seats[1].connected) await new Promise((r) => setTimeout(r, 20));
  } else await call('seat:bot', { seat: 1, level: 'easy' });
  for (const seat of [2, 3]) await call('seat:bot', { seat, level: 'easy' });
  const started = performance.now();
  await call('table:start', {});
  await call('table:leave', {});
  while (table.status !== 'finished') await new Promise((r) => setTimeout(r, 5));
  const seconds = (performance.now() - started) / 1000;
  if (bridge) await new Promise((r) => bridge.once('exit', r));
  host.close();
  return { viaConnect, actions: seq, seconds: Number(seconds.toFixed(2)), perSecond: Math.round(seq / seconds) };
}

const rows = [];
for (let g = 0; g < GAMES; g++)
  for (const viaConnect of [false, true]) {
    const row = await game(viaConnect);
    rows.push(row);
    console.log(JSON.stringify(row));
  }
const rate = (via) => {
  const r = rows.filter((x) => x.viaConnect === via);
  return r.reduce((s, x) => s + x.actions, 0) / r.reduce((s, x) => s + x.seconds, 0);
};
console.log(
  JSON.stringify({
    rounds: ROUNDS,
    games: GAMES,
    serverBotPerSecond: Math.round(rate(false)),
    connectPerSecond: Math.round(rate(true)),
    ratio: Number((rate(false) / rate(true)).toFixed(2)),
  }),
);
server.kill('SIGTERM');
