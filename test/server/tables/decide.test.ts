/**
 * The table's rules as one decision (src/server/tables/decide.ts), called directly on a
 * plain state with no store, no clock and no connection: what each command does to the
 * table (seats, host, lobby, rematch, leaving, the turn clock and the coach), which game
 * it starts or abandons, what deadlines that fall do, who is told what (the outbox: who
 * loses a seat, whether the summary changed), and that a refusal changes nothing.
 */
import { describe, expect, test } from 'vitest';
import type { SeatRow, TableRow } from '../../../src/server/store/store.js';
import { type Decidable, decide, type TableState } from '../../../src/server/tables/decide.js';
import { SETTINGS, tableRow } from '../helpers/table-row.js';

const NOW = 1_764_000_000_000;
const FRESH = { id: 'g2', seed: 'ab'.repeat(32) };

function state(status: TableRow['status'], seats: SeatRow[], extra: Partial<TableRow> = {}): TableState {
  const players = seats.length as TableRow['settings']['players'];
  return { row: tableRow(status, { settings: { ...SETTINGS, players }, ...extra }), seats, finished: [] };
}

const person = (seat: number, name = `P${seat + 1}`, away = false): SeatRow => ({
  seat,
  name,
  tokenHash: `h${seat}`,
  bot: null,
  away,
});
const bot = (seat: number): SeatRow => ({ seat, name: 'Easy bot', tokenHash: null, bot: 'easy', away: false });
const empty = (seat: number): SeatRow => ({ seat, name: null, tokenHash: null, bot: null, away: false });
const claim = (seat: number) => ({ seat, tokenHash: `h${seat}` });

/** The change a command makes; fails the test when it is refused. */
function accepted(s: TableState, c: Decidable) {
  const d = decide(s, c, NOW);
  if (!d.ok) throw new Error(`refused: ${d.error.code}`);
  return d;
}

function refusal(s: TableState, c: Decidable): string {
  const d = decide(s, c, NOW);
  if (d.ok) throw new Error('accepted');
  return d.error.code;
}

describe('in the lobby', () => {
  const lobby = state('lobby', [person(0), empty(1), bot(2)]);

  test('a person joins the first empty seat, and help at the table turns off', () => {
    const d = accepted(lobby, { type: 'join', name: 'Bea', tokenHash: 'hb' });
    expect(d.state.seats[1]).toEqual({ seat: 1, name: 'Bea', tokenHash: 'hb', bot: null, away: false });
    expect(d.state.row.settings.coach).toBe(false);
    expect(d.game).toBeUndefined();
    expect(refusal(d.state, { type: 'join', name: 'Cy', tokenHash: 'hc' })).toBe('ERR_TABLE_FULL');
  });

  test('only the host seats and removes bots, and changes the clock and the coach', () => {
    const seated = accepted(lobby, { type: 'seat:bot', by: claim(0), message: { seat: 1, level: 'hard' } });
    expect(seated.state.seats[1]).toMatchObject({ bot: 'hard', name: 'Hard bot' });
    const cleared = accepted(lobby, { type: 'seat:clear', by: claim(0), message: { seat: 2 } });
    expect(cleared.state.seats[2]).toEqual(empty(2));
    const clock = accepted(lobby, { type: 'table:clock', by: claim(0), message: { turnClock: 'off' } });
    expect(clock.state.row.settings.turnClock).toBe('off');
    const coach = accepted(lobby, { type: 'table:coach', by: claim(0), message: { coach: false } });
    expect(coach.state.row.settings.coach).toBe(false);

    const two = state('lobby', [person(0), person(1), empty(2)]);
    expect(refusal(two, { type: 'seat:bot', by: claim(1), message: { seat: 2, level: 'easy' } })).toBe('ERR_NOT_HOST');
    expect(refusal(two, { type: 'seat:bot', by: claim(0), message: { seat: 1, level: 'easy' } })).toBe(
      'ERR_SEAT_TAKEN',
    );
    expect(refusal(two, { type: 'table:coach', by: { seat: 0, tokenHash: 'old' }, message: { coach: false } })).toBe(
      'ERR_NOT_SEATED',
    );
  });

  test('the game starts once every seat is filled: the game row is decided with the table', () => {
    expect(refusal(lobby, { type: 'table:start', by: claim(0), message: {}, game: FRESH })).toBe('ERR_SEATS_EMPTY');
    const full = state('lobby', [person(0), bot(1), person(2, 'Cy', true)]);
    const d = accepted(full, { type: 'table:start', by: claim(0), message: {}, game: FRESH });
    expect(d.state.row).toMatchObject({ status: 'playing', gameId: 'g2', version: 3 });
    expect(d.state.seats.map((s) => s.away)).toEqual([false, false, false]);
    expect(d.game).toEqual({
      id: 'g2',
      tableCode: 'ABCDE',
      options: { players: 3, mode: 'individual', rounds: 2 },
      seed: FRESH.seed,
      names: ['P1', 'Easy bot', 'Cy'],
      bots: [null, 'easy', null],
      botAccounts: [false, false, false],
      status: 'running',
      startedAt: NOW,
      finishedAt: null,
    });
  });

  test('the host leaves: the next person hosts; the last person leaves: the table closes', () => {
    const two = state('lobby', [person(0), person(1), bot(2)]);
    const d = accepted(two, { type: 'table:leave', by: claim(0), message: {} });
    expect(d.state.row.host).toBe(1);
    expect(d.state.seats[0]).toEqual(empty(0));
    expect(d.outbox).toEqual({ seatsLost: [claim(0)], summary: true });
    const last = accepted(d.state, { type: 'table:leave', by: claim(1), message: {} });
    expect(last.state.row.status).toBe('closed');
    expect(last.gameStatus).toBeUndefined();
  });
});

