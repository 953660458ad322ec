/**
 * No leaks: over many random games (2 to 6 players, people, bots and a spectator, with
 * reconnections, and seats given up mid-game while a second tab holds them too), every
 * card in every message a client receives is one its seat may know; once a connection has
 * lost its seat, that is what a spectator may know (helpers/leak-games.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cardsIn, DealKnower } from './helpers/leak-checker.js';
import { expectCheckedTraffic, playCheckedGames } from './helpers/leak-games.js';
import { startServer, type TestServer } from './helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ SOCKET_RATE_PER_SECOND: '1000' });
});
afterAll(async () => {
  await server.stop();
});

const GAMES = 20;

it(`${GAMES} random games: no client ever receives a card it may not know`, async () => {
  const total = await playCheckedGames({ server, urls: [server.url], store: server.dataDir }, GAMES);
  expectCheckedTraffic(total, GAMES);
}, 240_000);

it('the checker catches a leak: another seat’s hand is refused', () => {
  const knower = new DealKnower({ players: 4, rounds: 1 }, 7, []);
  const mine = knower.allowed(0, 0);
  const theirs = [...knower.allowed(0, 1)].filter((c) => !mine.has(c));
  expect(theirs.length).toBe(9);
  expect(cardsIn({ view: { hand: theirs } }).every((c) => !mine.has(c.card))).toBe(true);
  expect(() => cardsIn({ view: { secretCard: 3 } })).toThrow(/does not know/);
});
