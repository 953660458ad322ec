/**
 * No leaks: over many random games (2 to 6 players, people, bots and a spectator, with
 * reconnections, and seats given up mid-game while a second tab holds them too), every
 * card in every message a client receives is one its seat may know; once a connection has
 * lost its seat, that is what a spectator may know.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Rng } from '../../src/engine/index.js';
import { Client, playToEnd, step } from './helpers/client.js';
import { cardsIn, DealKnower } from './helpers/leak-checker.js';
import { startServer, type TestServer } from './helpers/server.js';
import { storedGame } from './helpers/stored.js';
import { seatTable } from './helpers/tables.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ SOCKET_RATE_PER_SECOND: '1000' });
});
afterAll(async () => {
  await server.stop();
});

const GAMES = 20;

async function playOne(index: number): Promise<{ messages: number; cards: number; gaveUp: number }> {
  const rng = new Rng(1000 + index);
  const random = () => rng.nextU32() / 2 ** 32;
  const players = 2 + (index % 5);
  const humans = 1 + rng.below(players);
  const {
    code,
    humans: clients,
    tokens,
  } = await seatTable(server, { players, rounds: 1 + (index % 2) }, humans, { level: 'easy' });
  const gameId = clients[0].game!.gameId;
  const spectator = new Client(server.url);
  const everyone = [...clients, spectator];
  // With three people or more, seat 1 is open in a second tab too, and gives up mid-game.
  const givers = humans >= 3 ? [clients[1], new Client(server.url, tokens[1])] : [];
  if (givers.length > 0) {
    expect((await givers[1].watch(code)).ok).toBe(true);
    everyone.push(givers[1]);
  }

  // Play a little, then the spectator arrives and the last person reloads the page.
  for (let i = 0; i < 5; i++) await step(clients, random);
  if (givers.length > 0) {
    expect(await givers[0].call('table:leave', {})).toEqual({ ok: true });
    await Promise.all(givers.map((g) => g.until(() => g.lostSeat(), 'seat:lost')));
    clients.splice(1, 1);
  }
  await spectator.watch(code);
  const leaver = clients[clients.length - 1];
  const lastSeq = leaver.game!.seq;
  leaver.close();
  for (let i = 0; i < 5; i++) await step(clients.slice(0, -1), random);
  const back = new Client(server.url, leaver.token);
  const reply = await back.watch(code, { lastSeq, gameId });
  expect(reply.ok).toBe(true);
  everyone.push(back);
  clients[clients.length - 1] = back;
  await playToEnd(clients, 60_000, random);
  await spectator.until(() => spectator.game?.view.phase === 'over', 'the end for the spectator');

  const stored = await storedGame(server.dataDir, gameId);
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
  return { messages, cards, gaveUp: givers.length };
}

it(`${GAMES} random games: no client ever receives a card it may not know`, async () => {
  let messages = 0;
  let cards = 0;
  let gaveUp = 0;
  // A few tables at a time, as on a real server.
  for (let first = 0; first < GAMES; first += 4) {
    const results = await Promise.all(Array.from({ length: Math.min(4, GAMES - first) }, (_, i) => playOne(first + i)));
    for (const r of results) {
      messages += r.messages;
      cards += r.cards;
      gaveUp += r.gaveUp;
    }
  }
  // The checker really looked at something.
  expect(messages).toBeGreaterThan(GAMES * 20);
  expect(cards).toBeGreaterThan(messages);
  // Some connections gave up their seat, and were checked as spectators from then on.
  expect(gaveUp).toBeGreaterThan(0);
}, 240_000);

it('the checker catches a leak: another seat’s hand is refused', () => {
  const knower = new DealKnower({ players: 4, rounds: 1 }, 7, []);
  const mine = knower.allowed(0, 0);
  const theirs = [...knower.allowed(0, 1)].filter((c) => !mine.has(c));
  expect(theirs.length).toBe(9);
  expect(cardsIn({ view: { hand: theirs } }).every((c) => !mine.has(c.card))).toBe(true);
  expect(() => cardsIn({ view: { secretCard: 3 } })).toThrow(/does not know/);
});
