/**
 * Rated games, whole, on the real tables in process (virtual time, real bot threads, the
 * real SQLite store): the ratings stored after a rated game are openskill's own for the
 * game's ranking (computed here with openskill itself), bots count with their anchors and
 * keep them, team mates are rated as a team, a player who left ranks last, the change is
 * told in the table's summary, and a table that cannot be rated says so or plays unrated.
 */
import fs from 'node:fs';
import { type Rating, rate } from 'openskill';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TableOptions } from '../../src/protocol/messages.js';
import { hashToken } from '../../src/server/ids.js';
import { ANCHORS_FILE } from '../../src/server/ratings/anchors.js';
import type { Pool } from '../../src/server/ratings/pool.js';
import { displayed } from '../../src/server/ratings/scale.js';
import type { AccountRow } from '../../src/server/store/store.js';
import type { Table } from '../../src/server/tables/table.js';
import type { BotLevel } from '../../src/values/index.js';
import { chooseAction } from './helpers/choose.js';
import { type InProcess, inProcess, lastUpdate, type Player } from './helpers/in-process.js';

const anchors = JSON.parse(fs.readFileSync(ANCHORS_FILE, 'utf8')) as {
  pools: Record<Pool, Record<BotLevel, Rating>>;
};
/** openskill's own rating of someone never rated. */
const NEW: Rating = { mu: 25, sigma: 25 / 3 };

const RATED: Partial<TableOptions> = { rated: true, coach: false, turnClock: 'normal', rounds: 1 };

let t: InProcess;
let ids = 0;

beforeEach(async () => {
  t = await inProcess();
});
afterEach(async () => {
  await t.close();
});

async function account(username: string): Promise<AccountRow> {
  const row: AccountRow = {
    id: `racc${ids++}`,
    username,
    createdAt: 1,
    passwordHash: null,
    bannedAt: null,
    kind: 'person',
  };
  await t.store.createAccount(row);
  return row;
}

/** A table made by `host`'s account (null: a guest), with the others joining as their accounts, in seat order. */
async function seated(
  options: Partial<TableOptions> & { players: number },
  host: AccountRow | null,
  others: readonly (AccountRow | null)[],
): Promise<{ table: Table; people: Player[] }> {
  const opts = { mode: 'individual', public: false, turnSeconds: 60, ...RATED, ...options } as TableOptions;
  const { table, token } = await t.lobby.create('Host', opts, '127.0.0.1', host?.id);
  const people: Player[] = [
    { token, claim: { seat: 0, tokenHash: hashToken(token) }, follower: await t.watch(table, token) },
  ];
  for (const [i, other] of others.entries()) {
    const joined = await table.handle({ type: 'join', name: `P${i + 2}`, accountId: other?.id });
    people.push({
      token: joined.token,
      claim: { seat: joined.seat, tokenHash: hashToken(joined.token) },
      follower: await t.watch(table, joined.token),
    });
  }
  return { table, people };
}

async function bots(table: Table, host: Player, levels: Record<number, BotLevel>): Promise<void> {
  for (const [seat, level] of Object.entries(levels))
    await t.send(table, { type: 'seat:bot', by: host.claim, message: { seat: Number(seat), level } });
}

/** The people act (a random legal choice) until the game is over; `leaveAfter`: that player leaves after acting that often. */
async function playToEnd(table: Table, people: Player[], leave?: { player: Player; after: number }): Promise<void> {
  let acted = 0;
  const playing = new Set(people);
  for (;;) {
    const turn = [...playing].find((p) => p.follower.games.at(-1)?.view.mustAct);
    if (turn) {
      const u = lastUpdate(turn.follower);
      await t.send(table, {
        type: 'game:act',
        by: turn.claim,
        message: { action: chooseAction(u.view, Math.random), seq: u.seq },
      });
      if (leave && turn === leave.player && ++acted === leave.after) {
        await t.send(table, { type: 'table:leave', by: turn.claim, message: {} });
        playing.delete(turn);
      }
      continue;
    }
    if (table.status !== 'playing') break;
    const seen = [...playing].map((p) => p.follower.games.length);
    await t.until(
      () => table.status !== 'playing' || [...playing].some((p, i) => p.follower.games.length > seen[i]),
      'the next update',
    );
  }
}

/** The game's totals and rank of each seat (1 best, equal totals share), seats in `last` ranking after all others. */
function ranking(table: Table, last: readonly number[] = []): { totals: readonly number[]; ranks: number[] } {
  const totals = table.game!.engineGame.totals;
  const ranks = totals.map((total, seat) =>
    last.includes(seat)
      ? totals.length - last.length + 1
      : 1 + totals.filter((o, s) => !last.includes(s) && o > total).length,
  );
  return { totals, ranks };
}

/** The summary the host was last sent, once it carries the game's ratings. */
async function ratingsTold(table: Table, host: Player) {
  await t.until(() => host.follower.tables.at(-1)?.ratings !== undefined, 'the ratings in the summary');
  const told = host.follower.tables.at(-1)!.ratings!;
  expect(told.gameId).toBe(table.game!.id);
  return told;
}

