/**
 * A rated game's new ratings (docs/ratings.md): openskill's Plackett–Luce model over the
 * teams of its result, ranked as it says. Only the people's new ratings come out: anchors
 * keep theirs, guests count as newcomers and are forgotten.
 */
import { type Rating, rate } from 'openskill';
import { anchorRating, NEWCOMER } from './anchors.js';
import type { RatedResult } from './rated-game.js';

/** The rating each rated person's seat had before the game: null when never rated in the pool. */
export type RatingsBefore = ReadonlyMap<string, Rating | null>;

/** A person's rating after a game. */
export interface RatingUpdate {
  readonly seat: number;
  readonly account: string;
  readonly before: Rating | null;
  readonly after: Rating;
}

export function rateGame(game: RatedResult, before: RatingsBefore): RatingUpdate[] {
  const ratingOf = (seat: number): Rating => {
    const s = game.seats[seat];
    if ('anchor' in s) return anchorRating(game.pool, s.anchor);
    if ('account' in s) return before.get(s.account) ?? NEWCOMER;
    return NEWCOMER;
  };
  const teams = game.teams.map((team) => team.map(ratingOf));
  const after = rate(teams, { rank: [...game.ranks] });
  const updates: RatingUpdate[] = [];
  for (const [t, team] of game.teams.entries())
    for (const [i, seat] of team.entries()) {
      const s = game.seats[seat];
      if ('account' in s)
        updates.push({ seat, account: s.account, before: before.get(s.account) ?? null, after: after[t][i] });
    }
  return updates;
}
