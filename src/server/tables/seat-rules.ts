/**
 * Who may do what with the seats of a table: plain functions over the table's stored row
 * and seats, with no I/O and no clock. Each either refuses with a ServerError (and changes
 * nothing: they never modify what they are given) or says what the seats become; the table
 * actor stores the result. Tests call them directly (test/server/tables/seat-rules.test.ts).
 */
import type { BotLevel } from '../../protocol/messages.js';
import { ServerError } from '../errors.js';
import type { SeatRow, TableRow } from '../store/store.js';

/**
 * A connection's claim to a seat: the seat it watched as and the hash of the token it
 * showed. It is checked against the seat's current token on every request (`mustHold`),
 * so a seat that changed hands is never acted for by an old connection. Plain data, so a
 * claim can travel with a command to the node that owns the table.
 */
export interface SeatClaim {
  readonly seat: number;
  readonly tokenHash: string;
}

type Seats = readonly SeatRow[];

/**
 * A daily deal's or a duplicate event's table (src/daily/): its cards come from the
 * server's secret and its bots decide alike at every table, so it plays one game only.
 */
export function dealtAlike(settings: TableRow['settings']): boolean {
  return settings.daily !== undefined || settings.duplicate !== undefined;
}

/** The seat a claim acts for, if its token still holds it; else a refusal. */
export function mustHold(seats: Seats, claim: SeatClaim): number {
  if (seats[claim.seat]?.tokenHash !== claim.tokenHash)
    throw new ServerError('ERR_NOT_SEATED', 'You no longer hold this seat.', 403);
  return claim.seat;
}

export function mustBeOpen(row: TableRow): void {
  if (row.status === 'closed') throw new ServerError('ERR_TABLE_CLOSED', 'This table is closed.', 410);
}

/** The host's seat, if the claim is the host's; else a refusal. */
export function mustBeHost(row: TableRow, seats: Seats, claim: SeatClaim): number {
  if (row.host !== mustHold(seats, claim)) throw new ServerError('ERR_NOT_HOST', 'Only the host can do that.', 403);
  return row.host;
}

/** Seats, bots and the coach change only while no game is being played, and only by the host. */
function mustBeHostBetweenGames(row: TableRow, seats: Seats, claim: SeatClaim, refusal: string): void {
  mustBeOpen(row);
  mustBeHost(row, seats, claim);
  if (row.status === 'playing') throw new ServerError('ERR_GAME_STARTED', refusal, 409);
}

export function seatAt(seats: Seats, seat: number): SeatRow {
  const s = seats[seat];
  if (!s)
    throw new ServerError(
      'ERR_BAD_SEAT',
      `This table has seats 1 to ${seats.length} (seat field 0 to ${seats.length - 1}).`,
    );
  return s;
}

export function emptySeat(seat: number): SeatRow {
  return { seat, name: null, tokenHash: null, bot: null, away: false };
}

export function botName(level: BotLevel): string {
  return `${level[0].toUpperCase()}${level.slice(1)} bot`;
}

/**
 * A person joins in the lobby: the seat they asked for, or the first empty one. Help at
 * the table is for someone playing alone, so a person joining turns the coach off
 * (docs/protocol.md).
 */
export function joining(
  row: TableRow,
  seats: Seats,
  name: string,
  tokenHash: string,
  wanted: number | undefined,
  accountId?: string,
): { row: TableRow; seat: SeatRow } {
  mustBeOpen(row);
  if (row.status !== 'lobby')
    throw new ServerError('ERR_GAME_STARTED', 'The game at this table has already started.', 409);
  const seat = wanted ?? seats.find((s) => s.name === null)?.seat;
  if (seat === undefined) throw new ServerError('ERR_TABLE_FULL', 'Every seat at this table is taken.', 409);
  if (seatAt(seats, seat).name !== null) throw new ServerError('ERR_SEAT_TAKEN', `Seat ${seat + 1} is taken.`, 409);
  const settings = row.settings.coach ? { ...row.settings, coach: false } : row.settings;
  const taken: SeatRow = { seat, name, tokenHash, bot: null, away: false };
  return { row: { ...row, settings }, seat: accountId ? { ...taken, accountId } : taken };
}

/** Whether a bot sits in the seat: one of the server's (a level) or a bot account the host invited. */
export function holdsBot(s: SeatRow): boolean {
  return s.bot !== null || s.botAccount === true;
}

/** A person holds the seat (by a token, or away with a stand-in): nobody else may take or empty it. */
function holdsPerson(s: SeatRow): boolean {
  return s.name !== null && !holdsBot(s);
}

/** The host puts a bot in an empty seat or changes a bot's level (or replaces a bot account); never over a person. */
export function seatingBot(row: TableRow, seats: Seats, by: SeatClaim, seat: number, level: BotLevel): SeatRow {
  mustBeHostBetweenGames(row, seats, by, 'Seats cannot change during a game.');
  if (holdsPerson(seatAt(seats, seat)))
    throw new ServerError('ERR_SEAT_TAKEN', `Seat ${seat + 1} is taken by a player.`, 409);
  return { seat, name: botName(level), tokenHash: null, bot: level, away: false };
}

/** A bot account the host invites by name (docs/protocol.md, "Bot accounts"). */
export interface InvitedBot {
  readonly accountId: string;
  readonly name: string;
}

