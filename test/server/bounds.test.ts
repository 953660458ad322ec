/**
 * Nothing grows without bound: open tables per address, tables nobody opens, retention of
 * abandoned tables and chat, the write-ahead log, Engine.IO sessions per address, idle
 * sessions, and the cost of catching up. Each bound is reached and holds, and the server
 * goes on answering another address meanwhile (the latency is printed, not asserted).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Manager } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableReply, GameUpdate, WatchReply } from '../../src/protocol/messages.js';
import { chooseAction } from './helpers/choose.js';
import { Client, playToEnd } from './helpers/client.js';
import { api, requestFrom, startServer, type TestServer } from './helpers/server.js';
import { withStore } from './helpers/stored.js';
import { seatTable } from './helpers/tables.js';

const OTHER = '127.0.0.2';

async function createFrom(
  server: TestServer,
  from: string,
  options: object = { players: 2 },
): Promise<{ status: number; body: CreateTableReply & { error?: { code: string } } }> {
  const r = await requestFrom(server, from, 'POST', '/api/tables', {}, { name: 'Ann', options });
  return { status: r.status, body: JSON.parse(r.body) };
}

/** What the store still holds of a table and some of its games. */
function leftovers(server: TestServer, code: string, gameIds: string[]) {
  return withStore(server.dataDir, async (store) => {
    const stored = await store.loadTable(code);
    const games = await Promise.all(
      gameIds.map(async (id) => ({ game: await store.loadGame(id), actions: (await store.loadActions(id)).length })),
    );
    return {
      table: stored?.table ?? null,
      tokens: stored?.seats.filter((s) => s.tokenHash !== null).length ?? 0,
      seats: stored?.seats.length ?? 0,
      chat: (await store.recentChat(code, 100)).length,
      games,
    };
  });
}

