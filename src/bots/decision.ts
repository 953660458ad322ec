/** What every thinking bot does first with a view: its known round and a seed for this decision. */
import type { TableView } from '../engine/index.js';

/**
 * A seed for one decision, from the bot's seed and where the round stands, so that the
 * same bot seed and the same view always give the same decision, whatever came before.
 */
export function decisionSeed(seed: number, view: TableView): number {
  let h = (seed | 0) ^ 0x9e3779b9;
  const mix = (x: number): void => {
    h = Math.imul(h ^ x, 0x85ebca6b);
    h ^= h >>> 13;
  };
  mix(view.viewer ?? -1);
  mix(view.round);
  mix(view.phase === 'pass' ? 0 : 1);
  mix(view.tricks.length);
  for (const c of view.trick.cards) mix(c.card * 2);
  for (const r of view.hand ?? []) mix(r * 2);
  return h >>> 0;
}