describe('during a game', () => {
  const playing = state('playing', [person(0), person(1), bot(2)]);

  test('seats, the clock and the coach are refused; leaving hands the seat to a bot', () => {
    expect(refusal(playing, { type: 'seat:bot', by: claim(0), message: { seat: 2, level: 'hard' } })).toBe(
      'ERR_GAME_STARTED',
    );
    expect(refusal(playing, { type: 'table:clock', by: claim(0), message: { turnClock: 'off' } })).toBe(
      'ERR_GAME_STARTED',
    );
    expect(refusal(playing, { type: 'table:start', by: claim(0), message: {}, game: FRESH })).toBe('ERR_GAME_STARTED');
    const d = accepted(playing, { type: 'table:leave', by: claim(1), message: {} });
    expect(d.state.seats[1]).toEqual({ ...person(1), tokenHash: null, away: true });
    expect(d.state.row.status).toBe('playing');
    expect(d.outbox).toEqual({ seatsLost: [claim(1)], summary: true });
  });

  test('the last person leaving does not close the table: the bots play on', () => {
    const alone = state('playing', [person(0), bot(1), bot(2)]);
    expect(accepted(alone, { type: 'table:leave', by: claim(0), message: {} }).state.row.status).toBe('playing');
  });

  test('a turn clock that runs out puts a stand-in bot in the seat of a person still to act', () => {
    const fell = { type: 'deadline', kind: 'turn', seat: 1, present: true, anyoneHere: true } as const;
    expect(accepted(playing, { ...fell, toAct: true }).state.seats[1].away).toBe(true);
    // Acted in time: nothing changes (the same state).
    expect(accepted(playing, { ...fell, toAct: false }).state).toBe(playing);
  });

  test('an absence that runs out does the same, unless the person came back', () => {
    const fell = { type: 'deadline', kind: 'absence', seat: 0, toAct: false, anyoneHere: true } as const;
    expect(accepted(playing, { ...fell, present: false }).state.seats[0].away).toBe(true);
    expect(accepted(playing, { ...fell, present: true }).state).toBe(playing);
  });

  test('a person who comes back or acts takes the seat back; seat:back only from a stand-in', () => {
    const away = state('playing', [person(0), person(1, 'P2', true), bot(2)]);
    expect(accepted(away, { type: 'returned', seat: 1 }).state.seats[1].away).toBe(false);
    expect(accepted(playing, { type: 'returned', seat: 1 }).state).toBe(playing);
    expect(accepted(away, { type: 'seat:back', by: claim(1), message: {} }).state.seats[1].away).toBe(false);
    expect(refusal(playing, { type: 'seat:back', by: claim(1), message: {} })).toBe('ERR_NOT_AWAY');
  });

  test('the game over, the table is finished and keeps the game among its finished ones', () => {
    const d = accepted(playing, { type: 'over' });
    expect(d.state.row.status).toBe('finished');
    expect(d.state.finished).toEqual(['g1']);
    expect(accepted(d.state, { type: 'over' }).state).toBe(d.state);
  });

  test("an action stored: a person's takes the seat back from a stand-in, the last one finishes the table", () => {
    const away = state('playing', [person(0), person(1, 'P2', true), bot(2)]);
    const acted = { type: 'acted', seat: 1, over: false } as const;
    // A bot playing for the absent person changes nothing, and nobody is told anything.
    const bots = accepted(away, { ...acted, byPerson: false });
    expect(bots.state).toBe(away);
    expect(bots.outbox).toEqual({ seatsLost: [], summary: false });
    const back = accepted(away, { ...acted, byPerson: true });
    expect(back.state.seats[1].away).toBe(false);
    expect(back.outbox).toEqual({ seatsLost: [], summary: true });
    // The game's last action: both at once, decided before the action is stored (with it).
    const last = accepted(away, { ...acted, byPerson: true, over: true });
    expect(last.state.row.status).toBe('finished');
    expect(last.state.seats[1].away).toBe(false);
    expect(last.state.finished).toEqual(['g1']);
    expect(last.game).toBeUndefined();
  });

  test('the outbox says the summary changed only when what it shows did', () => {
    const lobby = state('lobby', [person(0), bot(1)]);
    // The coach switched off is shown; switched to what it is, the table is stored again but shows the same.
    expect(accepted(lobby, { type: 'table:coach', by: claim(0), message: { coach: false } }).outbox.summary).toBe(true);
    const again = accepted(lobby, { type: 'table:coach', by: claim(0), message: { coach: true } });
    expect(again.state).not.toBe(lobby);
    expect(again.outbox).toEqual({ seatsLost: [], summary: false });
    // A refusal has no outbox: nobody is told anything.
    const refused = decide(playing, { type: 'seat:back', by: claim(1), message: {} }, NOW);
    expect(refused.ok).toBe(false);
    expect('outbox' in refused).toBe(false);
  });

  test('the close deadline closes a table nobody is at, abandoning the game being played', () => {
    const fell = { type: 'deadline', kind: 'close', seat: -1, present: false, toAct: false } as const;
    expect(accepted(playing, { ...fell, anyoneHere: true }).state).toBe(playing);
    const d = accepted(playing, { ...fell, anyoneHere: false });
    expect(d.state.row.status).toBe('closed');
    expect(d.gameStatus).toEqual({ gameId: 'g1', status: 'abandoned', at: NOW });
  });
});

