/**
 * The figure people see (docs/ratings.md, "The figure"): openskill's mean skill μ on a
 * familiar scale, where a new player (μ = 25) stands at 1500 and one σ of openskill's
 * default uncertainty (25/3) is about 333 points, as Glicko's new-player deviation (350) is;
 * while σ stays above PROVISIONAL_SIGMA the figure is provisional (shown with "?", and left
 * off the leaderboard).
 */
import type { Rating } from 'openskill';

/** Points per unit of μ. */
export const POINTS_PER_MU = 40;
/** The figure of openskill's default μ (25): where every new player starts. */
export const START_RATING = 1500;
/** μ of a player who has never played in the pool (openskill's default). */
export const START_MU = 25;
/** σ of a player who has never played in the pool (openskill's default, 25/3). */
export const START_SIGMA = 25 / 3;
/**
 * Above this σ a figure is provisional: 240 points of uncertainty on the shown scale.
 * openskill's σ shrinks slowly (its τ adds a little back every game): measured
 * (docs/ratings.md), a new player among other new players crosses it after about 13
 * two-player games, 17 four-player ones or 25 six-player ones; sooner against anchors.
 */
export const PROVISIONAL_SIGMA = 6;

export function displayed(r: Rating): number {
  return Math.round(START_RATING + POINTS_PER_MU * (r.mu - START_MU));
}

export function isProvisional(r: Rating): boolean {
  return r.sigma > PROVISIONAL_SIGMA;
}
