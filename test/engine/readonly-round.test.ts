/**
 * Outside the engine a Round is read-only: index.ts exports the type `Round` (every
 * field read-only, typed arrays included) and `createRound`, never the class. The
 * `@ts-expect-error` lines below are checked by `npm run typecheck`: if any of these
 * writes compiled, the directive itself would be an error. At run time the same object
 * still plays, so the guard costs nothing.
 */
import { expect, test } from 'vitest';
import { createRound, PHASE_PLAY, Rng, type Round } from '../../src/engine/index.js';

function writeAttempts(r: Round): void {
  // @ts-expect-error a field of the core cannot be assigned outside the engine
  r.phase = PHASE_PLAY;
  // @ts-expect-error nor an element of its typed arrays
  r.handLo[0] = 1;
  // @ts-expect-error nor through a subarray of one
  r.trickCards.subarray(0, 1)[0] = 3;
  // @ts-expect-error a copy is read-only too
  r.clone().threshold[0] = 4;
}

test('a round made outside the engine is played through its methods only', () => {
  const r = createRound(4, 'individual', 0);
  r.dealRandom(new Rng(1));
  for (let s = 0; s < 4; s++) r.randomPass(s, new Rng(s));
  expect(r.phase).toBe(PHASE_PLAY);
  const before = r.clone();
  r.play(r.randomLegal(new Rng(9)));
  expect(r.trickLen).toBe(1);
  expect(before.trickLen).toBe(0);
  expect(typeof writeAttempts).toBe('function');
});
