/**
 * The table's rules as one pure function: `decide(state, command, now)` says what a
 * command does to the table's state (its row, seats and finished games: one immutable
 * value), which game it starts or ends, and who loses a seat, or refuses it with a
 * ServerError. It does no I/O and reads no clock: the table actor (`table.ts`) stores what
 * it decided, in one write, and only then holds the new state and tells everyone
 * (`Table.commit`). Tests call it directly (test/server/tables/decide.test.ts).
 */
import type { Seed } from '../../engine/index.js';
import { ServerError } from '../errors.js';
import type { GameRow, GameStatus, SeatRow, TableRow, TimerKind } from '../store/store.js';
import type { SeatedCommand } from './commands.js';
import * as rules from './seat-rules.js';

/** What the table is, as stored (the row's version is the stored one). */
export interface TableState {
  readonly row: TableRow;
  readonly seats: readonly SeatRow[];
  /** The ids of the table's finished games, oldest first. */
  readonly finished: readonly string[];
}

/** What a new game needs from outside the rules: its id and seed, drawn by the caller. */
export interface NewGame {
  readonly id: string;
  readonly seed: Seed;
}

type Between = Exclude<
  SeatedCommand,
  { type: 'game:act' | 'game:hint' | 'chat:send' | 'table:start' | 'table:rematch' }
>;

/** What the table decides on: commands from people, with what they need from outside, and what time and the game bring. */
export type Decidable =
  | Between
  | (SeatedCommand<'table:start' | 'table:rematch'> & { readonly game: NewGame })
  /** A person takes a seat in the lobby with a new token (its hash). */
  | {
      readonly type: 'join';
      readonly name: string;
      readonly seat?: number;
      readonly tokenHash: string;
      readonly accountId?: string;
    }
  /** A guest's seat moves to an account. */
  | { readonly type: 'adopt'; readonly tokenHash: string; readonly accountId: string }
  /**
   * A stored deadline fell, with what the table knows now: whether the seat's person is
   * connected and must act, and whether any person is connected at all.
   */
  | {
      readonly type: 'deadline';
      readonly kind: TimerKind;
      readonly seat: number;
      readonly present: boolean;
      readonly toAct: boolean;
      readonly anyoneHere: boolean;
    }
  /** A seat's person connected, or acted: a stand-in bot hands the seat back. */
  | { readonly type: 'returned'; readonly seat: number }
  /** The game being played is over. */
  | { readonly type: 'over' };

export interface Change {
  readonly ok: true;
  /** The state to store and hold (the same object when nothing about the table changes). */
  readonly state: TableState;
  /** The game it starts, stored with it. */
  readonly game?: GameRow;
  /** A game's new status (a running game abandoned when the table closes). */
  readonly gameStatus?: { readonly gameId: string; readonly status: GameStatus; readonly at: number };
}

export type Decision = Change | { readonly ok: false; readonly error: ServerError };

/** Nothing changes. */
const same = (state: TableState): Change => ({ ok: true, state });

export function decide(state: TableState, c: Decidable, now: number): Decision {
  try {
    return { ok: true, ...change(state, c, now) };
  } catch (e) {
    if (e instanceof ServerError) return { ok: false, error: e };
    throw e;
  }
}

