/**
 * The servers a benchmark measures: one node on SQLite (a fresh file), or N nodes of a
 * cluster on a fresh PostgreSQL database and a fresh Redis key prefix (BENCH_DATABASE_URL,
 * default the local PostgreSQL; BENCH_REDIS_URL, default the local Redis), all on loopback.
 * Stopping them removes the file, the database and the keys.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, type NodeProcess, startNode } from '../../src/server/deploy/processes.js';
import { dropDatabase, dropRedisPrefix, ensureDatabase } from '../../src/server/deploy/services.js';
import { BENCH_NODE_ENV, ROOT } from './load.js';

const MAIN = path.join(ROOT, 'dist', 'server', 'main.js');
const POSTGRES = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';
/** Options for Node on every benchmarked node, e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile them. */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter((a) => a !== '');

export interface BenchNodes {
  readonly label: string;
  readonly nodes: NodeProcess[];
  readonly urls: string[];
  /** Start node `i` again on its port (after a kill), with the same settings. */
  restart(i: number): Promise<void>;
  /** PostgreSQL URL of a cluster's database (null on SQLite). */
  readonly databaseUrl: string | null;
  /**
   * CPU seconds used so far by the PostgreSQL backends serving this database (from
   * /proc, when PostgreSQL runs on this machine; null otherwise or on SQLite).
   */
  databaseCpuSeconds(): Promise<number | null>;
  stop(): Promise<void>;
}

/** The label of the single SQLite node's figures, the one every cluster setup is held against. */
export const SINGLE_SQLITE = '1 node, SQLite';

function quietLines(line: string): void {
  // Pino lines are JSON; anything else (a crash) is shown.
  if (!line.startsWith('{')) console.error(line);
}

export async function singleSqlite(env: Record<string, string> = {}): Promise<BenchNodes> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bottle-imp-bench-'));
  const node = await startNode(
    { ...BENCH_NODE_ENV, PORT: '0', DATA_DIR: dataDir, ...env },
    quietLines,
    MAIN,
    NODE_ARGS,
  );
  return {
    label: SINGLE_SQLITE,
    nodes: [node],
    urls: [node.url],
    databaseUrl: null,
    databaseCpuSeconds: async () => null,
    restart: () => Promise.reject(new Error('a single node is not restarted')),
    async stop() {
      await node.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * `count` single nodes on SQLite side by side, each with its own file and no cluster: a
 * control, not a deployment. Their tables are routed as a cluster's are (table g on node
 * g % N), but nothing is shared, so what they cost beyond one node is what running N
 * processes on this machine costs by itself (each its own event loop, heap, JIT and CPU
 * caches), apart from PostgreSQL, Redis and the cluster's code.
 */
export async function separateSqlite(count: number): Promise<BenchNodes> {
  const all: BenchNodes[] = [];
  try {
    for (let i = 0; i < count; i++) all.push(await singleSqlite());
  } catch (e) {
    await Promise.all(all.map((n) => n.stop()));
    throw e;
  }
  return {
    label: `${count} separate nodes, SQLite each (control)`,
    nodes: all.flatMap((n) => n.nodes),
    urls: all.flatMap((n) => n.urls),
    databaseUrl: null,
    databaseCpuSeconds: async () => null,
    restart: () => Promise.reject(new Error('separate nodes are not restarted')),
    async stop() {
      await Promise.all(all.map((n) => n.stop()));
    },
  };
}

export async function cluster(count: number, env: Record<string, string> = {}): Promise<BenchNodes> {
  const run = randomBytes(4).toString('hex');
  const db = new URL(POSTGRES);
  db.pathname = `/bottle_imp_bench_${run}`;
  const databaseUrl = db.toString();
  const prefix = `bottle-imp-bench-${run}:`;
  await ensureDatabase(databaseUrl);
  const settings: Record<string, string>[] = [];
  for (let i = 0; i < count; i++)
    settings.push({
      ...BENCH_NODE_ENV,
      PORT: String(await freePort()),
      NODE_ID: `bench-${i + 1}`,
      // As behind nginx (docs/deploy.md): the node makes table codes routed to itself.
      BALANCER_SLOT: `${i + 1}/${count}`,
      DATABASE_URL: databaseUrl,
      REDIS_URL: REDIS,
      REDIS_PREFIX: prefix,
      ...env,
    });
  const nodes: NodeProcess[] = [];
  // One at a time: the first applies the schema.
  for (const s of settings) nodes.push(await startNode(s, quietLines, MAIN, NODE_ARGS));
  return {
    label: `${count} node${count === 1 ? '' : 's'}, PostgreSQL + Redis`,
    nodes,
    urls: nodes.map((n) => n.url),
    databaseUrl,
    databaseCpuSeconds: () => backendsCpuSeconds(databaseUrl),
    async restart(i) {
      nodes[i] = await startNode(settings[i], quietLines, MAIN, NODE_ARGS);
    },
    async stop() {
      await Promise.all(nodes.map((n) => n.stop()));
      await dropDatabase(databaseUrl);
      await dropRedisPrefix(REDIS, prefix);
    },
  };
}

/** Clock ticks per second of /proc/PID/stat's times (100 on Linux everywhere that matters). */
const TICKS = 100;

async function backendsCpuSeconds(databaseUrl: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    let ticks = 0;
    for (const { pid } of rows) {
      let stat: string;
      try {
        stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        return null;
      }
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return ticks / TICKS;
  } finally {
    await client.end();
  }
}
