/**
 * Seats belong to a person (docs/protocol.md, "Seats of an account"), on the real server
 * on SQLite and on PostgreSQL: two browsers signed in to one account get the same seat on
 * `table:watch` without a token; a device signed out, or a connection without the cookie,
 * is a spectator; a guest's seats move to the account on sign-in; the account lists its
 * tables; guest tokens keep working.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, playToEnd } from './helpers/client.js';
import { Jar } from './helpers/jar.js';
import { cardsIn, DealKnower } from './helpers/leak-checker.js';
import { freshDatabase, postgresAvailable, type TestDatabase } from './helpers/postgres.js';
import { startServer, type TestServer } from './helpers/server.js';
import { storedGame } from './helpers/stored.js';

const pgHere = await postgresAvailable();
const PASSWORD = 'violet-otter-marmalade';
const OPTIONS = { players: 3, mode: 'individual', rounds: 1 };

describe.each([
  { name: 'SQLite', postgres: false },
  { name: 'PostgreSQL', postgres: true },
])('seats of an account on $name', ({ postgres }) => {
  const skip = postgres && !pgHere;
  let server: TestServer;
  let db: TestDatabase | null = null;
  const clients: Client[] = [];
  /** A Socket.IO connection sending this jar's cookie with its handshake (none: a guest). */
  const connect = (jar: Jar | null, token: string | null = null) => {
    const headers = jar?.cookie ? { cookie: `bi_session=${jar.cookie}`, origin: server.url } : undefined;
    const client = new Client(server.url, token, undefined, undefined, headers);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    if (skip) return;
    db = postgres ? await freshDatabase() : null;
    server = await startServer(db ? { DATABASE_URL: db.url } : {});
  });
  afterAll(async () => {
    if (skip) return;
    for (const c of clients) c.socket.close();
    await server.stop();
    await db?.drop();
  });

  it.skipIf(skip)('gives the same seat to every device signed in to the account, and none to others', async () => {
    const laptop = new Jar(server, '127.0.8.1');
    expect((await laptop.signUp('seat_ann', PASSWORD)).status).toBe(201);
    const created = await laptop.request<{ code: string; token: string }>('POST', '/api/tables', {
      name: 'Ann',
      options: OPTIONS,
    });
    expect(created.status).toBe(201);
    const { code, token } = created.body;
    const phone = new Jar(server, '127.0.8.2');
    expect((await phone.signIn('seat_ann', PASSWORD)).status).toBe(200);

    const onLaptop = await connect(laptop).watch(code);
    const onPhone = await connect(phone).watch(code);
    expect([onLaptop.ok, onLaptop.seat, onPhone.ok, onPhone.seat]).toEqual([true, 0, true, 0]);
    // The seat's rights hold on the phone: the host adds a bot.
    const phoneClient = clients[clients.length - 1];
    expect(await phoneClient.call('seat:bot', { seat: 1, level: 'easy' })).toMatchObject({ ok: true });
    // A guest without the cookie is a spectator; the guest token still names the seat.
    expect((await connect(null).watch(code)).seat).toBeNull();
    expect((await connect(null, token).watch(code)).seat).toBe(0);

    expect((await phone.request('GET', '/api/me/tables')).body).toEqual({
      tables: [{ code, seat: 0, status: 'lobby' }],
    });

    // Signed out everywhere: the old cookie holds no seat any more.
    const old = phone.cookie;
    expect((await phone.request('DELETE', '/api/sessions')).status).toBe(204);
    phone.cookie = old;
    expect((await connect(phone).watch(code)).seat).toBeNull();
  });

  it.skipIf(skip)('moves a guest’s seats to the account on sign-in', async () => {
    const guest = new Jar(server, '127.0.8.3');
    const created = await guest.request<{ code: string; token: string }>('POST', '/api/tables', {
      name: 'Bea',
      options: OPTIONS,
    });
    const { code, token } = created.body;
    const other = await guest.request<{ code: string; token: string }>('POST', '/api/tables', {
      name: 'Bea',
      options: OPTIONS,
    });
    // Signed out, nothing moves.
    const early = await guest.request<{ error: { code: string } }>('POST', '/api/me/seats', { seats: [] });
    expect([early.status, early.body.error.code]).toEqual([401, 'ERR_SIGNED_OUT']);
    expect((await guest.signUp('seat_bea', PASSWORD)).status).toBe(201);
    const kept = await guest.request('POST', '/api/me/seats', {
      seats: [
        { code, token },
        { code: other.body.code, token: 'not-a-token' },
        { code: 'NOSUCH22', token },
      ],
    });
    expect(kept.body).toEqual({
      moved: [{ code, seat: 0 }],
      refused: [
        { code: other.body.code, error: 'ERR_BAD_TOKEN' },
        { code: 'NOSUCH22', error: 'ERR_NO_TABLE' },
      ],
    });
    const tablet = new Jar(server, '127.0.8.4');
    await tablet.signIn('seat_bea', PASSWORD);
    expect((await connect(tablet).watch(code)).seat).toBe(0);
    expect((await connect(tablet).watch(other.body.code)).seat).toBeNull();
    // A seat taken by joining while signed in belongs to the account too.
    const joined = await tablet.request<{ seat: number }>('POST', `/api/tables/${other.body.code}/seats`, {
      name: 'Bea',
    });
    expect(joined.body.seat).toBe(1);
    expect((await connect(guest).watch(other.body.code)).seat).toBe(1);
  });

  it.skipIf(skip)(
    'leaks nothing: signed-in devices see their seat, a signed-out device what spectators see',
    async () => {
      const laptop = new Jar(server, '127.0.8.5');
      await laptop.signUp('seat_cy', PASSWORD);
      const { code } = (await laptop.request<{ code: string }>('POST', '/api/tables', { name: 'Cy', options: OPTIONS }))
        .body;
      const phone = new Jar(server, '127.0.8.6');
      const tablet = new Jar(server, '127.0.8.7');
      await phone.signIn('seat_cy', PASSWORD);
      await tablet.signIn('seat_cy', PASSWORD);
      const player = connect(laptop);
      const second = connect(phone);
      expect((await player.watch(code)).seat).toBe(0);
      expect((await second.watch(code)).seat).toBe(0);
      // The tablet signs out: its connection, with the old cookie, follows as a spectator.
      const old = tablet.cookie;
      expect((await tablet.request('DELETE', '/api/session')).status).toBe(204);
      tablet.cookie = old;
      const signedOut = connect(tablet);
      expect((await signedOut.watch(code)).seat).toBeNull();
      for (const seat of [1, 2]) expect((await player.call('seat:bot', { seat, level: 'easy' })).ok).toBe(true);
      expect((await player.call('table:start', {})).ok).toBe(true);
      await playToEnd([player]);
      for (const c of [second, signedOut]) await c.until(() => c.game?.view.phase === 'over', 'the end');

      const gameId = player.game!.gameId;
      const stored = await storedGame(db ? db.url : server.dataDir, gameId);
      const knower = new DealKnower(
        stored.options,
        stored.seed,
        stored.actions.map((a) => a.action),
      );
      let cards = 0;
      for (const [client, seat] of [
        [player, 0],
        [second, 0],
        [signedOut, null],
      ] as const) {
        for (const m of client.inbox) {
          if (m.kind !== 'game') continue;
          expect(m.update.view.viewer).toBe(seat);
          const allowed = knower.allowed(m.update.seq, seat);
          for (const { card, path } of cardsIn(m.update)) {
            expect(allowed.has(card), `seat ${seat} told card ${card} at ${path}`).toBe(true);
            cards++;
          }
        }
      }
      expect(cards).toBeGreaterThan(50);
    },
  );
});
