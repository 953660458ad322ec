/**
 * `npm run bench:server`: the load benchmark. It starts the real server
 * (`node dist/server/main.js`, fresh SQLite file, loopback only), then simulated players
 * in separate processes (players.ts), holds the games for a fixed window and prints
 * concurrent games, actions per second, acknowledgement and update latency
 * percentiles, and the server's memory per game, as JSON.
 *
 * Options: --games N (1000) --procs P (2) --seconds S (60) --think-ms T (1500)
 * --analyses K (0): before the load, K finished games (one simulated person and three
 * medium bots, --analysis-rounds R rounds, default 3) are played, and their analyses are
 * queued as the measuring window starts, so the window shows live play while analyses run.
 * --turn-clock C (normal): the tables' turn clock (off, relaxed, normal, fast); with the
 * think times used here nobody runs out of time, so `off` against `normal` is the clock's
 * own cost (its stored deadlines), seen in the server's CPU per action.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TURN_CLOCKS, type TurnClock } from '../../src/protocol/clock.js';
import { analysesDone, finishedGames, requestAnalyses } from './analyses.js';
import type { PlayersConfig, PlayersReport } from './players.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..', '..', '..');

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const n = Number(process.argv[i + 1]);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} needs a positive number`);
  return n;
}

const GAMES = option('games', 1000);
const PROCS = option('procs', 2);
const SECONDS = option('seconds', 60);
const THINK_MS = option('think-ms', 1500);
const ANALYSES = process.argv.includes('--analyses') ? option('analyses', 1) : 0;
const ANALYSIS_ROUNDS = option('analysis-rounds', 3);
const TURN_CLOCK = turnClockOption();

function turnClockOption(): TurnClock {
  const i = process.argv.indexOf('--turn-clock');
  const name = i < 0 ? 'normal' : process.argv[i + 1];
  const clock = TURN_CLOCKS.find((c) => c === name);
  if (!clock) throw new Error(`--turn-clock is one of ${TURN_CLOCKS.join(', ')}`);
  return clock;
}

interface Server {
  url: string;
  child: ChildProcess;
}

async function startServer(dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, [path.join(ROOT, 'dist', 'server', 'main.js')], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      // Every simulated player comes from 127.0.0.1: lift the per-address limits.
      HTTP_RATE_PER_MINUTE: '10000000',
      ADDRESS_RATE_PER_SECOND: '10000000',
      MAX_CONNECTIONS_PER_ADDRESS: '1000000',
      MAX_TABLES_PER_ADDRESS: '1000000',
      // The load's tables have no bots; the games made for --analyses need not wait for theirs.
      BOT_DELAY_MS: '0',
      ANALYSIS_QUEUE: String(Math.max(1, ANALYSES)),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (d) => {
      buffered += d;
      const line = buffered.split('\n').find((l) => l.includes('bottle-imp server ready'));
      if (line) resolve(JSON.parse(line).port);
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

async function metrics(url: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line.trim()) continue;
    const i = line.lastIndexOf(' ');
    out.set(line.slice(0, i), Number(line.slice(i + 1)));
  }
  return out;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function summary(samples: number[]): { n: number; p50: number; p90: number; p99: number; max: number } {
  const s = [...samples].sort((a, b) => a - b);
  const r = (x: number) => Math.round(x * 100) / 100;
  return {
    n: s.length,
    p50: r(percentile(s, 50)),
    p90: r(percentile(s, 90)),
    p99: r(percentile(s, 99)),
    max: r(s[s.length - 1] ?? Number.NaN),
  };
}

/** A percentile of the server's own action latency histogram over the window: the bucket it falls in, as "≤ X ms". */
function histogramPercentile(before: Map<string, number>, after: Map<string, number>, name: string, p: number): string {
  const buckets: { le: number; count: number }[] = [];
  for (const [key, value] of after) {
    const m = key.match(new RegExp(`^${name}_bucket\\{le="([^"]+)"\\}$`));
    if (m)
      buckets.push({
        le: m[1] === '+Inf' ? Number.POSITIVE_INFINITY : Number(m[1]),
        count: value - (before.get(key) ?? 0),
      });
  }
  buckets.sort((a, b) => a.le - b.le);
  const total = buckets[buckets.length - 1]?.count ?? 0;
  const hit = buckets.find((b) => b.count >= (p / 100) * total);
  return hit ? `≤ ${hit.le * 1000} ms` : 'n/a';
}

