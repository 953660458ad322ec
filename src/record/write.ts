/** Writing a record: any engine game, finished or not, as a `bottle-imp/1` record. */
import type { Game } from '../engine/index.js';
import { type GameRecord, RECORD_FORMAT, type RecordRound } from './types.js';

export function recordOf(game: Game, names: readonly string[]): GameRecord {
  const o = game.options;
  const length = o.rounds !== undefined ? { rounds: o.rounds } : { targetScore: o.targetScore };
  const rounds: RecordRound[] = game.log.map((log) => {
    const passes = log.passes.every((p) => p !== null)
      ? { passes: [...log.passes] as NonNullable<(typeof log.passes)[number]>[] }
      : {};
    return {
      dealer: log.dealer,
      hands: log.hands.map((h) => [...h]),
      ...(log.faceUp ? { faceUp: log.faceUp.map((h) => [...h]) } : {}),
      ...passes,
      plays: [...log.plays],
    };
  });
  return {
    format: RECORD_FORMAT,
    options: { players: o.players, mode: o.mode, ...length },
    players: [...names],
    rounds,
  };
}
