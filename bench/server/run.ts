/**
 * `npm run bench:server`: the load benchmark. It starts the real server
 * (`node dist/server/main.js`, fresh SQLite file, loopback only), then simulated players
 * in separate processes (players.ts, driven by load.ts), holds the games for a fixed
 * window and prints concurrent games, actions per second, acknowledgement and update
 * latency percentiles, and the server's memory per game, as JSON.
 *
 * Options: --games N (1000) --procs P (2) --seconds S (60) --think-ms T (1500)
 * --analyses K (0): before the load, K finished games (one simulated person and three
 * medium bots, --analysis-rounds R rounds, default 3) are played, and their analyses are
 * queued as the measuring window starts, so the window shows live play while analyses run.
 * --turn-clock C (normal): the tables' turn clock (off, relaxed, normal, fast); with the
 * think times used here nobody runs out of time, so `off` against `normal` is the clock's
 * own cost (its stored deadlines), seen in the server's CPU per action.
 * --signed-in: a fifth of the seats are signed-in players (accounts and sessions
 * written into the store first: accounts.ts), who take their seats with the cookie and
 * follow their tables without a token. --sign-ins R (0): R password sign-ins a second
 * through the API during the window, beside the games (issue 23's "Measure").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startNode } from '../../src/server/deploy/processes.js';
import { EVENT_LOOP_SAMPLE_MS } from '../../src/server/metrics.js';
import { TURN_CLOCKS, type TurnClock } from '../../src/values/index.js';
import { seedAccounts, signInsBeside } from './accounts.js';
import { analysesDone, finishedGames, requestAnalyses } from './analyses.js';
import { BENCH_NODE_ENV, histogramPercentile, loadFigures, option, ROOT, runLoad } from './load.js';

const GAMES = option('games', 1000);
const PROCS = option('procs', 2);
const SECONDS = option('seconds', 60);
const THINK_MS = option('think-ms', 1500);
const ANALYSES = process.argv.includes('--analyses') ? option('analyses', 1) : 0;
const ANALYSIS_ROUNDS = option('analysis-rounds', 3);
const TURN_CLOCK = turnClockOption();
const SIGNED_IN = process.argv.includes('--signed-in');
const SIGN_INS = process.argv.includes('--sign-ins') ? option('sign-ins', 20) : 0;

function turnClockOption(): TurnClock {
  const i = process.argv.indexOf('--turn-clock');
  const name = i < 0 ? 'normal' : process.argv[i + 1];
  const clock = TURN_CLOCKS.find((c) => c === name);
  if (!clock) throw new Error(`--turn-clock is one of ${TURN_CLOCKS.join(', ')}`);
  return clock;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bottle-imp-bench-'));
  const server = await startNode(
    {
      ...BENCH_NODE_ENV,
      LOG_LEVEL: 'info',
      PORT: '0',
      DATA_DIR: dataDir,
      ANALYSIS_QUEUE: String(Math.max(1, ANALYSES)),
    },
    (line) => {
      if (!line.startsWith('{')) console.error(line);
    },
    path.join(ROOT, 'dist', 'server', 'main.js'),
  );
  try {
    const toAnalyse = ANALYSES > 0 ? await finishedGames(server.url, ANALYSES, ANALYSIS_ROUNDS) : [];
    // Every fifth seat of a process is signed in while sessions last: enough for each process's fifth.
    const seats = SIGNED_IN ? Math.ceil((GAMES * 4) / 5) + PROCS : 0;
    const signInNames = SIGN_INS * 20;
    const seeded = await seedAccounts(dataDir, seats + signInNames);
    let signIns: ReturnType<typeof signInsBeside> | null = null;
    const load = await runLoad({
      urls: [server.url],
      games: GAMES,
      procs: PROCS,
      seconds: SECONDS,
      thinkMs: THINK_MS,
      turnClock: TURN_CLOCK,
      sessions: seeded.sessions.slice(0, seats),
      beforeWindow: async () => {
        await requestAnalyses(server.url, toAnalyse);
        if (SIGN_INS > 0) signIns = signInsBeside(server.url, seeded.names.slice(seats), SIGN_INS);
      },
    });
    const signedInFigures = await (signIns as ReturnType<typeof signInsBeside> | null)?.stop();
    const analysed = await analysesDone(server.url, toAnalyse);
    const [idle] = load.idle;
    const [before] = load.before;
    const [after] = load.after;
    const rss = (after.get('process_resident_memory_bytes') ?? 0) - (idle.get('process_resident_memory_bytes') ?? 0);
    const heap = (after.get('nodejs_heap_size_used_bytes') ?? 0) - (idle.get('nodejs_heap_size_used_bytes') ?? 0);
    const result = {
      command: `npm run bench:server -- --games ${GAMES} --procs ${PROCS} --seconds ${SECONDS} --think-ms ${THINK_MS}${TURN_CLOCK !== 'normal' ? ` --turn-clock ${TURN_CLOCK}` : ''}${ANALYSES > 0 ? ` --analyses ${ANALYSES} --analysis-rounds ${ANALYSIS_ROUNDS}` : ''}${SIGNED_IN ? ' --signed-in' : ''}${SIGN_INS > 0 ? ` --sign-ins ${SIGN_INS}` : ''}`,
      signedInSeats: seats,
      signIns: signedInFigures ?? null,
      analysesQueued: toAnalyse.length,
      analysesDoneAtEnd: analysed,
      machine: `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`,
      connections: after.get('bottle_imp_connections'),
      serverRunningGames: after.get('bottle_imp_running_games'),
      ...loadFigures(load),
      // Inside the server only (receipt of the action to its acknowledgement), from /metrics.
      serverActionLatency: {
        p50: histogramPercentile(before, after, 'bottle_imp_action_latency_seconds', 50),
        p99: histogramPercentile(before, after, 'bottle_imp_action_latency_seconds', 99),
      },
      // The histogram's readings are its sampling period plus the lag: the lag alone.
      serverEventLoopLagP99Ms:
        Math.round(((after.get('nodejs_eventloop_lag_p99_seconds') ?? 0) * 1000 - EVENT_LOOP_SAMPLE_MS) * 10) / 10,
      machineLoadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10),
      serverMemoryPerGameKB: {
        rss: Math.round(rss / load.opened / 1024),
        heapUsed: Math.round(heap / load.opened / 1024),
      },
      serverRssMB: Math.round((after.get('process_resident_memory_bytes') ?? 0) / 1024 / 1024),
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
