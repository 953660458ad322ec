/**
 * The table's rules as one pure function: `decide(state, command, now)` says what a
 * command does to the table's state (its row, seats and finished games: one immutable
 * value), which game it starts or ends, and who is told what (its outbox: the seats lost,
 * whether the summary changed), or refuses it with a ServerError. It does no I/O and
 * reads no clock: the table actor (`table.ts`) stores what it decided, in one write, and
 * only then holds the new state and carries the outbox out (`Table.commit`). Tests call it
 * directly (test/server/tables/decide.test.ts).
 */
import type { Seed } from '../../engine/index.js';
import { ServerError } from '../errors.js';
import { ratableSetup, ratedStart } from '../ratings/rated-game.js';
import type { GameRow, GameStatus, SeatRow, TableRow, TimerKind } from '../store/store.js';
import type { SeatedCommand, TableCommand } from './commands.js';
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
  /** The host seats a bot account, holding the seat by a token nobody is given (its hash). */
  | (Extract<TableCommand, { type: 'invite' }> & { readonly tokenHash: string })
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
  /** A seat's person connected: a stand-in bot hands the seat back. */
  | { readonly type: 'returned'; readonly seat: number }
  /** The game being played is over. */
  | { readonly type: 'over' }
  /**
   * A game's action of `seat` is accepted: a person who acts (`byPerson`) takes the seat
   * back from a stand-in bot, and a game that is `over` finishes (stored with the action).
   */
  | { readonly type: 'acted'; readonly seat: number; readonly byPerson: boolean; readonly over: boolean };

/** Who is told what once a change is stored (Table.commit carries it out). */
export interface Outbox {
  /**
   * The claims that lose their seat (its token changed or went): every connection holding
   * the seat by one is told `seat:lost` and watches as a spectator from then on.
   */
  readonly seatsLost: readonly rules.SeatClaim[];
  /**
   * Whether what the summary says of the table (its row, seats, finished games) changed, so
   * that everyone gets the summary again. Who is connected is the actor's to add: a
   * connection coming or going changes the summary too.
   */
  readonly summary: boolean;
}

/** What a command does, decided (TableState and what goes with it). */
interface Effects {
  /** The state to store and hold (the same object when nothing about the table changes). */
  readonly state: TableState;
  /** The game it starts, stored with it. */
  readonly game?: GameRow;
  /** A game's new status (a running game abandoned when the table closes). */
  readonly gameStatus?: { readonly gameId: string; readonly status: GameStatus; readonly at: number };
}

export interface Change extends Effects {
  readonly ok: true;
  readonly outbox: Outbox;
}

export type Decision = Change | { readonly ok: false; readonly error: ServerError };

const NOBODY: Outbox = { seatsLost: [], summary: false };

/** Nothing about the table changes, and nobody is told anything. */
export const unchanged = (state: TableState): Change => ({ ok: true, state, outbox: NOBODY });

/** Nothing changes. */
const same = (state: TableState): Effects => ({ state });

export function decide(state: TableState, c: Decidable, now: number): Decision {
  let effects: Effects;
  try {
    effects = change(state, c, now);
  } catch (e) {
    if (e instanceof ServerError) return { ok: false, error: e };
    throw e;
  }
  if (effects.state === state) return { ok: true, ...effects, outbox: NOBODY };
  return {
    ok: true,
    ...effects,
    outbox: { seatsLost: seatsLost(state, effects.state), summary: !shownAlike(state, effects.state) },
  };
}

function change(state: TableState, c: Decidable, now: number): Effects {
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
    case 'invite':
      return { state: withSeats(state, [rules.invitingBot(row, seats, c.by, c.seat, c.bot, c.tokenHash)]) };
    case 'seat:clear':
      return { state: withSeats(state, [rules.clearingBot(row, seats, c.by, c.message.seat)]) };
    case 'table:coach':
      rules.mustSwitchCoach(row, seats, c.by);
      return { state: { ...state, row: { ...row, settings: ratable({ ...row.settings, coach: c.message.coach }) } } };
    case 'table:clock':
      rules.mustSetClock(row, seats, c.by);
      return {
        state: { ...state, row: { ...row, settings: ratable({ ...row.settings, turnClock: c.message.turnClock }) } },
      };
    case 'table:start':
      rules.mustStart(row, seats, c.by);
      return starting(state, seats, c.game, now);
    case 'table:rematch': {
      // A daily deal or a duplicate event is played once: a second game would be a second attempt at the same cards.
      if (rules.dealtAlike(row.settings))
        throw new ServerError('ERR_ALREADY_PLAYED', 'These deals are played once.', 409);
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
      return over(state);
    case 'acted': {
      const back = c.byPerson ? change(state, { type: 'returned', seat: c.seat }, now) : same(state);
      return c.over ? over(back.state) : back;
    }
    case 'deadline':
      return fell(state, c, now);
  }
}

