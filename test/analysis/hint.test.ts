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
      // Options screened out keep their brief value; the kept ones are weighed again.
      const briefly = hint.options.filter((o, i) => o.value === round2(brief[i].value));
      expect(briefly.length).toBeGreaterThanOrEqual(choices.length - SCREEN_KEEP);
      // The best is one of the fully weighed: its value is that of all the samples.
      const at = hint.options.findIndex((o) => JSON.stringify(o.action) === JSON.stringify(hint.best));
      expect(hint.options[at].value).toBe(round2(evaluate(v, [choices[at]], HINT_ITERATIONS, 1).options[0].value));
    });
  }
});
