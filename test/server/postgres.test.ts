/**
 * The server on PostgreSQL (DATABASE_URL): whole games are stored there, and a server
 * killed mid-game resumes it from the database with every acknowledged action kept.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PostgresStore } from '../../src/server/store/postgres.js';
import { chooseAction } from './helpers/choose.js';
import { Client, playToEnd, step } from './helpers/client.js';
import { freshDatabase, postgresAvailable, type TestDatabase } from './helpers/postgres.js';
import { api, startServer, type TestServer } from './helpers/server.js';
import { seatTable } from './helpers/tables.js';
import { startTcpProxy } from './helpers/tcp-proxy.js';

const run = await postgresAvailable();
let db: TestDatabase;
const servers: TestServer[] = [];
beforeAll(async () => {
  if (run) db = await freshDatabase();
});
afterAll(async () => {
  for (const s of servers) if (s.process.exitCode === null && s.process.signalCode === null) await s.stop();
  await db?.drop();
});

it.skipIf(!run)(
  'a game played on PostgreSQL survives SIGKILL of the server and ends with every acknowledged action stored',
  async () => {
    const env = { DATABASE_URL: db.url, BOT_DELAY_MS: '5' };
    const first = await startServer(env);
    servers.push(first);
    const { code, humans, tokens } = await seatTable(first, { players: 4, rounds: 1 }, 2, { level: 'easy' });
    const gameId = humans[0].game!.gameId;
    while (humans.reduce((n, c) => n + c.acked.length, 0) < 8) await step(humans);
    await first.kill();
    const acked = humans.flatMap((c) => c.acked.map((a) => ({ ...a, seat: tokens.indexOf(c.token!) })));
    for (const c of humans) c.close();

    const second = await startServer(env);
    servers.push(second);
    expect(second.output()).toMatch(/"resumed":1/);
    const back = tokens.map((t) => new Client(second.url, t));
    for (const c of back) expect((await c.watch(code)).ok).toBe(true);
    await playToEnd(back);
    for (const c of back) c.close();
    expect(await second.stop()).toBe(0);

    const store = await PostgresStore.open(db.url);
    try {
      expect((await store.loadGame(gameId))?.status).toBe('finished');
      const actions = await store.loadActions(gameId);
      expect(actions.map((a) => a.seq)).toEqual(actions.map((_, i) => i + 1));
      for (const a of acked) expect(actions[a.seq - 1].action).toEqual({ ...a.action, seat: a.seat });
      expect((await store.loadTable(code))?.table.status).toBe('finished');
    } finally {
      await store.close();
    }
  },
);

it.skipIf(!run)(
  'while PostgreSQL cannot be reached, actions are refused with ERR_UNAVAILABLE and nothing is lost; play resumes when it is back',
  async () => {
    const upstream = new URL(db.url);
    const proxy = await startTcpProxy(upstream.hostname, Number(upstream.port || 5432));
    const viaProxy = new URL(db.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const server = await startServer({ DATABASE_URL: viaProxy.toString(), BOT_DELAY_MS: '5' });
    servers.push(server);
    try {
      const { humans, tokens } = await seatTable(server, { players: 3, rounds: 1 }, 2, { level: 'easy' });
      const gameId = humans[0].game!.gameId;
      while (humans.reduce((n, c) => n + c.acked.length, 0) < 4) await step(humans);
      // Wait until one of the people is to act, with nothing in flight.
      await humans[0].until(() => humans.some((c) => c.myTurn()), 'a person to act');
      const mover = humans.find((c) => c.myTurn())!;
      const before = mover.game!.seq;

      proxy.cut();
      const action = chooseAction(mover.game!.view, Math.random);
      const refused = await mover.act(action);
      // A statement on a connection that broke may or may not have reached the database
      // first, and the server cannot tell: it says so (ERR_OUTCOME_UNKNOWN) rather than claim
      // that nothing was done. Either way the database was cut off: nothing is stored (below).
      expect(refused.ok).toBe(false);
      if (!refused.ok) expect(['ERR_UNAVAILABLE', 'ERR_OUTCOME_UNKNOWN']).toContain(refused.error.code);
      const health = await api<{ ok: boolean; database: boolean }>(server, 'GET', '/healthz');
      expect(health).toEqual({ status: 503, body: { ok: false, database: false } });
      expect(mover.game!.seq).toBe(before);

      proxy.restore();
      const deadline = Date.now() + 20_000;
      while ((await api(server, 'GET', '/healthz')).status !== 200) {
        if (Date.now() > deadline) throw new Error('the database did not come back');
        await new Promise((r) => setTimeout(r, 200));
      }
      const accepted = await mover.act(action);
      expect(accepted).toMatchObject({ ok: true, seq: before + 1 });
      await mover.until(() => mover.game!.seq > before, 'the update after the accepted action');
      await playToEnd(humans);
      for (const c of humans) c.close();

      const store = await PostgresStore.open(db.url);
      try {
        const actions = await store.loadActions(gameId);
        expect(actions.map((a) => a.seq)).toEqual(actions.map((_, i) => i + 1));
        const acked = humans.flatMap((c) => c.acked.map((a) => ({ ...a, seat: tokens.indexOf(c.token!) })));
        for (const a of acked) expect(actions[a.seq - 1].action).toEqual({ ...a.action, seat: a.seat });
        expect((await store.loadGame(gameId))?.status).toBe('finished');
      } finally {
        await store.close();
      }
    } finally {
      await server.stop();
      await proxy.close();
    }
  },
);
