/**
 * `npm run bench:hints`: a flood of hints beside a live bot table (issue 29). The built
 * server as a child process on loopback (two bot threads, the default), one person on
 * 127.0.0.1 playing against three bots, and --addresses K (3) other addresses
 * (127.0.0.2, …) each holding --tables N (20) 3-player tables of their own, every seat
 * asking a hint at every turn and then playing, as fast as the server answers. Quiet and
 * flooded phases of --moves M (40) bot moves alternate twice after a warm-up; it prints,
 * as JSON, the bots' move times (median, p95) in each, the hints answered and refused per
 * second, the hints' mean thinking time and the server's CPU (all its threads) in each.
 *
 * The hint budget is lifted unless --budget is given, so that the flood reaches the bot
 * pool and the figures show the pool's priority for bot turns; with --budget the server
 * keeps its default HINTS_PER_MINUTE and the figures show what the budget refuses.
 * --level L (expert) is the live bots' level.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BotLevel } from '../../src/protocol/messages.js';
import { type NodeProcess, startNode } from '../../src/server/deploy/processes.js';
import { LEVELS } from '../../src/values/index.js';
import { BotTable, type FloodFigures, HintFlood, median, percentile } from '../../test/server/helpers/hint-flood.js';
import { wholeOption } from '../options.js';
import { BENCH_NODE_ENV, ROOT } from './load.js';

const ADDRESSES = wholeOption('addresses', 3);
const TABLES = wholeOption('tables', 20);
const MOVES = wholeOption('moves', 40);
const BUDGET = process.argv.includes('--budget');
const LEVEL = levelOption();

function levelOption(): BotLevel {
  const i = process.argv.indexOf('--level');
  const name = i < 0 ? 'expert' : process.argv[i + 1];
  const level = LEVELS.find((l) => l === name);
  if (!level) throw new Error(`--level is one of ${LEVELS.join(', ')}`);
  return level;
}

/** The counters of /metrics this benchmark reads. */
async function counters(server: NodeProcess): Promise<{ cpu: number; hintSeconds: number; hints: number }> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
  return {
    cpu: value('process_cpu_seconds_total'),
    hintSeconds: value('bottle_imp_hint_think_seconds_sum'),
    hints: value('bottle_imp_hint_think_seconds_count'),
  };
}

interface Phase {
  moves: number[];
  seconds: number;
  cpuSeconds: number;
  hints: number;
  hintSeconds: number;
  answered: number;
  refused: Record<string, number>;
}

function total(floods: readonly HintFlood[]): FloodFigures {
  const refused: Record<string, number> = {};
  let answered = 0;
  for (const f of floods) {
    const figures = f.figures();
    answered += figures.answered;
    for (const [code, n] of Object.entries(figures.refused)) refused[code] = (refused[code] ?? 0) + n;
  }
  return { answered, refused };
}

async function phase(
  server: NodeProcess,
  table: BotTable,
  floods: readonly HintFlood[],
  flooded: boolean,
): Promise<Phase> {
  if (flooded) {
    for (const f of floods) f.resume();
    // The hints queue up first, so that the moves are timed against a full pool.
    await table.next(5);
  }
  const before = { at: performance.now(), ...(await counters(server)), ...total(floods) };
  const moves = await table.next(MOVES);
  const after = { at: performance.now(), ...(await counters(server)), ...total(floods) };
  await Promise.all(floods.map((f) => f.pause()));
  const refused: Record<string, number> = {};
  for (const [code, n] of Object.entries(after.refused))
    if (n > (before.refused[code] ?? 0)) refused[code] = n - (before.refused[code] ?? 0);
  return {
    moves,
    seconds: (after.at - before.at) / 1000,
    cpuSeconds: after.cpu - before.cpu,
    hints: after.hints - before.hints,
    hintSeconds: after.hintSeconds - before.hintSeconds,
    answered: after.answered - before.answered,
    refused,
  };
}

function summary(phases: readonly Phase[]) {
  const moves = phases.flatMap((p) => p.moves);
  const seconds = phases.reduce((a, p) => a + p.seconds, 0);
  const sum = (f: (p: Phase) => number) => phases.reduce((a, p) => a + f(p), 0);
  const refused: Record<string, number> = {};
  for (const p of phases) for (const [code, n] of Object.entries(p.refused)) refused[code] = (refused[code] ?? 0) + n;
  const round = (x: number, digits = 1) => Number(x.toFixed(digits));
  return {
    botMoves: moves.length,
    botMoveMedianMs: round(median(moves)),
    botMoveP95Ms: round(percentile(moves, 0.95)),
    seconds: round(seconds),
    serverCores: round(sum((p) => p.cpuSeconds) / seconds, 2),
    hintsAnsweredPerSecond: round(sum((p) => p.answered) / seconds),
    refusedPerSecond: Object.fromEntries(Object.entries(refused).map(([code, n]) => [code, round(n / seconds)])),
    hintThinkMeanMs: sum((p) => p.hints) > 0 ? round((sum((p) => p.hintSeconds) / sum((p) => p.hints)) * 1000) : null,
  };
}

async function main(): Promise<void> {
  const server = await startNode(
    {
      ...BENCH_NODE_ENV,
      PORT: '0',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bottle-imp-bench-')),
      BOT_WORKERS: '2',
      SOCKET_RATE_PER_SECOND: '1000',
      ...(BUDGET ? {} : { HINTS_PER_MINUTE: '1000000' }),
    },
    (line) => {
      if (!line.startsWith('{')) console.error(line);
    },
    path.join(ROOT, 'dist', 'server', 'main.js'),
  );
  const floods: HintFlood[] = [];
  let table: BotTable | null = null;
  try {
    for (let k = 0; k < ADDRESSES; k++) floods.push(await HintFlood.open(server, TABLES, `127.0.0.${k + 2}`));
    table = await BotTable.open(server, LEVEL);
    await table.next(MOVES);
    const quiet: Phase[] = [];
    const flooded: Phase[] = [];
    for (let round = 0; round < 2; round++) {
      quiet.push(await phase(server, table, floods, false));
      flooded.push(await phase(server, table, floods, true));
    }
    const q = summary(quiet);
    const f = summary(flooded);
    console.log(
      JSON.stringify(
        {
          addresses: ADDRESSES,
          tablesPerAddress: TABLES,
          level: LEVEL,
          budget: BUDGET ? 'HINTS_PER_MINUTE default' : 'lifted',
          quiet: q,
          flood: f,
          medianRatio: Number((f.botMoveMedianMs / q.botMoveMedianMs).toFixed(2)),
        },
        null,
        2,
      ),
    );
  } finally {
    table?.close();
    for (const f of floods) f.close();
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
