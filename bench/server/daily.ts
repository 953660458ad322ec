/**
 * `npm run bench:daily`: the CPU one daily attempt costs the server (issue 26). The built
 * server as a child process on loopback (its defaults: two bot threads, expert bots), and
 * --attempts N (3) guests one after another, each starting today's daily deal over HTTP
 * and playing it through over Socket.IO, seat 1 always making the first legal choice (so
 * every attempt is the same game: the bots decide alike at every table). The server's CPU
 * is its `process_cpu_seconds_total` (prom-client's reading of process.cpuUsage(): every
 * thread of the process, the bot threads too), read before and after each attempt, so the
 * machine's other load does not count, only its slowing of the wall time. Then the coach's
 * analysis the first attempt's game gets once scored (ANALYSIS_ITERATIONS, the server's
 * default unless --iterations is given): it runs in the server's analysis processes, whose
 * CPU is not the server's process.cpuUsage(), so it is read from /proc (Linux) for the
 * server's children, alive and ended. Prints JSON: CPU seconds per attempt and per
 * analysis, and the attempts an hour one core carries with and without it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startNode } from '../../src/server/deploy/processes.js';
import { Client, playToEnd } from '../../test/server/helpers/client.js';
import { wholeOption } from '../options.js';
import { BENCH_NODE_ENV, metrics, ROOT } from './load.js';

const ATTEMPTS = wholeOption('attempts', 3);
/** Clock ticks a second in /proc's CPU times (`getconf CLK_TCK`: 100 on Linux). */
const TICKS = 100;
const ITERATIONS = process.argv.includes('--iterations') ? wholeOption('iterations', 1000) : null;
const SECRET = 'b'.repeat(64);

/** The CPU seconds of a process's children (alive, and ended and waited for), and theirs, from /proc. */
function childrenCpu(pid: number): number {
  const own = statOf(pid);
  let ticks = own[13] + own[14];
  for (const task of fs.readdirSync(`/proc/${pid}/task`))
    for (const child of fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean)) {
      const stat = statOf(Number(child));
      ticks += stat[11] + stat[12] + TICKS * childrenCpu(Number(child));
    }
  return ticks / TICKS;
}

/** /proc/PID/stat's numbers from its third field (the state) on: utime is [11], stime [12], cutime [13], cstime [14]. */
function statOf(pid: number): number[] {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bottle-imp-bench-'));
  const server = await startNode(
    {
      ...BENCH_NODE_ENV,
      PORT: '0',
      DATA_DIR: dataDir,
      DAILY_SECRET: SECRET,
      SOCKET_RATE_PER_SECOND: '1000',
      ...(ITERATIONS === null ? {} : { ANALYSIS_ITERATIONS: String(ITERATIONS) }),
    },
    (line) => {
      if (!line.startsWith('{')) console.error(line);
    },
    path.join(ROOT, 'dist', 'server', 'main.js'),
  );
  // The server's own threads (process.cpuUsage() through /metrics) and its child processes.
  const cpu = async () =>
    ((await metrics(server.url)).get('process_cpu_seconds_total') ?? Number.NaN) + childrenCpu(server.child.pid!);
  const post = async (url: string, body: unknown, cookie = '') => {
    const res = await fetch(server.url + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    return {
      body: (await res.json()) as Record<string, unknown>,
      cookie: res.headers.get('set-cookie')?.split(';')[0] ?? '',
    };
  };
  try {
    const attempts: { cpuSeconds: number; wallSeconds: number }[] = [];
    let first: { cookie: string; game: string } | null = null;
    for (let k = 0; k < ATTEMPTS; k++) {
      const before = await cpu();
      const started = performance.now();
      const { body, cookie } = await post('/api/daily/start', { name: `Bench ${k + 1}` });
      const code = String(body.code);
      const client = new Client(server.url, String(body.token), undefined, code);
      try {
        await client.watch(code);
        await playToEnd([client], 600_000, () => 0);
      } finally {
        client.close();
      }
      attempts.push({ cpuSeconds: (await cpu()) - before, wallSeconds: (performance.now() - started) / 1000 });
      first ??= { cookie, game: client.game!.gameId };
    }
    // The first attempt scored (its results read), which sends its game to be analysed.
    const before = await cpu();
    const started = performance.now();
    const { date } = (await (await fetch(`${server.url}/api/daily`)).json()) as { date: string };
    await fetch(`${server.url}/api/daily/${date}/results`, { headers: { cookie: first!.cookie } });
    for (;;) {
      const res = await fetch(`${server.url}/api/games/${first!.game}/analysis`, {
        headers: { cookie: first!.cookie },
      });
      if (((await res.json()) as { status: string }).status === 'done') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const analysis = { cpuSeconds: (await cpu()) - before, wallSeconds: (performance.now() - started) / 1000 };
    const mean = attempts.reduce((s, a) => s + a.cpuSeconds, 0) / attempts.length;
    const round = (x: number) => Number(x.toFixed(2));
    console.log(
      JSON.stringify(
        {
          attempts: attempts.map((a) => ({ cpuSeconds: round(a.cpuSeconds), wallSeconds: round(a.wallSeconds) })),
          meanCpuSecondsPerAttempt: round(mean),
          attemptsPerCoreHour: Math.floor(3600 / mean),
          analysis: {
            iterations: ITERATIONS ?? 'server default',
            ...{ cpuSeconds: round(analysis.cpuSeconds), wallSeconds: round(analysis.wallSeconds) },
          },
          attemptsPerCoreHourWithAnalysis: Math.floor(3600 / (mean + analysis.cpuSeconds)),
        },
        null,
        2,
      ),
    );
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
