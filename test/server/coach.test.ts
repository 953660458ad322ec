/**
 * Help at the table over a real server: the coach option's default and who may switch it,
 * hints for the seat to act computed from its own view, one hint per seat and decision
 * however often it is asked, the per-address hint budget, and — checked on every message
 * a client receives, like the leak checker — no hint or bottle risk ever reaches a seat at
 * a table whose coach is off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hint, JoinTableReply, TableSummary } from '../../src/protocol/messages.js';
import { type AckReply, Client, playToEnd } from './helpers/client.js';
import { api, startServer, type TestServer } from './helpers/server.js';
import { seatTable } from './helpers/tables.js';

let server: TestServer;
beforeAll(async () => {
  // Automated play asks a hint at every turn as fast as bots answer; the message limits
  // (test/server/bounds.test.ts) and the hint budget (below) are not what these tests are about.
  server = await startServer({
    HINT_ITERATIONS: '60',
    BOT_WORKERS: '2',
    SOCKET_RATE_PER_SECOND: '1000',
    ADDRESS_RATE_PER_SECOND: '100000',
    HINTS_PER_MINUTE: '100000',
  });
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

/** Every message and every acknowledgement a client received, as raw JSON. */
function tap(c: Client): unknown[] {
  const seen: unknown[] = [];
  c.socket.onAny((event: string, ...args: unknown[]) => seen.push({ event, args }));
  const call = c.call.bind(c);
  c.call = async (event: string, ...args: unknown[]): Promise<AckReply> => {
    const reply = await call(event, ...args);
    seen.push({ ack: event, reply });
    return reply;
  };
  return seen;
}

/** Hints the server has worked out so far (bottle_imp_hint_think_seconds counts each one). */
async function hintsWorkedOut(at: TestServer): Promise<number> {
  const text = (await api<string>(at, 'GET', '/metrics')).body;
  return Number(/^bottle_imp_hint_think_seconds_count (\S+)$/m.exec(text)?.[1]);
}

/** Three people and no bot, the coach on, in the pass: nobody acts unless the test does. */
async function threePeople(at: TestServer, from?: string): Promise<Client[]> {
  const { humans } = await seatTable(at, { players: 3, rounds: 1 }, 3, { start: false, bots: false, from });
  expect(await humans[0].call('table:coach', { coach: true })).toEqual({ ok: true });
  expect(await humans[0].call('table:start', {})).toEqual({ ok: true });
  await Promise.all(humans.map((c) => c.until(() => c.game !== null, 'the game')));
  return humans;
}

/** Keys that only hints carry. */
const HINT_KEYS = /"(hint|bottleRisk|byCard|risk)"/;

describe('the coach option', () => {
  it('is on for a host alone, turns off when a person joins, and only the host switches it between games', async () => {
    const { code, humans } = await seatTable(server, { players: 3, rounds: 1 }, 1, { start: false, bots: false });
    const [host] = humans;
    expect(host.table!.options.coach).toBe(true);
    const joined = await api<JoinTableReply>(server, 'POST', `/api/tables/${code}/seats`, { name: 'Guest' });
    expect(joined.status).toBe(201);
    await host.until(() => host.table!.options.coach === false, 'the coach turned off');
    const guest = new Client(server.url, joined.body.token);
    await guest.watch(code);
    expect(await guest.call('table:coach', { coach: true })).toMatchObject({
      ok: false,
      error: { code: 'ERR_NOT_HOST' },
    });
    expect(await host.call('table:coach', { coach: 'yes' })).toMatchObject({
      ok: false,
      error: { code: 'ERR_BAD_REQUEST' },
    });
    expect(await host.call('table:coach', { coach: true })).toEqual({ ok: true });
    await guest.until(() => guest.table!.options.coach === true, 'everyone sees the coach on');
    const summary = await api<TableSummary>(server, 'GET', `/api/tables/${code}`);
    expect(summary.body.options.coach).toBe(true);
    expect(await host.call('seat:bot', { seat: 2, level: 'medium' })).toEqual({ ok: true });
    expect(await host.call('table:start', {})).toEqual({ ok: true });
    expect(await host.call('table:coach', { coach: false })).toMatchObject({
      ok: false,
      error: { code: 'ERR_GAME_STARTED' },
    });
    host.close();
    guest.close();
  });

  it('a table can be created with the coach off', async () => {
    const { humans } = await seatTable(server, { players: 3, rounds: 1, coach: false }, 1, { start: false });
    expect(humans[0].table!.options.coach).toBe(false);
    humans[0].close();
  });
});

