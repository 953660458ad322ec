/**
 * A cluster for tests: N server nodes (the built dist/server/main.js, each its own child
 * process with its own NODE_ID on a free loopback port) sharing a fresh PostgreSQL
 * database and a random Redis key prefix, with nginx in front (the configuration of
 * src/server/deploy/nginx.ts). Nodes can be killed (-9), frozen (SIGSTOP), thawed
 * (SIGCONT) and restarted on their port; `ownerOf` reads which node holds a table's lease
 * (kept in the database, by its clock, with the fencing number). Without PostgreSQL, Redis or nginx the cluster tests are skipped with a
 * message, except under CI=true, where that fails the run.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, onTestFailed } from 'vitest';
import { freePort, nginxAvailable, startNginx, type TestNginx } from './nginx.js';
import { freshDatabase, postgresAvailable, type TestDatabase } from './postgres.js';
import { dropPrefix, randomPrefix, redisAvailable, TEST_REDIS_URL } from './redis.js';
import { api, startServer, type TestServer } from './server.js';
import { withStore } from './stored.js';

/** Whether the cluster tests can run here (each missing service says so; under CI=true it throws). */
export async function clusterAvailable(): Promise<boolean> {
  const nginx = nginxAvailable();
  const postgres = await postgresAvailable();
  const redis = await redisAvailable();
  return nginx && postgres && redis;
}

/** How long a graceful stop may take. */
const STOP_MS = 15_000;

export class ClusterNode {
  private current: TestServer | null = null;
  private earlier = '';
  private paused = false;

  constructor(
    readonly id: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The running process (throws if the node is down). */
  get server(): TestServer {
    if (!this.current) throw new Error(`node ${this.id} is not running`);
    return this.current;
  }

  get running(): boolean {
    return this.current !== null;
  }

  async start(): Promise<void> {
    this.current = await startServer(this.env);
  }

  /** Everything every process of this node wrote so far. */
  output(): string {
    return this.earlier + (this.current?.output() ?? '');
  }

  /** kill -9. */
  async kill(): Promise<void> {
    const s = this.server;
    this.current = null;
    this.earlier += s.output();
    if (this.paused) s.process.kill('SIGCONT');
    this.paused = false;
    await s.kill();
  }

  /** SIGSTOP: the process stays, frozen, holding its sockets and whatever lease it had. */
  pause(): void {
    this.server.process.kill('SIGSTOP');
    this.paused = true;
  }

  /** SIGCONT. */
  resume(): void {
    this.server.process.kill('SIGCONT');
    this.paused = false;
  }

  async restart(): Promise<void> {
    if (this.current) await this.kill();
    await this.start();
  }

  /**
   * Graceful stop (SIGTERM); its exit code, or null if it was not running. A node that has
   * not stopped after STOP_MS is killed, and the test told so.
   */
  async stop(): Promise<number | null> {
    const s = this.current;
    if (!s) return null;
    if (this.paused) this.resume();
    this.current = null;
    const late = setTimeout(() => {
      console.error(
        `node ${this.id} did not stop within ${STOP_MS} ms; killed. Its last words:\n${s.output().slice(-2000)}`,
      );
      s.process.kill('SIGKILL');
    }, STOP_MS);
    const code = await s.stop();
    clearTimeout(late);
    this.earlier += s.output();
    return code;
  }
}

export interface ClusterOptions {
  readonly nodes?: number;
  /** Settings for every node, over the cluster's own (DATABASE_URL, REDIS_URL, …). */
  readonly env?: Record<string, string>;
  /** Redis for this cluster (default: the shared one, under a random prefix). */
  readonly redisUrl?: string;
  /** The database URL the nodes are given (default: the fresh database's), e.g. through a TCP proxy. */
  readonly databaseUrl?: (db: TestDatabase) => string;
}

export interface Cluster {
  readonly db: TestDatabase;
  readonly redisUrl: string;
  readonly prefix: string;
  readonly nodes: readonly ClusterNode[];
  readonly nginx: TestNginx;
  /** The balancer, as a server for `api` and `seatTable`. */
  front(): TestServer;
  node(id: string): ClusterNode;
  /** The id of the node whose lease on the table runs, or null if none does. */
  ownerOf(code: string): Promise<string | null>;
  /** The table's last fencing number (0: never claimed). */
  fenceOf(code: string): Promise<number>;
  /** Wait until a node other than `not` holds the table's lease; its id. */
  newOwnerOf(code: string, not: string | null, ms?: number): Promise<string>;
  /** What the nodes logged at level warn or above, each message once with its count: to print when a test fails. */
  warnings(): string;
  /** Stop every node and nginx, drop the database and the Redis keys. */
  stop(): Promise<void>;
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.nodes ?? 3;
  const redisUrl = options.redisUrl ?? TEST_REDIS_URL;
  const prefix = randomPrefix();
  const db = await freshDatabase();
  const run = randomBytes(3).toString('hex');
  const nodes: ClusterNode[] = [];
  for (let i = 0; i < count; i++) {
    const id = `node-${i + 1}-${run}`;
    const port = await freePort();
    nodes.push(
      new ClusterNode(id, port, {
        PORT: String(port),
        NODE_ID: id,
        // Its place in nginx's list of nodes: it makes table codes that nginx routes to itself.
        BALANCER_SLOT: `${i + 1}/${count}`,
        DATABASE_URL: options.databaseUrl?.(db) ?? db.url,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: prefix,
        BOT_DELAY_MS: '5',
        // As docs/deploy.md runs them: nginx (on loopback) names each client.
        TRUST_PROXY: '127.0.0.1',
        ...options.env,
      }),
    );
  }
  let nginx: TestNginx | undefined;
  try {
    // One at a time: the first applies the migrations, and the machine is small.
    for (const n of nodes) await n.start();
    nginx = await startNginx(nodes.map((n) => n.port));
  } catch (e) {
    await Promise.all(nodes.map((n) => n.stop().catch(() => null)));
    await db.drop();
    throw e;
  }
  const running = nginx;

