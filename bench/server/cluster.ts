/**
 * `npm run bench:cluster`: the 4-player load of bench:server (load.ts, players.ts) on one
 * node with SQLite, then on clusters of 2 and 3 nodes on PostgreSQL + Redis, one after
 * the other on this machine. Table g is made on node g % N, which owns it. Its four seats
 * connect to that node, as the balancer routes a table's players (docs/deploy.md: nginx
 * hashes the table code, and a node makes only codes that hash to itself), or, in the
 * setups marked `s`, to the nodes in turn: the worst case, where most actions arrive at a
 * node that does not own their table and are forwarded, and every update crosses Redis.
 * For each: games held, actions per second, acknowledgement and update
 * latency, and the CPU of all nodes together per accepted action, with its ratio to the
 * single node's from the same run (target: at most 1.3×).
 *
 * Options: --games N (400) --procs P (2) --seconds S (60) --think-ms T (1500) --nodes "1,2,3"
 * (1: one node on SQLite; 1c: a cluster of one node, so PostgreSQL and Redis without any
 * forwarding; N: a cluster of N nodes; Ns: the same with seats spread; Ni: N separate
 * SQLite nodes, no cluster, a control for what N processes on this machine cost by themselves)
 * --idle-seconds I (15): each setup's idle CPU (heartbeats, lease renewals, timers) is
 * measured for I seconds before its tables open, and CPU per action is also given above it.
 * --settle-seconds W (45): how long the nodes are left to settle after they start, before
 * their idle CPU is measured (a node's first half-minute costs more than its idle later).
 * --repeat K (1): run the list of --nodes K times over, interleaved (1,3,1,3,… for
 * `--nodes 1,3 --repeat 2`; listing a setup twice in --nodes interleaves as well), so one
 * noisy run does not decide. A cluster run's `cpuPerActionVsSingleNode` is against the mean
 * of all single-node runs of the invocation; `…VsPairedSingleNode` against the single-node
 * run just before it (or, if none ran before, the first after), and `ratios` gathers, per
 * setup, every run's paired ratio with their mean, lowest and highest. Each run also gives
 * `yardstickCpuMicros`: the CPU time of a fixed piece of work timed during its window
 * (canary.ts), which tells a slower machine apart from a dearer setup.
 *
 * --soak: instead, games that end, for --seconds (default 600) on one node and then on a
 * 3-node cluster: --games (default 100) tables at a time play one-round games (--rounds,
 * default 1) at a think time of --think-ms (default 500); when a game ends its people leave
 * (the last one out closes the table) and a new table takes its place. Each node's RSS
 * and V8 heap are read every 5 s and reported every minute beside the games finished so
 * far (the heap at the minute and its floor, the lowest read in that minute: the heap
 * after its last collection, free of the garbage collector's sawtooth), with the slope of
 * each against games finished after --warmup-seconds (default 120): MB per 1,000 games.
 */
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFigures, metrics, option, runLoad, total, waitFor } from './load.js';
import { type BenchNodes, cluster, SINGLE_SQLITE, separateSqlite, singleSqlite } from './nodes.js';
import { MemoryTrace } from './soak.js';

const SOAK = process.argv.includes('--soak');
const GAMES = option('games', SOAK ? 100 : 400);
const PROCS = option('procs', 2);
const SECONDS = option('seconds', SOAK ? 600 : 60);
const THINK_MS = option('think-ms', SOAK ? 500 : 1500);
/** The soak's game length and how long memory may settle before its slope is taken. */
const ROUNDS = SOAK ? option('rounds', 1) : undefined;
const WARMUP_SECONDS = option('warmup-seconds', 120);
/** The nodes' idle CPU is measured this long before the load, and told apart from the load's. */
const IDLE_SECONDS = option('idle-seconds', 15);
const SETTLE_SECONDS = option('settle-seconds', 45);
const i = process.argv.indexOf('--nodes');
/** "1" is one node on SQLite; "1c" a cluster of one node (PostgreSQL + Redis, nothing forwarded); N a cluster of N; Ns with spread seats; Ni N separate SQLite nodes. */
const LISTED = (i < 0 ? (SOAK ? '1,3' : '1,1c,3,3s') : process.argv[i + 1]).split(',');
const REPEAT = option('repeat', 1);
const SETUPS = Array.from({ length: REPEAT }, () => LISTED).flat();

