/**
 * `npm run cluster`: a whole cluster on this machine to try it out: N server nodes
 * (default 3) on one PostgreSQL database and one Redis, and nginx in front with the
 * configuration of docs/deploy.md. It prints the address to open; Ctrl-C stops it all.
 *
 *   npm run cluster -- [--nodes N] [--port P] [--first-node-port Q]
 *
 * DATABASE_URL (default: the database bottle_imp_cluster on the local PostgreSQL, made if
 * missing), REDIS_URL (default: the local Redis), REDIS_PREFIX (default
 * "bottle-imp-cluster:") and every other node setting (docs/deploy.md) come from the
 * environment. Nodes listen on 127.0.0.1, ports Q, Q+1, … (default 3001); nginx on
 * 127.0.0.1:P (default 8080). Each node's log lines are printed with its name.
 */
import { parseArgs } from 'node:util';
import { type NginxProcess, type NodeProcess, startNginx, startNode } from './processes.js';
import { ensureDatabase } from './services.js';

const DEFAULT_DATABASE = 'postgres://postgres@127.0.0.1:5432/bottle_imp_cluster';
const DEFAULT_REDIS = 'redis://127.0.0.1:6379';

function port(raw: string, name: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`--${name} must be a port number, not "${raw}"`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      nodes: { type: 'string', default: '3' },
      port: { type: 'string', default: '8080' },
      'first-node-port': { type: 'string', default: '3001' },
    },
  });
  const count = Number(values.nodes);
  if (!Number.isInteger(count) || count < 1 || count > 16) throw new Error('--nodes must be from 1 to 16');
  const front = port(values.port, 'port');
  const first = port(values['first-node-port'], 'first-node-port');
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE;
  if (!process.env.DATABASE_URL && (await ensureDatabase(databaseUrl)))
    console.log(`made the database ${new URL(databaseUrl).pathname.slice(1)}`);
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL || DEFAULT_REDIS,
    REDIS_PREFIX: process.env.REDIS_PREFIX || 'bottle-imp-cluster:',
    HOST: '127.0.0.1',
    // nginx reaches the nodes from this machine: its X-Forwarded-For names each client.
    TRUST_PROXY: '127.0.0.1',
  };

  const nodes: NodeProcess[] = [];
  let nginx: NginxProcess | null = null;
  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('stopping the cluster…');
    await nginx?.stop();
    await Promise.all(nodes.map((n) => n.stop()));
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stopAll(0));

  try {
    for (let i = 0; i < count; i++) {
      const id = `node-${i + 1}`;
      // Its place in nginx's list (nginx.ts): it makes table codes that nginx routes to itself.
      const slot = `${i + 1}/${count}`;
      const node = await startNode({ ...env, NODE_ID: id, BALANCER_SLOT: slot, PORT: String(first + i) }, (line) =>
        console.log(`[${id}] ${line}`),
      );
      node.child.once('exit', (code, signal) => {
        if (!stopping) console.log(`[${id}] exited (${signal ?? code}); its tables move to the other nodes`);
      });
      nodes.push(node);
    }
    nginx = await startNginx(
      '127.0.0.1',
      front,
      nodes.map((n) => `127.0.0.1:${n.port}`),
    );
  } catch (e) {
    console.error(`bottle-imp cluster: ${e instanceof Error ? e.message : String(e)}`);
    await stopAll(1);
    return;
  }
  console.log(
    `\nBottle Imp cluster: ${nginx.url}  (${count} node${count === 1 ? '' : 's'}: ${nodes.map((n) => n.url).join(', ')}; nginx pid ${nginx.child.pid})\nCtrl-C stops everything.\n`,
  );
}

main().catch((e) => {
  console.error(`bottle-imp cluster: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
