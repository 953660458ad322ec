/**
 * Issue 29: a game's deals cannot be worked out from a seat's view. The server deals every
 * game from its own 256-bit seed, seeds made in the same instant differ, no bit of them is
 * fixed, and the brute force that finds a 32-bit seed from one hand finds nothing at the
 * server's tables, while the stored seed still deals the game exactly as it was played.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Game, isWideSeed } from '../../src/engine/index.js';
import { newSeed } from '../../src/server/ids.js';
import { seedsDealing } from '../engine/seed-search.js';
import { api, startServer, type TestServer } from './helpers/server.js';
import { storedGame } from './helpers/stored.js';
import { seatTable } from './helpers/tables.js';

describe('newSeed', () => {
  it('gives 256 bits in which every bit takes both values, and no two seeds alike in one instant', () => {
    const seeds = Array.from({ length: 2_000 }, newSeed);
    expect(seeds.every(isWideSeed)).toBe(true);
    expect(new Set(seeds).size).toBe(seeds.length);
    // A narrow seed spread over the digits would leave some bit the same in every seed.
    for (let bit = 0; bit < 256; bit++) {
      const ones = seeds.filter((s) => (Number.parseInt(s[bit >> 2], 16) >> (bit & 3)) & 1).length;
      expect(ones).toBeGreaterThan(0);
      expect(ones).toBeLessThan(seeds.length);
    }
  });
});

describe('the server’s games', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    expect(await server.stop()).toBe(0);
  });

  it('are out of reach of the brute force that finds a 32-bit seed from one hand', async () => {
    // Started together, so that several fall in the same millisecond.
    const sizes = [2, 3, 4, 6, 2, 3, 4, 6] as const;
    const tables = await Promise.all(sizes.map((players) => seatTable(server, { players, rounds: 1 }, 1)));
    const seeds = new Set<string>();
    for (const [i, table] of tables.entries()) {
      const me = table.humans[0];
      const update = me.game!;
      const stored = await storedGame(server.dataDir, update.gameId);
      expect(isWideSeed(stored.seed)).toBe(true);
      seeds.add(String(stored.seed));

      // What the seat saw is all the attacker has.
      const seen = { seat: 0, dealer: update.view.dealer, hand: update.view.hand ?? [] };
      expect(seen.hand.length).toBeGreaterThan(0);
      expect(seedsDealing({ players: sizes[i], rounds: 1 }, seen, 0, 2 ** 12)).toEqual([]);

      // The stored seed replays the game: the same dealer and the same hand.
      const replayed = Game.create(stored.options, stored.seed);
      if (!replayed.ok) throw new Error(replayed.error.message);
      expect(replayed.value.log[0].dealer).toBe(seen.dealer);
      expect([...replayed.value.log[0].hands[0]].sort((a, b) => a - b)).toEqual([...seen.hand].sort((a, b) => a - b));
      me.close();
    }
    expect(seeds.size).toBe(tables.length);
  });

  it('never show a seed in what they send', async () => {
    const table = await seatTable(server, { players: 3, rounds: 1 }, 1);
    const me = table.humans[0];
    const stored = await storedGame(server.dataDir, me.game!.gameId);
    const summary = await api(server, 'GET', `/api/tables/${table.code}`);
    const sent = JSON.stringify([me.inbox, summary.body]);
    expect(sent).not.toContain(String(stored.seed));
    me.close();
  });
});
