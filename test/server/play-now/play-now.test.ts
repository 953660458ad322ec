/**
 * Play now on one node, on virtual time (test/server/helpers/in-process.ts): the real
 * lobby, tables, store and bot threads, the queue in memory, the wave run by the clock. A
 * lone guest gets bots once PLAY_NOW_WAIT_SECONDS have passed and not a moment before; a
 * cancelled ticket is never seated, even when it is cancelled while its table is being made;
 * two accounts of which one blocks the other are never seated together.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MatchWaiting } from '../../../src/protocol/play-now.js';
import { PlayNow, type Queuer, WAVE_MS } from '../../../src/server/play-now/play-now.js';
import { type Found, LocalQueue } from '../../../src/server/play-now/queue.js';
import type { AccountRow } from '../../../src/server/store/store.js';
import { type InProcess, inProcess } from '../helpers/in-process.js';
import { settle } from '../helpers/virtual-clock.js';

const WAIT_MS = 30_000;

/** What each ticket was told. */
class Told {
  readonly found = new Map<string, Found>();
  readonly waiting = new Map<string, MatchWaiting[]>();
  out = {
    found: (ticket: string, f: Found) => this.found.set(ticket, f),
    waiting: (ticket: string, m: MatchWaiting) => this.waiting.set(ticket, [...(this.waiting.get(ticket) ?? []), m]),
  };
}

const guest = (name: string): Queuer => ({ accountId: null, name, address: '127.0.0.1' });
const UNRATED_4 = { players: 4, rated: false, rounds: 1 } as const;

