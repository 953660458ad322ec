/**
 * The attack of issue 29 in small: a seat that sees its own dealt hand and the dealer tries
 * every seed of a range with the open-source engine and keeps those that deal that hand.
 * Over all 2^32 number seeds it takes a C loop under a minute; here the range is cut down.
 */
import { Game, type GameOptions, type Rank } from '../../src/engine/index.js';

export interface Sighting {
  readonly seat: number;
  readonly dealer: number;
  readonly hand: readonly Rank[];
}

export function seedsDealing(options: GameOptions, seen: Sighting, from: number, count: number): number[] {
  const want = [...seen.hand].sort((a, b) => a - b).join(',');
  const found: number[] = [];
  for (let seed = from; seed < from + count; seed++) {
    const game = Game.create(options, seed);
    if (!game.ok) throw new Error(game.error.message);
    const round = game.value.log[0];
    if (round.dealer !== seen.dealer) continue;
    if ([...round.hands[seen.seat]].sort((a, b) => a - b).join(',') === want) found.push(seed);
  }
  return found;
}
