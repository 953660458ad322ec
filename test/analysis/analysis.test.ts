/**
 * The analysis of records (docs/analysis.md): a late bottle purchase is a blunder of the
 * size worked out by hand, forced cards are never faults, the analysis of a seat cannot
 * tell apart two records that differ only in cards that seat never sees, and the search
 * bot's own play is judged mostly good.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { analyseRecord } from '../../src/analysis/index.js';
import { createBot } from '../../src/bots/index.js';
import { Game, view } from '../../src/engine/index.js';
import { type GameRecord, gameFromRecord, parseRecord, recordOf } from '../../src/record/index.js';

const fixture = (name: string): GameRecord => {
  const parsed = parseRecord(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};

function analysed(record: GameRecord, options: Parameters<typeof analyseRecord>[1]) {
  const result = analyseRecord(record, options);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

describe('a bottle bought with one card left', () => {
  // Three players, one round. Before trick 10 the price is 10 and Ann owns the bottle.
  // Cy leads 34 (green), Ann plays 8, below the price, so Ann would buy the bottle again
  // at 8. Bo plays last and holds 7 and 9, both green.
  //  - 7 leaves Ann's 8 the highest card under the price: Ann keeps the bottle at 8, and
  //    in the last trick Bo's 9 is above that price. Bo ends with the 37 points he has
  //    won, exactly (no unseen card lets him win the last trick).
  //  - 9 is the highest card under the price: Bo buys the bottle at 9, and in the last
  //    trick his 7 buys it again (the only unseen cards below 9 are 2, 3 and 6). He ends
  //    holding it and loses the devil's trick: his own 1 plus two of the unseen 2, 3, 6
  //    (1 point each) and 25 (6 points): 3 or 8 points.
  // So 9 loses between 37 + 3 = 40 and 37 + 8 = 45 points; Bo played 9.
  const record = fixture('3p-buys-bottle-late.json');
  const analysis = analysed(record, { seat: 1, iterations: 400, seed: 3 });
  const decision = analysis.decisions.find((d) => d.round === 0 && d.play === 29)!;

  test('is a blunder costing 40 to 45 points', () => {
    expect(decision.seat).toBe(1);
    expect(decision.chosen).toBe(9);
    expect(decision.best).toBe(7);
    expect(decision.class).toBe('blunder');
    expect(decision.loss).toBeGreaterThanOrEqual(40);
    expect(decision.loss).toBeLessThanOrEqual(45);
    const safe = decision.options.find((o) => o.action === 7)!;
    expect(safe.value).toBe(37);
    expect(safe.error).toBe(0);
    expect(decision.reason).toMatchObject({ best: 7, trick: { code: 'buysBottle', price: 9, cardsLeft: 1 } });
    expect(['riskier', 'safer', 'points']).toContain(decision.reason.code);
  });

  test('is among the costliest decisions of the seat, the forced last card is not', () => {
    const player = analysis.players[0];
    expect(analysis.players.map((p) => p.seat)).toEqual([1]);
    expect(player.costliest.map((i) => analysis.decisions[i].play)).toContain(29);
    const last = analysis.decisions.find((d) => d.play !== null && d.play > 29)!;
    expect(last.class).toBe('forced');
    expect(last.loss).toBe(0);
    expect(last.options).toHaveLength(1);
  });
});

function randomRecord(players: 3 | 4, rounds: number, seed: number): GameRecord {
  const game = Game.create({ players, rounds }, seed);
  if (!game.ok) throw new Error(game.error.message);
  const g = game.value;
  const bots = Array.from({ length: players }, (_, s) => createBot('random', { seed: seed + s }));
  while (g.phase !== 'over') {
    const s = g.toAct()[0];
    g.apply(bots[s].decide(view(g, s)));
  }
  return recordOf(
    g,
    Array.from({ length: players }, (_, s) => `P${s + 1}`),
  );
}

test('a decision with one legal option is forced, never a fault, whatever was lost', () => {
  const analysis = analysed(randomRecord(4, 1, 11), { iterations: 60, seed: 1 });
  const forced = analysis.decisions.filter((d) => d.options.length === 1);
  expect(forced.length).toBeGreaterThan(4);
  for (const d of forced) {
    expect(d.class).toBe('forced');
    expect(d.loss).toBe(0);
  }
  for (const d of analysis.decisions.filter((d) => d.options.length > 1)) expect(d.class).not.toBe('forced');
});

describe('no peeking', () => {
  // Twin records: in every round seats 2 and 3 (0-based 1 and 2) swap the cards they put
  // into the devil's trick in the deal as well as in their passes. Every play, every pass
  // seat 1 sees, and the devil's trick itself are unchanged; only who held which of those
  // two cards differs, which seat 1 (0-based 0) can never see.
  const record = randomRecord(4, 2, 21);
  const twin: GameRecord = {
    ...record,
    rounds: record.rounds.map((round) => {
      const passes = round.passes!.map((p) => ({ ...p, devil: [...p.devil] }));
      const hands = round.hands.map((h) => [...h]);
      const [x, y] = [passes[1].devil[0], passes[2].devil[0]];
      hands[1] = hands[1].map((c) => (c === x ? y : c));
      hands[2] = hands[2].map((c) => (c === y ? x : c));
      passes[1].devil = [y];
      passes[2].devil = [x];
      return { ...round, hands, passes };
    }),
  };

  test('the twins are different valid records', () => {
    expect(gameFromRecord(twin).ok).toBe(true);
    expect(JSON.stringify(twin.rounds)).not.toBe(JSON.stringify(record.rounds));
  });

  test("seat 1's analysis is the same for both", () => {
    const options = { seat: 0, iterations: 150, seed: 5 };
    const a = analysed(record, options);
    const b = analysed(twin, options);
    expect(a.decisions.length).toBe(18);
    expect(b).toEqual(a);
  });
});

test('the same seed gives the same analysis', () => {
  const record = randomRecord(3, 1, 31);
  const a = analysed(record, { seat: 2, iterations: 80, seed: 9 });
  expect(analysed(record, { seat: 2, iterations: 80, seed: 9 })).toEqual(a);
  expect(a.format).toBe('bottle-imp-analysis/1');
  expect(a.iterations).toBe(80);
  expect(a.seed).toBe(9);
});

test("the ismcts bot's own decisions, analysed with more samples than it searched, are mostly good", () => {
  // The bot at one search of 1,000 iterations (playouts), the analysis at its default of
  // 1,000 samples per option (so 1,000 × the number of options playouts per decision).
  // Measured on this game: 25 of 27 unforced decisions good (two inaccuracies; at 2,000
  // and 2,000, twice the time, 25 of 26); over other games at the expert budget, 94 % and
  // more (BENCHMARKS.md). The floor leaves room for close calls.
  const game = Game.create({ players: 4, rounds: 1 }, 7);
  if (!game.ok) throw new Error(game.error.message);
  const g = game.value;
  const bots = [0, 1, 2, 3].map((s) => createBot('ismcts', { seed: 70 + s, budget: { iterations: 1000 } }));
  while (g.phase !== 'over') {
    const s = g.toAct()[0];
    g.apply(bots[s].decide(view(g, s)));
  }
  const analysis = analysed(recordOf(g, ['A', 'B', 'C', 'D']), { iterations: 1000, seed: 1 });
  const unforced = analysis.decisions.filter((d) => d.class !== 'forced');
  const good = unforced.filter((d) => d.class === 'good');
  expect(unforced.length).toBeGreaterThan(20);
  expect(good.length / unforced.length).toBeGreaterThanOrEqual(0.8);
  expect(unforced.filter((d) => d.class === 'blunder')).toEqual([]);
}, 300_000);
