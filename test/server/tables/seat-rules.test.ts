/**
 * The rules of seats and hosts, called directly on plain rows (src/server/tables/seat-rules.ts):
 * who may join which seat, what only the host may do and when, what leaving does, how a
 * rematch seats people, and that a seat is acted for only by its current token.
 */
import { describe, expect, test } from 'vitest';
import { ServerError } from '../../../src/server/errors.js';
import type { SeatRow } from '../../../src/server/store/store.js';
import {
  clearingBot,
  comingBack,
  joining,
  leaving,
  mustHold,
  mustSetClock,
  mustStart,
  mustSwitchCoach,
  rematchSeating,
  type SeatClaim,
  seatingBot,
} from '../../../src/server/tables/seat-rules.js';
import { tableRow } from '../helpers/table-row.js';

const table = tableRow;

const person = (seat: number, name = `P${seat + 1}`): SeatRow => ({
  seat,
  name,
  tokenHash: `hash-${seat}`,
  bot: null,
  away: false,
});
const bot = (seat: number): SeatRow => ({ seat, name: 'Easy bot', tokenHash: null, bot: 'easy', away: false });
const empty = (seat: number): SeatRow => ({ seat, name: null, tokenHash: null, bot: null, away: false });
const claim = (seat: number): SeatClaim => ({ seat, tokenHash: `hash-${seat}` });

/** The error code a rule refuses with (and that it refuses at all). */
function refusal(rule: () => unknown): string {
  try {
    rule();
  } catch (e) {
    if (e instanceof ServerError) return e.code;
    throw e;
  }
  throw new Error('the rule allowed it');
}

describe('a seat is acted for only by its current token', () => {
  const seats = [person(0), person(1), bot(2), empty(3)];

  test('the token that holds the seat may act for it', () => {
    expect(mustHold(seats, claim(1))).toBe(1);
  });

  test('a token the seat no longer has, another seat’s token, a bot’s or an empty seat may not', () => {
    expect(refusal(() => mustHold(seats, { seat: 1, tokenHash: 'hash-old' }))).toBe('ERR_NOT_SEATED');
    expect(refusal(() => mustHold(seats, { seat: 0, tokenHash: 'hash-1' }))).toBe('ERR_NOT_SEATED');
    expect(refusal(() => mustHold(seats, { seat: 2, tokenHash: 'hash-2' }))).toBe('ERR_NOT_SEATED');
    expect(refusal(() => mustHold(seats, { seat: 3, tokenHash: 'hash-3' }))).toBe('ERR_NOT_SEATED');
    expect(refusal(() => mustHold(seats, { seat: 9, tokenHash: 'hash-0' }))).toBe('ERR_NOT_SEATED');
  });
});

describe('joining', () => {
  const seats = [person(0), empty(1), bot(2), empty(3)];

  test('a newcomer gets the first empty seat, or the empty seat asked for, and the coach goes off', () => {
    const first = joining(table('lobby'), seats, 'Ann', 'hash-new', undefined);
    expect(first.seat).toEqual({ seat: 1, name: 'Ann', tokenHash: 'hash-new', bot: null, away: false });
    expect(first.row.settings.coach).toBe(false);
    expect(joining(table('lobby'), seats, 'Ann', 'hash-new', 3).seat.seat).toBe(3);
  });

  test('nobody may take a person’s or a bot’s seat, or a seat the table does not have', () => {
    expect(refusal(() => joining(table('lobby'), seats, 'Ann', 'h', 0))).toBe('ERR_SEAT_TAKEN');
    expect(refusal(() => joining(table('lobby'), seats, 'Ann', 'h', 2))).toBe('ERR_SEAT_TAKEN');
    expect(refusal(() => joining(table('lobby'), seats, 'Ann', 'h', 4))).toBe('ERR_BAD_SEAT');
  });

  test('nobody may join a full table, a game under way, or a closed table', () => {
    expect(refusal(() => joining(table('lobby'), [person(0), person(1)], 'Ann', 'h', undefined))).toBe(
      'ERR_TABLE_FULL',
    );
    expect(refusal(() => joining(table('playing'), seats, 'Ann', 'h', undefined))).toBe('ERR_GAME_STARTED');
    expect(refusal(() => joining(table('closed'), seats, 'Ann', 'h', undefined))).toBe('ERR_TABLE_CLOSED');
  });

  test('nothing given is changed', () => {
    const row = table('lobby');
    const before = structuredClone({ row, seats });
    joining(row, seats, 'Ann', 'h', undefined);
    expect({ row, seats }).toEqual(before);
  });
});