async function eventually(test: () => boolean | Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('memory and disk', () => {
  let server: TestServer;
  const WAL_LIMIT = 64 * 1024;
  beforeAll(async () => {
    server = await startServer({
      MAX_TABLES_PER_ADDRESS: '5',
      UNOPENED_CLOSE_SECONDS: '1',
      CLOSE_AFTER_SECONDS: '1',
      RETENTION_SECONDS: '1',
      SWEEP_SECONDS: '1',
      SQLITE_WAL_LIMIT_BYTES: String(WAL_LIMIT),
    });
  });
  afterAll(async () => {
    expect(await server.stop()).toBe(0);
  });

  it('one address has at most its cap of open tables, and a table nobody opens leaves soon', async () => {
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await createFrom(server, '127.0.0.1'));
    expect(made.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const over = await createFrom(server, '127.0.0.1');
    expect(over.status).toBe(429);
    expect(over.body.error!.code).toBe('ERR_TOO_MANY_TABLES');
    // Another address is not held back by it.
    const other = await createFrom(server, OTHER);
    expect(other.status).toBe(201);
    // Nobody opened them: they close (and leave memory), and the address may create again.
    // (Retention, one second here, then deletes them from the store too: no finished game.)
    // The other address's table was made last, so it may close one sweep later: wait for it too.
    for (const t of [...made, other]) {
      await eventually(async () => {
        const r = await api<{ status: string }>(server, 'GET', `/api/tables/${t.body.code}`);
        return r.status === 404 || r.body.status === 'closed';
      }, 'an unopened table to close');
    }
    const metrics = await api<string>(server, 'GET', '/metrics');
    expect(metrics.body).toMatch(/^bottle_imp_open_tables 0$/m);
    expect((await createFrom(server, '127.0.0.1')).status).toBe(201);
  });

  it('abandoned tables and chat are deleted after the retention time; finished games and records stay', async () => {
    // A finished game, some chat, then everyone leaves: the table closes.
    const done = await seatTable(server, { players: 2, rounds: 1 }, 1);
    const finishedId = done.humans[0].game!.gameId;
    expect((await done.humans[0].call('chat:send', { text: 'good game' })).ok).toBe(true);
    await playToEnd(done.humans);
    expect((await done.humans[0].call('table:leave', {})).ok).toBe(true);
    // A game left mid-way: its table closes when nobody is connected, and the game is abandoned.
    const left = await seatTable(server, { players: 3, rounds: 1 }, 1);
    const abandonedId = left.humans[0].game!.gameId;
    expect((await left.humans[0].call('chat:send', { text: 'bye' })).ok).toBe(true);
    for (const c of [...done.humans, ...left.humans]) c.close();

    await eventually(
      async () => (await leftovers(server, left.code, [])).table === null,
      'the abandoned table to be swept',
    );
    const abandoned = await leftovers(server, left.code, [abandonedId]);
    expect(abandoned).toMatchObject({ seats: 0, chat: 0, games: [{ game: null, actions: 0 }] });
    // The finished game is kept with its whole log, and its record is still served; its table lost chat and tokens.
    await eventually(
      async () => (await leftovers(server, done.code, [])).chat === 0,
      'the finished table’s chat to be swept',
    );
    const kept = await leftovers(server, done.code, [finishedId]);
    expect(kept.table?.status).toBe('closed');
    expect(kept.tokens).toBe(0);
    expect(kept.games[0].game?.status).toBe('finished');
    expect(kept.games[0].actions).toBeGreaterThan(10);
    const record = await api<{ format: string }>(server, 'GET', `/api/games/${finishedId}/record`);
    expect(record.status).toBe(200);
    expect(record.body.format).toBe('bottle-imp/1');
    expect((await api<{ games: unknown[] }>(server, 'GET', `/api/tables/${done.code}/games`)).body.games).toHaveLength(
      1,
    );
  });

  it('the write-ahead log is cut back to its limit after a burst of writes', async () => {
    const wal = path.join(server.dataDir, 'bottle-imp.sqlite-wal');
    const size = () => fs.statSync(wal, { throwIfNoEntry: false })?.size ?? 0;
    let largest = 0;
    const watcher = setInterval(() => (largest = Math.max(largest, size())), 20);
    try {
      const tables = await Promise.all([0, 1, 2].map(() => seatTable(server, { players: 4, rounds: 3 }, 1)));
      await Promise.all(tables.map((t) => playToEnd(t.humans)));
      for (const t of tables) for (const c of t.humans) c.close();
    } finally {
      clearInterval(watcher);
    }
    // The burst went past the limit, and the log came back under it.
    expect(largest).toBeGreaterThan(WAL_LIMIT);
    await eventually(() => size() <= WAL_LIMIT, 'the log to be truncated');
    console.log(
      `write-ahead log: largest ${Math.round(largest / 1024)} KiB during the burst, ${Math.round(size() / 1024)} KiB after (limit ${WAL_LIMIT / 1024} KiB)`,
    );
  }, 120_000);
});

/** An Engine.IO session that never joins the namespace. */
function rawSession(server: TestServer): Promise<Manager> {
  const manager = new Manager(server.url, { transports: ['websocket'], reconnection: false, autoConnect: false });
  return new Promise((resolve, reject) => {
    manager.open((err) => (err ? reject(err) : resolve(manager)));
  });
}

describe('connections', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ MAX_CONNECTIONS_PER_ADDRESS: '20', JOIN_TIMEOUT_SECONDS: '1' });
  });
  afterAll(async () => {
    expect(await server.stop()).toBe(0);
  });

  it('sessions that never join count against the address’s cap, and are closed after the join timeout', async () => {
    const sessions = await Promise.all(Array.from({ length: 20 }, () => rawSession(server)));
    const closed = sessions.map((m) => new Promise<void>((resolve) => m.on('close', () => resolve())));
    // The 21st, over WebSocket or as a polling handshake, is refused.
    await expect(rawSession(server)).rejects.toThrow();
    const polling = await requestFrom(server, '127.0.0.1', 'GET', '/socket.io/?EIO=4&transport=polling');
    expect(polling.status).toBe(403);
    // Another address plays on.
    const { body } = await createFrom(server, OTHER);
    const other = new Client(server.url, body.token, OTHER);
    expect((await other.watch(body.code)).ok).toBe(true);
    // The idle sessions are closed, which frees the address.
    await Promise.all(closed);
    const again = new Client(server.url, body.token);
    expect((await again.watch(body.code)).ok).toBe(true);
    // A connection that joins the namespace but follows no table is closed too.
    const idle = new Client(server.url);
    await new Promise<void>((resolve) => idle.socket.on('connect', () => resolve()));
    await idle.until(() => !idle.socket.connected, 'the idle connection to be closed', 10_000);
    expect(other.socket.connected && again.socket.connected).toBe(true);
    for (const c of [other, again]) c.close();
  });
});

