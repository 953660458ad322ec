/**
 * Hints never starve live games (issue 29): a real server with two bot threads, one
 * person playing against three bots on 127.0.0.1 while twelve tables of 127.0.0.2 ask a
 * hint at every turn (every hint new work, the per-address budget lifted so that all of
 * them reach the pool). Bot turns go before hints and hints hold at most one of the two
 * threads, so the bots' median move time under the flood stays within twice the quiet
 * one. Quiet and flood alternate twice, so that the machine's own load (other tests,
 * other processes on a shared 2-core machine) falls on both alike. BENCHMARKS.md has the
 * figures (`npm run bench:hints`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotTable, HintFlood, median } from './helpers/hint-flood.js';
import { startServer, type TestServer } from './helpers/server.js';

/** Bot moves per phase: enough for a steady median. */
const MOVES = 30;

let server: TestServer;
beforeAll(async () => {
  server = await startServer({
    BOT_WORKERS: '2',
    HINTS_PER_MINUTE: '1000000',
    SOCKET_RATE_PER_SECOND: '1000',
    ADDRESS_RATE_PER_SECOND: '100000',
    MAX_TABLES_PER_ADDRESS: '100',
  });
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

describe('a hint flood beside a live table', () => {
  it('keeps the median bot move within twice its quiet time', async () => {
    const flood = await HintFlood.open(server, 12, '127.0.0.2');
    const table = await BotTable.open(server, 'expert');
    try {
      // Warm-up: the threads' first decisions compile the bots.
      await table.next(MOVES);
      const quiet: number[] = [];
      const flooded: number[] = [];
      for (let round = 0; round < 2; round++) {
        quiet.push(...(await table.next(MOVES)));
        flood.resume();
        // The hints queue up first, so that the moves are timed against a full pool.
        await table.next(5);
        const before = flood.figures().answered;
        flooded.push(...(await table.next(MOVES)));
        const during = flood.figures().answered - before;
        await flood.pause();
        // The pool really was busy with hints meanwhile.
        expect(during).toBeGreaterThan(5);
      }
      const figures = flood.figures();
      console.log(
        `bot move median: quiet ${median(quiet).toFixed(1)} ms, under the flood ${median(flooded).toFixed(1)} ms;`,
        `hints answered ${figures.answered}, refused ${JSON.stringify(figures.refused)}`,
      );
      expect(figures.refused).toEqual({});
      expect(median(flooded)).toBeLessThan(2 * median(quiet));
    } finally {
      table.close();
      flood.close();
    }
  }, 300_000);
});
