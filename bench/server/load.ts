/**
 * The measured load of the server benchmarks, on one node or several: player processes
 * (players.ts) open their share of 4-player tables, the window is measured, and each
 * node's /metrics is read before and after. Used by run.ts (`bench:server`, one node) and
 * cluster.ts (`bench:cluster`, 1 to 3 nodes).
 */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TurnClock } from '../../src/values/index.js';
import type { PlayersConfig, PlayersReport } from './players.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** The repository (this file runs from dist/bench-build/bench/server). */
export const ROOT = path.resolve(HERE, '..', '..', '..', '..');

export function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const n = Number(process.argv[i + 1]);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} needs a positive number`);
  return n;
}

/** Settings every benchmarked node runs with: every simulated player comes from 127.0.0.1, so per-address limits are lifted. */
export const BENCH_NODE_ENV = {
  HOST: '127.0.0.1',
  // "ready" (with the port) is logged at info.
  LOG_LEVEL: 'info',
  HTTP_RATE_PER_MINUTE: '10000000',
  ADDRESS_RATE_PER_SECOND: '10000000',
  MAX_CONNECTIONS_PER_ADDRESS: '1000000',
  MAX_SOCKETS_PER_ADDRESS: '1000000',
  MAX_TABLES_PER_ADDRESS: '1000000',
  // The load's tables have no bots; games made for --analyses need not wait for theirs.
  BOT_DELAY_MS: '0',
};

export type Metrics = Map<string, number>;

export async function metrics(url: string): Promise<Metrics> {
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

export function summary(samples: number[]): { n: number; p50: number; p90: number; p99: number; max: number } {
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
export function histogramPercentile(before: Metrics, after: Metrics, name: string, p: number): string {
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

/** The change of a metric over the window, summed over the nodes. */
export function delta(before: readonly Metrics[], after: readonly Metrics[], name: string): number {
  return after.reduce((sum, m, i) => sum + (m.get(name) ?? 0) - (before[i].get(name) ?? 0), 0);
}

/** A metric summed over the nodes. */
export function total(all: readonly Metrics[], name: string): number {
  return all.reduce((sum, m) => sum + (m.get(name) ?? 0), 0);
}

/** The next message of `type` from a forked process (rejects on a `failed` one). */
export function waitFor<T>(child: ChildProcess, type: string): Promise<T> {
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

/** Games finished so far in the window, over every player process. */
async function gamesFinished(players: readonly ChildProcess[]): Promise<number> {
  const counts = await Promise.all(
    players.map((c) => {
      const got = waitFor<{ gamesFinished: number }>(c, 'progress');
      c.send({ type: 'progress' });
      return got.then((g) => g.gamesFinished);
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
}

export interface LoadSettings {
  /** The nodes; a table is made on one, and its seats connect to it (or to the nodes in turn: `spread`). */
  readonly urls: readonly string[];
  readonly spread?: boolean;
  readonly games: number;
  readonly procs: number;
  readonly seconds: number;
  readonly thinkMs: number;
  /** The tables' turn clock (default: the product's, normal). */
  readonly turnClock?: TurnClock;
  /** Rounds per game (default: the product's game length). */
  readonly rounds?: number;
  /** After a game: a rematch at the same table (default), or a new table (players.ts). */
  readonly afterGame?: PlayersConfig['afterGame'];
  /** Session ids for the signed-in seats (players.ts), shared out among the player processes. */
  readonly sessions?: readonly string[];
  /** Run just before the window opens (after the tables are open and have settled). */
  readonly beforeWindow?: () => Promise<void>;
  /** Before the tables open, measure the nodes' idle CPU for this long (0: not at all). */
  readonly idleSeconds?: number;
  /**
   * Wait this long before measuring idle CPU: a node just started burns 15–25 ms of CPU a
   * second for its first half-minute (start-up compilation and garbage), which is not
   * what it costs idle once settled, as it is by the window (docs/journal/benchmarks-2026.md, task 9cpu2).
   */
  readonly settleSeconds?: number;
  /** Called every `everyMs` during the window with the games finished so far in it, e.g. to sample memory (soak). */
  readonly during?: { everyMs: number; sample: (gamesFinished: number) => Promise<void> };
}

export interface LoadResult {
  readonly opened: number;
  readonly rampSeconds: number;
  readonly windowSeconds: number;
  readonly reports: readonly PlayersReport[];
  /** Each node's /metrics when idle (before the tables opened), at the window's start and end. */
  readonly idle: readonly Metrics[];
  /** CPU seconds per second all the nodes used together while idle (heartbeats, timers, GC). */
  readonly idleCpuPerSecond: number;
  readonly before: readonly Metrics[];
  readonly after: readonly Metrics[];
}

/** Open the tables, let them settle 5 s, measure `seconds`, stop the players. */
export async function runLoad(s: LoadSettings): Promise<LoadResult> {
  if (s.idleSeconds && s.idleSeconds > 0) await new Promise((r) => setTimeout(r, (s.settleSeconds ?? 0) * 1000));
  const quiet = await Promise.all(s.urls.map(metrics));
  const quietFrom = performance.now();
  await new Promise((r) => setTimeout(r, (s.idleSeconds ?? 0) * 1000));
  const idle = await Promise.all(s.urls.map(metrics));
  const idleCpuPerSecond =
    s.idleSeconds && s.idleSeconds > 0
      ? delta(quiet, idle, 'process_cpu_seconds_total') / ((performance.now() - quietFrom) / 1000)
      : 0;
  const rampStarted = performance.now();
  const players: ChildProcess[] = [];
  try {
    for (let p = 0; p < s.procs; p++) {
      const share = Math.floor(s.games / s.procs) + (p < s.games % s.procs ? 1 : 0);
      const cfg: PlayersConfig = {
        urls: s.urls,
        games: share,
        thinkMs: s.thinkMs,
        turnClock: s.turnClock ?? 'normal',
        spread: s.spread ?? false,
        rounds: s.rounds,
        afterGame: s.afterGame ?? 'rematch',
        sessions: (s.sessions ?? []).filter((_, i) => i % s.procs === p),
      };
      players.push(
        fork(path.join(HERE, 'players.js'), [], { env: { ...process.env, BENCH_PLAYERS: JSON.stringify(cfg) } }),
      );
    }
    const ready = await Promise.all(players.map((c) => waitFor<{ games: number }>(c, 'ready')));
    const rampSeconds = (performance.now() - rampStarted) / 1000;
    // Let the games settle into play before measuring.
    await new Promise((r) => setTimeout(r, 5000));
    await s.beforeWindow?.();
    const before = await Promise.all(s.urls.map(metrics));
    for (const c of players) c.send({ type: 'measure' });
    const t0 = performance.now();
    const end = t0 + s.seconds * 1000;
    while (performance.now() < end) {
      const step = Math.min(s.during?.everyMs ?? Number.POSITIVE_INFINITY, end - performance.now());
      await new Promise((r) => setTimeout(r, step));
      if (s.during && performance.now() < end) await s.during.sample(await gamesFinished(players));
    }
    const reports = await Promise.all(
      players.map((c) => {
        const got = waitFor<{ report: PlayersReport }>(c, 'report');
        c.send({ type: 'report' });
        return got.then((g) => g.report);
      }),
    );
    const windowSeconds = (performance.now() - t0) / 1000;
    const after = await Promise.all(s.urls.map(metrics));
    return {
      opened: ready.reduce((n, r) => n + r.games, 0),
      rampSeconds,
      windowSeconds,
      reports,
      idle,
      idleCpuPerSecond,
      before,
      after,
    };
  } finally {
    for (const c of players) c.send({ type: 'stop' });
    await Promise.all(players.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
  }
}

/** The figures every server benchmark prints about a window of load. */
export function loadFigures(r: LoadResult) {
  const accepted = delta(r.before, r.after, 'bottle_imp_actions_total{by="human"}');
  const cpuSeconds = delta(r.before, r.after, 'process_cpu_seconds_total');
  return {
    gamesOpened: r.opened,
    concurrentGamesHeld: r.reports.reduce((n, p) => n + p.gamesPlaying, 0),
    rampUpSeconds: Math.round(r.rampSeconds * 10) / 10,
    windowSeconds: Math.round(r.windowSeconds * 10) / 10,
    actionsPerSecond: Math.round(accepted / r.windowSeconds),
    refused: r.reports.reduce((n, p) => n + p.refused, 0),
    refusedBy: r.reports.reduce<Record<string, number>>((all, p) => {
      for (const [code, n] of Object.entries(p.refusedBy)) all[code] = (all[code] ?? 0) + n;
      return all;
    }, {}),
    gamesFinishedInWindow: r.reports.reduce((n, p) => n + p.gamesFinished, 0),
    tablesNotReplaced: r.reports.reduce((n, p) => n + p.notReplaced, 0),
    ackLatencyMs: summary(r.reports.flatMap((p) => p.ackMs)),
    othersUpdateLatencyMs: summary(r.reports.flatMap((p) => p.updateMs)),
    /** CPU of all the nodes together per action accepted in the window. */
    serverCpuMicrosPerAction: Math.round((cpuSeconds / accepted) * 1e6),
    /**
     * CPU per action of anyone: also the moves of stand-in bots, which play a seat whose
     * turn clock ran out (on a machine too loaded to answer in time), cost CPU and are not
     * accepted actions of the players.
     */
    serverCpuMicrosPerActionOfAnyone: Math.round(
      (cpuSeconds / (accepted + delta(r.before, r.after, 'bottle_imp_actions_total{by="bot"}'))) * 1e6,
    ),
    /** The same less what the nodes use when idle (measured before the load, if it was). */
    serverCpuMicrosPerActionAboveIdle: Math.round(
      ((cpuSeconds - r.idleCpuPerSecond * r.windowSeconds) / accepted) * 1e6,
    ),
    serverIdleCpuPercentOfOneCore: Math.round(r.idleCpuPerSecond * 1000) / 10,
    serverCpuPercentOfOneCore: Math.round((cpuSeconds / r.windowSeconds) * 100),
    playersEventLoopDelayP99Ms: r.reports.map((p) => Math.round(p.loopDelayP99Ms * 10) / 10),
  };
}
