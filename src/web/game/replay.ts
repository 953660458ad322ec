/**
 * Stepping through a recorded game. Each step is a prefix of the record (a round's deal,
 * its passes, then one play at a time) replayed by the record module, so the replay
 * obeys exactly the rules the engine and the server use.
 */
import type { Game } from '../../engine/index.js';
import { setupFor } from '../../engine/index.js';
import { type GameRecord, gameFromRecord } from '../../record/index.js';

export interface ReplayStep {
  readonly round: number;
  /** -1: as dealt, before the passes; 0..: after that many plays. */
  readonly plays: number;
}

/** Every position of a record in order, the deal and each play of every round. */
export function replaySteps(record: GameRecord): ReplayStep[] {
  const steps: ReplayStep[] = [];
  record.rounds.forEach((round, r) => {
    steps.push({ round: r, plays: -1 });
    if (round.passes === undefined) return;
    const plays = round.plays?.length ?? 0;
    for (let k = 0; k <= plays; k++) steps.push({ round: r, plays: k });
  });
  return steps;
}

/** The step at the end of each trick, and the first of each round, for jumping. */
export function isTrickBoundary(record: GameRecord, step: ReplayStep): boolean {
  if (step.plays <= 0) return true;
  return step.plays % setupFor(record.options.players).trickSize === 0;
}

/** The game as it stands at a step. */
export function gameAt(record: GameRecord, step: ReplayStep): Game {
  const rounds = record.rounds.slice(0, step.round + 1).map((round, r) => {
    if (r < step.round) return round;
    if (step.plays < 0) return { dealer: round.dealer, hands: round.hands, faceUp: round.faceUp };
    return { ...round, plays: (round.plays ?? []).slice(0, step.plays) };
  });
  const replayed = gameFromRecord({ ...record, rounds });
  // Every prefix of a record the record module accepted is itself valid.
  if (!replayed.ok) throw new Error(replayed.error);
  return replayed.value;
}
