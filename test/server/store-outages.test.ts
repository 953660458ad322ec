/**
 * What players are told while the store cannot answer. A seat change the store refuses is
 * refused (ERR_UNAVAILABLE) and told to nobody, on SQLite (another process holds the file's
 * write lock for longer than the server's busy timeout) and on PostgreSQL (a TCP proxy in
 * front of it is cut). PostgreSQL frozen for longer than the query timeout (the proxy stops
 * forwarding bytes; statements sent meanwhile run when it resumes, though their clients
 * gave up on them): every table plays on to its end, every stored action reaches the
 * players once, and nobody is told ERR_UNAVAILABLE of an action that was stored.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientAction, GameUpdate, TableSummary } from '../../src/protocol/messages.js';
import { SQLITE_FILE } from '../../src/server/store/sqlite.js';
import { chooseAction } from './helpers/choose.js';
import { type AckReply, Client } from './helpers/client.js';
import { expectSoundLog } from './helpers/log-check.js';
import { freshDatabase, postgresAvailable, type TestDatabase } from './helpers/postgres.js';
import { api, startServer, type TestServer } from './helpers/server.js';
import { storedGame } from './helpers/stored.js';
import { seatTable } from './helpers/tables.js';
import { startTcpProxy, type TcpProxy } from './helpers/tcp-proxy.js';

const run = await postgresAvailable();
let db: TestDatabase;
const servers: TestServer[] = [];
const proxies: TcpProxy[] = [];
beforeAll(async () => {
  if (run) db = await freshDatabase();
});
afterAll(async () => {
  for (const s of servers) if (s.process.exitCode === null && s.process.signalCode === null) await s.stop();
  for (const p of proxies) await p.close();
  await db?.drop();
});

/** A server on PostgreSQL through a proxy the test controls; `query`: extra settings of the URL. */
async function serverBehindProxy(
  env: Record<string, string>,
  query = '',
): Promise<{ server: TestServer; proxy: TcpProxy }> {
  const upstream = new URL(db.url);
  const proxy = await startTcpProxy(upstream.hostname, Number(upstream.port || 5432));
  proxies.push(proxy);
  const via = new URL(db.url);
  via.host = `127.0.0.1:${proxy.port}`;
  via.search = query;
  const server = await startServer({ DATABASE_URL: via.toString(), ...env });
  servers.push(server);
  return { server, proxy };
}

interface Outage {
  begin(): void;
  end(): void;
}

const UNAVAILABLE = { ok: false, error: { code: 'ERR_UNAVAILABLE' } };

/** The messages that tell of a seat change (summaries, seat:lost) received since `from`. */
function seatNews(c: Client, from: number): unknown[] {
  return c.inbox.slice(from).filter((m) => m.kind === 'table' || m.kind === 'seatLost');
}

/**
 * During the outage a newcomer's join, the host's seat:bot and a guest's leave are refused
 * with ERR_UNAVAILABLE, nobody hears of a seat change, and the summary stays as it was;
 * once the store is back, the guest still holds the seat (a new connection with its token
 * watches as that seat, the old one chats as it) and what was refused can be done. Once
 * in the lobby, once mid-game (a leave then hands the seat to a bot).
 */
async function seatChangesRefused(server: TestServer, outage: Outage): Promise<void> {
  const { code, humans, tokens } = await seatTable(server, { players: 3, rounds: 1 }, 2, { bots: false, start: false });
  const [host, guest] = humans;
  const summary = async () => (await api<TableSummary>(server, 'GET', `/api/tables/${code}`)).body;

  for (const phase of ['lobby', 'game'] as const) {
    const before = await summary();
    const marks = humans.map((c) => c.inbox.length);
    outage.begin();
    if (phase === 'lobby') {
      const join = await api<{ error: { code: string } }>(server, 'POST', `/api/tables/${code}/seats`, {
        name: 'Late',
      });
      expect(join.status).toBe(503);
      expect(join.body.error.code).toBe('ERR_UNAVAILABLE');
      expect(await host.call('seat:bot', { seat: 2, level: 'easy' })).toMatchObject(UNAVAILABLE);
    }
    expect(await guest.call('table:leave', {})).toMatchObject(UNAVAILABLE);
    expect(await summary()).toEqual(before);
    for (const [i, c] of humans.entries()) expect(seatNews(c, marks[i]), `seat ${i}'s news`).toEqual([]);
    outage.end();

    expect(guest.lostSeat()).toBe(false);
    const again = new Client(server.url, tokens[1]);
    const watched = await again.watch(code);
    expect(watched).toMatchObject({ ok: true, seat: 1 });
    if (phase === 'game') expect(watched.game?.view.viewer).toBe(1);
    again.close();
    expect(await guest.call('chat:send', { text: 'still here' })).toMatchObject({ ok: true });
    expect((await summary()).seats[1]).toEqual(before.seats[1]);
    if (phase === 'lobby') {
      expect(await host.call('seat:bot', { seat: 2, level: 'easy' })).toMatchObject({ ok: true });
      expect(await host.call('table:start', {})).toMatchObject({ ok: true });
      await guest.until(() => guest.game !== null, 'the game to start');
    }
  }
  // The leave refused mid-game now goes through: the seat is lost, and said so, only now.
  expect(await guest.call('table:leave', {})).toMatchObject({ ok: true });
  await guest.until(() => guest.lostSeat(), 'seat:lost after the stored leave');
  for (const c of humans) c.close();
}

