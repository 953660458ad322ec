/** A bot with a seed and an iteration budget decides the same way every time. */
import { describe, expect, test } from 'vitest';
import { type BotName, createBot } from '../../src/bots/index.js';
import { view } from '../../src/engine/index.js';
import { recordOf } from '../../src/record/index.js';
import { playGame } from './helpers.js';

describe('seeded bots are deterministic', () => {
  test.each<BotName>(['random', 'heuristic', 'ismcts'])('%s: the same seeds play the same game', (name) => {
    const play = () =>
      playGame({ players: 4, rounds: 1 }, 99, (seat) =>
        createBot(name, { seed: 1000 + seat, budget: { iterations: 60 } }),
      );
    const names = ['a', 'b', 'c', 'd'];
    expect(recordOf(play(), names)).toEqual(recordOf(play(), names));
  });

  test('ismcts: the same seed and view give the same decision, asked twice of one bot or of two', () => {
    const g = playGame({ players: 5, rounds: 1 }, 5, (seat) => createBot('heuristic', { seed: seat }), 20);
    const seat = g.toAct()[0];
    const v = view(g, seat);
    const legal = g.legalActions(seat);
    const bot = createBot('ismcts', { seed: 7, budget: { iterations: 300 } });
    const first = bot.decide(v, legal);
    expect(bot.decide(v, legal)).toEqual(first);
    expect(createBot('ismcts', { seed: 7, budget: { iterations: 300 } }).decide(v, legal)).toEqual(first);
  });
});
