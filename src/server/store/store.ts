/**
 * What the server keeps, behind a few small role interfaces (below) so that another
 * database (PostgreSQL) can be added without touching game logic. A game is its options, its seed and its
 * ordered action log; everything else about it is derived by replaying the log.
 * Every method is asynchronous because a networked store will be.
 */
import type { Action, ResolvedOptions, Seed } from '../../engine/index.js';
import type { BotLevel, TableExtras, TableStatus } from '../../protocol/messages.js';
import type { AccountKind } from '../../values/index.js';
import { ServerError } from '../errors.js';
import type { Pool } from '../ratings/pool.js';
import type { RatedResult, RatedStart } from '../ratings/rated-game.js';

/** A table's options as stored: `rated` absent in tables stored before ratings (unrated). */
export type TableSettings = ResolvedOptions & Omit<TableExtras, 'rated'> & { readonly rated?: boolean };

export interface TableRow {
  readonly code: string;
  readonly settings: TableSettings;
  readonly host: number;
  readonly status: TableStatus;
  readonly gameId: string | null;
  readonly createdAt: number;
  /**
   * Counts the table's stored changes: 1 when created, one more on each save. A save
   * names the version it makes and is refused unless the stored one is the one before
   * (compare-and-set), so two writers never overwrite each other's seats unseen.
   */
  readonly version: number;
}

export interface SeatRow {
  readonly seat: number;
  /** Display name of the player or bot holding the seat; null when it is empty. */
  readonly name: string | null;
  /** SHA-256 of the seat token of a human player; null for bots and empty seats. */
  readonly tokenHash: string | null;
  readonly bot: BotLevel | null;
  /** A bot plays for this absent human until it returns. */
  readonly away: boolean;
  /**
   * The account of a signed-in player holding the seat (any device signed in to it holds
   * the seat, beside the token); absent or null for a guest, a bot or an empty seat.
   */
  readonly accountId?: string | null;
  /** A bot account holds the seat (invited by the host: `seat:invite`); absent or false otherwise. */
  readonly botAccount?: boolean;
}

export type GameStatus = 'running' | 'finished' | 'abandoned';

export interface GameRow {
  readonly id: string;
  readonly tableCode: string;
  readonly options: ResolvedOptions;
  /** A wide seed (64 hexadecimal digits) since migration 7; a 32-bit number in games from before. */
  readonly seed: Seed;
  readonly names: readonly string[];
  /** The bot level of each seat when the game started (null for humans). */
  readonly bots: readonly (BotLevel | null)[];
  /** Per seat, whether a bot account held it when the game started (docs/protocol.md, "Bot accounts"). */
  readonly botAccounts: readonly boolean[];
  readonly status: GameStatus;
  readonly startedAt: number;
  readonly finishedAt: number | null;
  /** Rated (docs/ratings.md): its pool and who held each seat as it started; null or absent when unrated. */
  readonly rated?: RatedStart | null;
}

/** Who claims analysis requests, for how long (Store.claimAnalyses). */
export interface AnalysisClaim {
  readonly node: string;
  readonly leaseMs: number;
}

export interface ActionRow {
  /** 1 for the first action of the game, then one more for each. */
  readonly seq: number;
  readonly action: Action;
  /** Whether a bot chose it (for a bot seat or for an absent player). */
  readonly byBot: boolean;
  readonly at: number;
}

export interface ChatRow {
  readonly tableCode: string;
  readonly gameId: string | null;
  readonly seat: number;
  readonly name: string;
  readonly text: string | null;
  readonly reaction: string | null;
  readonly at: number;
  /** The account the sender was signed in to (null for a guest, or once the account is deleted). */
  readonly accountId: string | null;
}

/**
 * absence: a disconnected seat's grace period; turn: a seat's turn clock; close: a table
 * nobody is at closes.
 */
export const TIMER_KINDS = ['absence', 'turn', 'close'] as const;
export type TimerKind = (typeof TIMER_KINDS)[number];

/** A deadline, stored so that it survives a restart. */
export interface TimerRow {
  readonly tableCode: string;
  readonly kind: TimerKind;
  /** The absent seat; -1 for a table-wide timer. */
  readonly seat: number;
  readonly deadline: number;
}