describe('what only the host may do, and when', () => {
  const seats = [person(0), person(1), bot(2), empty(3)];

  test('the host may seat a bot in an empty seat or change a bot, and take a bot out', () => {
    expect(seatingBot(table('lobby'), seats, claim(0), 3, 'hard')).toEqual({
      seat: 3,
      name: 'Hard bot',
      tokenHash: null,
      bot: 'hard',
      away: false,
    });
    expect(seatingBot(table('finished'), seats, claim(0), 2, 'medium').name).toBe('Medium bot');
    expect(clearingBot(table('lobby'), seats, claim(0), 2)).toEqual(empty(2));
  });

  test('the host may not put a bot over a person, nor take out what is not a bot', () => {
    expect(refusal(() => seatingBot(table('lobby'), seats, claim(0), 1, 'easy'))).toBe('ERR_SEAT_TAKEN');
    expect(refusal(() => clearingBot(table('lobby'), seats, claim(0), 1))).toBe('ERR_NOT_A_BOT');
    expect(refusal(() => clearingBot(table('lobby'), seats, claim(0), 3))).toBe('ERR_NOT_A_BOT');
    expect(refusal(() => seatingBot(table('lobby'), seats, claim(0), 5, 'easy'))).toBe('ERR_BAD_SEAT');
  });

  test('the host may not change seats or the coach during a game', () => {
    expect(refusal(() => seatingBot(table('playing'), seats, claim(0), 3, 'easy'))).toBe('ERR_GAME_STARTED');
    expect(refusal(() => clearingBot(table('playing'), seats, claim(0), 2))).toBe('ERR_GAME_STARTED');
    expect(refusal(() => mustSwitchCoach(table('playing'), seats, claim(0)))).toBe('ERR_GAME_STARTED');
    expect(() => mustSwitchCoach(table('finished'), seats, claim(0))).not.toThrow();
  });

  test('a player who is not the host may do none of it', () => {
    expect(refusal(() => seatingBot(table('lobby'), seats, claim(1), 3, 'easy'))).toBe('ERR_NOT_HOST');
    expect(refusal(() => clearingBot(table('lobby'), seats, claim(1), 2))).toBe('ERR_NOT_HOST');
    expect(refusal(() => mustSwitchCoach(table('lobby'), seats, claim(1)))).toBe('ERR_NOT_HOST');
    expect(refusal(() => mustStart(table('lobby'), [person(0), person(1)], claim(1)))).toBe('ERR_NOT_HOST');
    expect(refusal(() => rematchSeating(table('finished'), seats, claim(1)))).toBe('ERR_NOT_HOST');
  });

  test('a host who gave the seat up is no longer asked: the seat’s token decides', () => {
    expect(refusal(() => seatingBot(table('lobby'), seats, { seat: 0, tokenHash: 'hash-old' }, 3, 'easy'))).toBe(
      'ERR_NOT_SEATED',
    );
  });

  test('at a closed table nobody may do anything', () => {
    expect(refusal(() => seatingBot(table('closed'), seats, claim(0), 3, 'easy'))).toBe('ERR_TABLE_CLOSED');
    expect(refusal(() => mustStart(table('closed'), seats, claim(0)))).toBe('ERR_TABLE_CLOSED');
    expect(refusal(() => leaving(table('closed'), seats, claim(1)))).toBe('ERR_TABLE_CLOSED');
  });
});

