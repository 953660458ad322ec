/**
 * Duplicate events on the server, in this process on virtual time (helpers/in-process.ts):
 * the real lobby, tables, bot driver and bots on a real SQLite store. Two entrants who make
 * the same plays get the same game, bots' cards included; the results stay hidden until an
 * entrant has finished, and are everyone's once the host closes the event; at tables of
 * people in rotated seats, each hand is matchpointed only against those who held the same cards.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { DailyPlayer } from '../../src/server/daily/daily.js';
import { DuplicateEvents } from '../../src/server/daily/duplicates.js';
import { hashToken } from '../../src/server/ids.js';
import type { Table } from '../../src/server/tables/table.js';
import { chooseAction } from './helpers/choose.js';
import { type Follower, type InProcess, inProcess, lastUpdate } from './helpers/in-process.js';

const SECRET = 'e'.repeat(64);
let tables: InProcess;
let events: DuplicateEvents;

beforeEach(async () => {
  tables = await inProcess({ DAILY_SECRET: SECRET });
  events = new DuplicateEvents(tables.lobby, tables.store, SECRET, () => tables.clock.now());
});
afterEach(async () => {
  tables.pool.release();
  await tables.close();
});

const guest = (n: number): DailyPlayer => ({ key: `guest:${n}`, accountId: null, name: `Guest ${n}` });

/** One seat of a table followed by its player. */
interface Sitter {
  readonly table: Table;
  readonly seat: number;
  readonly follower: Follower;
  readonly tokenHash: string;
}

async function sit(reply: { code: string; seat: number; token: string }): Promise<Sitter> {
  const table = (await tables.lobby.get(reply.code))!;
  const follower = await tables.watch(table, reply.token);
  return { table, seat: reply.seat, follower, tokenHash: hashToken(reply.token) };
}

/** The seat's next decision, once it has one: the first legal card or pass, as a simple client makes it. */
async function decide(s: Sitter): Promise<boolean> {
  await tables.until(
    () => {
      const u = s.follower.games.at(-1);
      return u !== undefined && (u.view.mustAct || u.view.phase === 'over');
    },
    `seat ${s.seat + 1} to act`,
  );
  const { view, seq } = lastUpdate(s.follower);
  if (view.phase === 'over') return false;
  const by = { seat: s.seat, tokenHash: s.tokenHash };
  await tables.send(s.table, { type: 'game:act', by, message: { action: chooseAction(view, () => 0), seq } });
  return true;
}

/** Every seat of people at the tables plays until all their games are over. */
async function playOut(sitters: readonly Sitter[]): Promise<void> {
  const over = (s: Sitter) => s.follower.games.at(-1)?.view.phase === 'over';
  while (!sitters.every(over)) {
    await tables.until(
      () =>
        sitters.some((s) => over(s) === false && s.follower.games.at(-1)?.view.mustAct === true) || sitters.every(over),
      `someone to act (${sitters.map((s) => JSON.stringify(s.follower.games.at(-1)?.view.toAct ?? null)).join(' ')})`,
    );
    for (const s of sitters) if (!over(s) && lastUpdate(s.follower).view.mustAct) await decide(s);
  }
}

async function actions(code: string) {
  const { gameId } = await tables.lobby.summary(code);
  return (await tables.store.loadActions(gameId!)).map((r) => r.action);
}

