/**
 * The ismcts sampler never deals something the seat knows to be impossible: its own hand,
 * the face-up rows, the cards it passed, its devil cards, hand sizes, revealed voids, the
 * trick and the bottles all stay as they are; only unseen cards move.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createBot } from '../../src/bots/index.js';
import { Sampler } from '../../src/bots/sampler.js';
import { cardId, SUIT_INDEX } from '../../src/engine/cards.js';
import { bitCount, cardIds } from '../../src/engine/cardset.js';
import {
  modesFor,
  type PlayerCount,
  Rng,
  type SidePass,
  searchPosition,
  type TwoPlayerPass,
  view,
} from '../../src/engine/index.js';
import { playGame } from './helpers.js';

const position = fc.record({
  players: fc.constantFrom<PlayerCount>(2, 3, 4, 5, 6),
  modeIndex: fc.nat(),
  seed: fc.integer({ min: 0, max: 2 ** 31 }),
  steps: fc.nat({ max: 70 }),
  sampleSeed: fc.nat(),
});

describe('the ismcts sampler', () => {
  test('every sampled deal agrees with everything the seat knows', () => {
    fc.assert(
      fc.property(position, ({ players, modeIndex, seed, steps, sampleSeed }) => {
        const modes = modesFor(players);
        const g = playGame(
          { players, mode: modes[modeIndex % modes.length], rounds: 1 },
          seed,
          (s) => createBot('random', { seed: seed + s }),
          steps,
        );
        if (g.phase === 'over') return;
        const seat = g.toAct()[0];
        const v = view(g, seat);
        const known = searchPosition(v);
        const truth = g.snapshot();
        const sample = truth.clone();
        new Sampler(known).sample(new Rng(sampleSeed), sample);

        expect([sample.handLo[seat], sample.handHi[seat]]).toEqual([truth.handLo[seat], truth.handHi[seat]]);
        expect(Array.from(sample.upLo)).toEqual(Array.from(truth.upLo));
        expect(Array.from(sample.upHi)).toEqual(Array.from(truth.upHi));
        for (const field of ['threshold', 'owner', 'wonPoints', 'wonTricks', 'voids'] as const)
          expect(Array.from(sample[field])).toEqual(Array.from(truth[field]));
        expect(Array.from(sample.trickCards.slice(0, truth.trickLen))).toEqual(
          Array.from(truth.trickCards.slice(0, truth.trickLen)),
        );
        expect([sample.leader, sample.turn, sample.trickLen, sample.tricksPlayed, sample.phase]).toEqual([
          truth.leader,
          truth.turn,
          truth.trickLen,
          truth.tricksPlayed,
          truth.phase,
        ]);

        const seen = new Set<number>(cardIds(truth.playedLo, truth.playedHi));
        const add = (ids: number[]) => {
          for (const id of ids) {
            expect(seen.has(id), `card id ${id} dealt twice`).toBe(false);
            seen.add(id);
          }
        };
        for (let s = 0; s < players; s++) {
          const hand = cardIds(sample.handLo[s], sample.handHi[s]);
          // Before the exchange, a seat that has passed is dealt its whole hand again: the viewer cannot tell its pass.
          const expected =
            bitCount(truth.handLo[s]) +
            bitCount(truth.handHi[s]) +
            (truth.phase === 0 && s !== seat && truth.hasPassed(s) ? 2 + truth.devilCount(s) : 0);
          expect(hand.length).toBe(expected);
          for (const id of hand)
            expect(truth.voids[s] & (1 << SUIT_INDEX[id]), `seat ${s} is void in the suit of card id ${id}`).toBe(0);
          add(hand);
          add(cardIds(sample.upLo[s], sample.upHi[s]));
        }
        if (truth.phase === 1) {
          const devil = cardIds(sample.devilLo, sample.devilHi);
          expect(devil.length).toBe(truth.setup.devilSize);
          for (const rank of v.myDevil) expect(devil).toContain(cardId(rank));
          add(devil);
          const pass = v.myPass!;
          const [first, second] =
            players === 2
              ? [(pass as TwoPlayerPass).faceUp, (pass as TwoPlayerPass).hidden]
              : [(pass as SidePass).left, (pass as SidePass).right];
          const holders: [number, number][] =
            players === 2
              ? [[second, 1 - seat]]
              : [
                  [first, (seat + 1) % players],
                  [second, (seat + players - 1) % players],
                ];
          for (const [rank, holder] of holders) {
            const id = cardId(rank);
            if (!seen.has(id) || cardIds(truth.playedLo, truth.playedHi).includes(id)) continue;
            expect(
              cardIds(sample.handLo[holder], sample.handHi[holder]).concat(
                cardIds(sample.upLo[holder], sample.upHi[holder]),
              ),
            ).toContain(id);
          }
        }
        expect(seen.size).toBe(truth.setup.extended ? 54 : 36);
      }),
      { numRuns: 300 },
    );
  });
});
