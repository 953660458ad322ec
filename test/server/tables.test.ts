/** Tables and seats over HTTP and Socket.IO: the lobby, hosts, bots, chat, limits, health. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableReply, TableSummary } from '../../src/protocol/messages.js';
import { Client } from './helpers/client.js';
import { api, requestFrom, startServer, type TestServer, tempDataDir } from './helpers/server.js';
import { seatTable } from './helpers/tables.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

describe('tables over HTTP', () => {
  it('creates a table with a short code and an invite link; lists only public tables that wait', async () => {
    const pub = await api<CreateTableReply>(server, 'POST', '/api/tables', {
      name: 'Ann',
      options: { players: 5, public: true, targetScore: 200 },
    });
    expect(pub.status).toBe(201);
    expect(pub.body.code).toMatch(/^[2-9A-Z]{8}$/);
    expect(pub.body.token.length).toBeGreaterThanOrEqual(40);
    expect(pub.body.invite).toBe(`${server.url}/#/t/${pub.body.code}`);
    const priv = await api<CreateTableReply>(server, 'POST', '/api/tables', { name: 'Bob', options: { players: 3 } });
    const list = await api<TableSummary[]>(server, 'GET', '/api/tables');
    const codes = list.body.map((t) => t.code);
    expect(codes).toContain(pub.body.code);
    expect(codes).not.toContain(priv.body.code);
    const summary = list.body.find((t) => t.code === pub.body.code)!;
    expect(summary.options).toEqual({
      players: 5,
      mode: 'individual',
      targetScore: 200,
      public: true,
      turnSeconds: 60,
      coach: true,
      turnClock: 'normal',
      rated: false,
    });
    expect(summary.seats[0]).toEqual({ seat: 0, name: 'Ann', bot: null, connected: false, away: false });
    // Codes are case-insensitive for people typing them.
    expect((await api(server, 'GET', `/api/tables/${pub.body.code.toLowerCase()}`)).status).toBe(200);
  });

  it('one public table waits per address, and tables with someone there are listed first', async () => {
    const make = async (from: string, pub: boolean) => {
      const r = await requestFrom(
        server,
        from,
        'POST',
        '/api/tables',
        {},
        { name: 'Ann', options: { players: 2, public: pub } },
      );
      return { status: r.status, body: JSON.parse(r.body) as CreateTableReply & { error?: { code: string } } };
    };
    const listed = async () => (await api<TableSummary[]>(server, 'GET', '/api/tables')).body.map((t) => t.code);
    const first = await make('127.0.0.2', true);
    expect(first.status).toBe(201);
    const before = await listed();
    const second = await make('127.0.0.2', true);
    expect(second.status).toBe(429);
    expect(second.body.error!.code).toBe('ERR_TOO_MANY_PUBLIC_TABLES');
    // The refusal changes nothing; a private table, or another address's public one, is made.
    expect(await listed()).toEqual(before);
    expect((await make('127.0.0.2', false)).status).toBe(201);
    const other = await make('127.0.0.3', true);
    expect(other.status).toBe(201);
    // Newest first, except that a table where someone is connected comes before those nobody is at.
    expect((await listed()).indexOf(other.body.code)).toBeLessThan((await listed()).indexOf(first.body.code));
    const host = new Client(server.url, first.body.token);
    await host.watch(first.body.code);
    expect((await listed())[0]).toBe(first.body.code);
    // Once it has started, the address may open another public table.
    expect((await host.call('seat:bot', { seat: 1, level: 'easy' })).ok).toBe(true);
    expect((await host.call('table:start', {})).ok).toBe(true);
    expect((await make('127.0.0.2', true)).status).toBe(201);
    host.close();
  });

  it('refuses bad options and bad names with a clear message', async () => {
    for (const body of [
      { name: 'A', options: { players: 7 } },
      { name: '', options: { players: 4 } },
      { name: 'A', options: { players: 4, mode: '2-2-2' } },
      { name: 'A', options: { players: 4, rounds: 3, targetScore: 100 } },
      { name: 'A', options: { players: 4, turnSeconds: 1 } },
      { name: 'A', options: { players: 4 }, admin: true },
      'not json',
    ]) {
      const r = await api<{ error: { code: string; message: string } }>(server, 'POST', '/api/tables', body);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toMatch(/^ERR_BAD_(REQUEST|OPTIONS)$/);
      expect(r.body.error.message).not.toMatch(/\n\s+at /);
    }
    expect((await api(server, 'GET', '/api/tables/NOPE2345')).status).toBe(404);
    expect((await api(server, 'GET', '/api/games/nope/record')).status).toBe(404);
  });

  it('seats people until the table is full', async () => {
    const t = await api<CreateTableReply>(server, 'POST', '/api/tables', { name: 'Ann', options: { players: 2 } });
    const seats = `/api/tables/${t.body.code}/seats`;
    // Messages count seats from 1, as people do; the seat field counts from 0.
    expect((await api(server, 'POST', seats, { name: 'Bo', seat: 0 })).body).toMatchObject({
      error: { code: 'ERR_SEAT_TAKEN', message: 'Seat 1 is taken.' },
    });
    expect((await api(server, 'POST', seats, { name: 'Bo', seat: 4 })).body).toMatchObject({
      error: { code: 'ERR_BAD_SEAT', message: 'This table has seats 1 to 2 (seat field 0 to 1).' },
    });
    expect((await api(server, 'POST', seats, { name: 'Bo' })).body).toMatchObject({ seat: 1 });
    const full = await api(server, 'POST', seats, { name: 'Cy' });
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ error: { code: 'ERR_TABLE_FULL' } });
  });
});

describe('the lobby over Socket.IO', () => {
  it('the host adds and removes bots and starts only when every seat is filled; others cannot', async () => {
    const { code, humans } = await seatTable(server, { players: 4 }, 2, { start: false, bots: false });
    const [host, guest] = humans;
    expect(await host.call('table:start', {})).toMatchObject({ ok: false, error: { code: 'ERR_SEATS_EMPTY' } });
    expect(await guest.call('seat:bot', { seat: 2, level: 'hard' })).toMatchObject({
      ok: false,
      error: { code: 'ERR_NOT_HOST' },
    });
    expect(await host.call('seat:bot', { seat: 1, level: 'hard' })).toMatchObject({
      ok: false,
      error: { code: 'ERR_SEAT_TAKEN' },
    });
    expect(await host.call('seat:bot', { seat: 2, level: 'hard' })).toEqual({ ok: true });
    expect(await host.call('seat:bot', { seat: 3, level: 'expert' })).toEqual({ ok: true });
    await guest.until(() => guest.table!.seats[3].bot === 'expert', 'the bot to show');
    expect(await host.call('seat:clear', { seat: 3 })).toEqual({ ok: true });
    expect(await host.call('seat:clear', { seat: 1 })).toMatchObject({ ok: false, error: { code: 'ERR_NOT_A_BOT' } });
    expect(await host.call('seat:bot', { seat: 3, level: 'easy' })).toEqual({ ok: true });
    expect(await guest.call('table:start', {})).toMatchObject({ ok: false, error: { code: 'ERR_NOT_HOST' } });

    // The host leaves before the start: the guest becomes host, the seat is free again.
    expect(await host.call('table:leave', {})).toEqual({ ok: true });
    await guest.until(() => guest.table!.host === 1 && guest.table!.seats[0].name === null, 'the new host');
    const joined = await api<{ seat: number; token: string }>(server, 'POST', `/api/tables/${code}/seats`, {
      name: 'Late',
    });
    expect(joined.body.seat).toBe(0);
    expect(await guest.call('table:start', {})).toEqual({ ok: true });
    expect((await api(server, 'POST', `/api/tables/${code}/seats`, { name: 'Later' })).body).toMatchObject({
      error: { code: 'ERR_GAME_STARTED' },
    });
    await guest.until(() => guest.game !== null, 'the game');
    expect(await guest.call('seat:bot', { seat: 2, level: 'easy' })).toMatchObject({
      ok: false,
      error: { code: 'ERR_GAME_STARTED' },
    });
    for (const c of humans) c.close();
  });

  it('chat reaches players and (read-only) spectators, is kept, and is limited in length and rate', async () => {
    const { code, humans } = await seatTable(server, { players: 3 }, 2, { start: false });
    const [a, b] = humans;
    const spectator = new Client(server.url);
    await spectator.watch(code);
    expect(await a.call('chat:send', { text: '  good luck  ' })).toEqual({ ok: true });
    expect(await a.call('chat:send', { reaction: '🍾' })).toEqual({ ok: true });
    await b.until(() => b.inbox.filter((m) => m.kind === 'chat').length === 2, 'two chat messages');
    expect(b.inbox.filter((m) => m.kind === 'chat').map((m) => m.kind === 'chat' && m.message)).toMatchObject([
      { seat: 0, name: 'Host', text: 'good luck' },
      { seat: 0, reaction: '🍾' },
    ]);
    await spectator.until(
      () => spectator.inbox.filter((m) => m.kind === 'chat').length === 2,
      'the spectator to read along',
    );
    expect(await a.call('chat:send', { text: 'x'.repeat(201) })).toMatchObject({
      ok: false,
      error: { code: 'ERR_BAD_REQUEST' },
    });
    expect(await a.call('chat:send', { reaction: '💩' })).toMatchObject({
      ok: false,
      error: { code: 'ERR_BAD_REQUEST' },
    });
    const replies = [];
    for (let i = 0; i < 6; i++) replies.push(await b.call('chat:send', { text: `spam ${i}` }));
    expect(replies.filter((r) => !r.ok).map((r) => !r.ok && r.error.code)).toEqual(['ERR_CHAT_TOO_FAST']);
    // Someone arriving later finds the conversation.
    const late = new Client(server.url, null);
    const reply = await late.watch(code);
    expect(reply.ok && reply.chat!.length).toBe(7);
    for (const c of [...humans, spectator, late]) c.close();
  });

  it('a connection sending too fast is slowed down', async () => {
    const { humans } = await seatTable(server, { players: 2 }, 1, { start: false });
    const replies = await Promise.all(Array.from({ length: 100 }, () => humans[0].call('table:start', {})));
    expect(replies.some((r) => !r.ok && r.error.code === 'ERR_RATE_LIMITED')).toBe(true);
    humans[0].close();
  });

  it('unknown messages get an error, not silence', async () => {
    const c = new Client(server.url);
    expect(await c.call('game:cheat', { card: 1 })).toMatchObject({
      ok: false,
      error: { code: 'ERR_UNKNOWN_MESSAGE' },
    });
    c.close();
  });
});

describe('health and metrics', () => {
  it('answers /healthz and /metrics in Prometheus format', async () => {
    expect((await api(server, 'GET', '/healthz')).body).toEqual({ ok: true, database: true });
    const m = await api<string>(server, 'GET', '/metrics');
    expect(m.status).toBe(200);
    for (const name of [
      'bottle_imp_open_tables',
      'bottle_imp_running_games',
      'bottle_imp_connections',
      'bottle_imp_actions_total',
      'bottle_imp_action_latency_seconds_bucket',
      'bottle_imp_bot_think_seconds_bucket',
      'process_resident_memory_bytes',
    ]) {
      expect(m.body).toContain(name);
    }
  });
});

describe('closing', () => {
  it('a table nobody is at is closed after a while, and HTTP is rate-limited per address', async () => {
    const web = tempDataDir();
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Bottle Imp</title>');
    const small = await startServer({ CLOSE_AFTER_SECONDS: '1', HTTP_RATE_PER_MINUTE: '9', WEB_DIR: web });
    try {
      // The web client is served from the same port.
      const page = await api<string>(small, 'GET', '/');
      expect(page.status).toBe(200);
      expect(page.body).toContain('<title>Bottle Imp</title>');
      const t = await api<CreateTableReply>(small, 'POST', '/api/tables', { name: 'Ann', options: { players: 2 } });
      const c = new Client(small.url);
      await c.watch(t.body.code);
      await c.until(() => c.table!.status === 'closed', 'the table to close', 10_000);
      expect(await new Client(small.url, t.body.token).watch(t.body.code)).toMatchObject({
        ok: true,
        table: { status: 'closed' },
      });
      const statuses = [];
      for (let i = 0; i < 10; i++) statuses.push((await api(small, 'GET', '/api/tables')).status);
      expect(statuses).toContain(429);
      c.close();
    } finally {
      expect(await small.stop()).toBe(0);
    }
  });
});
