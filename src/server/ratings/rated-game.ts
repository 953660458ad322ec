/**
 * When a game is rated and what its result is (docs/ratings.md, "Rated games"), decided
 * from the table's rows and the game's totals alone, so that the table decides it without
 * I/O and the store rates it inside the game's last write.
 *
 * - A table is created rated (its `rated` option); its setup must stay ratable meanwhile
 *   (`ratableSetup`: the coach off, a turn clock of `normal` or `fast`), else the option
 *   is refused with ERR_NOT_RATABLE.
 * - Each game of a rated table is rated if, as it starts, at least two different people
 *   hold seats with their accounts (`ratedStart`, stored with the game).
 * - As it ends, its result is the final ranking by total (`ratedResult`).
 */
import type { RoundLog } from '../../engine/index.js';
import { type BotLevel, TURN_CLOCKS, type TurnClock } from '../../values/index.js';
import { ServerError } from '../errors.js';
import { type Pool, poolOf } from './pool.js';

/** Who a seat of a rated game is, for its rating. */
export type RatedSeat =
  /** A person signed in: rated in the pool. */
  | { readonly account: string }
  /** A bot of a level: a fixed rating (anchors.json), never updated. */
  | { readonly anchor: BotLevel }
  /** A guest, or a bot account: ranked among the others as a newcomer would be, never stored. */
  | { readonly unrated: true };

/** A rated game as it starts: its pool and who holds each seat (stored with the game). */
export interface RatedStart {
  readonly pool: Pool;
  readonly seats: readonly RatedSeat[];
}

/** A rated game's result: who played (as it started), in which teams, ranked. */
export interface RatedResult extends RatedStart {
  /** The seats rated together, each team once: one seat each in a game of individuals. */
  readonly teams: readonly (readonly number[])[];
  /** Per team: 1 for the best, equal totals sharing a rank, a team with a quitter last. */
  readonly ranks: readonly number[];
}

/** How many of its last turns in a row a stand-in bot played for a person who ended the game away. */
export const AWAY_TURNS = 3;

/** The slowest turn clock a rated table may have (TURN_CLOCKS runs from none to the fastest). */
const SLOWEST_RATED_CLOCK: TurnClock = 'normal';

/** What of a table's options decides whether its games may be rated. */
export interface RatableSetup {
  readonly rated?: boolean;
  readonly coach?: boolean;
  readonly turnClock: TurnClock;
}

/** Why a rated table cannot have this setup, or null when it can (or the table is not rated). */
export function ratableSetup(settings: RatableSetup): ServerError | null {
  if (settings.rated !== true) return null;
  if (settings.coach === true)
    return new ServerError('ERR_NOT_RATABLE', 'A rated table plays with the coach off.', 400);
  if (TURN_CLOCKS.indexOf(settings.turnClock) < TURN_CLOCKS.indexOf(SLOWEST_RATED_CLOCK))
    return new ServerError('ERR_NOT_RATABLE', 'A rated table has a turn clock of normal or fast.', 400);
  return null;
}

/** A seat as ratedStart reads it (the table's SeatRow). */
interface StartSeat {
  readonly bot: BotLevel | null;
  readonly accountId?: string | null;
  readonly botAccount?: boolean;
}

/**
 * Whether a game starting with these seats is rated, and who is who in it: null (unrated)
 * unless the table is rated, ratable, and at least two different people hold seats with
 * their accounts. An account holding two seats makes the game unrated (it would rank
 * against itself).
 */
export function ratedStart(
  settings: RatableSetup & { readonly players: number; readonly mode: Parameters<typeof poolOf>[0]['mode'] },
  seats: readonly StartSeat[],
): RatedStart | null {
  if (settings.rated !== true || ratableSetup(settings) !== null) return null;
  const rated: RatedSeat[] = seats.map((s) => {
    if (s.accountId && !s.botAccount) return { account: s.accountId };
    if (s.bot !== null && !s.botAccount) return { anchor: s.bot };
    return { unrated: true };
  });
  const accounts = rated.flatMap((s) => ('account' in s ? [s.account] : []));
  if (accounts.length < 2 || new Set(accounts).size !== accounts.length) return null;
  return { pool: poolOf(settings), seats: rated };
}

/** A seat of the game as it ends. */
export interface EndSeat {
  /** The account holding the seat now (a person who left no longer holds it). */
  readonly accountId?: string | null;
  /** How many of the seat's last turns in a row a bot played (a stand-in, for an away person). */
  readonly botTurns: number;
}

/**
 * The result of a rated game that has ended. Team mates are the seats on the same team in
 * every round (RULES.md §4: teams are drawn afresh each round, so only partnerships that
 * last the whole game, as 2-2-2's, make teams; other seats are ranked alone). A person
 * quit who no longer holds the seat they started in, or whose last AWAY_TURNS turns a
 * stand-in played: their team ranks last, after every other team.
 */
export function ratedResult(
  start: RatedStart,
  totals: readonly number[],
  rounds: readonly Pick<RoundLog, 'teams'>[],
  end: readonly EndSeat[],
): RatedResult {
  const teams = partnerships(totals.length, rounds);
  const quit = start.seats.map(
    (s, seat) => 'account' in s && (end[seat].accountId !== s.account || end[seat].botTurns >= AWAY_TURNS),
  );
  const quitters = teams.map((team) => team.some((seat) => quit[seat]));
  const total = teams.map((team) => Math.max(...team.map((seat) => totals[seat])));
  const stayed = teams.filter((_, t) => !quitters[t]).length;
  const ranks = teams.map((_, t) =>
    quitters[t] ? stayed + 1 : 1 + teams.filter((_, o) => !quitters[o] && total[o] > total[t]).length,
  );
  return { ...start, teams, ranks };
}

/** The seats that were team mates in every round, each group once, in seat order. */
function partnerships(players: number, rounds: readonly Pick<RoundLog, 'teams'>[]): number[][] {
  const teams: number[][] = [];
  const placed = new Array<boolean>(players).fill(false);
  for (let seat = 0; seat < players; seat++) {
    if (placed[seat]) continue;
    const team = [seat];
    for (let other = seat + 1; other < players; other++) {
      const always = rounds.length > 0 && rounds.every((r) => r.teams !== null && r.teams[seat] === r.teams[other]);
      if (always && !placed[other]) team.push(other);
    }
    for (const s of team) placed[s] = true;
    teams.push(team);
  }
  return teams;
}