const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;

async function memory(nodes: BenchNodes): Promise<{ rssMB: number[]; heapUsedMB: number[] }> {
  const all = await Promise.all(nodes.urls.map(metrics));
  return {
    rssMB: all.map((m) => mb(m.get('process_resident_memory_bytes') ?? 0)),
    heapUsedMB: all.map((m) => mb(m.get('nodejs_heap_size_used_bytes') ?? 0)),
  };
}

interface YardstickReport {
  runs: number;
  cpuMicrosP50: number;
  cpuMicrosP90: number;
}

/** The machine's yardstick (canary.ts), warmed up and waiting for the window. */
async function yardstick() {
  const child = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), 'canary.js'));
  await waitFor(child, 'ready');
  return {
    start: () => child.send({ type: 'start' }),
    async report(): Promise<YardstickReport> {
      const got = waitFor<{ report: YardstickReport }>(child, 'report');
      child.send({ type: 'report' });
      return (await got).report;
    },
    stop: () => child.send({ type: 'stop' }),
  };
}

async function measure(setup: string) {
  const size = Number.parseInt(setup, 10);
  if (!(size >= 1) || !/^\d+[csi]?$/.test(setup)) throw new Error(`--nodes takes 1, 1c, 2, 3, 3s, 3i…, not "${setup}"`);
  const spread = setup.endsWith('s');
  const nodes =
    setup === '1' ? await singleSqlite() : setup.endsWith('i') ? await separateSqlite(size) : await cluster(size);
  const machine = await yardstick().catch(async (e) => {
    await nodes.stop();
    throw e;
  });
  try {
    const trace = new MemoryTrace();
    let t0 = 0;
    let databaseCpuBefore: number | null = null;
    const sample = async (gamesFinished: number) => {
      const { rssMB, heapUsedMB } = await memory(nodes);
      trace.read(Math.round((performance.now() - t0) / 1000), gamesFinished, rssMB, heapUsedMB);
    };
    const load = await runLoad({
      urls: nodes.urls,
      spread,
      games: GAMES,
      procs: PROCS,
      seconds: SECONDS,
      thinkMs: THINK_MS,
      rounds: ROUNDS,
      afterGame: SOAK ? 'replace' : 'rematch',
      idleSeconds: IDLE_SECONDS,
      settleSeconds: SETTLE_SECONDS,
      beforeWindow: async () => {
        t0 = performance.now();
        machine.start();
        databaseCpuBefore = await nodes.databaseCpuSeconds();
        await sample(0);
      },
      during: SOAK ? { everyMs: 5000, sample } : undefined,
    });
    const yardstickCpuMicros = await machine.report();
    const databaseCpuAfter = await nodes.databaseCpuSeconds();
    const figures = loadFigures(load);
    await sample(figures.gamesFinishedInWindow);
    const accepted = figures.actionsPerSecond * load.windowSeconds;
    return {
      setup: spread ? `${nodes.label}, seats spread over the nodes` : nodes.label,
      nodes: size,
      ...figures,
      // PostgreSQL's own work for this database (its backends' CPU), per accepted action.
      databaseCpuMicrosPerAction:
        databaseCpuBefore === null || databaseCpuAfter === null
          ? null
          : Math.round(((databaseCpuAfter - databaseCpuBefore) / accepted) * 1e6),
      connections: total(load.after, 'bottle_imp_connections'),
      memoryAtStart: trace.rows[0],
      memoryAtEnd: trace.rows[trace.rows.length - 1],
      ...(SOAK ? { memoryByMinute: trace.rows, memorySlopeAfterWarmup: trace.slopes(WARMUP_SECONDS) } : {}),
      /** The CPU time of canary.ts's fixed work during the window: higher means the machine ran all code slower. */
      yardstickCpuMicros,
      loadAverageAtEnd: os.loadavg().map((l) => Math.round(l * 10) / 10),
    };
  } finally {
    machine.stop();
    await nodes.stop();
  }
}

const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

type Run = Awaited<ReturnType<typeof measure>>;