describe('seat changes while the store refuses every write', () => {
  it('on SQLite (the file locked by another process): refused, told to nobody, the seat still held', async () => {
    const server = await startServer();
    servers.push(server);
    let locker: Database.Database | null = null;
    await seatChangesRefused(server, {
      begin() {
        // A write transaction of another process: the server's writes wait out their busy timeout.
        locker = new Database(path.join(server.dataDir, SQLITE_FILE));
        locker.exec('BEGIN IMMEDIATE');
      },
      end() {
        locker?.exec('ROLLBACK');
        locker?.close();
      },
    });
  }, 60_000);

  it.skipIf(!run)(
    'on PostgreSQL (cut off through a proxy): refused, told to nobody, the seat still held',
    async () => {
      const { server, proxy } = await serverBehindProxy({});
      await seatChangesRefused(server, { begin: () => proxy.cut(), end: () => proxy.restore() });
    },
    60_000,
  );
});

/** One person's attempt at an action: the view's seq it was chosen from, and the answer. */
interface Attempt {
  readonly seen: number;
  readonly action: ClientAction;
  readonly reply: AckReply;
  readonly sent: number;
  readonly answered: number;
}

/**
 * Plays one person's seat to the end of the game (from the view shown, as the web client
 * does), keeping every attempt; waits while `held()` says so, and calls `acked` on the update
 * of each acknowledged action. A refusal is retried from the view as it is then (after watching again,
 * as the web client does on ERR_STALE).
 */