describe('a rated game', () => {
  it('stores openskill’s own ratings for its ranking, the bots counting as their anchors', async () => {
    const [ann, bea] = [await account('r_ann'), await account('r_bea')];
    const { table, people } = await seated({ players: 4 }, ann, [bea]);
    await bots(table, people[0], { 2: 'easy', 3: 'hard' });
    await t.send(table, { type: 'table:start', by: people[0].claim, message: {} });
    await playToEnd(table, people);

    const { ranks } = ranking(table);
    const expected = rate([[NEW], [NEW], [anchors.pools['4p'].easy], [anchors.pools['4p'].hard]], { rank: ranks });
    for (const [seat, who] of [ann, bea].entries()) {
      const after = expected[seat][0];
      expect(await t.store.currentRating(who.id, '4p')).toEqual({
        rating: displayed(after),
        provisional: true,
        games: 1,
      });
      expect((await t.store.ratingHistory(who.id, '4p', 10)).map((p) => [p.gameId, p.rating])).toEqual([
        [table.game!.id, displayed(after)],
      ]);
    }
    // Never rated elsewhere.
    expect(await t.store.currentRating(ann.id, '3p')).toBeNull();
    const told = await ratingsTold(table, people[0]);
    expect(told).toEqual({
      gameId: table.game!.id,
      pool: '4p',
      seats: [0, 1].map((seat) => ({ seat, before: null, after: displayed(expected[seat][0]), provisional: true })),
    });

    // The rematch starts from the ratings the first game left; the anchors stay as they are.
    const first = expected.map((team) => team[0]);
    await t.send(table, { type: 'table:rematch', by: people[0].claim, message: {} });
    await playToEnd(table, people);
    const again = rate([[first[0]], [first[1]], [anchors.pools['4p'].easy], [anchors.pools['4p'].hard]], {
      rank: ranking(table).ranks,
    });
    expect(await t.store.currentRating(bea.id, '4p')).toMatchObject({ rating: displayed(again[1][0]), games: 2 });
    const second = await ratingsTold(table, people[0]);
    expect(second.seats[1]).toMatchObject({ before: displayed(first[1]), after: displayed(again[1][0]) });
  });

  it('ranks a player who left last, whatever their total', async () => {
    const [ann, bea, cy] = [await account('q_ann'), await account('q_bea'), await account('q_cy')];
    const { table, people } = await seated({ players: 3 }, ann, [bea, cy]);
    await t.send(table, { type: 'table:start', by: people[0].claim, message: {} });
    await playToEnd(table, people, { player: people[1], after: 1 });

    const { ranks } = ranking(table, [1]);
    expect(ranks[1]).toBe(3);
    const expected = rate([[NEW], [NEW], [NEW]], { rank: ranks });
    for (const [seat, who] of [ann, bea, cy].entries())
      expect((await t.store.currentRating(who.id, '3p'))?.rating).toBe(displayed(expected[seat][0]));
  });

  it('rates partners who stay together as a team (2-2-2)', async () => {
    const [ann, bea] = [await account('t_ann'), await account('t_bea')];
    const { table, people } = await seated({ players: 6, mode: '2-2-2' }, ann, [bea]);
    // Seats 0 and 3 are partners (opposite), as are 1 and 4, and 2 and 5.
    await bots(table, people[0], { 2: 'easy', 3: 'medium', 4: 'hard', 5: 'expert' });
    await t.send(table, { type: 'table:start', by: people[0].claim, message: {} });
    await playToEnd(table, people);

    const { totals } = ranking(table);
    const teams = [
      [0, 3],
      [1, 4],
      [2, 5],
    ];
    const teamRanks = teams.map(([a]) => 1 + teams.filter(([b]) => totals[b] > totals[a]).length);
    const a = anchors.pools.teams;
    const expected = rate(
      [
        [NEW, a.medium],
        [NEW, a.hard],
        [a.easy, a.expert],
      ],
      { rank: teamRanks },
    );
    expect((await t.store.currentRating(ann.id, 'teams'))?.rating).toBe(displayed(expected[0][0]));
    expect((await t.store.currentRating(bea.id, 'teams'))?.rating).toBe(displayed(expected[1][0]));
  });
});

describe('a game that cannot be rated', () => {
  it('is refused at a table with the coach on or a slow clock, and such a change of a rated table too', async () => {
    const ann = await account('n_ann');
    for (const setup of [{ coach: true }, { turnClock: 'relaxed' as const }, { turnClock: 'off' as const }])
      await expect(seated({ players: 2, ...setup }, ann, [])).rejects.toMatchObject({ code: 'ERR_NOT_RATABLE' });
    const { table, people } = await seated({ players: 2 }, ann, [null]);
    const by = people[0].claim;
    await expect(t.send(table, { type: 'table:coach', by, message: { coach: true } })).rejects.toMatchObject({
      code: 'ERR_NOT_RATABLE',
    });
    await expect(t.send(table, { type: 'table:clock', by, message: { turnClock: 'relaxed' } })).rejects.toMatchObject({
      code: 'ERR_NOT_RATABLE',
    });
    await t.send(table, { type: 'table:clock', by, message: { turnClock: 'fast' } });
    expect(table.summary().options).toMatchObject({ rated: true, coach: false, turnClock: 'fast' });
  });

  it('is played unrated with fewer than two people signed in, or at an unrated table', async () => {
    const [ann, bea] = [await account('u_ann'), await account('u_bea')];
    // A guest and a bot beside Ann: one person signed in.
    const alone = await seated({ players: 3 }, ann, [null]);
    await t.send(alone.table, { type: 'seat:bot', by: alone.people[0].claim, message: { seat: 2, level: 'easy' } });
    // Two people signed in, at a table that is not rated.
    const unrated = await seated({ players: 2, rated: false }, bea, [await account('u_cy')]);
    for (const { table, people } of [alone, unrated]) {
      await t.send(table, { type: 'table:start', by: people[0].claim, message: {} });
      await playToEnd(table, people);
      expect(table.status).toBe('finished');
      expect(await t.store.gameRatings(table.game!.id)).toEqual([]);
      expect(table.summary().ratings).toBeUndefined();
    }
    for (const who of [ann, bea]) expect(await t.store.ratingsOf(who.id)).toEqual({});
  });
});