/** The single-node run a run is held against: the last one before it, else the first after it. */
function pairedSingle(runs: readonly Run[], at: number): Run | undefined {
  for (let j = at; j >= 0; j--) if (runs[j].setup === SINGLE_SQLITE) return runs[j];
  return runs.find((r) => r.setup === SINGLE_SQLITE);
}

/** The mean of the single-node runs' CPU per action (and above idle); null without one. */
function singleMeans(runs: readonly Run[]): { all: number; aboveIdle: number } | null {
  const singles = runs.filter((r) => r.setup === SINGLE_SQLITE);
  if (singles.length === 0) return null;
  return {
    all: mean(singles.map((r) => r.serverCpuMicrosPerAction)),
    aboveIdle: mean(singles.map((r) => r.serverCpuMicrosPerActionAboveIdle)),
  };
}

/** Each run's CPU per action against the single node's: the mean of every single-node run, and its pair. */
function compared(runs: readonly Run[]) {
  const single = singleMeans(runs);
  return runs.map((r, at) => {
    const pair = pairedSingle(runs, at);
    return {
      ...r,
      run: at + 1,
      cpuPerActionVsSingleNode: single ? ratio(r.serverCpuMicrosPerAction, single.all) : null,
      cpuPerActionAboveIdleVsSingleNode: single ? ratio(r.serverCpuMicrosPerActionAboveIdle, single.aboveIdle) : null,
      pairedSingleNodeRun: pair ? runs.indexOf(pair) + 1 : null,
      cpuPerActionVsPairedSingleNode: pair ? ratio(r.serverCpuMicrosPerAction, pair.serverCpuMicrosPerAction) : null,
      cpuPerActionAboveIdleVsPairedSingleNode: pair
        ? ratio(r.serverCpuMicrosPerActionAboveIdle, pair.serverCpuMicrosPerActionAboveIdle)
        : null,
    };
  });
}

/** Per setup: every run's CPU per action and paired ratio, with their mean, lowest and highest. */
function ratios(runs: ReturnType<typeof compared>) {
  const single = singleMeans(runs);
  const bySetup = new Map<string, typeof runs>();
  for (const r of runs) bySetup.set(r.setup, [...(bySetup.get(r.setup) ?? []), r]);
  return [...bySetup].map(([setup, rs]) => {
    const paired = rs.flatMap((r) =>
      r.cpuPerActionVsPairedSingleNode === null ? [] : [r.cpuPerActionVsPairedSingleNode],
    );
    const cpuMean = mean(rs.map((r) => r.serverCpuMicrosPerAction));
    return {
      setup,
      runs: rs.map((r) => r.run),
      cpuMicrosPerAction: rs.map((r) => r.serverCpuMicrosPerAction),
      cpuMicrosPerActionMean: Math.round(cpuMean),
      yardstickCpuMicrosP50: rs.map((r) => r.yardstickCpuMicros.cpuMicrosP50),
      /** This setup's mean against the single node's mean. */
      vsSingleNodeMean: single ? ratio(cpuMean, single.all) : null,
      vsPairedSingleNode: paired,
      vsPairedSingleNodeMean: paired.length > 0 ? Math.round(mean(paired) * 100) / 100 : null,
      vsPairedSingleNodeLowest: paired.length > 0 ? Math.min(...paired) : null,
      vsPairedSingleNodeHighest: paired.length > 0 ? Math.max(...paired) : null,
    };
  });
}

async function main(): Promise<void> {
  const runs: Run[] = [];
  for (const setup of SETUPS) {
    const r = await measure(setup);
    // Each setup's figures as soon as they are known (a later setup may fail).
    console.error(JSON.stringify(r));
    runs.push(r);
  }
  const all = compared(runs);
  console.log(
    JSON.stringify(
      {
        command: `npm run bench:cluster -- ${SOAK ? `--soak --rounds ${ROUNDS} --warmup-seconds ${WARMUP_SECONDS} ` : ''}--games ${GAMES} --procs ${PROCS} --seconds ${SECONDS} --think-ms ${THINK_MS} --idle-seconds ${IDLE_SECONDS} --settle-seconds ${SETTLE_SECONDS} --nodes ${LISTED.join(',')}${REPEAT > 1 ? ` --repeat ${REPEAT}` : ''}`,
        machine: `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`,
        ratios: ratios(all),
        runs: all,
      },
      null,
      2,
    ),
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
