/**
 * The store contract: one suite, run against the SQLite store and the PostgreSQL store,
 * so that the server behaves the same on either. Rows go in and come back equal; table
 * saves are compare-and-set; a taken sequence number is SeqTakenError; what is read back
 * is checked; migrations bring a fresh database and an older schema to the same end.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { PostgresStore } from '../../../src/server/store/postgres.js';
import { PG_MIGRATIONS } from '../../../src/server/store/postgres-schema.js';
import { StoredRowError } from '../../../src/server/store/rows.js';
import { SQLITE_FILE, SqliteStore } from '../../../src/server/store/sqlite.js';
import { SQLITE_MIGRATIONS } from '../../../src/server/store/sqlite-schema.js';
import {
  type ActionRow,
  type Fence,
  type GameRow,
  type SeatRow,
  SeqTakenError,
  StaleOwnerError,
  StaleTableError,
  type Store,
  type TableRow,
  type TableWrite,
  type TimerKey,
  type TimerRow,
} from '../../../src/server/store/store.js';
import { admin, freshDatabase } from '../helpers/postgres.js';
import { tempDataDir } from '../helpers/server.js';
import { type Backing, storeKinds as kinds, pgHere, type SuiteStore, storeSuite } from '../helpers/store-backings.js';

let codes = 0;
function tableRow(version: number, extra: Partial<TableRow> = {}): TableRow {
  return {
    code: `T${(codes++).toString().padStart(7, '0')}`,
    settings: {
      players: 3,
      mode: 'individual',
      rounds: 2,
      public: true,
      turnSeconds: 30,
      coach: true,
      turnClock: 'fast',
    },
    host: 0,
    status: 'lobby',
    gameId: null,
    createdAt: 1_764_000_000_123,
    version,
    ...extra,
  };
}
const seatsOf = (n: number, name = 'Ann'): SeatRow[] =>
  Array.from({ length: n }, (_, seat) => ({
    seat,
    name: seat === 0 ? name : null,
    tokenHash: seat === 0 ? 'hash0' : null,
    bot: null,
    away: false,
  }));
const gameOf = (table: TableRow, id: string): GameRow => ({
  id,
  tableCode: table.code,
  options: { players: 3, mode: 'individual', rounds: 2 },
  seed: 4_294_967_295,
  names: ['Ann', 'Medium bot', 'Bea'],
  bots: [null, 'medium', null],
  // Seat 3 a bot account's: kept as it started (migration 15).
  botAccounts: [false, false, true],
  status: 'running',
  startedAt: 1_764_000_000_500,
  finishedAt: null,
});
/** A game started as the table starts one: its row and the table's next version, in one commitTable. */
const startGame = (store: Store, game: GameRow, table: TableRow, seats: readonly SeatRow[], fence?: Fence) =>
  store.commitTable({ code: table.code, game, table: { row: table, seats } }, fence);

/** Some of a table's deadlines set and others cleared, as the table stores them (commitTable). */
const changeTimers = (
  store: Store,
  code: string,
  set: readonly TimerRow[],
  clear: readonly TimerKey[],
  fence?: Fence,
) => store.commitTable({ code, timers: { tableCode: code, set, clear } }, fence);

/** A game's new status (abandoned), as the table stores it (commitTable). */
const abandon = (store: Store, table: TableRow, game: GameRow, at: number, fence?: Fence) =>
  store.commitTable({ code: table.code, gameStatus: { gameId: game.id, status: 'abandoned', at } }, fence);

/** How a game of gameOf's three seats ends: at this time, with these totals. */
const ended = (at: number, totals: readonly number[] = [10, -4, 10]) => ({ at, totals });

const play = (seq: number, seat: number, card: number): ActionRow => ({
  seq,
  action: { type: 'play', seat, card },
  byBot: seq % 2 === 0,
  at: 1_764_000_001_000 + seq,
});

