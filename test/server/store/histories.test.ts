/**
 * Accounts' finished games in the store, on SQLite and on PostgreSQL alike: a game's last
 * action keeps its players (totals, places, and the accounts holding the seats then); an
 * account's history comes back newest first, a page at a time in a stable order; a deleted
 * account's games stay with its name erased.
 */
import { describe, expect, it } from 'vitest';
import type { AccountRow, GameRow, SeatRow, Store } from '../../../src/server/store/store.js';
import { DELETED_NAME } from '../../../src/values/index.js';
import { storeKinds, storeSuite } from '../helpers/store-backings.js';
import { SETTINGS, tableRow } from '../helpers/table-row.js';

let ids = 0;
const account = (username: string): AccountRow => ({
  id: `hacc${ids++}`,
  username,
  createdAt: 1_796_036_421_826,
  passwordHash: null,
  bannedAt: null,
  kind: 'person',
});

const seat = (n: number, name: string, accountId: string | null): SeatRow => ({
  seat: n,
  name,
  tokenHash: `hash${n}`,
  bot: null,
  away: false,
  ...(accountId ? { accountId } : {}),
});

/**
 * A whole game at a new table of three seats held as `holders` says (an account, or null for
 * a guest) when it starts and, by `endHolders`, when it ends; finished at `at` with `totals`.
 */
async function playGame(
  store: Store,
  id: string,
  at: number,
  totals: readonly number[],
  holders: readonly (AccountRow | null)[],
  endHolders = holders,
): Promise<GameRow> {
  const names = ['Ann', 'Bea', 'Cy'];
  const seatsOf = (by: readonly (AccountRow | null)[]) => names.map((name, n) => seat(n, name, by[n]?.id ?? null));
  const table = tableRow('lobby', {
    code: `H${id}`,
    settings: { ...SETTINGS, players: 3 },
    createdAt: at - 1000,
    version: 1,
  });
  await store.saveTable(table, seatsOf(holders));
  const game: GameRow = {
    id,
    tableCode: table.code,
    options: { players: 3, mode: 'individual', rounds: 1 },
    seed: 7,
    names,
    bots: [null, null, null],
    botAccounts: [false, false, false],
    status: 'running',
    startedAt: at - 500,
    finishedAt: null,
  };
  const playing = { ...table, status: 'playing' as const, gameId: id, version: 2 };
  await store.commitTable({ code: table.code, game, table: { row: playing, seats: seatsOf(holders) } });
  await store.appendAction(
    id,
    { seq: 1, action: { type: 'play', seat: 0, card: 5 }, byBot: false, at },
    {
      finished: { at, totals },
      table: { row: { ...playing, status: 'finished', version: 3 }, seats: seatsOf(endHolders) },
    },
  );
  return game;
}

describe.each(storeKinds)('the $name store’s histories', (kind) => {
  const { skip } = kind;
  let store: Store;
  storeSuite(kind, (opened) => {
    store = opened.store;
  });

  it.skipIf(skip)('keeps who played a finished game, with totals and places', async () => {
    const [ann, bea] = [account('h_ann'), account('h_bea')];
    for (const a of [ann, bea]) await store.createAccount(a);
    // Bea signs in during the game: the seat is hers when it ends.
    const game = await playGame(store, 'hg1', 1_796_040_000_000, [12, -3, 12], [ann, null, null], [ann, null, bea]);
    expect(await store.gameCount(ann.id)).toBe(1);
    expect(await store.gameCount(bea.id)).toBe(1);
    const [played] = await store.gamesOf(ann.id, 10);
    expect(played).toEqual({
      game: { ...game, status: 'finished', finishedAt: 1_796_040_000_000 },
      seat: 0,
      players: [
        { score: 12, place: 1, username: 'h_ann' },
        { score: -3, place: 3, username: null },
        { score: 12, place: 1, username: 'h_bea' },
      ],
    });
    expect((await store.gamesOf(bea.id, 10)).map((g) => g.seat)).toEqual([2]);
  });

  it.skipIf(skip)('lists an account’s games newest first, a page at a time, each once', async () => {
    const cy = account('h_cy');
    await store.createAccount(cy);
    const t = 1_796_050_000_000;
    // Two games end at the same moment: the id orders them.
    await playGame(store, 'hp1', t, [1, 2, 3], [cy, null, null]);
    await playGame(store, 'hp2', t + 10, [1, 2, 3], [null, cy, null]);
    await playGame(store, 'hp3b', t + 20, [1, 2, 3], [null, null, cy]);
    await playGame(store, 'hp3a', t + 20, [1, 2, 3], [cy, null, null]);
    // Two seats of one game: listed once, at the first.
    await playGame(store, 'hp4', t + 30, [5, 5, 0], [null, cy, cy]);
    // Nobody's: not listed.
    await playGame(store, 'hp5', t + 40, [1, 2, 3], [null, null, null]);

    expect(await store.gameCount(cy.id)).toBe(5);
    const ids = async (limit: number, before?: string) =>
      (await store.gamesOf(cy.id, limit, before)).map((g) => `${g.game.id}@${g.seat}`);
    expect(await ids(10)).toEqual(['hp4@1', 'hp3b@2', 'hp3a@0', 'hp2@1', 'hp1@0']);
    expect(await ids(2)).toEqual(['hp4@1', 'hp3b@2']);
    expect(await ids(2, 'hp3b')).toEqual(['hp3a@0', 'hp2@1']);
    expect(await ids(2, 'hp2')).toEqual(['hp1@0']);
    expect(await ids(2, 'hp1')).toEqual([]);
    // A game of somebody else's sets the place in the order as well.
    expect(await ids(1, 'hp5')).toEqual(['hp4@1']);
    expect(await ids(2, 'no-such-game')).toEqual([]);
  });

  it.skipIf(skip)('a deleted account’s games stay, its name erased and its players no longer linked', async () => {
    const [dee, eve] = [account('h_dee'), account('h_eve')];
    for (const a of [dee, eve]) await store.createAccount(a);
    await playGame(store, 'hd1', 1_796_060_000_000, [3, 2, 1], [dee, eve, null]);
    await playGame(store, 'hd2', 1_796_060_001_000, [3, 2, 1], [null, dee, dee]);
    await store.deleteAccount(dee.id);

    expect((await store.loadGame('hd1'))?.names).toEqual([DELETED_NAME, 'Bea', 'Cy']);
    expect((await store.loadGame('hd2'))?.names).toEqual(['Ann', DELETED_NAME, DELETED_NAME]);
    expect(await store.gameCount(dee.id)).toBe(0);
    const [kept] = await store.gamesOf(eve.id, 10);
    expect(kept.game.names).toEqual([DELETED_NAME, 'Bea', 'Cy']);
    expect(kept.players.map((p) => p.username)).toEqual([null, 'h_eve', null]);
  });
});
