/** Every bot, at every player count and mode, only ever returns one of the legal actions it was offered. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { botForLevel, createBot } from '../../src/bots/index.js';
import { oracleBot } from '../../src/bots/oracle.js';
import { type Mode, modesFor, type PlayerCount } from '../../src/engine/index.js';
import { LEVELS } from '../../src/values/index.js';
import { playGame } from './helpers.js';

const TABLES: [PlayerCount, Mode][] = ([2, 3, 4, 5, 6] as PlayerCount[]).flatMap((n) =>
  modesFor(n).map((m): [PlayerCount, Mode] => [n, m]),
);
const table = fc.constantFrom(...TABLES);
const seed = fc.integer({ min: 0, max: 2 ** 31 });

describe('bots return only legal actions', () => {
  test.each(['random', 'heuristic'] as const)('%s, random games of every table', (name) => {
    fc.assert(
      fc.property(table, seed, ([players, mode], s) => {
        const g = playGame({ players, mode, rounds: 2 }, s, (seat) => createBot(name, { seed: s + seat }));
        expect(g.phase).toBe('over');
      }),
      { numRuns: 40 },
    );
  });

  test('ismcts with a small budget, random games of every table', () => {
    fc.assert(
      fc.property(table, seed, ([players, mode], s) => {
        const g = playGame({ players, mode, rounds: 1 }, s, (seat) =>
          createBot('ismcts', { seed: s + seat, budget: { iterations: 25 } }),
        );
        expect(g.phase).toBe('over');
      }),
      { numRuns: 15 },
    );
  });

  test('the oracle with a small budget, every table', () => {
    for (const [players, mode] of TABLES) {
      const g = playGame({ players, mode, rounds: 1 }, players * 7, (seat, game) =>
        oracleBot({ seed: seat, budget: { iterations: 25 } }, () => game.snapshot()),
      );
      expect(g.phase).toBe('over');
    }
  });

  test('every level, a 4-player round each', () => {
    for (const level of LEVELS) {
      const g = playGame({ players: 4, rounds: 1 }, 11, (seat) => botForLevel(level, seat));
      expect(g.phase).toBe('over');
    }
  });

  test('the expert at a 5-player table (fewer searches there), against medium bots', () => {
    const g = playGame({ players: 5, rounds: 1 }, 12, (seat) => botForLevel(seat === 0 ? 'expert' : 'medium', seat));
    expect(g.phase).toBe('over');
  });
});