describe('starting and rematches', () => {
  test('the host may start only from the lobby and only with every seat filled', () => {
    expect(() => mustStart(table('lobby'), [person(0), bot(1)], claim(0))).not.toThrow();
    expect(refusal(() => mustStart(table('lobby'), [person(0), empty(1)], claim(0)))).toBe('ERR_SEATS_EMPTY');
    expect(refusal(() => mustStart(table('playing'), [person(0), bot(1)], claim(0)))).toBe('ERR_GAME_STARTED');
  });

  test('a rematch comes after a finished game only', () => {
    expect(refusal(() => rematchSeating(table('playing'), [person(0), bot(1)], claim(0)))).toBe('ERR_NOT_FINISHED');
    expect(refusal(() => rematchSeating(table('lobby'), [person(0), bot(1)], claim(0)))).toBe('ERR_NOT_FINISHED');
  });

  test('a rematch keeps people and bots, empties the seats of players who left, and nobody is away', () => {
    const left: SeatRow = { seat: 1, name: 'P2', tokenHash: null, bot: null, away: true };
    const away: SeatRow = { ...person(3), away: true };
    expect(rematchSeating(table('finished'), [person(0), left, bot(2), away], claim(0))).toEqual([
      person(0),
      empty(1),
      bot(2),
      person(3),
    ]);
  });
});

describe('leaving', () => {
  test('in the lobby the seat is emptied; when the host leaves the first person still seated is host', () => {
    expect(leaving(table('lobby'), [person(0), bot(1), person(2)], claim(0))).toEqual({
      seat: empty(0),
      host: 2,
      close: false,
    });
  });

  test('during a game a bot plays the seat to the end: it loses its token and is away', () => {
    expect(leaving(table('playing'), [person(0), person(1)], claim(1))).toEqual({
      seat: { ...person(1), tokenHash: null, away: true },
      host: 0,
      close: false,
    });
  });

  test('the last person to leave closes the table, except during a game, which bots finish', () => {
    expect(leaving(table('lobby'), [person(0), bot(1)], claim(0)).close).toBe(true);
    expect(leaving(table('finished'), [person(0), bot(1)], claim(0)).close).toBe(true);
    expect(leaving(table('playing'), [person(0), bot(1)], claim(0)).close).toBe(false);
  });

  test('a player may leave only a seat its token still holds', () => {
    expect(refusal(() => leaving(table('lobby'), [person(0), person(1)], { seat: 1, tokenHash: 'hash-0' }))).toBe(
      'ERR_NOT_SEATED',
    );
  });
});

describe('the turn clock and coming back', () => {
  test('only the host may change the clock, and only between games', () => {
    const seats = [person(0), person(1)];
    expect(() => mustSetClock(table('lobby'), seats, claim(0))).not.toThrow();
    expect(() => mustSetClock(table('finished'), seats, claim(0))).not.toThrow();
    expect(refusal(() => mustSetClock(table('lobby'), seats, claim(1)))).toBe('ERR_NOT_HOST');
    expect(refusal(() => mustSetClock(table('playing'), seats, claim(0)))).toBe('ERR_GAME_STARTED');
  });

  test('a player a stand-in bot plays for takes the seat back during the game', () => {
    const away = { ...person(1), away: true };
    expect(comingBack(table('playing'), [person(0), away], claim(1))).toEqual(person(1));
  });

  test('a player who is not away, who left, or when no game runs, may not come back', () => {
    const left = { ...person(1), tokenHash: null, away: true };
    expect(refusal(() => comingBack(table('playing'), [person(0), person(1)], claim(1)))).toBe('ERR_NOT_AWAY');
    expect(refusal(() => comingBack(table('playing'), [person(0), left], claim(1)))).toBe('ERR_NOT_SEATED');
    expect(refusal(() => comingBack(table('finished'), [person(0), { ...person(1), away: true }], claim(1)))).toBe(
      'ERR_NO_GAME',
    );
  });
});
