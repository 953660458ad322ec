/**
 * ismcts on several worker threads (root parallelism) returns legal actions and, with a
 * seed and an iteration budget, the same ones every time. Worker threads load compiled
 * modules, so this test runs the built bots in dist/ (npm test builds them first).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import type * as Bots from '../../src/bots/index.js';
import type * as Engine from '../../src/engine/index.js';

const dist = (path: string) => pathToFileURL(join(import.meta.dirname, '../../dist', path)).href;

describe('ismcts with worker threads', () => {
  test('a whole 5-player round: legal actions, and the same game when played again', async () => {
    const { createBot } = (await import(dist('bots/index.js'))) as typeof Bots;
    const { Game, view } = (await import(dist('engine/index.js'))) as typeof Engine;
    const play = () => {
      const made = Game.create({ players: 5, rounds: 1 }, 21);
      if (!made.ok) throw new Error(made.error.message);
      const g = made.value;
      const bots = Array.from({ length: 5 }, (_, s) =>
        s === 0
          ? createBot('ismcts', { seed: 4, threads: 2, budget: { iterations: 200 } })
          : createBot('heuristic', { seed: s }),
      );
      const plays: unknown[] = [];
      while (g.phase !== 'over') {
        const seat = g.toAct()[0];
        const action = bots[seat].decide(view(g, seat));
        const applied = g.apply(action);
        if (!applied.ok) throw new Error(applied.error.detail);
        plays.push(action);
      }
      return plays;
    };
    expect(play()).toEqual(play());
  });
});
