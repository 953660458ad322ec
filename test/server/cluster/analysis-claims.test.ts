/**
 * Analyses in a cluster: a stored analysis request is claimed by exactly one node, and a
 * dead node's claim is taken up again. Three finished games are left waiting for analysis
 * (their node is killed); then two nodes start on the same database. The first takes
 * every request; the second, though it starts with them pending, analyses none while the
 * first holds them; the first is killed mid-analysis, and the second analyses all three,
 * each exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisReply } from '../../../src/protocol/messages.js';
import { type Client, playToEnd } from '../helpers/client.js';
import { nodeEnv } from '../helpers/cluster.js';
import { freshDatabase, postgresAvailable, type TestDatabase } from '../helpers/postgres.js';
import { dropPrefix, randomPrefix, redisAvailable, TEST_REDIS_URL } from '../helpers/redis.js';
import { api, startServer, type TestServer } from '../helpers/server.js';
import { seatTable } from '../helpers/tables.js';

const here = (await postgresAvailable()) && (await redisAvailable());
// The product's default lease: a shorter one can run out while a freshly started node stalls
// for a second on a loaded machine (the CI's), and then the other node rightly takes a claim.
const LEASE_MS = 5000;
/** So many samples per decision that a node is surely still at its first game when it is killed. */
const SLOW = '200000';
const FAST = '40';

/** The games whose analysis a node's log says it finished. */
function analysed(node: TestServer): string[] {
  return node
    .output()
    .split('\n')
    .filter((l) => l.includes('"msg":"game analysed"'))
    .map((l) => (JSON.parse(l) as { game: string }).game);
}

async function until(test: () => boolean | Promise<boolean>, what: string, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.skipIf(!here)('analysis requests across nodes', () => {
  let db: TestDatabase;
  const prefix = randomPrefix();
  const nodes: TestServer[] = [];
  const start = async (id: string, iterations: string) => {
    const node = await startServer({
      ...nodeEnv(db, prefix, id, LEASE_MS),
      ANALYSIS_ITERATIONS: iterations,
      BOT_WORKERS: '2',
    });
    nodes.push(node);
    return node;
  };
  beforeAll(async () => {
    if (here) db = await freshDatabase();
  });
  afterAll(async () => {
    for (const n of nodes) await n.stop().catch(() => undefined);
    if (!here) return;
    await db.drop();
    await dropPrefix(TEST_REDIS_URL, prefix);
  });

  it("each pending request is analysed once, by one node; a dead node's claims are taken up by another", async () => {
    // Three finished games with their analyses requested, on a node that is then killed
    // while it analyses the first. (Requested once all three are played: an analysis at
    // SLOW samples would hold a core for the rest of the test and slow the games down.)
    const first = await start('node-first', SLOW);
    const { humans } = await seatTable(first, { players: 4, rounds: 1 }, 1, { level: 'easy' });
    const host: Client = humans[0];
    const games: string[] = [];
    for (let i = 0; i < 3; i++) {
      if (i > 0) {
        expect(await host.call('table:rematch', {})).toEqual({ ok: true });
        await host.until(() => host.game!.gameId !== games[i - 1], 'the rematch');
      }
      await playToEnd([host]);
      games.push(host.game!.gameId);
    }
    host.close();
    for (const game of games) expect((await api(first, 'POST', `/api/games/${game}/analysis`)).status).toBe(202);
    const status = async (node: TestServer, game: string) =>
      (await api<AnalysisReply>(node, 'GET', `/api/games/${game}/analysis`)).body.status;
    await until(async () => (await status(first, games[0])) === 'running', 'the first node to analyse the first game');
    await first.kill();
    // The first node was analysing the first game: its claim on that one runs out a lease after its death.
    await new Promise((r) => setTimeout(r, LEASE_MS + 1000));

    // Two nodes start with the three requests pending. The slow one starts first and claims them all.
    const slow = await start('node-slow', SLOW);
    expect(slow.output()).toContain('"analysesResumed":3');
    const running = async () => (await Promise.all(games.map((g) => status(slow, g)))).includes('running');
    await until(running, 'the slow node to start an analysis');
    const fast = await start('node-fast', FAST);
    // The fast node starts with the three requests pending, and leaves the slow node's claims alone.
    expect(fast.output()).toContain('"analysesResumed":0');
    await new Promise((r) => setTimeout(r, LEASE_MS * 2));
    expect(analysed(fast)).toEqual([]);

    // The slow node dies mid-analysis: once its claims run out, the fast node analyses every game.
    await slow.kill();
    const done = async () => (await Promise.all(games.map((g) => status(fast, g)))).every((s) => s === 'done');
    await until(done, 'every game analysed');
    const finished = nodes.flatMap((n) => analysed(n));
    expect(finished.sort()).toEqual([...games].sort());
    expect(analysed(fast).sort()).toEqual([...games].sort());
  }, 240_000);
});
