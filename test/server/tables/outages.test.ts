/**
 * Seat changes, leaving and rematches while the store refuses writes, on both stores, in
 * this process on virtual time: each is refused with ERR_UNAVAILABLE, and nothing changes
 * in memory or in the store, and nobody is told anything (no summary, no seat:lost). Once
 * the store answers again the same command goes through. SQLite refuses while another
 * connection holds the file's write lock; PostgreSQL while the TCP proxy in front of it is cut.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { PostgresStore } from '../../../src/server/store/postgres.js';
import { SQLITE_FILE } from '../../../src/server/store/sqlite.js';
import type { Table } from '../../../src/server/tables/table.js';
import { chooseAction } from '../helpers/choose.js';
import { type InProcess, inProcess, lastUpdate, type Player } from '../helpers/in-process.js';
import { freshDatabase, postgresAvailable } from '../helpers/postgres.js';
import { startTcpProxy } from '../helpers/tcp-proxy.js';

interface Outage {
  readonly tables: InProcess;
  down(): void;
  up(): void;
  close(): Promise<void>;
}

async function onSqlite(): Promise<Outage> {
  const tables = await inProcess();
  const other = new Database(path.join(tables.dataDir, SQLITE_FILE));
  return {
    tables,
    down: () => other.exec('BEGIN IMMEDIATE'),
    up: () => {
      if (other.inTransaction) other.exec('COMMIT');
    },
    async close() {
      other.close();
      await tables.close();
    },
  };
}

async function onPostgres(): Promise<Outage> {
  const db = await freshDatabase();
  const upstream = new URL(db.url);
  const proxy = await startTcpProxy(upstream.hostname, Number(upstream.port || 5432));
  const via = new URL(db.url);
  via.host = `127.0.0.1:${proxy.port}`;
  const store = await PostgresStore.open(via.toString());
  const tables = await inProcess({}, store);
  return {
    tables,
    down: () => proxy.cut(),
    up: () => proxy.restore(),
    async close() {
      await tables.close();
      await store.close();
      await proxy.close();
      await db.drop();
    },
  };
}

const stores: [string, () => Promise<Outage>][] = [['SQLite', onSqlite]];
if (await postgresAvailable()) stores.push(['PostgreSQL', onPostgres]);

let outage: Outage;
afterEach(async () => {
  outage.up();
  await outage.close();
});

/**
 * While the store is down, `command` is refused as unavailable and changes nothing: the
 * table's summary and stored rows are as before, and no connection was sent anything.
 */
async function refusedWhileDown(table: Table, command: () => Promise<unknown>): Promise<void> {
  const { tables } = outage;
  const summary = table.summary();
  const stored = await tables.store.loadTable(table.code);
  const sent = tables.out.sent();
  outage.down();
  const answer = command().then(
    () => 'done',
    (e: { code?: string }) => e.code ?? String(e),
  );
  // A write whose outcome is unknown is learnt for up to 10 s of the table's clock first.
  let settled: string | undefined;
  void answer.then((a) => (settled = a));
  for (let waited = 0; settled === undefined && waited <= 12_000; waited += 1000) await tables.clock.advance(1000);
  expect(await answer).toBe('ERR_UNAVAILABLE');
  expect(table.summary()).toEqual(summary);
  expect(tables.out.sent()).toBe(sent);
  outage.up();
  expect(await tables.store.loadTable(table.code)).toEqual(stored);
}

function act(p: Player) {
  const u = lastUpdate(p.follower);
  return { type: 'game:act' as const, by: p.claim, message: { action: chooseAction(u.view, () => 0), seq: u.seq } };
}

describe.each(stores)('while %s refuses writes', (_, open) => {
  it('a seat taken, a bot seated or a seat left in the lobby: refused, unchanged, untold', async () => {
    outage = await open();
    const { tables } = outage;
    const { table, players } = await tables.table({ players: 3, rounds: 1 }, ['Ann']);
    const [host, ann] = players;

    await refusedWhileDown(table, () => tables.send(table, { type: 'join', name: 'Bob' }));
    await refusedWhileDown(table, () =>
      tables.send(table, { type: 'seat:bot', by: host.claim, message: { seat: 2, level: 'easy' } }),
    );
    await refusedWhileDown(table, () => tables.send(table, { type: 'table:leave', by: ann.claim, message: {} }));
    // Ann still holds her seat: she was not told she lost it, and still acts for it.
    expect(ann.follower.lost).toEqual([]);
    expect(ann.follower.claim).toEqual(ann.claim);

    expect(await tables.send(table, { type: 'join', name: 'Bob' })).toMatchObject({ seat: 2 });
    await tables.send(table, { type: 'table:leave', by: ann.claim, message: {} });
    expect(ann.follower.lost).toEqual([1]);
  });

  it('a seat left during a game, and a rematch: refused, unchanged, untold', async () => {
    outage = await open();
    const { tables } = outage;
    const { table, players } = await tables.table({ players: 3, rounds: 1 }, ['Ann']);
    const [host, ann] = players;
    await tables.send(table, { type: 'seat:bot', by: host.claim, message: { seat: 2, level: 'easy' } });
    await tables.send(table, { type: 'table:start', by: host.claim, message: {} });
    await tables.until(() => lastUpdate(ann.follower) !== undefined, 'the deal');

    await refusedWhileDown(table, () => tables.send(table, { type: 'table:leave', by: ann.claim, message: {} }));
    expect(ann.follower.claim).toEqual(ann.claim);

    // Both people play the game out, the bot too.
    while (table.status === 'playing') {
      const next = players.find((p) => lastUpdate(p.follower).view.mustAct);
      if (next) await tables.send(table, act(next));
      else
        await tables.until(
          () => table.status !== 'playing' || players.some((p) => lastUpdate(p.follower).view.mustAct),
          'a turn',
        );
    }
    expect(table.status).toBe('finished');
    await refusedWhileDown(table, () => tables.send(table, { type: 'table:rematch', by: host.claim, message: {} }));
    await tables.send(table, { type: 'table:rematch', by: host.claim, message: {} });
    expect(table.status).toBe('playing');
  });
});