function waitFor<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: { type: string; error?: string }) => {
      if (m.type === type) {
        child.off('message', onMessage);
        resolve(m as T);
      } else if (m.type === 'failed') reject(new Error(m.error));
    };
    child.on('message', onMessage);
  });
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bottle-imp-bench-'));
  const server = await startServer(dataDir);
  const toAnalyse = ANALYSES > 0 ? await finishedGames(server.url, ANALYSES, ANALYSIS_ROUNDS) : [];
  const idle = await metrics(server.url);
  const rampStarted = performance.now();
  const players: ChildProcess[] = [];
  try {
    for (let p = 0; p < PROCS; p++) {
      const share = Math.floor(GAMES / PROCS) + (p < GAMES % PROCS ? 1 : 0);
      const cfg: PlayersConfig = { url: server.url, games: share, thinkMs: THINK_MS, turnClock: TURN_CLOCK };
      players.push(
        fork(path.join(HERE, 'players.js'), [], { env: { ...process.env, BENCH_PLAYERS: JSON.stringify(cfg) } }),
      );
    }
    const ready = await Promise.all(players.map((c) => waitFor<{ games: number }>(c, 'ready')));
    const rampSeconds = (performance.now() - rampStarted) / 1000;
    // Let the games settle into play before measuring.
    await new Promise((r) => setTimeout(r, 5000));
    await requestAnalyses(server.url, toAnalyse);
    const before = await metrics(server.url);
    for (const c of players) c.send({ type: 'measure' });
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const reports = await Promise.all(
      players.map((c) => {
        const got = waitFor<{ report: PlayersReport }>(c, 'report');
        c.send({ type: 'report' });
        return got;
      }),
    );
    const window = (performance.now() - t0) / 1000;
    const analysed = await analysesDone(server.url, toAnalyse);
    const after = await metrics(server.url);
    const actionsServer =
      (after.get('bottle_imp_actions_total{by="human"}') ?? 0) -
      (before.get('bottle_imp_actions_total{by="human"}') ?? 0);
    const cpu = (after.get('process_cpu_seconds_total') ?? 0) - (before.get('process_cpu_seconds_total') ?? 0);
    const held = reports.reduce((n, r) => n + r.report.gamesPlaying, 0);
    const rss = (after.get('process_resident_memory_bytes') ?? 0) - (idle.get('process_resident_memory_bytes') ?? 0);
    const heap = (after.get('nodejs_heap_size_used_bytes') ?? 0) - (idle.get('nodejs_heap_size_used_bytes') ?? 0);
    const opened = ready.reduce((n, r) => n + r.games, 0);
    const result = {
      command: `npm run bench:server -- --games ${GAMES} --procs ${PROCS} --seconds ${SECONDS} --think-ms ${THINK_MS}${TURN_CLOCK !== 'normal' ? ` --turn-clock ${TURN_CLOCK}` : ''}${ANALYSES > 0 ? ` --analyses ${ANALYSES} --analysis-rounds ${ANALYSIS_ROUNDS}` : ''}`,
      analysesQueued: toAnalyse.length,
      analysesDoneAtEnd: analysed,
      machine: `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`,
      gamesOpened: opened,
      connections: after.get('bottle_imp_connections'),
      concurrentGamesHeld: held,
      serverRunningGames: after.get('bottle_imp_running_games'),
      rampUpSeconds: Math.round(rampSeconds * 10) / 10,
      windowSeconds: Math.round(window * 10) / 10,
      actionsPerSecond: Math.round(actionsServer / window),
      refused: reports.reduce((n, r) => n + r.report.refused, 0),
      gamesFinishedInWindow: reports.reduce((n, r) => n + r.report.gamesFinished, 0),
      ackLatencyMs: summary(reports.flatMap((r) => r.report.ackMs)),
      othersUpdateLatencyMs: summary(reports.flatMap((r) => r.report.updateMs)),
      // Inside the server only (receipt of the action to its acknowledgement), from /metrics.
      serverActionLatency: {
        p50: histogramPercentile(before, after, 'bottle_imp_action_latency_seconds', 50),
        p99: histogramPercentile(before, after, 'bottle_imp_action_latency_seconds', 99),
      },
      serverEventLoopLagP99Ms: Math.round((after.get('nodejs_eventloop_lag_p99_seconds') ?? 0) * 1000 * 10) / 10,
      playersEventLoopDelayP99Ms: reports.map((r) => Math.round(r.report.loopDelayP99Ms * 10) / 10),
      serverCpuPercentOfOneCore: Math.round((cpu / window) * 100),
      serverCpuPerActionUs: actionsServer > 0 ? Math.round((cpu / actionsServer) * 1e6) : null,
      machineLoadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10),
      serverMemoryPerGameKB: { rss: Math.round(rss / opened / 1024), heapUsed: Math.round(heap / opened / 1024) },
      serverRssMB: Math.round((after.get('process_resident_memory_bytes') ?? 0) / 1024 / 1024),
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    for (const c of players) c.send({ type: 'stop' });
    await Promise.all(players.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