/** Settings a rated table may have (ERR_NOT_RATABLE: it keeps the coach off and a brisk turn clock). */
function ratable(settings: TableRow['settings']): TableRow['settings'] {
  const refused = ratableSetup(settings);
  if (refused) throw refused;
  return settings;
}

/** The game being played is over: the table is finished and counts the game among its finished ones. */
function over(state: TableState): Effects {
  const { row } = state;
  if (row.status !== 'playing' || row.gameId === null) return same(state);
  return {
    state: {
      ...state,
      row: { ...row, status: 'finished' },
      finished: state.finished.includes(row.gameId) ? state.finished : [...state.finished, row.gameId],
    },
  };
}

/**
 * A deadline fell. The table closes when nobody came; a person who is still away (for
 * the absence grace: still disconnected; for the turn clock: still to act, connected or
 * not) gets a stand-in bot from now on.
 */
function fell(state: TableState, c: Extract<Decidable, { type: 'deadline' }>, now: number): Effects {
  const { row, seats } = state;
  if (c.kind === 'close') return c.anyoneHere || row.status === 'closed' ? same(state) : closing(state, now);
  const s = seats[c.seat];
  if (row.status !== 'playing' || s === undefined || s.tokenHash === null || s.away) return same(state);
  if (c.kind === 'absence' && c.present) return same(state);
  if (c.kind === 'turn' && !c.toAct) return same(state);
  return { state: withSeats(state, [{ ...s, away: true }]) };
}

/** A new game with `seats` (the table's own, or a rematch's), nobody away. */
function starting(state: TableState, seats: readonly SeatRow[], fresh: NewGame, now: number): Effects {
  const s = state.row.settings;
  const options =
    s.rounds !== undefined
      ? { players: s.players, mode: s.mode, rounds: s.rounds }
      : { players: s.players, mode: s.mode, targetScore: s.targetScore };
  const rated = ratedStart(s, seats);
  const game: GameRow = {
    id: fresh.id,
    tableCode: state.row.code,
    options,
    seed: fresh.seed,
    names: seats.map((x) => x.name ?? ''),
    bots: seats.map((x) => x.bot),
    botAccounts: seats.map((x) => x.botAccount === true),
    status: 'running',
    startedAt: now,
    finishedAt: null,
    ...(rated ? { rated } : {}),
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
function closing(state: TableState, now: number): Effects {
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

/**
 * Whether two states show the same in the table's summary (summary.ts), who is connected
 * aside: compared field by field, as this runs on every change.
 */
function shownAlike(a: TableState, b: TableState): boolean {
  const [r, q] = [a.row, b.row];
  return (
    r.status === q.status &&
    r.host === q.host &&
    r.gameId === q.gameId &&
    sameSettings(r.settings, q.settings) &&
    a.finished.length === b.finished.length &&
    a.finished.every((id, i) => id === b.finished[i]) &&
    a.seats.length === b.seats.length &&
    a.seats.every((s, i) => {
      const t = b.seats[i];
      return s.name === t.name && s.bot === t.bot && s.away === t.away && s.botAccount === t.botAccount;
    })
  );
}

function sameSettings(a: TableRow['settings'], b: TableRow['settings']): boolean {
  if (a === b) return true;
  const keys = Object.keys(a) as (keyof TableRow['settings'])[];
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/** The claims that a change takes a seat from: each seat whose token changed or went (every connection holding it loses it). */
function seatsLost(before: TableState, after: TableState): rules.SeatClaim[] {
  const lost: rules.SeatClaim[] = [];
  for (const s of after.seats) {
    const old = before.seats[s.seat];
    if (old?.tokenHash != null && old.tokenHash !== s.tokenHash) lost.push({ seat: s.seat, tokenHash: old.tokenHash });
  }
  return lost;
}
