/**
 * Ratings in the store, on SQLite and on PostgreSQL alike: a rated game's last action
 * stores openskill's own new ratings for its ranking (ties share a rank), never an
 * anchor's, a guest's, a bot account's or a banned person's; the history and each game's
 * changes come back; the leaderboard lists only players who are no longer provisional
 * (nor banned), best first; a deleted account's ratings go with it.
 */
import { type Rating, rate } from 'openskill';
import { describe, expect, it } from 'vitest';
import { anchorRating } from '../../../src/server/ratings/anchors.js';
import type { RatedResult } from '../../../src/server/ratings/rated-game.js';
import { displayed, PROVISIONAL_SIGMA } from '../../../src/server/ratings/scale.js';
import type { AccountRow, SeatRow, Store } from '../../../src/server/store/store.js';
import { storeKinds, storeSuite } from '../helpers/store-backings.js';
import { SETTINGS, tableRow } from '../helpers/table-row.js';

const NEW: Rating = { mu: 25, sigma: 25 / 3 };
let ids = 0;
const T0 = 1_796_100_000_000;

const account = (username: string, extra: Partial<AccountRow> = {}): AccountRow => ({
  id: `racc${ids++}`,
  username,
  createdAt: 1,
  passwordHash: null,
  bannedAt: null,
  kind: 'person',
  ...extra,
});

/** A rated game of three seats as `result` says, stored whole, ending at `at`. */
async function playRated(store: Store, id: string, at: number, result: RatedResult): Promise<void> {
  const seats: SeatRow[] = result.seats.map((s, seat) => ({
    seat,
    name: `P${seat + 1}`,
    tokenHash: 'account' in s ? `hash${seat}` : null,
    bot: 'anchor' in s ? s.anchor : null,
    away: false,
    ...('account' in s ? { accountId: s.account } : {}),
  }));
  const table = tableRow('lobby', {
    code: `R${id}`,
    settings: { ...SETTINGS, players: 3, coach: false, rated: true },
    createdAt: at - 1000,
    version: 1,
  });
  await store.saveTable(table, seats);
  const playing = { ...table, status: 'playing' as const, gameId: id, version: 2 };
  await store.commitTable({
    code: table.code,
    game: {
      id,
      tableCode: table.code,
      options: { players: 3, mode: 'individual', rounds: 1 },
      seed: 7,
      names: seats.map((s) => s.name ?? ''),
      bots: seats.map((s) => s.bot),
      botAccounts: seats.map(() => false),
      status: 'running',
      startedAt: at - 500,
      finishedAt: null,
      rated: { pool: result.pool, seats: result.seats },
    },
    table: { row: playing, seats },
  });
  await store.appendAction(
    id,
    { seq: 1, action: { type: 'play', seat: 0, card: 5 }, byBot: false, at },
    {
      finished: { at, totals: [0, 0, 0], rated: result },
      table: { row: { ...playing, status: 'finished', version: 3 }, seats },
    },
  );
}

const threeSeats = (seats: RatedResult['seats'], ranks: number[]): RatedResult => ({
  pool: '3p',
  seats,
  teams: [[0], [1], [2]],
  ranks,
});

