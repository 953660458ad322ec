/**
 * Random games checked for leaks (the checker is leak-checker.ts): 2 to 6 players, people,
 * bots and a spectator, with a reconnection, and a seat given up mid-game while a second
 * tab holds it too. Every card in every message a client received must be one its seat
 * may know; once a connection has lost its seat (it was told so, or the seat was given up
 * before the update was made), what a spectator may know. Run against one server
 * (leaks.test.ts) and against a cluster whose connections are spread over its nodes
 * (cluster/leaks.test.ts), where some games go through an outage: Redis killed while the
 * seat is given up (the tabs on other nodes never hear `seat:lost` from the owner), or
 * PostgreSQL cut off while a player is away.
 */
import { expect } from 'vitest';
import { Rng } from '../../../src/engine/index.js';
import { Client, playToEnd, step } from './client.js';
import { cardsIn, DealKnower } from './leak-checker.js';
import type { TestServer } from './server.js';
import { storedGame } from './stored.js';
import { seatTable } from './tables.js';

export interface LeakTarget {
  /** Where tables are made over HTTP. */
  readonly server: TestServer;
  /** Where connections go: a game's k-th connection to urls[(game + k) % urls.length]. */
  readonly urls: readonly string[];
  /** Where the truth is read from: the server's DATA_DIR or a PostgreSQL URL. */
  readonly store: string;
  /** In a cluster: the outages some games go through (each such game is played alone). */
  readonly outages?: { readonly redis: Outage; readonly postgres: Outage };
}

/** A shared service going away and coming back; each resolves once every node says so. */
export interface Outage {
  down(): Promise<void>;
  up(): Promise<void>;
}

export interface LeakCounts {
  messages: number;
  cards: number;
  gaveUp: number;
  outages: number;
}

/** The outage game `index` goes through where there are outages, if any: one game in ten each (with five and four players). */
export function outageAt(index: number): keyof NonNullable<LeakTarget['outages']> | null {
  return index % 10 === 3 ? 'redis' : index % 10 === 7 ? 'postgres' : null;
}

function outageOf(target: LeakTarget, index: number): ReturnType<typeof outageAt> {
  return target.outages ? outageAt(index) : null;
}

