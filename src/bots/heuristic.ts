/** The rule-based bot (rules in policy.ts and docs/bots.md), optionally with random mistakes. */
import { PHASE_PASS, Rng, searchPosition } from '../engine/index.js';
import { actionOf } from './actions.js';
import type { Bot, BotOptions } from './bot.js';
import { decisionSeed } from './decision.js';
import { chooseCard, choosePass } from './policy.js';
import { randomAction } from './random.js';

/** `noise`: the chance of a uniformly random legal action instead of the heuristic's. */
export function heuristicBot(options: BotOptions, noise = 0, name = 'heuristic'): Bot {
  return {
    name,
    decide(view) {
      const rng = new Rng(decisionSeed(options.seed, view));
      if (noise > 0 && rng.below(1000) < noise * 1000) return randomAction(view, rng);
      // The heuristic reads only the mover's own cards and public facts, so the known
      // round, with every unseen card simply missing, is all it needs.
      const { round, seat } = searchPosition(view);
      const choice =
        round.phase === PHASE_PASS ? { pass: choosePass(round, seat, rng, 0) } : { card: chooseCard(round, rng, 0) };
      return actionOf(seat, choice, round.n);
    },
  };
}