/** Which of a table's deadlines: its kind and seat. */
export type TimerKey = Pick<TimerRow, 'kind' | 'seat'>;

/** Some of a table's deadlines set (as by setTimer) and others cleared; a deadline is not in both. */
export interface TimerChange {
  readonly tableCode: string;
  readonly set: readonly TimerRow[];
  readonly clear: readonly TimerKey[];
}

/** What appendAction stores in the same transaction as the action. */
export interface WithAction {
  /**
   * The game ended with it: mark it finished at this time, and keep its players (each seat's
   * final total, its place, and the account holding the seat then: HistoryStore).
   */
  readonly finished?: {
    readonly at: number;
    readonly totals: readonly number[];
    /** A rated game's result: its players' new ratings are stored with it (RatingStore). */
    readonly rated?: RatedResult;
  };
  /**
   * What the action changes of its table (the table is the game's): its next version and
   * seats, compare-and-set as commitTable's (StaleTableError, and nothing stored, when the
   * stored table is not at the version before). The game's end finishes the table; a person
   * who acts takes the seat back from a stand-in.
   */
  readonly table?: { readonly row: TableRow; readonly seats: readonly SeatRow[] };
  /** The deadlines it starts and stops: turn clocks, and all of them when the game ends. */
  readonly timers?: TimerChange;
}

/**
 * One change of a table, stored whole or not at all (Store.commitTable): the table's next
 * version and its seats (compare-and-set, as saveTable), the game it starts, the new status
 * of a game (finished, abandoned), and its deadlines set and cleared.
 */
export interface TableWrite {
  readonly code: string;
  readonly table?: { readonly row: TableRow; readonly seats: readonly SeatRow[] };
  readonly game?: GameRow;
  readonly gameStatus?: { readonly gameId: string; readonly status: GameStatus; readonly at: number };
  readonly timers?: TimerChange;
}

/** appendAction's refusal when another writer already took that sequence number. */
export class SeqTakenError extends Error {
  constructor(gameId: string, seq: number) {
    super(`action ${seq} of game ${gameId} is already stored`);
  }
}

/** saveTable's or commitTable's refusal when the stored table is not at the version before. */
export class StaleTableError extends Error {
  constructor(code: string, version: number) {
    super(version === 1 ? `table ${code} already exists` : `table ${code} is no longer at version ${version - 1}`);
  }
}

/**
 * The database could not be reached, or dropped the connection before it answered: nothing
 * is acknowledged, and the request may be tried again. Unless `unsure`, it was not carried
 * out. `unsure`: the write was sent but never answered (the database stopped answering,
 * or the connection dropped, mid-statement), so it may be stored, even later, when the
 * database resumes: its outcome is learnt by sending the same write again (appends and
 * table saves are idempotent by seq and version) or by reading.
 */
export class StoreUnavailableError extends ServerError {
  constructor(readonly unsure = false) {
    // Its own code when unsure, so that the client can say "it may have been saved" in its
    // own words, instead of "nothing was done", which would be false.
    super(
      unsure ? 'ERR_OUTCOME_UNKNOWN' : 'ERR_UNAVAILABLE',
      unsure
        ? 'The server could not learn whether this was saved: the table shows it once the database answers. Try again in a moment.'
        : 'The server cannot save anything just now, so nothing was changed. Try again in a moment.',
      503,
    );
  }
}

/**
 * A write refused because the writer's fencing number is no longer the table's: another
 * node took the table over (its lease had expired). Nothing was written; the writer must
 * drop the table (its timers, bots and cache) and acknowledge nothing. To a client it is
 * a refusal to try again: the table answers from its new owner.
 */
export class StaleOwnerError extends ServerError {
  constructor(readonly table: string) {
    super('ERR_UNAVAILABLE', 'This table just moved to another server, so nothing was changed. Try again.', 503);
  }
}

/** Who owns a table in a cluster (docs/deploy.md): the node holding its lease and its fencing number. */
export interface Ownership {
  readonly node: string;
  readonly fence: number;
  /** Whether the lease still runs (by the database's clock). */
  readonly live: boolean;
}