describe('duplicate events', () => {
  test('two entrants who make the same plays get identical games, bots’ cards included', async () => {
    const code = await events.create(guest(9), { players: 3, mode: 'individual', hands: 1, name: 'Friday' });
    const a = await sit(await events.start(code, guest(1), '127.0.0.1'));
    const b = await sit(await events.start(code, guest(2), '127.0.0.1'));
    expect(b.table.code).not.toBe(a.table.code);
    expect(await tables.lobby.summary(a.table.code)).toMatchObject({
      status: 'playing',
      options: { players: 3, rounds: 1, duplicate: code, coach: false },
      seats: [{ name: 'Guest 1', bot: null }, { bot: 'expert' }, { bot: 'expert' }],
    });
    await playOut([a]);
    await playOut([b]);
    // The same game: every seat's pass (made at once, stored in whatever order they came) and every card in order.
    const [inA, inB] = [await actions(a.table.code), await actions(b.table.code)];
    const passes = (xs: typeof inA) => xs.filter((x) => x.type === 'pass').sort((x, y) => x.seat - y.seat);
    expect(passes(inB)).toEqual(passes(inA));
    expect(inB.filter((x) => x.type === 'play')).toEqual(inA.filter((x) => x.type === 'play'));
    expect(inA.filter((x) => x.type === 'play')).toHaveLength(11 * 3); // the whole hand: 11 tricks of 3 cards
    // Resumed while it runs, refused once over; a rematch too.
    await expect(events.start(code, guest(1), '127.0.0.1')).rejects.toMatchObject({ code: 'ERR_ALREADY_PLAYED' });
    await expect(
      tables.send(a.table, { type: 'table:rematch', by: { seat: 0, tokenHash: a.tokenHash }, message: {} }),
    ).rejects.toMatchObject({ code: 'ERR_ALREADY_PLAYED' });
    const results = (await events.read(code, guest(1))).results!;
    expect(results.map((r) => [r.name, r.matchpoints, r.rank])).toEqual([
      ['Guest 1', [1], 1],
      ['Guest 2', [1], 1],
    ]);
  }, 300_000);

  test('results are hidden until the entrant has finished, and everyone’s once the host closes the event', async () => {
    const code = await events.create(guest(9), { players: 3, mode: 'individual', hands: 1, name: 'Friday' });
    const a = await sit(await events.start(code, guest(1), '127.0.0.1'));
    const resumed = await events.start(code, guest(1), '127.0.0.1');
    expect(resumed.code).toBe(a.table.code);
    for (const who of [guest(1), guest(2), guest(9), null]) expect((await events.read(code, who)).results).toBeNull();
    expect(await events.read(code, guest(1))).toMatchObject({
      name: 'Friday',
      status: 'open',
      host: 'Guest 9',
      youHost: false,
      entries: 1,
      yours: [{ seat: 0, table: a.table.code, finished: false }],
    });
    await playOut([a]);
    expect((await events.read(code, guest(1))).results).toHaveLength(1);
    expect((await events.read(code, guest(2))).results).toBeNull();
    await expect(events.close(code, guest(1))).rejects.toMatchObject({ code: 'ERR_NOT_HOST' });
    await events.close(code, guest(9));
    expect(await events.read(code, null)).toMatchObject({ status: 'closed', results: [{ name: 'Guest 1' }] });
    await expect(events.start(code, guest(2), '127.0.0.1')).rejects.toMatchObject({ code: 'ERR_EVENT_CLOSED' });
    await expect(events.read('NOSUCH22', null)).rejects.toMatchObject({ code: 'ERR_NO_EVENT' });
  }, 300_000);

  test('tables of people in rotated seats: each hand is compared only with those who held the same cards', async () => {
    // Two people, two tables: at the first Ann holds seat 1 and Ben seat 2, at the second the reverse.
    const [ann, ben, cy] = [guest(1), guest(2), guest(3)];
    const code = await events.create(ann, { players: 2, mode: 'individual', hands: 1, name: 'Pairs' });
    const first = await events.peopleTable(code, ann, 0, '127.0.0.1');
    const second = await events.peopleTable(code, ann, 1, '127.0.0.1');
    await expect(events.peopleTable(code, ben, 0, '127.0.0.1')).rejects.toMatchObject({ code: 'ERR_NOT_HOST' });
    await expect(events.peopleTable(code, ann, 0, '127.0.0.1')).rejects.toMatchObject({ code: 'ERR_ALREADY_PLAYED' });
    const sitters = [
      await sit(first),
      await sit(await events.start(code, ben, '127.0.0.1', { table: first.code, seat: 1 })),
      await sit(second),
      await sit(await events.start(code, ben, '127.0.0.1', { table: second.code, seat: 0 })),
    ];
    // A seat taken, a seat the event does not have, and the table's own way in (no entry) are refused.
    await expect(tables.send(sitters[0].table, { type: 'join', name: 'Dee' })).rejects.toMatchObject({
      code: 'ERR_EVENT_TABLE',
    });
    await expect(events.start(code, cy, '127.0.0.1', { table: first.code, seat: 1 })).rejects.toMatchObject({
      code: 'ERR_SEAT_TAKEN',
    });
    await expect(events.start(code, cy, '127.0.0.1', { table: first.code, seat: 2 })).rejects.toMatchObject({
      code: 'ERR_BAD_SEAT',
    });
    for (const s of [sitters[0], sitters[2]])
      await tables.send(s.table, { type: 'table:start', by: { seat: s.seat, tokenHash: s.tokenHash }, message: {} });
    // And Cy plays alone, seat 1 against the bots: one more in seat 1's field.
    const alone = await sit(await events.start(code, cy, '127.0.0.1'));
    await playOut([...sitters, alone]);

    const results = (await events.read(code, ann)).results!;
    expect(results).toHaveLength(5);
    const bySeat = (seat: number) => results.filter((r) => r.seat === seat);
    expect(
      bySeat(0)
        .map((r) => r.name)
        .sort(),
    ).toEqual(['Guest 1', 'Guest 2', 'Guest 3']);
    expect(
      bySeat(1)
        .map((r) => r.name)
        .sort(),
    ).toEqual(['Guest 1', 'Guest 2']);
    // A field of n hands out n(n-1) matchpoints: 6 for seat 1's three, 2 for seat 2's two.
    const total = (seat: number) => bySeat(seat).reduce((sum, r) => sum + r.matchpoints[0], 0);
    expect([total(0), total(1)]).toEqual([6, 2]);
    for (const r of bySeat(1)) {
      const other = bySeat(1).find((o) => o !== r)!;
      expect(r.matchpoints[0]).toBe(r.points[0] > other.points[0] ? 2 : r.points[0] === other.points[0] ? 1 : 0);
    }
  }, 300_000);
});