/**
 * The host seats a bot account in an empty seat or a bot's, between games. The seat gets a
 * token nobody is given (`tokenHash`, drawn by the caller): the bot holds it through its
 * account, as a signed-in person holds theirs, so that every rule about seats holds alike.
 */
export function invitingBot(
  row: TableRow,
  seats: Seats,
  by: SeatClaim,
  seat: number,
  bot: InvitedBot,
  tokenHash: string,
): SeatRow {
  mustBeHostBetweenGames(row, seats, by, 'Seats cannot change during a game.');
  if (holdsPerson(seatAt(seats, seat)))
    throw new ServerError('ERR_SEAT_TAKEN', `Seat ${seat + 1} is taken by a player.`, 409);
  // A connection of the account holds one seat of a table: its first.
  if (seats.some((s) => s.seat !== seat && s.accountId === bot.accountId && s.tokenHash !== null))
    throw new ServerError('ERR_BOT_SEATED', `${bot.name} already has a seat at this table.`, 409);
  return { seat, name: bot.name, tokenHash, bot: null, away: false, accountId: bot.accountId, botAccount: true };
}

/** The host takes a bot (or a bot account) out of its seat; a person's seat cannot be emptied by anyone else. */
export function clearingBot(row: TableRow, seats: Seats, by: SeatClaim, seat: number): SeatRow {
  mustBeHostBetweenGames(row, seats, by, 'Seats cannot change during a game.');
  if (!holdsBot(seatAt(seats, seat)))
    throw new ServerError('ERR_NOT_A_BOT', `There is no bot in seat ${seat + 1} to remove.`);
  return emptySeat(seat);
}

/** The host switches the coach (hints and bottle risk, for everyone) between games. */
export function mustSwitchCoach(row: TableRow, seats: Seats, by: SeatClaim): void {
  mustBeHostBetweenGames(row, seats, by, 'The coach can be switched on or off between games only.');
}

/** The host chooses the turn clock between games. */
export function mustSetClock(row: TableRow, seats: Seats, by: SeatClaim): void {
  mustBeHostBetweenGames(row, seats, by, 'The turn clock can be changed between games only.');
}

/**
 * A player takes back the seat a stand-in bot plays for them (away), during a game. A
 * player who left gave the token up and cannot.
 */
export function comingBack(row: TableRow, seats: Seats, claim: SeatClaim): SeatRow {
  mustBeOpen(row);
  const seat = seats[mustHold(seats, claim)];
  if (row.status !== 'playing') throw new ServerError('ERR_NO_GAME', 'No game is being played at this table.', 409);
  if (!seat.away) throw new ServerError('ERR_NOT_AWAY', 'You are playing this seat already.', 409);
  return { ...seat, away: false };
}

/** The host starts the first game once every seat is filled. */
export function mustStart(row: TableRow, seats: Seats, by: SeatClaim): void {
  mustBeOpen(row);
  mustBeHost(row, seats, by);
  if (row.status !== 'lobby') throw new ServerError('ERR_GAME_STARTED', 'The game has already started.', 409);
  if (seats.some((s) => s.name === null))
    throw new ServerError(
      'ERR_SEATS_EMPTY',
      'Fill every empty seat (invite a friend or add a bot) before starting.',
      409,
    );
}

/**
 * The host asks for a rematch once the game is over: the same seats, except that seats
 * whose player left are emptied for someone new, and nobody is away any more.
 */
export function rematchSeating(row: TableRow, seats: Seats, by: SeatClaim): SeatRow[] {
  mustBeOpen(row);
  mustBeHost(row, seats, by);
  if (row.status !== 'finished')
    throw new ServerError('ERR_NOT_FINISHED', 'A rematch can start once the game is over.', 409);
  return seats.map((s) => (s.bot === null && s.tokenHash === null ? emptySeat(s.seat) : { ...s, away: false }));
}

/** What a player's leaving does to the table. */
export interface Leaving {
  /** The seat as it is after: during a game a bot plays it to the end (away, no token); else empty. */
  readonly seat: SeatRow;
  /** The host after: the first person still seated when the host left. */
  readonly host: number;
  /** The last person left and no game is being played: the table closes. */
  readonly close: boolean;
}

export function leaving(row: TableRow, seats: Seats, claim: SeatClaim): Leaving {
  mustBeOpen(row);
  const by = mustHold(seats, claim);
  // The seat leaves the account with its token.
  const { accountId: _left, ...kept } = seats[by];
  const seat = row.status === 'playing' ? { ...kept, tokenHash: null, away: true } : emptySeat(by);
  // A bot account holds a token too, but never hosts nor keeps a table open.
  const humans = seats.filter((s) => s.seat !== by && s.tokenHash !== null && !s.botAccount);
  const host = row.host === by && humans.length > 0 ? humans[0].seat : row.host;
  return { seat, host, close: humans.length === 0 && row.status !== 'playing' };
}

/**
 * A guest who signed in keeps the seat their token holds: it belongs to the account from
 * now on (the token still works). A token that holds no seat here is refused.
 */
export function adopting(row: TableRow, seats: Seats, tokenHash: string, accountId: string): SeatRow {
  mustBeOpen(row);
  const seat = seats.find((s) => s.tokenHash === tokenHash);
  if (!seat) throw new ServerError('ERR_BAD_TOKEN', 'This seat token is not valid at this table.', 403);
  return { ...seat, accountId };
}