function change(state: TableState, c: Decidable, now: number): Omit<Change, 'ok'> {
  const { row, seats } = state;
  switch (c.type) {
    case 'join': {
      const joined = rules.joining(row, seats, c.name, c.tokenHash, c.seat, c.accountId);
      return { state: withSeats({ ...state, row: joined.row }, [joined.seat]) };
    }
    case 'adopt':
      return { state: withSeats(state, [rules.adopting(row, seats, c.tokenHash, c.accountId)]) };
    case 'seat:bot':
      return { state: withSeats(state, [rules.seatingBot(row, seats, c.by, c.message.seat, c.message.level)]) };
    case 'seat:clear':
      return { state: withSeats(state, [rules.clearingBot(row, seats, c.by, c.message.seat)]) };
    case 'table:coach':
      rules.mustSwitchCoach(row, seats, c.by);
      return { state: { ...state, row: { ...row, settings: { ...row.settings, coach: c.message.coach } } } };
    case 'table:clock':
      rules.mustSetClock(row, seats, c.by);
      return { state: { ...state, row: { ...row, settings: { ...row.settings, turnClock: c.message.turnClock } } } };
    case 'table:start':
      rules.mustStart(row, seats, c.by);
      return starting(state, seats, c.game, now);
    case 'table:rematch': {
      // Seats whose player left wait for someone new first.
      const next = rules.rematchSeating(row, seats, c.by);
      if (next.every((s) => s.name !== null)) return starting(state, next, c.game, now);
      return { state: { ...state, row: { ...row, status: 'lobby' }, seats: next } };
    }
    case 'table:leave': {
      // During a game a bot plays the seat to the end; the last person to leave between games closes the table.
      const left = rules.leaving(row, seats, c.by);
      const after = withSeats({ ...state, row: { ...row, host: left.host } }, [left.seat]);
      return left.close ? closing(after, now) : { state: after };
    }
    case 'seat:back':
      return { state: withSeats(state, [rules.comingBack(row, seats, c.by)]) };
    case 'returned':
      return seats[c.seat].away ? { state: withSeats(state, [{ ...seats[c.seat], away: false }]) } : same(state);
    case 'over':
      if (row.status !== 'playing' || row.gameId === null) return same(state);
      return {
        state: {
          ...state,
          row: { ...row, status: 'finished' },
          finished: state.finished.includes(row.gameId) ? state.finished : [...state.finished, row.gameId],
        },
      };
    case 'deadline':
      return fell(state, c, now);
  }
}

/**
 * A deadline fell. The table closes when nobody came; a person who is still away (for
 * the absence grace: still disconnected; for the turn clock: still to act, connected or
 * not) gets a stand-in bot from now on.
 */
function fell(state: TableState, c: Extract<Decidable, { type: 'deadline' }>, now: number): Omit<Change, 'ok'> {
  const { row, seats } = state;
  if (c.kind === 'close') return c.anyoneHere || row.status === 'closed' ? same(state) : closing(state, now);
  const s = seats[c.seat];
  if (row.status !== 'playing' || s === undefined || s.tokenHash === null || s.away) return same(state);
  if (c.kind === 'absence' && c.present) return same(state);
  if (c.kind === 'turn' && !c.toAct) return same(state);
  return { state: withSeats(state, [{ ...s, away: true }]) };
}

/** A new game with `seats` (the table's own, or a rematch's), nobody away. */
function starting(state: TableState, seats: readonly SeatRow[], fresh: NewGame, now: number): Omit<Change, 'ok'> {
  const s = state.row.settings;
  const options =
    s.rounds !== undefined
      ? { players: s.players, mode: s.mode, rounds: s.rounds }
      : { players: s.players, mode: s.mode, targetScore: s.targetScore };
  const game: GameRow = {
    id: fresh.id,
    tableCode: state.row.code,
    options,
    seed: fresh.seed,
    names: seats.map((x) => x.name ?? ''),
    bots: seats.map((x) => x.bot),
    status: 'running',
    startedAt: now,
    finishedAt: null,
  };
  return {
    state: {
      ...state,
      row: { ...state.row, status: 'playing', gameId: game.id },
      seats: seats.map((x) => (x.away ? { ...x, away: false } : x)),
    },
    game,
  };
}

/** The table closes for good; a game still running is kept, marked abandoned. */
function closing(state: TableState, now: number): Omit<Change, 'ok'> {
  const { row } = state;
  const running = row.status === 'playing' && row.gameId !== null;
  return {
    state: { ...state, row: { ...row, status: 'closed' } },
    ...(running ? { gameStatus: { gameId: row.gameId!, status: 'abandoned' as const, at: now } } : {}),
  };
}

function withSeats(state: TableState, changed: readonly SeatRow[]): TableState {
  return { ...state, seats: state.seats.map((s) => changed.find((c) => c.seat === s.seat) ?? s) };
}

/** The claims that a change takes a seat from: each seat whose token changed or went (every connection holding it loses it). */
export function seatsLost(before: TableState, after: TableState): rules.SeatClaim[] {
  const lost: rules.SeatClaim[] = [];
  for (const s of after.seats) {
    const old = before.seats[s.seat];
    if (old?.tokenHash != null && old.tokenHash !== s.tokenHash) lost.push({ seat: s.seat, tokenHash: old.tokenHash });
  }
  return lost;
}