describe('catching up', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ BOT_DELAY_MS: '0' });
  });
  afterAll(async () => {
    expect(await server.stop()).toBe(0);
  });

  it('a watch with lastSeq returns one view and the missed events, and a connection may not ask again and again', async () => {
    const { code, humans } = await seatTable(server, { players: 4, rounds: 1 }, 1);
    await playToEnd(humans);
    const { gameId, seq } = humans[0].game!;
    expect(seq).toBeGreaterThan(30);
    const asker = new Client(server.url);
    const replies = [];
    for (let i = 0; i < 8; i++)
      replies.push((await asker.watch(code, { lastSeq: seq - 30, gameId })) as { ok: boolean } & Partial<WatchReply>);
    const first = replies[0];
    expect(first.missed!.map((m) => m.seq)).toEqual(Array.from({ length: 30 }, (_, i) => seq - 29 + i));
    for (const m of first.missed!) expect(Object.keys(m).sort()).toEqual(['events', 'seq']);
    // One full view in the reply, however much was missed.
    expect(JSON.stringify(first).match(/"viewer"/g)).toHaveLength(1);
    expect(
      replies.filter((r) => !r.ok).map((r) => !r.ok && (r as unknown as { error: { code: string } }).error.code),
    ).toEqual(['ERR_RATE_LIMITED', 'ERR_RATE_LIMITED', 'ERR_RATE_LIMITED']);
    for (const c of [...humans, asker]) c.close();
  });

  it('ten connections asking to catch up as fast as they can: another address still plays at normal latency', async () => {
    // The target: a finished game long enough that every watch could ask for a long catch-up.
    const target = await seatTable(server, { players: 4, rounds: 2 }, 1);
    await playToEnd(target.humans);
    const { gameId } = target.humans[0].game!;

    const before = await serverLatency(server);
    const quiet = await timedGame(server);
    const between = await serverLatency(server);
    let stop = false;
    const tally = { ok: 0, limited: 0, bytes: 0 };
    const attackers = Array.from({ length: 10 }, () => new Client(server.url));
    const attack = attackers.map(async (a) => {
      while (!stop) {
        const r = await a.call('table:watch', { code: target.code, lastSeq: 0, gameId });
        if (r.ok) tally.ok++;
        else if (r.error.code === 'ERR_RATE_LIMITED') tally.limited++;
        else throw new Error(JSON.stringify(r));
        tally.bytes += JSON.stringify(r).length;
      }
    });
    const started = performance.now();
    const loaded = await timedGame(server);
    stop = true;
    await Promise.all(attack);
    const after = await serverLatency(server);
    // The server's own time from receiving an action to acknowledging it (no client in it).
    const inServer = (a: typeof before, b: typeof before) => ((b.sum - a.sum) / (b.count - a.count)) * 1000;
    const seconds = (performance.now() - started) / 1000;
    // The cap held: a burst of five, then one a second, per connection.
    expect(tally.limited).toBeGreaterThan(0);
    expect(tally.ok).toBeLessThanOrEqual(10 * (5 + Math.ceil(seconds) + 1));
    console.log(
      `catch-up attack (10 connections, ${seconds.toFixed(1)} s): ${tally.ok} watches answered, ${tally.limited} refused, ${(tally.bytes / seconds / 1024).toFixed(0)} KiB/s sent to them; ` +
        `another address's action → ack at the client: median ${median(quiet).toFixed(1)} ms quiet (n=${quiet.length}), ${median(loaded).toFixed(1)} ms under attack (n=${loaded.length}, p95 ${percentile(loaded, 0.95).toFixed(1)} ms); ` +
        `inside the server (mean): ${inServer(before, between).toFixed(2)} ms quiet, ${inServer(between, after).toFixed(2)} ms under attack`,
    );
    for (const c of [...target.humans, ...attackers]) c.close();
  }, 120_000);
});

/** One game from another address (a person and three bots), timing each action to its acknowledgement. */
async function timedGame(server: TestServer): Promise<number[]> {
  const created = await createFrom(server, OTHER, { players: 4, rounds: 2 });
  const me = new Client(server.url, created.body.token, OTHER);
  await me.watch(created.body.code);
  for (const seat of [1, 2, 3]) expect((await me.call('seat:bot', { seat, level: 'easy' })).ok).toBe(true);
  expect((await me.call('table:start', {})).ok).toBe(true);
  const times: number[] = [];
  const over = () => me.game?.view.phase === 'over';
  while (!over()) {
    await me.until(() => over() || me.myTurn(), 'my turn', 60_000);
    if (over()) break;
    const game = me.game as GameUpdate;
    const t0 = performance.now();
    const reply = await me.act(chooseAction(game.view, Math.random));
    times.push(performance.now() - t0);
    if (!reply.ok) throw new Error(JSON.stringify(reply));
    await me.until(() => me.game!.seq >= (reply.seq as number), 'the update after my action');
  }
  me.close();
  return times;
}

/** The server's action-latency histogram so far (bottle_imp_action_latency_seconds). */
async function serverLatency(server: TestServer): Promise<{ sum: number; count: number }> {
  const text = (await api<string>(server, 'GET', '/metrics')).body;
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
  return {
    sum: value('bottle_imp_action_latency_seconds_sum'),
    count: value('bottle_imp_action_latency_seconds_count'),
  };
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
}

function median(xs: number[]): number {
  return percentile(xs, 0.5);
}
