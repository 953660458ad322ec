/**
 * The bad-input suite: thousands of malformed, out-of-turn, wrong-seat and oversized
 * messages get clear refusals, never crash the server and never change the game. Run
 * against one server (bad-input.test.ts) and against a cluster node that does not own the
 * table (cluster/bad-input.test.ts), so refusals made by the owner travel back through
 * the node the attacker is connected to.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientMessages } from '../../../src/protocol/messages.js';
import { type AckReply, Client } from './client.js';
import { api, type TestServer } from './server.js';
import { type Seating, seatTable } from './tables.js';

/**
 * The settings a server under attack runs with: the fuzz sends thousands of messages a
 * second from one address, and the stranger never follows a table (it is given time
 * enough not to be closed as idle).
 */
export const ATTACKED_SERVER_ENV = {
  SOCKET_RATE_PER_SECOND: '100000',
  ADDRESS_RATE_PER_SECOND: '100000',
  JOIN_TIMEOUT_SECONDS: '600',
} as const;

export interface BadInputTarget {
  /** Where tables are made and read over HTTP. */
  readonly server: TestServer;
  /** Where every connection goes (on a cluster: another node than the table's owner). */
  readonly url: string;
  stop(): Promise<void>;
}

/** The whole bad-input suite against the target that `setup` starts (with ATTACKED_SERVER_ENV). */
export function badInputSuite(setup: () => Promise<BadInputTarget>): void {
  let target: BadInputTarget;
  let server: TestServer;
  let url: string;
  let table: Seating;
  let spectator: Client;
  let stranger: Client;

  // A frozen game: four people, nobody plays during the attack, so any change would show.
  // No turn clock: on a slow machine the attack outlasts a turn, and the stand-in bot
  // playing for the seat to act would move the game on.
  beforeAll(async () => {
    target = await setup();
    ({ server, url } = target);
    table = await seatTable(server, { players: 4, rounds: 1, turnClock: 'off' }, 4, { urls: [url] });
    // Into the play phase, with one card on the table: one action at a time, everyone
    // caught up before the next. (Letting every seat act in turn could play the lead and
    // the next card between two looks, every trick, and then wait for ever at the game's end.)
    const caughtUp = async () => {
      const latest = Math.max(...table.humans.map((c) => c.game!.seq));
      await Promise.all(table.humans.map((c) => c.until(() => c.game!.seq >= latest, 'everyone to catch up')));
    };
    const view = () => table.humans[0].game!.view;
    await caughtUp();
    while (!(view().phase === 'play' && view().trick.cards.length === 1)) {
      const next = table.humans.find((c) => c.myTurn());
      if (!next) throw new Error(`nobody is to act in phase ${view().phase}, before one card was on the table`);
      await next.playIfMyTurn();
      await caughtUp();
    }
    spectator = new Client(url);
    await spectator.watch(table.code);
    stranger = new Client(url);
  });
  afterAll(async () => {
    for (const c of [...(table?.humans ?? []), spectator, stranger]) c?.close();
    await target?.stop();
  });

  async function snapshot(): Promise<string> {
    const t = await api(server, 'GET', `/api/tables/${table.code}`);
    const views = await Promise.all(
      table.tokens.map((token) =>
        api(server, 'GET', `/api/games/${table.humans[0].game!.gameId}/view`, undefined, { 'x-seat-token': token }),
      ),
    );
    return JSON.stringify([t.body, views.map((v) => v.body)]);
  }

  function expectClearRefusal(reply: AckReply): void {
    expect(reply.ok).toBe(false);
    if (reply.ok) return;
    expect(reply.error.code).toMatch(/^ERR_[A-Z_]+$/);
    expect(reply.error.message.length).toBeGreaterThan(5);
    // No stack traces or internals.
    expect(reply.error.message).not.toMatch(/\n|\bat .*:\d+|node_modules|\.ts\b|\.js\b/);
  }

  const names = [...Object.keys(ClientMessages), 'game:cheat', '__proto__', 'constructor', ''];
  const anyValue = fc.oneof(
    fc.anything({ withBigInt: false, withTypedArray: false, withSparseArray: false }),
    fc.string({ maxLength: 300 }),
    fc.constant(undefined),
  );
  const wrongCard = fc.oneof(
    fc.integer({ min: -5, max: 60 }),
    fc.double(),
    fc.constantFrom(19, 2.5, 37.5, Number.MAX_VALUE),
    fc.string({ maxLength: 5 }),
  );
  const action = fc.oneof(
    fc.record({ type: fc.constant('play'), card: wrongCard }),
    fc.record({
      type: fc.constant('pass'),
      pass: fc.record({ left: wrongCard, right: wrongCard, devil: fc.array(wrongCard, { maxLength: 2 }) }),
    }),
    fc.record({ type: fc.constantFrom('play', 'bid', 'deal'), card: wrongCard, seat: fc.integer({ min: 0, max: 5 }) }),
  );

  describe('malformed and illegal messages', () => {
    it('thousands of them are refused clearly and change nothing', async () => {
      const before = await snapshot();
      const toAct = table.humans[0].game!.view.toAct[0];
      const legalNow = table.humans[toAct].game!.view.legal;
      let sent = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...table.humans, spectator, stranger),
          fc.oneof(
            // Anything at all under any name.
            fc.tuple(fc.constantFrom(...names), anyValue),
            // Well-formed envelopes around illegal actions: out of turn, cards not held, wrong suit, nonsense.
            fc.tuple(fc.constant('game:act'), fc.record({ action })),
            fc.tuple(
              fc.constant('game:act'),
              fc.record({
                action: fc.record({
                  type: fc.constant('play'),
                  card: fc.constantFrom(
                    ...[
                      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20, 21, 22, 23, 24, 25, 26, 27, 28,
                      29, 30, 31, 32, 33, 34, 35, 36, 37,
                    ],
                  ),
                }),
              }),
            ),
            // Seats and levels out of range, messages only the host may send.
            fc.tuple(
              fc.constantFrom('seat:bot', 'seat:clear'),
              fc.record({ seat: fc.integer({ min: -2, max: 8 }), level: fc.constantFrom('easy', 'godlike') }),
            ),
          ),
          async (client, [name, payload]) => {
            // Leave out the few messages that are legitimately accepted and change things.
            if (name === 'game:act' && client === table.humans[toAct]) {
              const card = (payload as { action?: { type?: unknown; card?: unknown } })?.action;
              if (card?.type === 'play' && legalNow.includes(card.card as number)) return;
            }
            if (
              ['table:leave', 'table:start', 'table:rematch', 'chat:send'].includes(name) &&
              ClientMessages[name as 'table:leave'].safeParse(payload).success
            )
              return;
            if (name === 'table:watch' && ClientMessages['table:watch'].safeParse(payload).success) return;
            const reply = payload === undefined ? await client.call(name) : await client.call(name, payload);
            expectClearRefusal(reply);
            sent++;
          },
        ),
        { numRuns: 2500, seed: 42 },
      );
      expect(sent).toBeGreaterThan(2000);
      expect((await api(server, 'GET', '/healthz')).status).toBe(200);
      expect(await snapshot()).toBe(before);
      for (const c of [...table.humans, spectator, stranger]) expect(c.socket.connected).toBe(true);
    }, 120_000);

    it('an oversized message closes that connection only; the server and the game go on', async () => {
      const before = await snapshot();
      const big = new Client(url, table.tokens[1]);
      expect((await big.watch(table.code)).ok).toBe(true);
      const reply = await big.call('chat:send', { text: 'x'.repeat(100_000) });
      expect(reply).toMatchObject({ ok: false, error: { code: 'DISCONNECTED' } });
      expect((await api(server, 'GET', '/healthz')).status).toBe(200);
      expect(table.humans[1].socket.connected).toBe(true);
      expect(await snapshot()).toBe(before);
    });

    it('an oversized or malformed HTTP body is refused with a clear error', async () => {
      const huge = await api<{ error: { code: string } }>(server, 'POST', '/api/tables', {
        name: 'x'.repeat(50_000),
        options: { players: 4 },
      });
      expect(huge.status).toBe(413);
      expect(huge.body.error.code).toBe('ERR_TOO_LARGE');
      const broken = await api<{ error: { code: string } }>(server, 'POST', '/api/tables', '{"name":');
      expect(broken.status).toBe(400);
      expect(broken.body.error.code).toBe('ERR_BAD_REQUEST');
    });
  });

  describe('seat tokens', () => {
    it('nobody acts for a seat without its token', async () => {
      const before = await snapshot();
      const forger = new Client(url, 'not-a-real-token-at-all');
      const r = await forger.watch(table.code);
      expectClearRefusal(r);
      expect(!r.ok && r.error.code).toBe('ERR_BAD_TOKEN');
      expect(!(await forger.act({ type: 'play', card: 1 })).ok).toBe(true);

      // A token from another table is worth nothing here.
      const other = await seatTable(server, { players: 2 }, 1, { start: false, urls: [url] });
      const intruder = new Client(url, other.tokens[0]);
      const wrong = await intruder.watch(table.code);
      expect(!wrong.ok && wrong.error.code).toBe('ERR_BAD_TOKEN');

      // A spectator cannot act, start, add bots or chat.
      for (const [name, payload] of [
        ['game:act', { action: { type: 'play', card: 1 } }],
        ['table:start', {}],
        ['seat:bot', { seat: 1, level: 'easy' }],
        ['chat:send', { text: 'hello' }],
      ] as const) {
        const reply = await spectator.call(name, payload);
        expect(!reply.ok && reply.error.code).toBe('ERR_NOT_SEATED');
      }
      // A seat playing out of turn is refused, naming whose turn it is (seats counted from 1 in words).
      const toAct = table.humans[0].game!.view.toAct[0];
      const wrongSeat = table.humans[(toAct + 1) % 4];
      const out = await wrongSeat.act({ type: 'play', card: wrongSeat.game!.view.hand![0] });
      expect(out).toEqual({
        ok: false,
        error: { code: 'ERR_NOT_YOUR_TURN', message: `It is not your turn: seat ${toAct + 1} plays next.` },
      });
      // Over HTTP, a bad token gets no view at all.
      const view = await api(server, 'GET', `/api/games/${table.humans[0].game!.gameId}/view`, undefined, {
        'x-seat-token': 'forged',
      });
      expect(view.status).toBe(403);
      expect(await snapshot()).toBe(before);
      for (const c of [forger, intruder, ...other.humans]) c.close();
    });
  });
}
