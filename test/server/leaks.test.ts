/**
 * No leaks: over many random games (2 to 6 players, people, bots and a spectator, with
 * reconnections), every card in every message a client receives is one its seat may know.
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

async function playOne(index: number): Promise<{ messages: number; cards: number }> {
  const rng = new Rng(1000 + index);
  const random = () => rng.nextU32() / 2 ** 32;
  const players = 2 + (index % 5);
  const humans = 1 + rng.below(players);
  const { code, humans: clients, tokens } = await seatTable(server, { players, rounds: 1 + (index % 2) }, humans, { level: 'easy' });
  const gameId = clients[0].game!.gameId;
  const spectator = new Client(server.url);
  const everyone = [...clients, spectator];

  // Play a little, then the spectator arrives and the last person reloads the page.
  for (let i = 0; i < 5; i++) await step(clients, random);
  await spectator.watch(code);
  const leaver = clients[humans - 1];
  const lastSeq = leaver.game!.seq;
  leaver.close();
  for (let i = 0; i < 5; i++) await step(clients.slice(0, -1), random);
  const back = new Client(server.url, tokens[humans - 1]);
  const reply = await back.watch(code, { lastSeq, gameId });
  expect(reply.ok).toBe(true);
  everyone.push(back);
  clients[humans - 1] = back;
  await playToEnd(clients, 60_000, random);
  await spectator.until(() => spectator.game?.view.phase === 'over', 'the end for the spectator');

  const stored = await storedGame(server.dataDir, gameId);
  const knower = new DealKnower(stored.options, stored.seed, stored.actions.map((a) => a.action));
  let messages = 0;
  let cards = 0;
  const check = (seat: number | null, seq: number, message: unknown) => {
    const allowed = knower.allowed(seq, seat);
    for (const { card, path } of cardsIn(message)) {
      if (!allowed.has(card)) throw new Error(`game ${index}: ${seat === null ? 'the spectator' : `seat ${seat}`} was told card ${card} at ${path} (seq ${seq})`);
      cards++;
    }
    const view = (message as { view?: { outstanding?: number[] } }).view;
    if (view) expect(view.outstanding, `game ${index}: cards still out for seat ${seat} (seq ${seq})`).toEqual(knower.outstanding(seq, seat));
    messages++;
  };
  for (const c of everyone) {
    const seat = c === spectator ? null : tokens.indexOf(c.token!);
    for (const m of c.inbox) {
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
  return { messages, cards };
}

it(`${GAMES} random games: no client ever receives a card it may not know`, async () => {
  let messages = 0;
  let cards = 0;
  // A few tables at a time, as on a real server.
  for (let first = 0; first < GAMES; first += 4) {
    const results = await Promise.all(Array.from({ length: Math.min(4, GAMES - first) }, (_, i) => playOne(first + i)));
    for (const r of results) {
      messages += r.messages;
      cards += r.cards;
    }
  }
  // The checker really looked at something.
  expect(messages).toBeGreaterThan(GAMES * 20);
  expect(cards).toBeGreaterThan(messages);
}, 240_000);

it('the checker catches a leak: another seat’s hand is refused', () => {
  const knower = new DealKnower({ players: 4, rounds: 1 }, 7, []);
  const mine = knower.allowed(0, 0);
  const theirs = [...knower.allowed(0, 1)].filter((c) => !mine.has(c));
  expect(theirs.length).toBe(9);
  expect(cardsIn({ view: { hand: theirs } }).every((c) => !mine.has(c.card))).toBe(true);
  expect(() => cardsIn({ view: { secretCard: 3 } })).toThrow(/does not know/);
});
