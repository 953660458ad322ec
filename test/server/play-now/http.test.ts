/**
 * Play now over HTTP and Socket.IO on the built server (one node, SQLite, the queue in its
 * memory): the request's contract (202 and a ticket; rated only when signed in; bad bodies
 * refused), leaving the queue, following a ticket (ERR_NO_TICKET for one not queued,
 * `match:waiting` while it waits, a connection following a ticket kept past the join
 * timeout), and two players, a signed-in one and a guest, seated at one table: the guest
 * with its seat token, the account holding its seat through its session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchFound, MatchWaiting } from '../../../src/protocol/play-now.js';
import { Client } from '../helpers/client.js';
import { Jar } from '../helpers/jar.js';
import { api, startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;

beforeAll(async () => {
  // Long enough that only two people make the 2-player tables below; JOIN_TIMEOUT short to see a follower kept.
  server = await startServer({ PLAY_NOW_WAIT_SECONDS: '3600', JOIN_TIMEOUT_SECONDS: '2' });
});
afterAll(async () => {
  await server.stop();
});

/** A connection following a ticket, keeping what it is told. */
function follower(ticket: string, headers?: Record<string, string>) {
  const client = new Client(server.url, null, undefined, undefined, headers);
  const told = { found: null as MatchFound | null, waiting: [] as MatchWaiting[] };
  client.socket.on('match:found', (m: MatchFound) => {
    told.found = m;
  });
  client.socket.on('match:waiting', (m: MatchWaiting) => told.waiting.push(m));
  return { client, told, follow: () => client.call('match:follow', { ticket }) };
}

describe('Play now over HTTP', () => {
  it('queues a guest (202 and a ticket), refuses rated play without a session and bad bodies, and leaves the queue', async () => {
    const guest = new Jar(server, '127.0.9.1');
    const queued = await guest.request<{ ticket: string }>('POST', '/api/play-now', {
      players: 4,
      rated: false,
      rounds: 4,
    });
    expect(queued.status).toBe(202);
    expect(queued.body).toEqual({ ticket: expect.stringMatching(/^[\w-]{24}$/) });

    const rated = await guest.request('POST', '/api/play-now', { players: 4, rated: true, rounds: 4 });
    expect(rated).toMatchObject({ status: 401, body: { error: { code: 'ERR_SIGN_IN_TO_RATE' } } });
    for (const bad of [
      { players: 7, rated: false, rounds: 4 },
      { players: 4, rated: false },
      { players: 4, rated: 'no', rounds: 4 },
      { players: 4, rated: false, rounds: 4, mode: 'teams' },
    ]) {
      const r = await guest.request('POST', '/api/play-now', bad);
      expect(r).toMatchObject({ status: 400, body: { error: { code: 'ERR_BAD_REQUEST' } } });
    }

    // Through fetch, as a browser sends a DELETE with a body (with its length).
    const cancel = () => api(server, 'DELETE', '/api/play-now', { ticket: queued.body.ticket }, { origin: server.url });
    expect(await cancel()).toEqual({ status: 204, body: '' });
    expect(await cancel()).toMatchObject({ status: 404, body: { error: { code: 'ERR_NO_TICKET' } } });
  });

  it('follows a ticket: refused when not queued, told how the wait goes, kept past the join timeout', async () => {
    const unknown = follower('x'.repeat(24));
    expect(await unknown.follow()).toMatchObject({ ok: false, error: { code: 'ERR_NO_TICKET' } });
    unknown.client.close();

    const guest = new Jar(server, '127.0.9.2');
    const { body } = await guest.request<{ ticket: string }>('POST', '/api/play-now', {
      players: 5,
      rated: false,
      rounds: 1,
    });
    const f = follower(body.ticket);
    expect(await f.follow()).toEqual({ ok: true });
    await f.client.until(() => f.told.waiting.length >= 2, 'two match:waiting', 10_000);
    expect(f.told.waiting.at(-1)).toEqual({ waiting: 1, seconds: expect.any(Number) });
    // Past JOIN_TIMEOUT_SECONDS (2) following no table, the connection is still open.
    expect(f.client.socket.connected).toBe(true);
    f.client.close();
  });

  it('seats a signed-in player and a guest at one table: the guest gets its token, the account none', async () => {
    const ann = new Jar(server, '127.0.9.3');
    expect((await ann.signUp('ann_playnow', 'violet-otter-marmalade')).status).toBe(201);
    const a = await ann.request<{ ticket: string }>('POST', '/api/play-now', { players: 2, rated: false, rounds: 1 });
    expect(a.status).toBe(202);
    const fa = follower(a.body.ticket, { cookie: `bi_session=${ann.cookie}`, origin: server.url });
    expect(await fa.follow()).toEqual({ ok: true });

    const guest = new Jar(server, '127.0.9.4');
    const g = await guest.request<{ ticket: string }>('POST', '/api/play-now', {
      players: 2,
      rated: false,
      rounds: 1,
      name: 'Bea',
    });
    const fg = follower(g.body.ticket);
    expect(await fg.follow()).toEqual({ ok: true });

    await fa.client.until(() => fa.told.found !== null && fg.told.found !== null, 'match:found', 15_000);
    const [foundA, foundG] = [fa.told.found!, fg.told.found!];
    expect(foundA.code).toBe(foundG.code);
    expect(foundA.token).toBeUndefined();
    expect(foundG.token).toEqual(expect.any(String));
    expect([foundA.seat, foundG.seat].sort()).toEqual([0, 1]);

    // The account holds its seat through its session; the guest through its token.
    const annAtTable = new Client(server.url, null, undefined, foundA.code, { cookie: `bi_session=${ann.cookie}` });
    expect(await annAtTable.watch(foundA.code)).toMatchObject({ ok: true, seat: foundA.seat });
    const beaAtTable = new Client(server.url, foundG.token!);
    const watched = await beaAtTable.watch(foundG.code);
    expect(watched).toMatchObject({ ok: true, seat: foundG.seat });
    expect(watched.table!.seats.map((s) => s.name).sort()).toEqual(['Bea', 'ann_playnow']);
    expect(watched.table!.status).toBe('playing');
    // A matched ticket is no longer in the queue; a late follower is told its seat.
    const late = follower(g.body.ticket);
    expect(await late.follow()).toEqual({ ok: true });
    await late.client.until(() => late.told.found !== null, 'the late match:found', 5000);
    expect(late.told.found).toEqual(foundG);
    for (const c of [fa.client, fg.client, late.client, annAtTable, beaAtTable]) c.close();
  });
});
