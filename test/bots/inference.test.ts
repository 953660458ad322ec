/**
 * Passes as evidence (inference.ts PassEvidence): the other seats pass their riskiest
 * cards, the lowest to the devil's trick, so a deal is likelier the more it looks so, and
 * the deals fitted to the passes are nearer the truth than plain samples.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { botForLevel, createBot } from '../../src/bots/index.js';
import { PassEvidence } from '../../src/bots/inference.js';
import { passRisk } from '../../src/bots/policy.js';
import { Sampler } from '../../src/bots/sampler.js';
import { type PlayerCount, Rng, searchPosition, setPoints, view } from '../../src/engine/index.js';
import { playGame } from './helpers.js';

/** A seat's position at some turn of the play, after the exchange, in a game of `level` bots. */
function playPosition(players: PlayerCount, seed: number, steps: number, level: 'easy' | 'medium' = 'medium') {
  const game = playGame({ players, mode: 'individual', rounds: 1 }, seed, (s) => botForLevel(level, seed + s), steps);
  if (game.phase !== 'play') return null;
  const seat = game.toAct()[0];
  const known = searchPosition(view(game, seat));
  return { game, known, sampler: new Sampler(known) };
}

describe('passes as evidence', () => {
  test('a devil card traded for a riskier card of a hand never makes the deal less likely (3 and 4 players)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<PlayerCount>(3, 4),
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.nat({ max: 30 }),
        fc.nat(),
        (players, seed, turns, dealSeed) => {
          const found = playPosition(players, seed, players + turns, 'easy');
          if (!found) return;
          const { known, sampler } = found;
          const evidence = PassEvidence.of(known, sampler)!;
          const deal = new Int8Array(sampler.cards.length);
          sampler.assign(new Rng(dealSeed), deal);
          const devil = sampler.who.indexOf(-1);
          const before = evidence.logLikelihood(deal);
          for (let i = 0; i < deal.length; i++) {
            if (deal[i] !== devil) continue;
            for (let j = 0; j < deal.length; j++) {
              if (passRisk(sampler.cards[j]) <= passRisk(sampler.cards[i]) || !sampler.canSwap(deal, i, j)) continue;
              const traded = deal.slice();
              traded[i] = deal[j];
              traded[j] = deal[i];
              expect(evidence.logLikelihood(traded)).toBeGreaterThanOrEqual(before);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  test('deals fitted to the passes put about what the seats really passed in the devil’s trick', () => {
    let plain = 0;
    let fitted = 0;
    let truth = 0;
    let positions = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const found = playPosition(3, seed, 3 + (seed % 4));
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
        evidence.fit(assignment, rng);
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
    expect(fitted / positions).toBeLessThan(plain / positions - 2);
    expect(Math.abs(fitted - truth) / positions).toBeLessThan(2);
  });

  test('there is no evidence before the exchange, nor with 2 players', () => {
    const passing = playGame(
      { players: 3, mode: 'individual', rounds: 1 },
      5,
      (s) => createBot('random', { seed: s }),
      1,
    );
    const known = searchPosition(view(passing, passing.toAct()[0]));
    expect(PassEvidence.of(known, new Sampler(known))).toBeNull();
    const two = playPosition(2, 5, 4);
    expect(two).not.toBeNull();
    expect(PassEvidence.of(two!.known, two!.sampler)).toBeNull();
  });
});
