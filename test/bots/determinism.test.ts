/** A bot with a seed and an iteration budget decides the same way every time. */
import { describe, expect, test } from 'vitest';
import { type BotName, botForLevel, createBot } from '../../src/bots/index.js';
import { addResults, searchSeed } from '../../src/bots/search.js';
import { searchView } from '../../src/bots/search-view.js';
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
    const bot = createBot('ismcts', { seed: 7, budget: { iterations: 300 } });
    const first = bot.decide(v);
    expect(bot.decide(v)).toEqual(first);
    expect(createBot('ismcts', { seed: 7, budget: { iterations: 300 } }).decide(v)).toEqual(first);
  });

  test('several searches of one decision are the single searches of their shares, added up', () => {
    const g = playGame({ players: 4, rounds: 1 }, 8, (seat) => createBot('heuristic', { seed: seat }), 9);
    const seat = g.toAct()[0];
    const v = view(g, seat);
    expect(v.phase).toBe('play');
    const three = searchView(v, { iterations: 300, ms: 0 }, 5, 3);
    const each = [0, 1, 2].map((k) => searchView(v, { iterations: 100, ms: 0 }, searchSeed(5, k)));
    expect(three).toEqual(addResults(each));
    expect(three.iterations).toBe(300);
    // Other deals, other visits: the searches are not one search repeated.
    expect(each[1].visits).not.toEqual(each[0].visits);
  });

  test('the pass cap bounds the whole decision, not each of its searches', () => {
    const g = playGame({ players: 4, rounds: 1 }, 8, (seat) => createBot('heuristic', { seed: seat }), 0);
    const v = view(g, g.toAct()[0]);
    expect(v.phase).toBe('pass');
    expect(searchView(v, { iterations: 10_000, ms: 0 }, 5, 5).iterations).toBe(2500);
  });

  test('ismcts without a budget is the expert: 5 searches of 2,000 with 2–4 players, 2 with 5–6', () => {
    for (const [players, searches] of [
      [4, 5],
      [5, 2],
    ] as const) {
      // A pass: there one search and several disagree (checked on these deals).
      const g = playGame({ players, rounds: 1 }, 3, (seat) => createBot('heuristic', { seed: seat }), 0);
      const seat = g.toAct()[0];
      const v = view(g, seat);
      const spelled = createBot('ismcts', { seed: 11, budget: { iterations: searches * 2000 }, searches }).decide(v);
      expect(createBot('ismcts', { seed: 11 }).decide(v)).toEqual(spelled);
      expect(botForLevel('expert', 11).decide(v)).toEqual(spelled);
    }
  });
});