/**
 * Writes made by a table's owner in a cluster carry its fencing number (`fence`, the
 * number its claim returned): the write happens only while that is still the table's
 * number, else it is refused with StaleOwnerError. Without one (a single node) writes are
 * unconditional.
 */
export type Fence = number | undefined;

/**
 * A table never claimed is left to its creator this long (by its creation time) before
 * other nodes see it as orphaned: the creator stores it first and claims it right after.
 */
export const NEW_TABLE_GRACE_MS = 10_000;

/**
 * The store is a set of roles, each a small interface; a part of the server takes only the
 * roles it uses (a table its TableStore and GameLog, the analysis queue its
 * AnalysisQueueStore, the cluster's leases their LeaseStore), and `Store`, all of them, is
 * what a database implements and what the process that opens it holds.
 */

/** A table's chat. */
export interface ChatStore {
  addChat(row: ChatRow, fence?: Fence): Promise<void>;
  /** The last `limit` messages of the table, oldest first, leaving out those sent by the accounts in `hide`. */
  recentChat(tableCode: string, limit: number, hide?: readonly string[]): Promise<ChatRow[]>;
}

/** A table's deadlines (timers that survive a restart). */
export interface DeadlineStore {
  setTimer(timer: TimerRow, fence?: Fence): Promise<void>;
  timersOf(tableCode: string): Promise<TimerRow[]>;
}

/** Tables and their seats, with their chat and deadlines. */
export interface TableStore extends ChatStore, DeadlineStore {
  /**
   * Store a table and all its seats as `table.version`: version 1 creates it, any other
   * replaces version - 1. Throws StaleTableError otherwise (and changes nothing).
   */
  saveTable(table: TableRow, seats: readonly SeatRow[], fence?: Fence): Promise<void>;
  loadTable(code: string): Promise<{ table: TableRow; seats: SeatRow[] } | null>;
  /** Public tables waiting for players (status lobby), newest first, at most `limit`, with the ids of their finished games. */
  publicLobbies(limit: number): Promise<{ table: TableRow; seats: SeatRow[]; finished: string[] }[]>;
  /** Codes of tables still in use (waiting, playing or finished but not closed). */
  openTableCodes(): Promise<string[]>;
  /**
   * A table's change in one transaction (TableWrite): all of it is stored, or nothing (a
   * stale version is StaleTableError, as for saveTable). The table must exist already.
   */
  commitTable(write: TableWrite, fence?: Fence): Promise<void>;
}

/** Games: each one's row and its ordered action log. */
export interface GameLog {
  /**
   * Append one action with its sequence number, and in the same transaction what `also`
   * says: mark the game finished, store its table's next version, change its table's
   * deadlines (an action and all it changes are one write). Throws SeqTakenError if that
   * number is taken, StaleTableError if the table moved on (and changes nothing).
   */
  appendAction(gameId: string, row: ActionRow, also?: WithAction, fence?: Fence): Promise<void>;
  loadGame(gameId: string): Promise<GameRow | null>;
  loadActions(gameId: string): Promise<ActionRow[]>;
  finishedGames(tableCode: string): Promise<GameRow[]>;
}

/** Finished games waiting to be analysed, claimed by one node at a time, and their analyses. */
export interface AnalysisQueueStore {
  /** Note that a finished game waits to be analysed (asked again: the first request stays). */
  requestAnalysis(gameId: string, at: number): Promise<void>;
  /**
   * Claim games waiting to be analysed for `claim.node`, for `claim.leaseMs`: at most
   * `limit` of them (or only `gameId`), oldest request first, among those nobody claimed,
   * whose claim ran out, or that this node claimed already. What another node holds a live
   * claim on is left alone, so a request is analysed by one node at a time.
   */
  claimAnalyses(claim: AnalysisClaim, limit: number, gameId?: string): Promise<string[]>;
  /** Every claim of `claim.node` lasts another `claim.leaseMs`. */
  renewAnalysisClaims(claim: AnalysisClaim): Promise<void>;
  /** Forget a request without an analysis (the game could not be analysed). */
  dropAnalysisRequest(gameId: string): Promise<void>;
  /**
   * Keep the analysis of a finished game (docs/analysis.md's JSON, as text) and forget its
   * request, together. A game is analysed once: if one is already stored, it stays and
   * this one is dropped.
   */
  saveAnalysis(gameId: string, analysis: string, at: number): Promise<void>;
  /** The stored analysis of a game (JSON text), or null. */
  loadAnalysis(gameId: string): Promise<string | null>;
}

