/**
 * Passes as evidence (inference.ts PassEvidence): every seat passes its lowest card to
 * the devil's trick, so a plain sample is fitted by trading each other seat's riskiest
 * unseen cards there. A fit keeps the deal possible, only ever makes the devil's trick
 * riskier, and brings its points near what the seats really passed.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { botForLevel } from '../../src/bots/index.js';
import { PassEvidence } from '../../src/bots/inference.js';
import { passRisk } from '../../src/bots/policy.js';
import { Sampler } from '../../src/bots/sampler.js';
import { type PlayerCount, Rng, SUIT_INDEX, searchPosition, setPoints, view } from '../../src/engine/index.js';
import { playGame } from './helpers.js';

/** A seat's position at some turn of a game of `level` bots, with its sampler. */
function position(players: PlayerCount, seed: number, steps: number, level: 'easy' | 'medium' = 'medium') {
  const game = playGame({ players, mode: 'individual', rounds: 1 }, seed, (s) => botForLevel(level, seed + s), steps);
  if (game.phase === 'over') return null;
  const known = searchPosition(view(game, game.toAct()[0]));
  return { game, known, sampler: new Sampler(known) };
}

describe('passes as evidence', () => {
  test('a fit keeps every recipient’s count and voids, and only trades riskier cards into the devil’s trick', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<PlayerCount>(2, 3, 4, 5, 6),
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.nat({ max: 40 }),
        fc.nat(),
        (players, seed, turns, dealSeed) => {
          const found = position(players, seed, players + turns, 'easy');
          if (found?.game.phase !== 'play') return;
          const { known, sampler } = found;
          const evidence = PassEvidence.of(known, sampler);
          if (!evidence) return;
          const deal = new Int8Array(sampler.cards.length);
          sampler.assign(new Rng(dealSeed), deal);
          const fitted = deal.slice();
          evidence.fit(fitted);
          const devil = sampler.who.indexOf(-1);
          const risks = (d: Int8Array) =>
            sampler.cards
              .filter((_, i) => d[i] === devil)
              .map(passRisk)
              .sort((a, b) => b - a);
          const count = (d: Int8Array, r: number) => d.filter((x) => x === r).length;
          sampler.who.forEach((_, r) => {
            expect(count(fitted, r)).toBe(count(deal, r));
            fitted.forEach((x, i) => {
              if (x === r) expect(sampler.accepts[r] & (1 << SUIT_INDEX[sampler.cards[i]])).not.toBe(0);
            });
          });
          const before = risks(deal);
          risks(fitted).forEach((risk, k) => {
            expect(risk).toBeGreaterThanOrEqual(before[k]);
          });
        },
      ),
      { numRuns: 150 },
    );
  });

  test('fitted deals put about what the seats really passed in the devil’s trick', () => {
    let plain = 0;
    let fitted = 0;
    let truth = 0;
    let positions = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const found = position(3, seed, 3 + (seed % 4));
      if (!found) continue;
      const { game, known, sampler } = found;
      const evidence = PassEvidence.of(known, sampler)!;
      const rng = new Rng(seed);
      const deal = known.round.clone();
      const assignment = new Int8Array(sampler.cards.length);
      for (let k = 0; k < 100; k++) {
        sampler.sample(rng, deal);
        plain += setPoints(deal.devilLo, deal.devilHi) / 100;
        sampler.assign(rng, assignment);
        evidence.fit(assignment);
        sampler.place(assignment, deal);
        fitted += setPoints(deal.devilLo, deal.devilHi) / 100;
      }
      const real = game.snapshot();
      truth += setPoints(real.devilLo, real.devilHi);
      positions++;
    }
    expect(positions).toBeGreaterThan(8);
    // Medium bots pass their lowest cards to the devil's trick: few points.
    expect(truth / positions).toBeLessThan(5);
    expect(plain / positions).toBeGreaterThan(7);
    expect(Math.abs(fitted - truth) / positions).toBeLessThan(1);
  });

  test('there is no evidence before the exchange', () => {
    const found = position(3, 5, 1);
    expect(found?.game.phase).toBe('pass');
    expect(PassEvidence.of(found!.known, found!.sampler)).toBeNull();
  });
});