describe('game:hint', () => {
  it('gives the seat to act the best option, every option with its value, and the bottle risk', async () => {
    const { humans } = await seatTable(server, { players: 4, rounds: 1 }, 1, { level: 'medium' });
    const [me] = humans;
    let passes = 0;
    let cards = 0;
    const over = (): boolean => me.game!.view.phase === 'over';
    while (!over()) {
      await me.until(() => me.myTurn() || over(), 'my turn');
      if (over()) break;
      const view = me.game!.view;
      const reply = await me.call('game:hint', {});
      if (!reply.ok) throw new Error(JSON.stringify(reply));
      const hint = reply.hint as Hint;
      expect(hint.options.map((o) => o.action)).toContainEqual(hint.best);
      const best = hint.options.find((o) => JSON.stringify(o.action) === JSON.stringify(hint.best))!;
      for (const o of hint.options) expect(o.value).toBeLessThanOrEqual(best.value);
      expect(hint.bottleRisk.now).toBeGreaterThanOrEqual(0);
      expect(hint.bottleRisk.now).toBeLessThanOrEqual(1);
      if (view.phase === 'pass') {
        passes++;
        expect(hint.bottleRisk.byCard).toBeNull();
        expect(hint.best).toEqual(expect.objectContaining({ left: expect.any(Number), right: expect.any(Number) }));
      } else {
        cards++;
        expect(hint.options.map((o) => o.action).sort((a, b) => Number(a) - Number(b))).toEqual([...view.legal]);
        expect(hint.bottleRisk.byCard!.map((c) => c.card)).toEqual(hint.options.map((o) => o.action));
      }
      await me.playIfMyTurn();
    }
    expect(passes).toBe(1);
    expect(cards).toBe(8);
    expect(await me.call('game:hint', {})).toMatchObject({ ok: false, error: { code: 'ERR_NO_GAME' } });
    me.close();
  });

  it('is one hint per seat and decision: asked twice at once, or again after another seat passed, it is the same, worked out once', async () => {
    const humans = await threePeople(server);
    const [me, other] = humans;
    const before = await hintsWorkedOut(server);
    const [first, second] = await Promise.all([me.call('game:hint', {}), me.call('game:hint', {})]);
    expect(first).toMatchObject({ ok: true, hint: expect.any(Object) });
    expect(second).toEqual(first);
    // Another seat's pass moves the game on (and the hint's seed with it) but not this seat's decision.
    expect(await other.playIfMyTurn()).toBe(true);
    expect(await me.call('game:hint', {})).toEqual(first);
    expect(await hintsWorkedOut(server)).toBe(before + 1);
    // The next decision is a new hint.
    for (const c of humans) await c.playIfMyTurn();
    await Promise.all(humans.map((c) => c.until(() => c.game!.view.phase === 'play', 'the play phase')));
    const next = await humans.find((c) => c.myTurn())!.call('game:hint', {});
    expect(next).toMatchObject({ ok: true, hint: expect.any(Object) });
    expect(await hintsWorkedOut(server)).toBe(before + 2);
    for (const c of humans) c.close();
  });

  it('is refused to a seat that is not to act', async () => {
    // Three people and no bot: nobody acts unless this test does, so whose turn it is
    // cannot change between reading it and asking.
    const humans = await threePeople(server);
    for (const c of humans) expect(await c.playIfMyTurn()).toBe(true);
    await Promise.all(humans.map((c) => c.until(() => c.game!.view.phase === 'play', 'the play phase')));
    const waiting = humans.filter((c) => !c.myTurn());
    expect(waiting).toHaveLength(2);
    for (const c of waiting) {
      expect(await c.call('game:hint', {})).toMatchObject({ ok: false, error: { code: 'ERR_NOT_YOUR_TURN' } });
    }
    for (const c of humans) c.close();
  });
});

describe('the hint budget per address', () => {
  it('refuses hints over HINTS_PER_MINUTE from one address with ERR_HINT_BUDGET, working nothing out; another address still gets them', async () => {
    const small = await startServer({ HINTS_PER_MINUTE: '3', HINT_ITERATIONS: '60' });
    try {
      const [me] = await threePeople(small, '127.0.0.2');
      // Asked again for the same decision, a hint costs no work but still counts against the budget.
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await me.call('game:hint', {}));
      expect(answers.every((a) => a.ok)).toBe(true);
      const worked = await hintsWorkedOut(small);
      expect(await me.call('game:hint', {})).toEqual({
        ok: false,
        error: { code: 'ERR_HINT_BUDGET', message: 'Too many hints from your address. Wait a minute.' },
      });
      expect(await hintsWorkedOut(small)).toBe(worked);
      const [elsewhere] = await threePeople(small);
      expect(await elsewhere.call('game:hint', {})).toMatchObject({ ok: true, hint: expect.any(Object) });
    } finally {
      expect(await small.stop()).toBe(0);
    }
  });
});

describe('no hint ever reaches a seat at a table with the coach off', () => {
  it('two people (the default turns it off) and a person alone who turned it off ask at every turn and never get one', async () => {
    const pair = await seatTable(server, { players: 4, rounds: 2 }, 2, { level: 'medium' });
    const alone = await seatTable(server, { players: 3, rounds: 2, coach: false }, 1, { level: 'medium' });
    const clients = [...pair.humans, ...alone.humans];
    // A spectator of each table too.
    const spectators = [new Client(server.url), new Client(server.url)];
    await spectators[0].watch(pair.code);
    await spectators[1].watch(alone.code);
    const logs = [...clients, ...spectators].map(tap);
    for (const c of clients) expect(c.table!.options.coach).toBe(false);
    let asked = 0;
    const original = clients.map((c) => c.playIfMyTurn.bind(c));
    clients.forEach((c, i) => {
      c.playIfMyTurn = async (random?: () => number) => {
        if (c.myTurn()) {
          const reply = await c.call('game:hint', {});
          expect(reply).toMatchObject({ ok: false, error: { code: 'ERR_COACH_OFF' } });
          asked++;
        }
        return original[i](random);
      };
    });
    await Promise.all([playToEnd(pair.humans, 120_000), playToEnd(alone.humans, 120_000)]);
    expect(asked).toBeGreaterThan(40);
    for (const log of logs) {
      expect(log.length).toBeGreaterThan(10);
      for (const message of log) expect(JSON.stringify(message)).not.toMatch(HINT_KEYS);
    }
    for (const c of [...clients, ...spectators]) c.close();
  }, 180_000);
});