describe('after a game', () => {
  test('a rematch starts the next game at once when every seat is still filled', () => {
    const finished = state('finished', [person(0, 'P1', true), bot(1)]);
    expect(
      refusal(state('playing', [person(0), bot(1)]), { type: 'table:rematch', by: claim(0), message: {}, game: FRESH }),
    ).toBe('ERR_NOT_FINISHED');
    const d = accepted(finished, { type: 'table:rematch', by: claim(0), message: {}, game: FRESH });
    expect(d.state.row).toMatchObject({ status: 'playing', gameId: 'g2' });
    expect(d.state.seats[0].away).toBe(false);
    expect(d.game?.names).toEqual(['P1', 'Easy bot']);
  });

  test('a seat its player left waits for someone new, in the lobby', () => {
    const left = state('finished', [person(0), { ...person(1), tokenHash: null, away: true }]);
    const d = accepted(left, { type: 'table:rematch', by: claim(0), message: {}, game: FRESH });
    expect(d.state.row.status).toBe('lobby');
    expect(d.state.seats[1]).toEqual(empty(1));
    expect(d.game).toBeUndefined();
  });

  test('a closed table refuses everything', () => {
    const closed = state('closed', [person(0), bot(1)]);
    expect(refusal(closed, { type: 'join', name: 'Bea', tokenHash: 'hb' })).toBe('ERR_TABLE_CLOSED');
    expect(refusal(closed, { type: 'table:leave', by: claim(0), message: {} })).toBe('ERR_TABLE_CLOSED');
    expect(refusal(closed, { type: 'table:rematch', by: claim(0), message: {}, game: FRESH })).toBe('ERR_TABLE_CLOSED');
  });
});
