/**
 * The stored log of a game checked as a whole: sequence numbers 1..n with no gap or
 * repeat, every step accepted by the engine when replayed from the stored seed (so no
 * seat, bot or person, moved twice), and every acknowledged action stored at its seq.
 */
import { expect } from 'vitest';
import { Game } from '../../../src/engine/index.js';
import type { ClientAction } from '../../../src/protocol/messages.js';
import type { StoredGame } from './stored.js';

export function expectSoundLog(
  stored: StoredGame,
  acked: readonly { seq: number; action: ClientAction; seat: number }[],
): void {
  expect(stored.actions.map((a) => a.seq)).toEqual(stored.actions.map((_, i) => i + 1));
  const created = Game.create(stored.options, stored.seed);
  if (!created.ok) throw new Error(created.error.message);
  for (const a of stored.actions) {
    const applied = created.value.apply(a.action);
    if (!applied.ok) throw new Error(`stored step ${a.seq} does not replay: ${applied.error.detail}`);
  }
  for (const a of acked)
    expect(stored.actions[a.seq - 1]?.action, `acknowledged seq ${a.seq}`).toEqual({ ...a.action, seat: a.seat });
}