describe.each(kinds)('the $name store', (kind) => {
  const { skip } = kind;
  let backing: Backing;
  let store: Store;
  let suite: SuiteStore;
  storeSuite(kind, (opened) => {
    suite = opened;
    ({ store, backing } = opened);
  });

  it.skipIf(skip)('gives a table and its seats back as they were saved', async () => {
    const table = tableRow(1, {
      settings: {
        players: 3,
        mode: 'individual',
        targetScore: 500,
        public: false,
        turnSeconds: 600,
        coach: false,
        turnClock: 'off',
      },
    });
    const seats: SeatRow[] = [
      { seat: 0, name: 'Ann', tokenHash: 'h0', bot: null, away: false },
      { seat: 1, name: 'Expert bot', tokenHash: null, bot: 'expert', away: false },
      { seat: 2, name: 'Bea', tokenHash: 'h2', bot: null, away: true },
    ];
    await store.saveTable(table, seats);
    expect(await store.loadTable(table.code)).toEqual({ table, seats });
    expect(await store.loadTable('NOSUCH00')).toBeNull();
  });

  it.skipIf(skip)(
    'saves tables compare-and-set: a second writer from the same version is refused and changes nothing',
    async () => {
      const v1 = tableRow(1);
      await store.saveTable(v1, seatsOf(3));
      await expect(store.saveTable(v1, seatsOf(3, 'Other'))).rejects.toBeInstanceOf(StaleTableError);
      const joined = [...seatsOf(3)];
      joined[1] = { seat: 1, name: 'Bea', tokenHash: 'h1', bot: null, away: false };
      await store.saveTable({ ...v1, version: 2 }, joined);
      // Someone else who also read version 1 tries to give seat 1 to a bot.
      const rival = [...seatsOf(3)];
      rival[1] = { seat: 1, name: 'Easy bot', tokenHash: null, bot: 'easy', away: false };
      await expect(store.saveTable({ ...v1, version: 2 }, rival)).rejects.toBeInstanceOf(StaleTableError);
      await expect(store.saveTable({ ...v1, version: 4 }, rival)).rejects.toBeInstanceOf(StaleTableError);
      expect(await store.loadTable(v1.code)).toEqual({ table: { ...v1, version: 2 }, seats: joined });
    },
  );

  it.skipIf(skip)(
    'two stores on one database racing for the same table version or sequence number: exactly one wins',
    async () => {
      const other = await backing.open();
      try {
        const table = tableRow(1);
        await store.saveTable(table, seatsOf(3));
        const next = { ...table, version: 2 };
        const saves = await Promise.allSettled([
          store.saveTable(next, seatsOf(3, 'Mine')),
          other.saveTable(next, seatsOf(3, 'Theirs')),
        ]);
        expect(saves.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const lost = saves.find((r) => r.status === 'rejected') as PromiseRejectedResult;
        expect(lost.reason).toBeInstanceOf(StaleTableError);
        const winner = saves[0].status === 'fulfilled' ? 'Mine' : 'Theirs';
        expect((await other.loadTable(table.code))?.seats[0].name).toBe(winner);

        const game = gameOf(table, `g-${table.code}`);
        await startGame(store, game, { ...next, status: 'playing', gameId: game.id, version: 3 }, seatsOf(3));
        const appends = await Promise.allSettled([
          store.appendAction(game.id, play(1, 0, 5)),
          other.appendAction(game.id, play(1, 0, 6)),
        ]);
        expect(appends.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        expect((appends.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(
          SeqTakenError,
        );
        expect(await store.loadActions(game.id)).toHaveLength(1);
      } finally {
        await other.close();
      }
    },
  );

  it.skipIf(skip)('lists public tables waiting for players, newest first, with their seats', async () => {
    const older = tableRow(1, { createdAt: 1_764_000_000_001 });
    const newer = tableRow(1, { createdAt: 1_764_000_000_002 });
    const secret = tableRow(1, { settings: { ...older.settings, public: false } });
    const started = tableRow(1);
    for (const t of [older, newer, secret, started]) await store.saveTable(t, seatsOf(3));
    await store.saveTable({ ...started, status: 'playing', version: 2 }, seatsOf(3));
    const mine = new Set([older.code, newer.code, secret.code, started.code]);
    const listed = (await store.publicLobbies(10_000)).filter((l) => mine.has(l.table.code));
    expect(listed).toEqual([
      { table: newer, seats: seatsOf(3), finished: [] },
      { table: older, seats: seatsOf(3), finished: [] },
    ]);
    // Back in the lobby after a game (a rematch waiting for someone new): listed with that game.
    const game = gameOf(started, `p-${started.code}`);
    await startGame(store, game, { ...started, status: 'playing', gameId: game.id, version: 3 }, seatsOf(3));
    await store.appendAction(game.id, play(1, 0, 5), { finished: ended(1_764_000_000_900) });
    await store.saveTable({ ...started, gameId: game.id, version: 4 }, seatsOf(3));
    expect((await store.publicLobbies(10_000)).find((l) => l.table.code === started.code)?.finished).toEqual([game.id]);
    expect(await store.publicLobbies(1)).toHaveLength(1);
  });

  it.skipIf(skip)('lists the codes of tables that are not closed', async () => {
    const open = tableRow(1);
    const closed = tableRow(1);
    await store.saveTable(open, seatsOf(2));
    await store.saveTable(closed, seatsOf(2));
    await store.saveTable({ ...closed, status: 'closed', version: 2 }, seatsOf(2));
    const codes = await store.openTableCodes();
    expect(codes).toContain(open.code);
    expect(codes).not.toContain(closed.code);
  });

  it.skipIf(skip)(
    'starts a game together with its table, appends actions in order and refuses a taken sequence number',
    async () => {
      const table = tableRow(1);
      await store.saveTable(table, seatsOf(3));
      const playing = { ...table, status: 'playing' as const, gameId: `g-${table.code}`, version: 2 };
      const game = gameOf(table, playing.gameId);
      await startGame(store, game, playing, seatsOf(3));
      expect(await store.loadGame(game.id)).toEqual(game);
      expect((await store.loadTable(table.code))?.table).toEqual(playing);

      const pass: ActionRow = {
        seq: 1,
        action: { type: 'pass', seat: 2, pass: { left: 10, right: 20.5, devil: [3] } },
        byBot: false,
        at: 1_764_000_000_900,
      };
      await store.appendAction(game.id, pass);
      await store.appendAction(game.id, play(2, 0, 7));
      await expect(store.appendAction(game.id, play(2, 1, 8))).rejects.toBeInstanceOf(SeqTakenError);
      await store.appendAction(game.id, play(3, 1, 9), { finished: ended(1_764_000_009_999) });
      expect(await store.loadActions(game.id)).toEqual([pass, play(2, 0, 7), play(3, 1, 9)]);
      expect(await store.loadGame(game.id)).toEqual({ ...game, status: 'finished', finishedAt: 1_764_000_009_999 });
      expect((await store.finishedGames(table.code)).map((g) => g.id)).toEqual([game.id]);
    },
  );

  it.skipIf(skip)('keeps a wide seed to the last digit, and a 32-bit seed as the number it was', async () => {
    // All digits: a column that took it for a number would round it.
    for (const seed of ['9'.repeat(64), `${'0f'.repeat(31)}e1`, 4_294_967_295]) {
      const table = tableRow(1);
      await store.saveTable(table, seatsOf(3));
      const game = { ...gameOf(table, `s-${table.code}`), seed };
      await startGame(store, game, { ...table, status: 'playing', gameId: game.id, version: 2 }, seatsOf(3));
      expect((await store.loadGame(game.id))?.seed).toBe(seed);
    }
  });

  it.skipIf(skip)('keeps one analysis per game: the first stored stays', async () => {
    const table = tableRow(1);
    await store.saveTable(table, seatsOf(3));
    const game = gameOf(table, `a-${table.code}`);
    await startGame(store, game, { ...table, status: 'playing', gameId: game.id, version: 2 }, seatsOf(3));
    expect(await store.loadAnalysis(game.id)).toBeNull();
    const first = JSON.stringify({
      format: 'bottle-imp-analysis/1',
      seed: 1,
      decisions: [{ why: 'ends the round with a bottle in 12 % of deals' }],
    });
    await store.saveAnalysis(game.id, first, 1_764_000_010_000);
    await store.saveAnalysis(game.id, JSON.stringify({ format: 'bottle-imp-analysis/1', seed: 2 }), 1_764_000_020_000);
    expect(await store.loadAnalysis(game.id)).toBe(first);
    expect(await store.loadAnalysis('no-such-game')).toBeNull();
  });

  it.skipIf(skip)('keeps analysis requests, oldest first, across a reopening until analysed or dropped', async () => {
    const games: GameRow[] = [];
    for (let i = 0; i < 3; i++) {
      const table = tableRow(1);
      await store.saveTable(table, seatsOf(3));
      const game = gameOf(table, `r-${table.code}`);
      await startGame(store, game, { ...table, status: 'playing', gameId: game.id, version: 2 }, seatsOf(3));
      games.push(game);
    }
    const [a, b, c] = games.map((g) => g.id);
    const one = { node: 'node-1', leaseMs: 60_000 };
    const two = { node: 'node-2', leaseMs: 60_000 };
    await store.requestAnalysis(b, 1_764_000_030_000);
    await store.requestAnalysis(a, 1_764_000_031_000);
    await store.requestAnalysis(c, 1_764_000_032_000);
    // Asked again: the first request (and its place) stays.
    await store.requestAnalysis(b, 1_764_000_033_000);
    expect(await store.claimAnalyses(one, 2)).toEqual([b, a]);
    store = await suite.reopen();
    // A node's own claims are its own again (a restart with the same name); another's live claims are not.
    expect(await store.claimAnalyses(one, 10)).toEqual([b, a, c]);
    expect(await store.claimAnalyses(two, 10)).toEqual([]);
    expect(await store.claimAnalyses(two, 10, a)).toEqual([]);
    await store.saveAnalysis(b, JSON.stringify({ format: 'bottle-imp-analysis/1' }), 1_764_000_034_000);
    await store.dropAnalysisRequest(c);
    expect(await store.claimAnalyses(one, 10)).toEqual([a]);
    expect(await store.loadAnalysis(c)).toBeNull();
    await store.dropAnalysisRequest(a);
    expect(await store.claimAnalyses(one, 10)).toEqual([]);
  });

  it.skipIf(skip)('an analysis claim runs out unless renewed; then another node may take it', async () => {
    const table = tableRow(1);
    await store.saveTable(table, seatsOf(3));
    const game = gameOf(table, `q-${table.code}`);
    await startGame(store, game, { ...table, status: 'playing', gameId: game.id, version: 2 }, seatsOf(3));
    await store.requestAnalysis(game.id, 1_764_000_040_000);
    // A claim that has already run out (a lease in the past) stands for a dead node's.
    expect(await store.claimAnalyses({ node: 'node-1', leaseMs: -1000 }, 10)).toEqual([game.id]);
    await store.renewAnalysisClaims({ node: 'node-1', leaseMs: 60_000 });
    expect(await store.claimAnalyses({ node: 'node-2', leaseMs: 60_000 }, 10)).toEqual([]);
    await store.renewAnalysisClaims({ node: 'node-1', leaseMs: -1000 });
    expect(await store.claimAnalyses({ node: 'node-2', leaseMs: 60_000 }, 10, game.id)).toEqual([game.id]);
    expect(await store.claimAnalyses({ node: 'node-1', leaseMs: 60_000 }, 10)).toEqual([]);
    await store.dropAnalysisRequest(game.id);
  });

  it.skipIf(skip)(
    "the game's last action finishes the game and its table in one write, compare-and-set: stale, none of it is stored",
    async () => {
      const table = tableRow(1);
      await store.saveTable(table, seatsOf(3));
      const game = gameOf(table, `e-${table.code}`);
      const playing = { ...table, status: 'playing' as const, gameId: game.id, version: 2 };
      await startGame(store, game, playing, seatsOf(3));
      const clock = { tableCode: table.code, kind: 'turn' as const, seat: 0, deadline: 1_764_000_050_000 };
      await store.appendAction(game.id, play(1, 0, 5), {
        timers: { tableCode: table.code, set: [clock], clear: [] },
      });
      const end = ended(1_764_000_060_000);
      const clear = { tableCode: table.code, set: [], clear: [{ kind: 'turn' as const, seat: 0 }] };
      // Written from a version the table is no longer at: refused, and the action, the game's
      // end and the clock change are not stored either.
      const stale = { row: { ...playing, status: 'finished' as const, version: 2 }, seats: seatsOf(3) };
      await expect(
        store.appendAction(game.id, play(2, 1, 6), { finished: end, table: stale, timers: clear }),
      ).rejects.toBeInstanceOf(StaleTableError);
      expect(await store.loadActions(game.id)).toHaveLength(1);
      expect((await store.loadGame(game.id))?.status).toBe('running');
      expect(await store.loadTable(table.code)).toEqual({ table: playing, seats: seatsOf(3) });
      expect(await store.timersOf(table.code)).toEqual([clock]);

      const finished = { ...playing, status: 'finished' as const, version: 3 };
      await store.appendAction(game.id, play(2, 1, 6), {
        finished: end,
        table: { row: finished, seats: seatsOf(3) },
        timers: clear,
      });
      expect(await store.loadActions(game.id)).toHaveLength(2);
      expect(await store.loadGame(game.id)).toMatchObject({ status: 'finished', finishedAt: end.at });
      expect(await store.loadTable(table.code)).toEqual({ table: finished, seats: seatsOf(3) });
      expect(await store.timersOf(table.code)).toEqual([]);
    },
  );

  it.skipIf(skip)('a refused start stores no game, and a refused last action does not finish the game', async () => {
    const table = tableRow(1);
    await store.saveTable(table, seatsOf(3));
    const game = gameOf(table, `g-${table.code}`);
    await expect(
      startGame(store, game, { ...table, status: 'playing', gameId: game.id, version: 3 }, seatsOf(3)),
    ).rejects.toBeInstanceOf(StaleTableError);
    expect(await store.loadGame(game.id)).toBeNull();

    await startGame(store, game, { ...table, status: 'playing', gameId: game.id, version: 2 }, seatsOf(3));
    await store.appendAction(game.id, play(1, 0, 5));
    await expect(store.appendAction(game.id, play(1, 0, 6), { finished: ended(1) })).rejects.toBeInstanceOf(
      SeqTakenError,
    );
    expect((await store.loadGame(game.id))?.status).toBe('running');
    await abandon(store, table, game, 1_764_000_100_000);
    expect(await store.loadGame(game.id)).toEqual({ ...game, status: 'abandoned', finishedAt: 1_764_000_100_000 });
    expect(await store.finishedGames(table.code)).toEqual([]);
  });

  it.skipIf(skip)('keeps chat in order and gives back the most recent messages', async () => {
    const table = tableRow(1);
    await store.saveTable(table, seatsOf(3));
    for (let i = 0; i < 5; i++)
      await store.addChat({
        tableCode: table.code,
        gameId: null,
        seat: i % 3,
        name: `P${i}`,
        text: i === 3 ? null : `hello ${i}`,
        reaction: i === 3 ? '🍾' : null,
        at: 1_764_000_000_000 + i,
        accountId: null,
      });
    const recent = await store.recentChat(table.code, 3);
    expect(recent.map((c) => c.text ?? c.reaction)).toEqual(['hello 2', '🍾', 'hello 4']);
    expect(recent[1]).toEqual({
      tableCode: table.code,
      gameId: null,
      seat: 0,
      name: 'P3',
      text: null,
      reaction: '🍾',
      at: 1_764_000_000_003,
      accountId: null,
    });
  });

  it.skipIf(skip)('sets, moves and clears stored deadlines', async () => {
    const table = tableRow(1);
    await store.saveTable(table, seatsOf(3));
    await store.setTimer({ tableCode: table.code, kind: 'absence', seat: 1, deadline: 1_764_000_060_000 });
    await store.setTimer({ tableCode: table.code, kind: 'close', seat: -1, deadline: 1_764_001_800_000 });
    await store.setTimer({ tableCode: table.code, kind: 'absence', seat: 1, deadline: 1_764_000_090_000 });
    await store.setTimer({ tableCode: table.code, kind: 'turn', seat: 1, deadline: 1_764_000_040_000 });
    const sorted = async () => (await store.timersOf(table.code)).sort((a, b) => a.kind.localeCompare(b.kind));
    expect(await sorted()).toEqual([
      { tableCode: table.code, kind: 'absence', seat: 1, deadline: 1_764_000_090_000 },
      { tableCode: table.code, kind: 'close', seat: -1, deadline: 1_764_001_800_000 },
      { tableCode: table.code, kind: 'turn', seat: 1, deadline: 1_764_000_040_000 },
    ]);
    await changeTimers(store, table.code, [], [{ kind: 'absence', seat: 1 }]);
    await changeTimers(store, table.code, [], [{ kind: 'turn', seat: 1 }]);
    await changeTimers(store, table.code, [], [{ kind: 'absence', seat: 2 }]);
    expect((await sorted()).map((t) => t.kind)).toEqual(['close']);

    // Several at once (a turn's clocks): seat 1's stops, seat 2's starts, the close moves.
    await store.setTimer({ tableCode: table.code, kind: 'turn', seat: 1, deadline: 1_764_000_050_000 });
    await changeTimers(
      store,
      table.code,
      [
        { tableCode: table.code, kind: 'turn', seat: 2, deadline: 1_764_000_070_000 },
        { tableCode: table.code, kind: 'close', seat: -1, deadline: 1_764_002_000_000 },
      ],
      [
        { kind: 'turn', seat: 1 },
        { kind: 'absence', seat: 0 },
      ],
    );
    expect(await sorted()).toEqual([
      { tableCode: table.code, kind: 'close', seat: -1, deadline: 1_764_002_000_000 },
      { tableCode: table.code, kind: 'turn', seat: 2, deadline: 1_764_000_070_000 },
    ]);
    await changeTimers(store, table.code, [], [{ kind: 'turn', seat: 2 }]);
    expect((await sorted()).map((t) => t.kind)).toEqual(['close']);
  });

  it.skipIf(skip)('a table change is one write: its seats, game, game status and deadlines, or none', async () => {
    const table = tableRow(1);
    await store.saveTable(table, seatsOf(3));
    const fence = (await store.claimTable(table.code, 'node-c', 60_000))!;
    const timer = (kind: TimerRow['kind'], seat: number, deadline: number): TimerRow => ({
      tableCode: table.code,
      kind,
      seat,
      deadline,
    });
    await store.setTimer(timer('close', -1, 1_764_000_090_000));
    const game = gameOf(table, `w-${table.code}`);
    const playing = { ...table, status: 'playing' as const, gameId: game.id, version: 2 };
    const away = seatsOf(3).map((s) => (s.seat === 0 ? { ...s, away: true } : s));
    // The game starts with its table's new state; the close deadline stops, seat 0's clock starts.
    await store.commitTable(
      {
        code: table.code,
        table: { row: playing, seats: away },
        game,
        timers: {
          tableCode: table.code,
          set: [timer('turn', 0, 1_764_000_010_000)],
          clear: [{ kind: 'close', seat: -1 }],
        },
      },
      fence,
    );
    expect(await store.loadTable(table.code)).toEqual({ table: playing, seats: away });
    expect(await store.loadGame(game.id)).toEqual(game);
    expect(await store.timersOf(table.code)).toEqual([timer('turn', 0, 1_764_000_010_000)]);

    // A stale version stores nothing of the change: not the game's status, not a deadline.
    const closing: TableWrite & { table: NonNullable<TableWrite['table']> } = {
      code: table.code,
      table: { row: { ...playing, status: 'closed' as const, version: 2 }, seats: seatsOf(3, 'Late') },
      gameStatus: { gameId: game.id, status: 'abandoned' as const, at: 1_764_000_020_000 },
      timers: { tableCode: table.code, set: [timer('absence', 1, 1)], clear: [{ kind: 'turn', seat: 0 }] },
    };
    await expect(store.commitTable(closing, fence)).rejects.toBeInstanceOf(StaleTableError);
    // Nor does a stale fence, even at the right version.
    const next = { ...closing, table: { ...closing.table, row: { ...closing.table.row, version: 3 } } };
    await expect(store.commitTable(next, fence - 1)).rejects.toBeInstanceOf(StaleOwnerError);
    expect(await store.loadTable(table.code)).toEqual({ table: playing, seats: away });
    expect((await store.loadGame(game.id))?.status).toBe('running');
    expect(await store.timersOf(table.code)).toEqual([timer('turn', 0, 1_764_000_010_000)]);

    // At the next version all of it is stored; a change of deadlines alone needs no table row.
    await store.commitTable(next, fence);
    expect(await store.loadTable(table.code)).toEqual({ table: next.table.row, seats: seatsOf(3, 'Late') });
    expect(await store.loadGame(game.id)).toMatchObject({ status: 'abandoned', finishedAt: 1_764_000_020_000 });
    expect(await store.timersOf(table.code)).toEqual([timer('absence', 1, 1)]);
    await store.commitTable({
      code: table.code,
      timers: { tableCode: table.code, set: [], clear: [{ kind: 'absence', seat: 1 }] },
    });
    expect(await store.timersOf(table.code)).toEqual([]);
  });

  it.skipIf(skip)('an action and the turn clocks it changes are one write: both are stored, or neither', async () => {
    const table = tableRow(1);
    await store.saveTable(table, seatsOf(3));
    const fence = (await store.claimTable(table.code, 'node-a', 60_000))!;
    const game = gameOf(table, `c-${table.code}`);
    await startGame(store, game, { ...table, status: 'playing', gameId: game.id, version: 2 }, seatsOf(3), fence);
    const turn = (seat: number, deadline: number): TimerRow => ({
      tableCode: table.code,
      kind: 'turn',
      seat,
      deadline,
    });
    const clocks = (set: TimerRow[], clear: TimerKey[]) => ({ tableCode: table.code, set, clear });
    await store.setTimer(turn(0, 1_764_000_010_000), fence);
    await store.setTimer({ tableCode: table.code, kind: 'close', seat: -1, deadline: 1_764_000_090_000 }, fence);

    // Seat 0 plays: its clock stops, seat 1's starts; the table's other deadlines stay.
    await store.appendAction(
      game.id,
      play(1, 0, 5),
      { timers: clocks([turn(1, 1_764_000_020_000)], [{ kind: 'turn', seat: 0 }]) },
      fence,
    );
    const sorted = async () => (await store.timersOf(table.code)).sort((a, b) => a.kind.localeCompare(b.kind));
    expect(await store.loadActions(game.id)).toEqual([play(1, 0, 5)]);
    expect(await sorted()).toEqual([
      { tableCode: table.code, kind: 'close', seat: -1, deadline: 1_764_000_090_000 },
      turn(1, 1_764_000_020_000),
    ]);

    // A taken sequence number stores neither the action nor its clocks.
    await expect(
      store.appendAction(game.id, play(1, 1, 6), { timers: clocks([turn(2, 1)], [{ kind: 'turn', seat: 1 }]) }, fence),
    ).rejects.toBeInstanceOf(SeqTakenError);
    // Without a fence (a single node) the same write is not checked for an owner.
    await store.appendAction(game.id, play(2, 1, 6), { timers: clocks([turn(1, 1_764_000_030_000)], []) });
    expect(await sorted()).toEqual([
      { tableCode: table.code, kind: 'close', seat: -1, deadline: 1_764_000_090_000 },
      turn(1, 1_764_000_030_000),
    ]);

    // An owner whose table was taken over stores neither.
    await store.renewLeases('node-a', 1);
    await new Promise((r) => setTimeout(r, 30));
    const current = (await store.claimTable(table.code, 'node-b', 60_000))!;
    await expect(
      store.appendAction(game.id, play(3, 2, 7), { timers: clocks([turn(2, 1)], [{ kind: 'turn', seat: 1 }]) }, fence),
    ).rejects.toBeInstanceOf(StaleOwnerError);
    expect((await store.loadActions(game.id)).map((a) => a.seq)).toEqual([1, 2]);
    expect(await sorted()).toEqual([
      { tableCode: table.code, kind: 'close', seat: -1, deadline: 1_764_000_090_000 },
      turn(1, 1_764_000_030_000),
    ]);

    // The last action: the game finishes and the clocks stop, together.
    await store.appendAction(
      game.id,
      play(3, 2, 7),
      { finished: ended(1_764_000_040_000), timers: clocks([], [{ kind: 'turn', seat: 1 }]) },
      current,
    );
    expect((await store.loadGame(game.id))?.status).toBe('finished');
    expect((await sorted()).map((t) => t.kind)).toEqual(['close']);
  });

  it.skipIf(skip)('checks what it reads back: a damaged row is an error naming the field, not a value', async () => {
    const table = tableRow(1);
    await store.saveTable(table, seatsOf(3));
    const game = gameOf(table, `g-${table.code}`);
    await startGame(store, game, { ...table, status: 'playing', gameId: game.id, version: 2 }, seatsOf(3));
    await store.appendAction(game.id, play(1, 0, 5));
    await backing.raw(
      `UPDATE games SET options = '{"players": 9, "mode": "individual", "rounds": 1}' WHERE id = '${game.id}'`,
    );
    await expect(store.loadGame(game.id)).rejects.toThrow(StoredRowError);
    await expect(store.loadGame(game.id)).rejects.toThrow(/stored game is malformed: options/);
    await backing.raw(`UPDATE actions SET action = '{"type": "play", "seat": 1}' WHERE game_id = '${game.id}'`);
    await expect(store.loadActions(game.id)).rejects.toThrow(StoredRowError);
    await backing.raw(`UPDATE tables SET status = 'dancing' WHERE code = '${table.code}'`);
    await expect(store.loadTable(table.code)).rejects.toThrow(/status/);
  });

  it.skipIf(skip)(
    'retention: sweeps closed, quiet tables of chat, tokens and unfinished games, and keeps finished games',
    async () => {
      const at = 1_764_000_000_000;
      const cutoff = at + 100_000;
      const withToken: SeatRow[] = [
        { seat: 0, name: 'Ann', tokenHash: 'h0', bot: null, away: false },
        { seat: 1, name: 'Easy bot', tokenHash: null, bot: 'easy', away: false },
      ];
      /** A table with a game of the given status, some chat and a timer, then closed. */
      const make = async (
        status: 'finished' | 'abandoned',
        chatAt: number,
        tableStatus: TableRow['status'] = 'closed',
      ) => {
        const table = tableRow(1, { createdAt: at });
        await store.saveTable(table, withToken);
        const game = { ...gameOf(table, `g-${table.code}`), startedAt: at + 10 };
        await startGame(store, game, { ...table, status: 'playing', gameId: game.id, version: 2 }, withToken);
        await store.appendAction(
          game.id,
          play(1, 0, 5),
          status === 'finished' ? { finished: ended(at + 20) } : undefined,
        );
        if (status === 'abandoned') await abandon(store, table, game, at + 20);
        await store.addChat({
          tableCode: table.code,
          gameId: game.id,
          seat: 0,
          name: 'Ann',
          text: 'hi',
          reaction: null,
          at: chatAt,
          accountId: null,
        });
        await store.setTimer({ tableCode: table.code, kind: 'close', seat: -1, deadline: at + 30 });
        await store.saveTable({ ...table, status: tableStatus, gameId: game.id, version: 3 }, withToken);
        return { code: table.code, gameId: game.id };
      };
      const abandoned = await make('abandoned', at + 30);
      const finished = await make('finished', at + 30);
      // Spoken in after the cutoff, or still open: left alone.
      const recent = await make('abandoned', cutoff + 1);
      const open = await make('abandoned', at + 30, 'finished');

      let swept = 0;
      for (let n = 1; n > 0; swept += n) n = await store.sweep(cutoff, 1);
      expect(swept).toBeGreaterThanOrEqual(2);
      expect(await store.sweep(cutoff, 10)).toBe(0);

      expect(await store.loadTable(abandoned.code)).toBeNull();
      expect(await store.loadGame(abandoned.gameId)).toBeNull();
      expect(await store.loadActions(abandoned.gameId)).toEqual([]);
      expect(await store.recentChat(abandoned.code, 10)).toEqual([]);
      expect(await store.timersOf(abandoned.code)).toEqual([]);

      const kept = await store.loadTable(finished.code);
      expect(kept?.table.status).toBe('closed');
      expect(kept?.seats.map((s) => s.tokenHash)).toEqual([null, null]);
      expect((await store.loadGame(finished.gameId))?.status).toBe('finished');
      expect(await store.loadActions(finished.gameId)).toHaveLength(1);
      expect(await store.recentChat(finished.code, 10)).toEqual([]);

      for (const untouched of [recent, open]) {
        expect((await store.loadTable(untouched.code))?.seats[0].tokenHash).toBe('h0');
        expect(await store.recentChat(untouched.code, 10)).toHaveLength(1);
        expect(await store.loadActions(untouched.gameId)).toHaveLength(1);
      }
    },
  );
  // ---- ownership in a cluster ----

  it.skipIf(skip)(
    'leases: one owner at a time; a running lease is refused to others, an expired or released one is taken with the next fence',
    async () => {
      const table = tableRow(1);
      await store.saveTable(table, seatsOf(3));
      expect(await store.ownerOf(table.code)).toBeNull();
      expect(await store.orphanedTables(10_000)).toContain(table.code);
      expect(await store.claimTable(table.code, 'node-a', 60_000)).toBe(1);
      expect(await store.ownerOf(table.code)).toEqual({ node: 'node-a', fence: 1, live: true });
      expect(await store.orphanedTables(10_000)).not.toContain(table.code);
      expect(await store.claimTable(table.code, 'node-b', 60_000)).toBeNull();
      // The holder may claim again (after dropping the table): a new fence all the same.
      expect(await store.claimTable(table.code, 'node-a', 60_000)).toBe(2);
      expect((await store.renewLeases('node-a', 60_000)).get(table.code)).toBe(2);
      expect((await store.renewLeases('node-b', 60_000)).has(table.code)).toBe(false);

      // A lease that is not renewed runs out; then any node takes the table.
      expect((await store.renewLeases('node-a', 40)).get(table.code)).toBe(2);
      await new Promise((r) => setTimeout(r, 120));
      expect(await store.ownerOf(table.code)).toEqual({ node: 'node-a', fence: 2, live: false });
      expect(await store.orphanedTables(10_000)).toContain(table.code);
      expect(await store.claimTable(table.code, 'node-b', 60_000)).toBe(3);
      expect((await store.renewLeases('node-a', 60_000)).has(table.code)).toBe(false);

      // Released (a node shutting down): taken at once, no wait for the lease.
      await store.releaseTables('node-a', [table.code]);
      expect(await store.ownerOf(table.code)).toMatchObject({ node: 'node-b' });
      await store.releaseTables('node-b', [table.code]);
      expect(await store.ownerOf(table.code)).toBeNull();
      expect(await store.claimTable(table.code, 'node-c', 60_000)).toBe(4);

      // A table just made is its creator's to claim: no other node adopts it meanwhile.
      const fresh = tableRow(1, { createdAt: Date.now() });
      await store.saveTable(fresh, seatsOf(2));
      expect(await store.orphanedTables(10_000)).not.toContain(fresh.code);
      expect(await store.claimTable(fresh.code, 'node-a', 60_000)).toBe(1);

      // Nobody owns a closed table, or one that does not exist.
      const closed = tableRow(1);
      await store.saveTable(closed, seatsOf(2));
      await store.saveTable({ ...closed, status: 'closed', version: 2 }, seatsOf(2));
      expect(await store.claimTable(closed.code, 'node-a', 60_000)).toBeNull();
      expect(await store.orphanedTables(10_000)).not.toContain(closed.code);
      expect(await store.claimTable('NOSUCH00', 'node-a', 60_000)).toBeNull();
    },
  );

  it.skipIf(skip)(
    'fencing: every write of an owner whose table was taken over is refused and changes nothing',
    async () => {
      const table = tableRow(1);
      await store.saveTable(table, seatsOf(3));
      const old = (await store.claimTable(table.code, 'node-a', 60_000))!;
      const game = gameOf(table, `f-${table.code}`);
      const playing = { ...table, status: 'playing' as const, gameId: game.id, version: 2 };
      await startGame(store, game, playing, seatsOf(3), old);
      await store.appendAction(game.id, play(1, 0, 5), undefined, old);
      await store.setTimer({ tableCode: table.code, kind: 'absence', seat: 2, deadline: 1_764_000_060_000 }, old);

      // node-a stalls past its lease; node-b takes the table over.
      await store.renewLeases('node-a', 1);
      await new Promise((r) => setTimeout(r, 30));
      const current = (await store.claimTable(table.code, 'node-b', 60_000))!;
      expect(current).toBe(old + 1);

      const stale = (write: Promise<unknown>) => expect(write).rejects.toBeInstanceOf(StaleOwnerError);
      await stale(store.appendAction(game.id, play(2, 1, 6), undefined, old));
      await stale(store.appendAction(game.id, play(2, 1, 6), { finished: ended(1_764_000_002_000) }, old));
      await stale(store.saveTable({ ...playing, host: 2, version: 3 }, seatsOf(3, 'Stale'), old));
      await stale(abandon(store, table, game, 1_764_000_003_000, old));
      await stale(
        store.addChat(
          {
            tableCode: table.code,
            gameId: game.id,
            seat: 0,
            name: 'Ann',
            text: 'x',
            reaction: null,
            at: 1,
            accountId: null,
          },
          old,
        ),
      );
      await stale(store.setTimer({ tableCode: table.code, kind: 'close', seat: -1, deadline: 1 }, old));
      await stale(changeTimers(store, table.code, [], [{ kind: 'absence', seat: 2 }], old));
      await stale(
        changeTimers(
          store,
          table.code,
          [{ tableCode: table.code, kind: 'turn', seat: 1, deadline: 1 }],
          [{ kind: 'absence', seat: 2 }],
          old,
        ),
      );
      const rival = gameOf(table, `r-${table.code}`);
      await stale(startGame(store, rival, { ...playing, gameId: rival.id, version: 3 }, seatsOf(3), old));
      // The refusal names the table and tells a client to try again.
      await expect(store.appendAction(game.id, play(2, 1, 6), undefined, old)).rejects.toMatchObject({
        table: table.code,
        code: 'ERR_UNAVAILABLE',
        status: 503,
      });

      // Nothing of the stale owner's was stored.
      expect(await store.loadActions(game.id)).toEqual([play(1, 0, 5)]);
      expect(await store.loadTable(table.code)).toEqual({ table: playing, seats: seatsOf(3) });
      expect((await store.loadGame(game.id))?.status).toBe('running');
      expect(await store.loadGame(rival.id)).toBeNull();
      expect(await store.recentChat(table.code, 10)).toEqual([]);
      expect(await store.timersOf(table.code)).toEqual([
        { tableCode: table.code, kind: 'absence', seat: 2, deadline: 1_764_000_060_000 },
      ]);

      // The new owner's writes go through; without a fence (a single node) writes are not checked.
      await store.appendAction(game.id, play(2, 1, 6), undefined, current);
      await store.appendAction(game.id, play(3, 2, 7), { finished: ended(1_764_000_004_000) }, current);
      await store.saveTable({ ...playing, status: 'finished', version: 3 }, seatsOf(3), current);
      await changeTimers(store, table.code, [], [{ kind: 'absence', seat: 2 }], current);
      await store.addChat({
        tableCode: table.code,
        gameId: null,
        seat: 0,
        name: 'A',
        text: 'z',
        reaction: null,
        at: 3,
        accountId: null,
      });
      expect((await store.loadActions(game.id)).map((a) => a.seq)).toEqual([1, 2, 3]);
      expect((await store.loadTable(table.code))?.table.status).toBe('finished');
      expect(await store.timersOf(table.code)).toEqual([]);
    },
  );

  it.skipIf(skip)(
    'fencing against a takeover in flight: a write that is acknowledged is seen by the new owner, or it is refused',
    async () => {
      const other = await backing.open();
      try {
        for (let round = 0; round < 8; round++) {
          const table = tableRow(1);
          await store.saveTable(table, seatsOf(3));
          const old = (await store.claimTable(table.code, 'node-a', 60_000))!;
          const game = gameOf(table, `x-${table.code}`);
          await startGame(store, game, { ...table, status: 'playing', gameId: game.id, version: 2 }, seatsOf(3), old);
          await store.releaseTables('node-a', [table.code]);
          // The old owner appends while node-b claims and, at once, reads the log it will replay.
          const [append, seen] = await Promise.allSettled([
            store.appendAction(game.id, play(1, 0, 5), undefined, old),
            other.claimTable(table.code, 'node-b', 60_000).then(() => other.loadActions(game.id)),
          ]);
          if (seen.status !== 'fulfilled') throw seen.reason;
          if (append.status === 'fulfilled') expect(seen.value).toHaveLength(1);
          else {
            expect(append.reason).toBeInstanceOf(StaleOwnerError);
            expect(await store.loadActions(game.id)).toEqual([]);
          }
        }
      } finally {
        await other.close();
      }
    },
  );
});

describe('migrations', () => {
  it('a fresh SQLite file and one made before migrations were numbered both come up at the last version', async () => {
    const fresh = tempDataDir();
    const made = new SqliteStore(fresh, { checkpoints: false });
    await made.close();
    const version = (dir: string) => {
      const db = new Database(path.join(dir, SQLITE_FILE), { readonly: true });
      const v = db.pragma('user_version', { simple: true });
      db.close();
      return v;
    };
    expect(version(fresh)).toBe(SQLITE_MIGRATIONS.length);

    // Today's file from an older server: its schema, a table in play and two actions.
    const old = tempDataDir();
    const db = new Database(path.join(old, SQLITE_FILE));
    db.exec(fs.readFileSync(new URL('./schema-before-migrations.sql', import.meta.url), 'utf8'));
    db.prepare('INSERT INTO tables (code, settings, host, status, game_id, created_at) VALUES (?, ?, 0, ?, ?, ?)').run(
      'OLDTABLE',
      JSON.stringify({ players: 2, mode: 'individual', rounds: 1, public: false, turnSeconds: 60 }),
      'playing',
      'g-old',
      1_700_000_000_000,
    );
    db.prepare('INSERT INTO seats (table_code, seat, name, token_hash, bot, away) VALUES (?, ?, ?, ?, ?, ?)').run(
      'OLDTABLE',
      0,
      'Ann',
      'h0',
      null,
      0,
    );
    db.prepare('INSERT INTO seats (table_code, seat, name, token_hash, bot, away) VALUES (?, ?, ?, ?, ?, ?)').run(
      'OLDTABLE',
      1,
      'Easy bot',
      null,
      'easy',
      0,
    );
    db.prepare(
      'INSERT INTO games (id, table_code, options, seed, names, bots, status, started_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(
      'g-old',
      'OLDTABLE',
      JSON.stringify({ players: 2, mode: 'individual', rounds: 1 }),
      42,
      '["Ann","Easy bot"]',
      '[null,"easy"]',
      'running',
      1_700_000_000_001,
    );
    db.prepare('INSERT INTO actions (game_id, seq, seat, action, by_bot, at) VALUES (?, ?, ?, ?, ?, ?)').run(
      'g-old',
      1,
      0,
      JSON.stringify({ type: 'play', seat: 0, card: 3 }),
      0,
      1_700_000_000_002,
    );
    db.close();
    expect(version(old)).toBe(0);

    const store = new SqliteStore(old, { checkpoints: false });
    try {
      expect(version(old)).toBe(SQLITE_MIGRATIONS.length);
      const loaded = await store.loadTable('OLDTABLE');
      expect(loaded?.table).toMatchObject({ code: 'OLDTABLE', status: 'playing', gameId: 'g-old', version: 1 });
      expect(loaded?.seats.map((s) => s.bot)).toEqual([null, 'easy']);
      // A game from before wide seeds (migration 7) keeps its 32-bit seed, so it deals as it did.
      expect((await store.loadGame('g-old'))?.seed).toBe(42);
      // Stored before the coach option and the turn clock existed: they are off.
      expect(loaded?.table.settings.coach).toBe(false);
      expect(loaded?.table.settings.turnClock).toBe('off');
      expect(await store.loadActions('g-old')).toEqual([
        { seq: 1, action: { type: 'play', seat: 0, card: 3 }, byBot: false, at: 1_700_000_000_002 },
      ]);
      await store.saveTable({ ...loaded!.table, status: 'finished', version: 2 }, loaded!.seats);
      expect((await store.loadTable('OLDTABLE'))?.table.version).toBe(2);
    } finally {
      await store.close();
    }
    // Opening again applies nothing twice.
    await new SqliteStore(old, { checkpoints: false }).close();
    expect(version(old)).toBe(SQLITE_MIGRATIONS.length);
  });

  it('a SQLite file from a newer server is refused with a clear error', () => {
    const dir = tempDataDir();
    const db = new Database(path.join(dir, SQLITE_FILE));
    db.pragma(`user_version = ${SQLITE_MIGRATIONS.length + 1}`);
    db.close();
    expect(() => new SqliteStore(dir, { checkpoints: false })).toThrow(/newer than this server/);
  });

  it.skipIf(!pgHere)(
    'PostgreSQL: nodes starting together migrate once, and an older schema is brought up to date',
    async () => {
      const fresh = await freshDatabase();
      try {
        const stores = await Promise.all([
          PostgresStore.open(fresh.url),
          PostgresStore.open(fresh.url),
          PostgresStore.open(fresh.url),
        ]);
        for (const s of stores) await s.close();
        const applied = await admin(
          (c) => c.query('SELECT version FROM schema_migrations ORDER BY version'),
          fresh.url,
        );
        expect(applied.rows.map((r) => r.version)).toEqual(PG_MIGRATIONS.map((_, i) => i + 1));
      } finally {
        await fresh.drop();
      }

      const old = await freshDatabase();
      try {
        await admin(async (c) => {
          await c.query(
            'CREATE TABLE schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
          );
          await c.query(PG_MIGRATIONS[0]);
          await c.query('INSERT INTO schema_migrations (version) VALUES (1)');
          await c.query(
            `INSERT INTO tables (code, settings, host, status, game_id, created_at) VALUES ('OLDTABLE', '{"players":2,"mode":"individual","rounds":1,"public":false,"turnSeconds":60}', 0, 'lobby', NULL, 1700000000000)`,
          );
          await c.query(
            `INSERT INTO seats (table_code, seat, name, token_hash, bot, away) VALUES ('OLDTABLE', 0, 'Ann', 'h0', NULL, false), ('OLDTABLE', 1, NULL, NULL, NULL, false)`,
          );
        }, old.url);
        const store = await PostgresStore.open(old.url);
        try {
          const loaded = await store.loadTable('OLDTABLE');
          expect(loaded?.table).toMatchObject({ code: 'OLDTABLE', version: 1 });
          await store.saveTable({ ...loaded!.table, version: 2 }, loaded!.seats);
          await expect(store.saveTable({ ...loaded!.table, version: 2 }, loaded!.seats)).rejects.toBeInstanceOf(
            StaleTableError,
          );
        } finally {
          await store.close();
        }
        await admin(
          (c) => c.query('INSERT INTO schema_migrations (version) VALUES ($1)', [PG_MIGRATIONS.length + 1]),
          old.url,
        );
        await expect(PostgresStore.open(old.url)).rejects.toThrow(/newer than this server/);
      } finally {
        await old.drop();
      }
    },
  );
});