describe('Play now on one node', () => {
  let h: InProcess;
  let queue: HeldQueue;
  let told: Told;
  let playNow: PlayNow;

  beforeEach(async () => {
    h = await inProcess();
    queue = new HeldQueue(h.clock);
    told = new Told();
    playNow = new PlayNow(
      {
        queue,
        lobby: h.lobby,
        ratings: h.store,
        blocks: (id) => h.store.blockedBy(id),
        clock: h.clock,
        waitMs: WAIT_MS,
        log: { warn: () => undefined },
      },
      told.out,
    );
    playNow.start();
  });

  afterEach(async () => {
    playNow.stop();
    await h.close();
  });

  /** Let the wave the clock just ran finish its table (real store writes). */
  const madeFor = (tickets: readonly string[]) =>
    h.until(() => tickets.every((t) => told.found.has(t)), `the table of ${tickets.length} ticket(s)`);

  it('seats a lone guest with bots once the wait is over, and tells it how the wait goes until then', async () => {
    const ticket = await playNow.enqueue(guest('Ann'), UNRATED_4);
    expect(await playNow.follow(ticket, 'c1')).toBeNull();
    await h.clock.advance(WAIT_MS - WAVE_MS);
    await settle();
    expect(told.found.size).toBe(0);
    const heard = told.waiting.get(ticket) ?? [];
    // At least every 5 s (the protocol's promise), counting the seconds waited and the queue.
    expect(heard.length).toBeGreaterThanOrEqual((WAIT_MS - WAVE_MS) / 5000);
    expect(heard.at(-1)).toEqual({ waiting: 1, seconds: expect.any(Number) });
    expect(heard.at(-1)!.seconds).toBeGreaterThanOrEqual(25);

    await h.clock.advance(2 * WAVE_MS);
    await madeFor([ticket]);
    const found = told.found.get(ticket)!;
    expect(found).toEqual({ code: expect.any(String), seat: 0, token: expect.any(String) });
    const summary = await h.lobby.summary(found.code);
    expect(summary.status).toBe('playing');
    expect(summary.seats.map((s) => s.bot)).toEqual([null, 'medium', 'medium', 'medium']);
    expect(summary.seats[0].name).toBe('Ann');
    expect(summary.options).toMatchObject({ coach: false, turnClock: 'normal', rounds: 1, public: false });
    // The token holds the seat; a late (or second) follower is told the same seat.
    expect((await h.lobby.mustGet(found.code)).seatOfToken(found.token!)).toBe(0);
    expect(await playNow.follow(ticket, 'c2')).toEqual(found);
  });

  it('seats four guests together at once, without bots', async () => {
    const tickets = await Promise.all(['A', 'B', 'C', 'D'].map((n) => playNow.enqueue(guest(n), UNRATED_4)));
    await h.clock.advance(WAVE_MS);
    await madeFor(tickets);
    const codes = new Set(tickets.map((t) => told.found.get(t)!.code));
    expect(codes.size).toBe(1);
    expect(tickets.map((t) => told.found.get(t)!.seat).sort()).toEqual([0, 1, 2, 3]);
    const summary = await h.lobby.summary([...codes][0]);
    expect(summary.seats.every((s) => s.bot === null)).toBe(true);
    expect(summary.status).toBe('playing');
  });

  it('never seats a cancelled ticket: cancelled before the wave, or while its table is made', async () => {
    const early = await playNow.enqueue(guest('Early'), UNRATED_4);
    await playNow.cancel(early);
    await expect(playNow.cancel(early)).rejects.toMatchObject({ code: 'ERR_NO_TICKET' });
    await expect(playNow.follow(early, 'c1')).rejects.toMatchObject({ code: 'ERR_NO_TICKET' });

    const tickets = await Promise.all(['A', 'B', 'C', 'D'].map((n) => playNow.enqueue(guest(n), UNRATED_4)));
    for (const t of tickets) await playNow.follow(t, `c-${t}`);
    // A wave held once its table is made, its tickets claimed: one is cancelled then.
    queue.holding = true;
    const wave = playNow.runWave();
    await h.until(() => queue.waitingToConfirm === 1, 'the table made for the four tickets');
    await playNow.cancel(tickets[2]);
    queue.letGo();
    expect(await wave).toBe(0);
    expect(told.found.size).toBe(0);
    // The others wait again, first in line: with the wait over, each is seated (with bots).
    await h.clock.advance(WAIT_MS);
    const rest = tickets.filter((_, i) => i !== 2);
    await madeFor(rest);
    expect(told.found.has(tickets[2])).toBe(false);
    expect(told.found.has(early)).toBe(false);
    const code = told.found.get(rest[0])!.code;
    expect(rest.every((t) => told.found.get(t)!.code === code)).toBe(true);
    const seats = (await h.lobby.summary(code)).seats;
    expect(
      seats
        .filter((s) => s.bot === null)
        .map((s) => s.name)
        .sort(),
    ).toEqual(['A', 'B', 'D']);
  });

  it('never seats two accounts together when one blocks the other', async () => {
    const accounts = await Promise.all(['ann', 'bea', 'cy', 'dee'].map((u) => account(h, u)));
    const [ann, bea] = accounts;
    await h.store.block(ann.id, bea.id, h.clock.now());
    const who = (a: AccountRow): Queuer => ({ accountId: a.id, name: a.username, address: '127.0.0.1' });
    const tickets = await Promise.all(accounts.map((a) => playNow.enqueue(who(a), UNRATED_4)));
    for (const t of tickets) await playNow.follow(t, `c-${t}`);
    await h.clock.advance(WAVE_MS * 3);
    await settle();
    // Four people, but never a full table of them.
    expect(told.found.size).toBe(0);
    await h.clock.advance(WAIT_MS);
    await madeFor(tickets);
    const at = (i: number) => told.found.get(tickets[i])!;
    expect(at(0).code).not.toBe(at(1).code);
    // Accounts hold their seats through their account: no token is handed out.
    expect(tickets.every((t) => told.found.get(t)!.token === undefined)).toBe(true);
    for (const [i, a] of accounts.entries()) {
      const seat = (await h.lobby.summary(at(i).code)).seats[at(i).seat];
      expect(seat.name).toBe(a.username);
    }
  });

  it('refuses rated play to a guest', async () => {
    await expect(playNow.enqueue(guest('Ann'), { ...UNRATED_4, rated: true })).rejects.toMatchObject({
      code: 'ERR_SIGN_IN_TO_RATE',
    });
  });

  it('drops the ticket of an address at MAX_TABLES_PER_ADDRESS rather than hold the others back', async () => {
    const full = { accountId: null, name: 'Full', address: '127.0.0.9' };
    for (let i = 0; i < 20; i++)
      await h.lobby.create(
        'Full',
        {
          players: 2,
          public: false,
          coach: false,
          turnClock: 'off',
          mode: 'individual',
          turnSeconds: 60,
          rated: false,
        },
        full.address,
      );
    const capped = await playNow.enqueue(full, UNRATED_4);
    await h.clock.advance(WAVE_MS);
    const other = await playNow.enqueue(guest('Other'), UNRATED_4);
    for (const t of [capped, other]) await playNow.follow(t, `c-${t}`);
    await h.clock.advance(WAIT_MS);
    await madeFor([other]);
    expect(told.found.has(capped)).toBe(false);
    await expect(playNow.follow(capped, 'again')).rejects.toMatchObject({ code: 'ERR_NO_TICKET' });
    expect((await h.lobby.summary(told.found.get(other)!.code)).seats.map((s) => s.name)).toEqual([
      'Other',
      'Medium bot',
      'Medium bot',
      'Medium bot',
    ]);
  });

  it('drops a ticket nobody follows', async () => {
    const ticket = await playNow.enqueue(guest('Gone'), UNRATED_4);
    await h.clock.advance(20_000);
    await expect(playNow.follow(ticket, 'late')).rejects.toMatchObject({ code: 'ERR_NO_TICKET' });
  });
});

/**
 * The real queue, whose confirmations a test can hold back (as HeldPool holds bot turns):
 * a wave then waits with its table made and its tickets claimed, until `release`.
 */
class HeldQueue extends LocalQueue {
  private held: (() => void)[] = [];
  holding = false;

  get waitingToConfirm(): number {
    return this.held.length;
  }

  letGo(): void {
    this.holding = false;
    for (const go of this.held.splice(0)) go();
  }

  override async confirm(seats: ReadonlyMap<string, Found>, keepMs: number): Promise<boolean> {
    if (this.holding) await new Promise<void>((go) => this.held.push(go));
    return super.confirm(seats, keepMs);
  }
}

async function account(h: InProcess, username: string): Promise<AccountRow> {
  const row: AccountRow = {
    id: `id-${username}`,
    username,
    createdAt: h.clock.now(),
    passwordHash: null,
    bannedAt: null,
    kind: 'person',
  };
  await h.store.createAccount(row);
  return row;
}