describe.each(storeKinds)('the $name store’s ratings', (kind) => {
  const { skip } = kind;
  let store: Store;
  storeSuite(kind, (opened) => {
    store = opened.store;
  });

  it.skipIf(skip)(
    'stores openskill’s ratings for a ranking with a tie, and the anchor’s stay as they are',
    async () => {
      const [ann, bea] = [account('s_ann'), account('s_bea')];
      for (const a of [ann, bea]) await store.createAccount(a);
      const hard = anchorRating('3p', 'hard');
      // Ann and the hard bot tie for first; Bea is last.
      await playRated(
        store,
        'sg1',
        T0,
        threeSeats([{ account: ann.id }, { account: bea.id }, { anchor: 'hard' }], [1, 3, 1]),
      );
      const expected = rate([[NEW], [NEW], [hard]], { rank: [1, 3, 1] });
      expect(await store.currentRating(ann.id, '3p')).toEqual({
        rating: displayed(expected[0][0]),
        provisional: true,
        games: 1,
      });
      expect((await store.currentRating(bea.id, '3p'))?.rating).toBe(displayed(expected[1][0]));
      expect(anchorRating('3p', 'hard')).toEqual(hard);
      expect(await store.gameRatings('sg1')).toEqual([
        { seat: 0, before: null, after: displayed(expected[0][0]), provisional: true },
        { seat: 1, before: null, after: displayed(expected[1][0]), provisional: true },
      ]);

      // The next game starts from there; a guest counts as a newcomer and keeps nothing.
      await playRated(
        store,
        'sg2',
        T0 + 10,
        threeSeats([{ unrated: true }, { account: bea.id }, { account: ann.id }], [1, 2, 3]),
      );
      const next = rate([[NEW], [expected[1][0]], [expected[0][0]]], { rank: [1, 2, 3] });
      expect(await store.currentRating(ann.id, '3p')).toMatchObject({ rating: displayed(next[2][0]), games: 2 });
      expect((await store.ratingHistory(ann.id, '3p', 10)).map((p) => [p.gameId, p.rating])).toEqual([
        ['sg1', displayed(expected[0][0])],
        ['sg2', displayed(next[2][0])],
      ]);
      expect((await store.ratingHistory(ann.id, '3p', 1)).map((p) => p.gameId)).toEqual(['sg2']);
      expect((await store.gameRatings('sg2'))[1]).toMatchObject({
        seat: 2,
        before: displayed(expected[0][0]),
        after: displayed(next[2][0]),
      });
      expect(await store.ratingsOf(ann.id)).toEqual({ '3p': await store.currentRating(ann.id, '3p') });
    },
  );

  it.skipIf(skip)('never rates a bot account or a banned person, who are ranked all the same', async () => {
    const [cy, bot, banned] = [account('s_cy'), account('s_bot', { kind: 'bot' }), account('s_ban', { bannedAt: 5 })];
    for (const a of [cy, banned]) await store.createAccount(a);
    await store.createBotAccount(bot, 'bot-token-hash');
    await playRated(
      store,
      'sg3',
      T0 + 20,
      threeSeats([{ account: bot.id }, { account: banned.id }, { account: cy.id }], [1, 2, 3]),
    );
    const expected = rate([[NEW], [NEW], [NEW]], { rank: [1, 2, 3] });
    expect(await store.ratingsOf(bot.id)).toEqual({});
    expect(await store.ratingsOf(banned.id)).toEqual({});
    expect((await store.currentRating(cy.id, '3p'))?.rating).toBe(displayed(expected[2][0]));
  });

  it.skipIf(skip)(
    'lists only players who are no longer provisional, best first; deletion takes the ratings',
    async () => {
      const [dan, eve, fay] = [account('s_dan'), account('s_eve'), account('s_fay')];
      for (const a of [dan, eve, fay]) await store.createAccount(a);
      const seats = [{ account: dan.id }, { account: eve.id }, { account: fay.id }];
      // Dan wins and Eve is second every time, against the hard bot in Fay's place at first.
      const played: Rating[] = [NEW, NEW];
      let n = 0;
      while (played[0].sigma > PROVISIONAL_SIGMA) {
        await playRated(store, `sl${n}`, T0 + 100 + n, threeSeats([seats[0], seats[1], { anchor: 'hard' }], [1, 2, 3]));
        const r = rate([[played[0]], [played[1]], [anchorRating('3p', 'hard')]], { rank: [1, 2, 3] });
        [played[0], played[1]] = [r[0][0], r[1][0]];
        n++;
      }
      // Fay played once: still provisional.
      await playRated(
        store,
        'slf',
        T0 + 900,
        threeSeats([{ anchor: 'easy' }, { anchor: 'easy' }, seats[2]], [1, 2, 3]),
      );
      expect(played[1].sigma).toBeLessThanOrEqual(PROVISIONAL_SIGMA);
      const board = await store.leaderboard('3p', 100);
      expect(board).toEqual([
        { username: 's_dan', rating: displayed(played[0]), games: n },
        { username: 's_eve', rating: displayed(played[1]), games: n },
      ]);
      expect(board[0].rating).toBeGreaterThan(board[1].rating);
      expect(await store.leaderboard('3p', 1)).toEqual(board.slice(0, 1));
      expect(await store.leaderboard('4p', 100)).toEqual([]);
      expect((await store.currentRating(fay.id, '3p'))?.provisional).toBe(true);

      await store.setBanned(eve.id, T0);
      expect((await store.leaderboard('3p', 100)).map((r) => r.username)).toEqual(['s_dan']);
      await store.deleteAccount(dan.id);
      expect(await store.ratingsOf(dan.id)).toEqual({});
      expect(await store.ratingHistory(dan.id, '3p', 100)).toEqual([]);
      expect(await store.leaderboard('3p', 100)).toEqual([]);
    },
  );
});