  const ownerOf = async (code: string): Promise<string | null> => {
    const owner = await withStore(db.url, (store) => store.ownerOf(code));
    return owner?.live ? owner.node : null;
  };

  return {
    db,
    redisUrl,
    prefix,
    nodes,
    nginx: running,
    front: () => ({ ...nodes.find((n) => n.running)!.server, url: running.url, port: running.port }),
    node(id) {
      const n = nodes.find((x) => x.id === id);
      if (!n) throw new Error(`no node ${id}`);
      return n;
    },
    ownerOf,
    fenceOf: async (code) => (await withStore(db.url, (store) => store.ownerOf(code)))?.fence ?? 0,
    async newOwnerOf(code, not, ms = 20_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const owner = await ownerOf(code).catch(() => null);
        if (owner !== null && owner !== not) return owner;
        if (Date.now() > deadline) throw new Error(`no node other than ${not} took table ${code} over`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    warnings: () => nodes.map((n) => digest(n.id, n.output())).join('\n'),
    async stop() {
      await running.stop();
      await Promise.all(nodes.map((n) => n.stop()));
      await db.drop();
      await dropPrefix(redisUrl, prefix).catch(() => undefined);
    },
  };
}

/**
 * The cluster of one test file (or describe block): started before its tests when `run`
 * (options may be worked out then), its nodes' warnings printed when a test fails, and
 * stopped after its tests. Tests read it as `file.cluster`.
 */
export function clusterForFile(
  run: boolean,
  options: ClusterOptions | (() => Promise<ClusterOptions>) = {},
): { readonly cluster: Cluster } {
  const file = {} as { cluster: Cluster };
  beforeAll(async () => {
    if (run) file.cluster = await startCluster(typeof options === 'function' ? await options() : options);
  });
  beforeEach(() => {
    onTestFailed(() => console.error(`what the nodes logged (warnings and errors):\n${file.cluster?.warnings()}`));
  });
  afterAll(async () => {
    await file.cluster?.stop();
  });
  return file;
}

/** A node's warnings and errors, and any line that is not pino's, each distinct one once with how often it came. */
function digest(id: string, output: string): string {
  const seen = new Map<string, number>();
  for (const line of output.split('\n')) {
    if (!line.trim()) continue;
    let key = line;
    if (line.startsWith('{')) {
      const entry = JSON.parse(line) as { level: number; msg?: string; err?: { message?: string } };
      if (entry.level < 40) continue;
      key = `${entry.msg}${entry.err?.message ? ` (${entry.err.message})` : ''}`;
    }
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return [...seen].map(([key, n]) => `${id}: ${key}${n > 1 ? ` ×${n}` : ''}`).join('\n');
}

/** GET /healthz of one node. */
export function health(node: ClusterNode): Promise<{ status: number; body: unknown }> {
  return api(node.server, 'GET', '/healthz');
}

/** Wait until every node's /healthz body satisfies `want`. */
export async function healthOf(
  nodes: readonly ClusterNode[],
  want: (body: Record<string, unknown>) => boolean,
  what: string,
): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const all = await Promise.all(nodes.map((n) => health(n).catch(() => ({ status: 0, body: {} }))));
    if (all.every((h) => want(h.body as Record<string, unknown>))) return;
    if (Date.now() > deadline) throw new Error(`the nodes did not report ${what}: ${JSON.stringify(all)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * When a node had taken table `code` over after `since` (ms since the epoch): the time of
 * the first such line in the nodes' logs, written once the table was loaded and resumed.
 * Waits for it up to `ms`.
 */
export async function takenOverAt(
  nodes: readonly { output(): string }[],
  code: string,
  since: number,
  ms = 60_000,
): Promise<number> {
  const deadline = Date.now() + ms;
  for (;;) {
    const times = nodes
      .flatMap((n) => n.output().split('\n'))
      .filter((l) => l.includes('"msg":"took the table over"'))
      .map((l) => JSON.parse(l) as { table: string; time: number })
      .filter((e) => e.table === code && e.time >= since)
      .map((e) => e.time);
    if (times.length > 0) return Math.min(...times);
    if (Date.now() > deadline) throw new Error(`no node took table ${code} over`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The settings of a cluster node started by hand (no nginx): `db`, and the shared Redis under `prefix`. */
export function nodeEnv(db: TestDatabase, prefix: string, id: string, leaseMs: number): Record<string, string> {
  return {
    DATABASE_URL: db.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    NODE_ID: id,
    LEASE_MS: String(leaseMs),
  };
}
