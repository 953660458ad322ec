/**
 * The hint's work is bounded (src/analysis/hint.ts): a pass, with its 16 candidates, is
 * screened with a quarter of the samples and only its best few get them all, so it costs
 * about what a card hint costs instead of three to four times as much.
 */
import { describe, expect, it } from 'vitest';
import { choicesFor, evaluate } from '../../src/analysis/evaluate.js';
import { SCREEN_KEEP, SCREEN_SHARE } from '../../src/analysis/hint.js';
import { HINT_ITERATIONS, hintFor } from '../../src/analysis/index.js';
import { Game, type PlayerCount, view } from '../../src/engine/index.js';

function passView(players: PlayerCount) {
  const made = Game.create({ players, rounds: 1 }, 5);
  if (!made.ok) throw new Error(made.error.message);
  return view(made.value, 0);
}

describe('a pass hint', () => {
  for (const players of [2, 4, 6] as const) {
    it(`at ${players} players weighs every candidate briefly and only the best ${SCREEN_KEEP} fully`, () => {
      const v = passView(players);
      const choices = choicesFor(v);
      expect(choices.length).toBeGreaterThan(SCREEN_KEEP * 2);
      const hint = hintFor(v, HINT_ITERATIONS, 1);
      expect(hint.options).toHaveLength(choices.length);
      const brief = evaluate(v, choices, HINT_ITERATIONS / SCREEN_SHARE, 1).options;
      const round2 = (x: number) => Math.round(x * 100) / 100;
      // The kept ones are weighed again with every sample; the options screened out keep
      // their brief value, moved by the kept ones' mean change between the two.
      const full = choices.map((_, i) => round2(evaluate(v, [choices[i]], HINT_ITERATIONS, 1).options[0].value));
      const kept = hint.options.flatMap((o, i) => (o.value === full[i] ? [i] : []));
      expect(kept.length).toBeGreaterThanOrEqual(1);
      expect(kept.length).toBeLessThanOrEqual(SCREEN_KEEP);
      const shift = kept.reduce((sum, i) => sum + full[i] - brief[i].value, 0) / kept.length;
      for (const [i, o] of hint.options.entries()) {
        if (!kept.includes(i)) expect(o.value).toBeCloseTo(brief[i].value + shift, 1);
      }
      // The best is one of the fully weighed, and no option shows a higher value.
      const at = hint.options.findIndex((o) => JSON.stringify(o.action) === JSON.stringify(hint.best));
      expect(kept).toContain(at);
      for (const o of hint.options) expect(o.value).toBeLessThanOrEqual(hint.options[at].value);
    });
  }
});
