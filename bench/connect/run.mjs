/**
 * Decisions per second a program sustains over `bottle-imp connect` against a server
 * (BENCHMARKS.md, "Bots: bot accounts over connect"): a server table with a bot account in
 * seat 1 played through `connect` by the Node example bot, against the same table with an
 * easy server bot in that seat. A real server on loopback; seats 2 and 3 are easy bots,
 * seat 0 the host's stand-in (it leaves). Measured from the host's updates: the table's
 * decisions per second, and seat 1's turnaround (from the update that asks it to act to the
 * one that shows its action), whose inverse is what the seat sustains.
 *
 *   npm run bench:connect -- [--rounds 8] [--games 3]
 *
 * Prints one JSON line per game, then a summary with the machine, the load and the date.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
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
  // Seat 1's turnaround: asked at `asked` (ms), answered by its pass or card.
  let asked = null;
  let answered = 0;
  let waited = 0;
  host.on('game', (u) => {
    seq = Math.max(seq, u.seq);
    const now = performance.now();
    for (const e of u.events)
      if ((e.type === 'cardPlayed' || e.type === 'passChosen') && e.seat === 1 && asked !== null) {
        waited += now - asked;
        answered++;
        asked = null;
      }
    if (asked === null && u.view.phase !== 'over' && u.view.toAct.includes(1)) asked = now;
  });
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
  return {
    viaConnect,
    actions: seq,
    seconds: Number(seconds.toFixed(2)),
    perSecond: Math.round(seq / seconds),
    seatDecisions: answered,
    seatMs: Number((waited / answered).toFixed(2)),
  };
}

const rows = [];
for (let g = 0; g < GAMES; g++)
  for (const viaConnect of [false, true]) {
    const row = await game(viaConnect);
    rows.push(row);
    console.log(JSON.stringify(row));
  }
const sum = (via, f) => rows.filter((x) => x.viaConnect === via).reduce((s, x) => s + f(x), 0);
const rate = (via) => sum(via, (x) => x.actions) / sum(via, (x) => x.seconds);
/** Seat 1's mean turnaround in ms, over every game of the kind. */
const turnaround = (via) => sum(via, (x) => x.seatMs * x.seatDecisions) / sum(via, (x) => x.seatDecisions);
console.log(
  JSON.stringify({
    rounds: ROUNDS,
    games: GAMES,
    serverBotPerSecond: Math.round(rate(false)),
    connectPerSecond: Math.round(rate(true)),
    ratio: Number((rate(false) / rate(true)).toFixed(2)),
    seatMsServerBot: Number(turnaround(false).toFixed(2)),
    seatMsConnect: Number(turnaround(true).toFixed(2)),
    // What a program sustains through connect when the table waits on nobody else.
    connectSeatPerSecond: Math.round(1000 / turnaround(true)),
    machine: `${cpus().length} × ${cpus()[0]?.model ?? '?'}, Node ${process.version}`,
    loadAverage: loadavg().map((l) => Number(l.toFixed(1))),
    date: new Date().toISOString(),
  }),
);
server.kill('SIGTERM');