/** Ownership of tables in a cluster: leases by the database's clock, with fencing numbers. */
export interface LeaseStore {
  /**
   * Take a table for `node` for `leaseMs` if it is not closed and nobody else's lease on it
   * runs (none, expired, released, or `node`'s own): returns the new fencing number, one
   * more than the last, which fences off every earlier owner's writes; null if it is not
   * to be had.
   */
  claimTable(code: string, node: string, leaseMs: number): Promise<number | null>;
  /** Extend every lease `node` holds by `leaseMs` from now; returns each such table's fencing number. */
  renewLeases(node: string, leaseMs: number): Promise<Map<string, number>>;
  /** Give tables up at once (shutdown, a table closed): the next claim needs no wait. */
  releaseTables(node: string, codes: readonly string[]): Promise<void>;
  /**
   * Tables not closed whose lease is not running (at most `limit`), so that a node takes
   * them; a table never claimed only once NEW_TABLE_GRACE_MS have passed since it was made.
   */
  orphanedTables(limit: number): Promise<string[]>;
  /** Who owns the table, or null if nobody ever claimed it (or there is no such table). */
  ownerOf(code: string): Promise<Ownership | null>;
}

/** The store as a whole: retention, health and closing. */
export interface StoreUpkeep {
  /**
   * Retention. Of the tables closed and quiet since before `cutoff` (created before it,
   * no game started or ended and no chat after it), deletes the chat, timers, games that
   * did not finish and their actions, and the seats' token hashes; a table with no
   * finished game is deleted whole (seats included). Finished games, their actions (the
   * records) and their table row are kept. Handles at most `limit` tables that still have
   * something to delete; returns how many it handled (less than `limit`: nothing is left).
   */
  sweep(cutoff: number, limit: number): Promise<number>;
  /** Whether the database answers now (for /healthz); never throws. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** A person's or a bot program's account (docs/protocol.md, "Accounts", "Bot accounts"). */
export interface AccountRow {
  /** Random, never shown: other rows name the account by it, so a name is only a label. */
  readonly id: string;
  /** As the person wrote it; unique without regard to case. */
  readonly username: string;
  readonly createdAt: number;
  /** The Argon2id hash (PHC string); null for an account made with a passkey alone. */
  readonly passwordHash: string | null;
  /** When the operator banned it; null when it is not banned. */
  readonly bannedAt: number | null;
  /** A person's, or a bot program's (no password, no passkey, no session: a bearer token). */
  readonly kind: AccountKind;
}

/** A signed-in device: the cookie holds a random id, the store only its hash. */
export interface SessionRow {
  readonly idHash: string;
  readonly accountId: string;
  /** When the person signed in on this device (a fresh sign-in is a recent one). */
  readonly createdAt: number;
  readonly lastSeenAt: number;
  readonly userAgent: string | null;
}

/** A WebAuthn credential of an account. */
export interface PasskeyRow {
  /** base64url, as WebAuthn names it. */
  readonly credentialId: string;
  readonly accountId: string;
  /** The COSE public key, base64url. */
  readonly publicKey: string;
  /** The authenticator's signature counter as last seen. */
  readonly counter: number;
  readonly transports: readonly string[];
  readonly createdAt: number;
}

/** A report of one player by another, kept for the operator. */
export interface ReportRow {
  /** Null once the reporter deleted their account. */
  readonly reporterId: string | null;
  /** Null once the reported account was deleted; its name at the time stays. */
  readonly reportedId: string | null;
  readonly reportedName: string;
  readonly reason: string;
  readonly at: number;
}

/** Accounts. */
export interface AccountStore {
  /** Store a new account; false (and nothing stored) when its name is taken in any case. */
  createAccount(account: AccountRow): Promise<boolean>;
  /** The account of this name, in any case. */
  accountNamed(username: string): Promise<AccountRow | null>;
  account(id: string): Promise<AccountRow | null>;
  /**
   * Ban an account (at `at`) or lift its ban (null); a ban also ends all its sessions.
   * Returns whether the account exists.
   */
  setBanned(id: string, at: number | null): Promise<boolean>;
  /**
   * Delete an account with its sessions, passkeys and blocks; reports keep the name they were
   * about. Its finished games stay, its name in them erased (the empty name, DELETED_NAME).
   */
  deleteAccount(id: string): Promise<void>;
  /** The seats the account holds at tables not closed, the newest table first. */
  seatsOfAccount(id: string): Promise<{ code: string; seat: number; status: TableStatus }[]>;
}

/** Bot accounts' bearer tokens (docs/protocol.md, "Bot accounts"): only their hashes. */
export interface BotAccountStore {
  /**
   * Store a new bot account (`kind` 'bot') with the hash of its bearer token; false (and
   * nothing stored) when its name is taken in any case.
   */
  createBotAccount(account: AccountRow, tokenHash: string): Promise<boolean>;
  /** A bot account's bearer token becomes the one with this hash: the old one stops working. Whether it is a bot's. */
  setBotToken(id: string, tokenHash: string): Promise<boolean>;
  /** The bot account whose bearer token has this hash, or null. */
  botByToken(tokenHash: string): Promise<AccountRow | null>;
}

/** Signed-in devices. */
export interface SessionStore {
  createSession(session: SessionRow): Promise<void>;
  /** The session with this id hash and its account, or null (ended, or never was). */
  session(idHash: string): Promise<{ session: SessionRow; account: AccountRow } | null>;
  /** The session was used at `at`. */
  touchSession(idHash: string, at: number): Promise<void>;
  endSession(idHash: string): Promise<void>;
  /** End every session of the account; returns how many ended. */
  endSessions(accountId: string): Promise<number>;
  /** The account's sessions, most recently used first. */
  sessionsOf(accountId: string): Promise<SessionRow[]>;
}

/** Passkeys (WebAuthn credentials). */
export interface PasskeyStore {
  /** Store a new passkey; false when that credential id is stored already. */
  addPasskey(passkey: PasskeyRow): Promise<boolean>;
  passkeysOf(accountId: string): Promise<PasskeyRow[]>;
  passkey(credentialId: string): Promise<PasskeyRow | null>;
  setPasskeyCounter(credentialId: string, counter: number): Promise<void>;
}

/** What players tell the operator about each other, and whom they hide. */
export interface ModerationStore {
  addReport(report: ReportRow): Promise<void>;
  /** The most recent reports first, at most `limit`, with the reporter's name (null once deleted). */
  reports(limit: number): Promise<(ReportRow & { reporterName: string | null })[]>;
  /** `blocker` hides `blocked` (asked again: nothing changes). */
  block(blockerId: string, blockedId: string, at: number): Promise<void>;
  unblock(blockerId: string, blockedId: string): Promise<void>;
  /** The ids of the accounts `blockerId` blocks. */
  blockedBy(blockerId: string): Promise<string[]>;
}

/** A WebAuthn challenge handed out and not yet answered. */
export interface ChallengeRow {
  /** base64url, as the browser signs it. */
  readonly challenge: string;
  /** register: a new passkey (for `accountId`, or a new account named `username`); login: a sign-in. */
  readonly purpose: 'register' | 'login';
  readonly accountId: string | null;
  readonly username: string | null;
  readonly expiresAt: number;
}

/** WebAuthn challenges, kept where every node of a cluster finds them. */
export interface ChallengeStore {
  /** Keep a new challenge (and drop those expired before `now`). */
  saveChallenge(row: ChallengeRow, now: number): Promise<void>;
  /** Take a challenge once: it is gone after, whether or not it was still running at `now` (null if not). */
  takeChallenge(challenge: string, now: number): Promise<ChallengeRow | null>;
}

/** A player's attempt at a day's daily deal (docs/protocol.md, "The daily deal"). */
export interface DailyAttemptRow {
  /** The day, YYYY-MM-DD (UTC). */
  readonly day: string;
  /** Who: `account:` and the account's id, or `guest:` and the hash of the browser's guest id. */
  readonly player: string;
  /** The account, for a signed-in player (null for a guest, or once the account is deleted). */
  readonly accountId: string | null;
  /** The name shown in the results: the account's, or the one the guest gave. */
  readonly name: string;
  readonly tableCode: string;
  readonly gameId: string;
  readonly startedAt: number;
  /** Seat 1's points summed over the day's hands, once its game is over; null until then. */
  readonly score: number | null;
  readonly finishedAt: number | null;
}

/** A scored attempt as the field's choices and the standings read it. */
export interface DailyFieldRow {
  readonly player: string;
  readonly gameId: string;
  readonly score: number;
  /** Seat 1's actions in the order taken; null in an attempt scored before they were kept. */
  readonly plays: readonly Action[] | null;
}

/** The daily deal: the attempts at each day, and the secret the days are dealt under. */
export interface DailyStore {
  /** Store a new attempt; false (and nothing stored) when the player has one at that day already. */
  startDailyAttempt(row: DailyAttemptRow): Promise<boolean>;
  dailyAttempt(day: string, player: string): Promise<DailyAttemptRow | null>;
  /**
   * The attempt's game is over: its score and seat 1's actions in order, for the field's
   * choices (kept as first given, if given twice).
   */
  finishDailyAttempt(day: string, player: string, score: number, at: number, plays: readonly Action[]): Promise<void>;
  /** The day's attempts whose score is not known yet. */
  unscoredDailyAttempts(day: string): Promise<DailyAttemptRow[]>;
  /**
   * The day's scored attempts of accounts, or of guests (ranked apart), best score first
   * (the earlier finish first among equals), at most `limit`.
   */
  dailyRanking(day: string, guests: boolean, limit: number): Promise<DailyAttemptRow[]>;
  /**
   * Every scored attempt of the day, accounts' and guests', best first as in the ranking,
   * with seat 1's actions (null in an attempt scored before they were kept).
   */
  dailyField(day: string): Promise<DailyFieldRow[]>;
  /** How many attempts the day has, begun or finished. */
  dailyEntries(day: string): Promise<number>;
  /** The stored secret; `candidate` is stored and returned when there is none yet (the first node to ask wins). */
  keepDailySecret(candidate: string): Promise<string>;
}

/** A duplicate event (docs/duplicate.md): its settings, its host, and when it closed. */
export interface DuplicateEventRow {
  /** The event's code, which its link names (random: the deals are HMAC-SHA-256 of it under the secret). */
  readonly code: string;
  readonly name: string;
  readonly players: number;
  readonly mode: string;
  readonly hands: number;
  /** Who hosts it: a player key (`account:…` or `guest:…`, as a daily attempt's). */
  readonly host: string;
  readonly hostName: string;
  readonly createdAt: number;
  /** Null while it is open. */
  readonly closedAt: number | null;
}

/** An entry of a duplicate event: a player holding one seat's cards through the event's hands. */
export interface DuplicateEntryRow {
  readonly event: string;
  /** A player key (`account:…` or `guest:…`). */
  readonly player: string;
  /** The seat whose cards the entry holds (from 0). */
  readonly seat: number;
  readonly accountId: string | null;
  readonly name: string;
  readonly tableCode: string;
  readonly startedAt: number;
  /** The entry's points on each hand, once its game is over; null until then. */
  readonly scores: readonly number[] | null;
  readonly finishedAt: number | null;
}

/** Duplicate events and their entries. */
export interface DuplicateStore {
  /** Store a new event; false (and nothing stored) when its code is taken. */
  createDuplicate(row: DuplicateEventRow): Promise<boolean>;
  duplicateEvent(code: string): Promise<DuplicateEventRow | null>;
  /** Close the event (kept as first closed, if closed twice). */
  closeDuplicate(code: string, at: number): Promise<void>;
  /** Store a new entry; false (and nothing stored) when the player holds that seat of the event already. */
  startDuplicateEntry(row: DuplicateEntryRow): Promise<boolean>;
  duplicateEntry(event: string, player: string, seat: number): Promise<DuplicateEntryRow | null>;
  /** The event's entries, the first begun first. */
  duplicateEntries(event: string): Promise<DuplicateEntryRow[]>;
  /** The entry's game is over: its points per hand (kept as first given, if given twice). */
  finishDuplicateEntry(
    event: string,
    player: string,
    seat: number,
    scores: readonly number[],
    at: number,
  ): Promise<void>;
}

/** One player of a finished game: its final total, its place (1 is first; equal totals share one). */
export interface GameResult {
  readonly score: number;
  readonly place: number;
  /** The account that held the seat when the game ended; null for a guest, a bot or a deleted account. */
  readonly username: string | null;
}

/** A finished game in an account's history. */
export interface PlayedGame {
  readonly game: GameRow;
  /** The account's seat (the first, should it have held two). */
  readonly seat: number;
  /** Per seat. */
  readonly players: readonly GameResult[];
}

/**
 * Accounts' finished games (docs/protocol.md, "Profile and history"): who played them, and
 * how it ended. Stored with each game's last action (GameLog.appendAction's `finished`).
 */
export interface HistoryStore {
  /** How many finished games the account played. */
  gameCount(accountId: string): Promise<number>;
  /**
   * The account's finished games, the last finished first (equal times by id, descending),
   * at most `limit`; with `before`, only those after that game in this order.
   */
  gamesOf(accountId: string, limit: number, before?: string): Promise<PlayedGame[]>;
}

/** A player's rating in a pool, as shown (docs/ratings.md). */
export interface CurrentRating {
  readonly rating: number;
  /** While openskill's σ is high: shown with "?" and left off the leaderboard. */
  readonly provisional: boolean;
  /** Rated games played in the pool. */
  readonly games: number;
}

/** A point of a player's rating history in a pool: the figure after a rated game. */
export interface RatingPoint {
  readonly gameId: string;
  readonly rating: number;
  readonly provisional: boolean;
  readonly at: number;
}

/** What a rated game changed of one seat's rating (GameRatings). */
export interface SeatRatingChange {
  readonly seat: number;
  /** The figure before the game; null for a first game in the pool. */
  readonly before: number | null;
  readonly after: number;
  readonly provisional: boolean;
}

/** A row of the leaderboard. */
export interface LeaderboardRow {
  readonly username: string;
  readonly rating: number;
  readonly games: number;
}

/**
 * Ratings (docs/ratings.md): each account's current one per pool and its history, written
 * with a rated game's last action (GameLog.appendAction's `finished.rated`), and the
 * leaderboards read from them.
 */
export interface RatingStore {
  /** The account's rating in the pool; null when never rated there. */
  currentRating(accountId: string, pool: Pool): Promise<CurrentRating | null>;
  /** The account's ratings in every pool it was rated in. */
  ratingsOf(accountId: string): Promise<Partial<Record<Pool, CurrentRating>>>;
  /** The account's figures after each of its rated games in the pool, oldest first, the last `limit` at most. */
  ratingHistory(accountId: string, pool: Pool, limit: number): Promise<RatingPoint[]>;
  /** The pool's players who are not provisional (nor banned), best first, at most `limit`. */
  leaderboard(pool: Pool, limit: number): Promise<LeaderboardRow[]>;
  /** What a finished rated game changed of each rated seat's rating, by seat; empty when unrated. */
  gameRatings(gameId: string): Promise<SeatRatingChange[]>;
}

/** The people's roles: accounts, their devices and passkeys, blocks and reports. */
export interface PeopleStore
  extends AccountStore,
    BotAccountStore,
    SessionStore,
    PasskeyStore,
    ModerationStore,
    ChallengeStore {}

/** Every role: what the SQLite and PostgreSQL stores implement. */
export interface Store
  extends TableStore,
    GameLog,
    AnalysisQueueStore,
    LeaseStore,
    StoreUpkeep,
    PeopleStore,
    DailyStore,
    DuplicateStore,
    HistoryStore,
    RatingStore {}