async function playOne(target: LeakTarget, index: number): Promise<LeakCounts> {
  const rng = new Rng(1000 + index);
  const random = () => rng.nextU32() / 2 ** 32;
  const url = (k: number) => target.urls[(index + k) % target.urls.length];
  const players = 2 + (index % 5);
  const outage = outageOf(target, index);
  // A seat is given up through Redis's outage: it takes three people (see givers).
  const humans = Math.max(outage === 'redis' ? 3 : 1, 1 + rng.below(players));
  const {
    code,
    humans: clients,
    tokens,
  } = await seatTable(target.server, { players, rounds: 1 + (index % 2) }, humans, {
    level: 'easy',
    urls: target.urls.map((_, k) => url(k)),
  });
  const gameId = clients[0].game!.gameId;
  const spectator = new Client(url(humans));
  const everyone = [...clients, spectator];
  // With three people or more, seat 1 is open in a second tab too, and gives up mid-game.
  // Through Redis's outage it gives up in a third tab on the table's owner (where it was
  // made), which needs no other node; the other two, on other nodes, hear nothing then.
  const givers = humans >= 3 ? [clients[1], new Client(url(humans + 1), tokens[1])] : [];
  if (outage === 'redis') givers.unshift(new Client(target.server.url, tokens[1]));
  for (const g of givers.filter((g) => g !== clients[1])) {
    expect((await g.watch(code)).ok).toBe(true);
    everyone.push(g);
  }

  // Play a little, then the spectator arrives and the last person reloads the page.
  for (let i = 0; i < 5; i++) await step(clients, random);
  if (givers.length > 0) {
    if (outage === 'redis') await target.outages!.redis.down();
    expect(await givers[0].call('table:leave', {})).toEqual({ ok: true });
    if (outage === 'redis') await target.outages!.redis.up();
    await Promise.all(givers.map((g) => g.until(() => g.lostSeat(), 'seat:lost')));
    clients.splice(1, 1);
  }
  const watched = await spectator.watch(code);
  // The seat was given up by then: no update made after that is the seat's.
  const gaveUpBy = givers.length > 0 ? watched.game!.seq : null;
  const leaver = clients[clients.length - 1];
  const lastSeq = leaver.game!.seq;
  leaver.close();
  if (outage === 'postgres') {
    await target.outages!.postgres.down();
    await target.outages!.postgres.up();
  }
  for (let i = 0; i < 5; i++) await step(clients.slice(0, -1), random);
  const back = new Client(url(humans + 2), leaver.token);
  const reply = await back.watch(code, { lastSeq, gameId });
  expect(reply.ok).toBe(true);
  everyone.push(back);
  clients[clients.length - 1] = back;
  await playToEnd(clients, 60_000, random);
  await spectator.until(() => spectator.game?.view.phase === 'over', 'the end for the spectator');

  const stored = await storedGame(target.store, gameId);
  const knower = new DealKnower(
    stored.options,
    stored.seed,
    stored.actions.map((a) => a.action),
  );
  let messages = 0;
  let cards = 0;
  const check = (seat: number | null, seq: number, message: unknown) => {
    const allowed = knower.allowed(seq, seat);
    for (const { card, path } of cardsIn(message)) {
      if (!allowed.has(card))
        throw new Error(
          `game ${index}: ${seat === null ? 'the spectator' : `seat ${seat}`} was told card ${card} at ${path} (seq ${seq})`,
        );
      cards++;
    }
    const view = (message as { view?: { outstanding?: number[] } }).view;
    if (view)
      expect(view.outstanding, `game ${index}: cards still out for seat ${seat} (seq ${seq})`).toEqual(
        knower.outstanding(seq, seat),
      );
    messages++;
  };
  for (const c of everyone) {
    let seat = c === spectator ? null : tokens.indexOf(c.token!);
    for (const m of c.inbox) {
      // From the moment a connection loses its seat, it may know only what spectators know.
      if (m.kind === 'seatLost') seat = null;
      if (m.kind === 'game' && givers.includes(c) && gaveUpBy !== null && m.update.seq > gaveUpBy) seat = null;
      if (m.kind === 'game') {
        expect(m.update.view.viewer).toBe(seat);
        check(seat, m.update.seq, m.update);
      } else if (m.kind === 'watch') {
        if (m.reply.game) check(seat, m.reply.game.seq, m.reply.game);
        for (const u of m.reply.missed ?? []) check(seat, u.seq, u);
        expect(cardsIn(m.reply.table)).toEqual([]);
      } else if (m.kind === 'table') {
        expect(cardsIn(m.table)).toEqual([]);
      }
    }
  }
  for (const c of everyone) c.close();
  return { messages, cards, gaveUp: givers.length, outages: outage === null ? 0 : 1 };
}

/**
 * Play `games` checked games, a few tables at a time as on a real server, and those that
 * go through an outage one at a time (it would stop the others' players); the totals.
 */
export async function playCheckedGames(target: LeakTarget, games: number): Promise<LeakCounts> {
  const total: LeakCounts = { messages: 0, cards: 0, gaveUp: 0, outages: 0 };
  const add = (r: LeakCounts) => {
    total.messages += r.messages;
    total.cards += r.cards;
    total.gaveUp += r.gaveUp;
    total.outages += r.outages;
  };
  const all = Array.from({ length: games }, (_, i) => i);
  const together = all.filter((i) => outageOf(target, i) === null);
  for (let first = 0; first < together.length; first += 4)
    for (const r of await Promise.all(together.slice(first, first + 4).map((i) => playOne(target, i)))) add(r);
  for (const i of all.filter((i) => outageOf(target, i) !== null)) add(await playOne(target, i));
  return total;
}

/** What every run of the checked games must show: the checker looked at real traffic, seats given up included. */
export function expectCheckedTraffic(total: LeakCounts, games: number): void {
  expect(total.messages).toBeGreaterThan(games * 20);
  expect(total.cards).toBeGreaterThan(total.messages);
  // Some connections gave up their seat, and were checked as spectators from then on.
  expect(total.gaveUp).toBeGreaterThan(0);
}