async function playSeat(
  c: Client,
  code: string,
  attempts: Attempt[],
  held: () => boolean,
  acked: () => void,
): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (c.game?.view.phase !== 'over') {
    if (Date.now() > deadline) throw new Error(`table ${code}: the game did not end in time`);
    if (held() || !c.myTurn()) {
      await c.until(() => !held() && (c.myTurn() || c.game?.view.phase === 'over'), 'a turn', 150_000);
      continue;
    }
    const seen = c.game!.seq;
    const action = chooseAction(c.game!.view, Math.random);
    const sent = Date.now();
    const reply = await c.call('game:act', { action, seq: seen });
    attempts.push({ seen, action, reply, sent, answered: Date.now() });
    if (reply.ok) {
      await c.until(() => c.game!.seq >= (reply.seq as number), 'the update of our action');
      acked();
    } else if (reply.error.code === 'ERR_STALE') await watchAgain(c, code, seen);
    else await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Follow the table again from the view `seen` (as the web client does on ERR_STALE). A
 * watch refused meanwhile (the database still out of reach) leaves the connection following
 * nothing: it is asked again until it is answered.
 */
async function watchAgain(c: Client, code: string, seen: number): Promise<void> {
  for (;;) {
    const reply = await c.watch(code, { lastSeq: seen, gameId: c.game!.gameId });
    if (reply.ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Every stored action reached this connection once: its updates' seqs go up one at a time
 * (no action skipped, none told twice), and no two updates of one seq carry events.
 */
function expectEachActionOnce(c: Client, code: string): void {
  const updates = c.inbox.filter((m) => m.kind === 'game').map((m) => (m as { update: GameUpdate }).update);
  let last = 0;
  const withEvents = new Set<number>();
  for (const u of updates) {
    expect([last, last + 1], `table ${code}: update ${u.seq} after ${last}`).toContain(u.seq);
    if (u.events.length > 0) {
      expect(withEvents.has(u.seq), `table ${code}: action ${u.seq} told twice`).toBe(false);
      withEvents.add(u.seq);
    }
    last = u.seq;
  }
}

describe('PostgreSQL frozen for longer than the query timeout', () => {
  it.skipIf(!run)(
    'every table plays to its end, each stored action reaches everyone once, and no stored action is refused',
    async () => {
      // A short query timeout through the URL (node-postgres reads it there), so the freeze can be short.
      const QUERY_TIMEOUT_MS = 1500;
      const FREEZE_MS = 5000;
      const { server, proxy } = await serverBehindProxy({ BOT_DELAY_MS: '30' }, `?query_timeout=${QUERY_TIMEOUT_MS}`);
      const tables = [];
      for (let i = 0; i < 3; i++) {
        // The first, played freely, has more bots: more of them to write into the freeze.
        const players = i === 0 ? 4 : 3;
        const { code, humans } = await seatTable(server, { players, rounds: 1 }, 1, { level: 'easy' });
        tables.push({ code, client: humans[0], attempts: [] as Attempt[] });
      }
      const lobby = await seatTable(server, { players: 3, rounds: 1 }, 1, { bots: false, start: false });
      // Tables 1 and 2 wait for their person's turn; table 0 plays freely, and the freeze
      // comes with the update of one of its person's actions that leaves bots to act, so
      // that they make theirs into it. Then the other two people act into the frozen database.
      let frozenAt = 0;
      let thawedAt = 0;
      const [free, ...waiting] = tables;
      let froze: () => void = () => undefined;
      const frozen = new Promise<void>((resolve) => {
        froze = resolve;
      });
      const freezeOnAck = () => {
        const botsToAct = free.client.game!.view.toAct.some((seat) => seat !== 0);
        if (frozenAt !== 0 || free.attempts.length < 2 || !botsToAct || !waiting.every((t) => t.client.myTurn()))
          return;
        frozenAt = Date.now();
        proxy.freeze();
        froze();
      };
      const played = tables.map((t) =>
        playSeat(t.client, t.code, t.attempts, () => t !== free && frozenAt === 0, t === free ? freezeOnAck : () => {}),
      );
      await frozen;
      // A seat change sent into the freeze too: its transaction times out before its COMMIT is
      // sent, so it is surely not stored (dropping the connection rolls it back): refused with
      // ERR_UNAVAILABLE, not "outcome unknown", and the seat stays empty until asked again.
      const added = lobby.humans[0].call('seat:bot', { seat: 1, level: 'easy' });
      await new Promise((r) => setTimeout(r, FREEZE_MS));
      proxy.thaw();
      thawedAt = Date.now();
      await Promise.all(played);
      expect(await added).toMatchObject({ ok: false, error: { code: 'ERR_UNAVAILABLE' } });
      expect((await api<TableSummary>(server, 'GET', `/api/tables/${lobby.code}`)).body.seats[1].bot).toBeNull();
      expect(await lobby.humans[0].call('seat:bot', { seat: 1, level: 'easy' })).toEqual({ ok: true });
      const summary = await api<TableSummary>(server, 'GET', `/api/tables/${lobby.code}`);
      expect(summary.body.seats[1]).toMatchObject({ name: 'Easy bot', bot: 'easy' });
      await lobby.humans[0].until(() => lobby.humans[0].table?.seats[1].bot === 'easy', 'the bot in the summary');
      lobby.humans[0].close();

      // Each waiting person's first action into the freeze: sent on an open connection, its
      // outcome was learnt after the thaw and it was acknowledged; when it needed a new
      // connection, none came within the query limit, so it was refused as never sent
      // (ERR_UNAVAILABLE) during the freeze, not held through it.
      for (const t of waiting) {
        const first = t.attempts.find((a) => a.sent >= frozenAt)!;
        if (first.reply.ok) {
          expect(first.reply.seq as number, `table ${t.code}`).toBeGreaterThan(first.seen);
          expect(first.answered).toBeGreaterThanOrEqual(thawedAt);
        } else {
          expect(first.reply.error.code, `table ${t.code}`).toBe('ERR_UNAVAILABLE');
          expect(first.answered).toBeLessThan(thawedAt);
        }
      }
      // Bots' writes into the freeze fail within the query limit, a new connection's too, and are tried again.
      expect(server.output()).toMatch(/bot move refused or not known to be stored; retrying/);

      for (const t of tables) {
        const gameId = t.client.game!.gameId;
        const stored = await storedGame(db.url, gameId);
        expect(stored.status, `table ${t.code}`).toBe('finished');
        const acked = t.attempts.flatMap(({ reply, action }) =>
          reply.ok ? [{ seq: reply.seq as number, action, seat: 0 }] : [],
        );
        expectSoundLog(stored, acked);
        // ERR_UNAVAILABLE means nothing was stored; ERR_OUTCOME_UNKNOWN may have been.
        for (const a of t.attempts.filter((x) => !x.reply.ok && x.reply.error.code === 'ERR_UNAVAILABLE'))
          expect(stored.actions[a.seen]?.action, `table ${t.code}: refused action ${a.seen + 1}`).not.toEqual({
            ...a.action,
            seat: 0,
          });
        expectEachActionOnce(t.client, t.code);
        t.client.close();
      }
    },
    240_000,
  );
});
