/**
 * Table ownership across nodes, on real PostgreSQL (a fresh database) with two `Leases`
 * as two nodes would run them: one owner at a time, the other takes a table over once the
 * owner stops renewing (it died, stalled, or lost Redis) or releases it, and the old
 * owner's writes are refused from then on and it hears that it lost the table. A release
 * the database did not take is made again, never renewed. A table claimed while a renewal
 * is under way (a table just made) is not taken for lost when that renewal's answer lacks it.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FencedStore } from '../../../src/server/cluster/fenced-store.js';
import { Leases } from '../../../src/server/cluster/leases.js';
import { PostgresStore } from '../../../src/server/store/postgres.js';
import { StaleOwnerError, type Store, type TableRow } from '../../../src/server/store/store.js';
import { freshDatabase, postgresAvailable, type TestDatabase } from '../helpers/postgres.js';
import { startTcpProxy } from '../helpers/tcp-proxy.js';

const pgHere = await postgresAvailable();
const LEASE_MS = 600;

/** A node's lease keeper, with what it heard; `adopt`: it claims the orphans it hears of. */
function node(store: Store, id: string, adopt = true) {
  const heard = { lost: [] as string[], orphans: [] as string[] };
  let healthy = true;
  const leases: Leases = new Leases(store, id, LEASE_MS, {
    lost: (code) => heard.lost.push(code),
    orphan: async (code) => {
      heard.orphans.push(code);
      if (adopt) await leases.claim(code);
    },
    healthy: () => healthy,
    warn: () => undefined,
  });
  return {
    leases,
    heard,
    setHealthy(h: boolean) {
      healthy = h;
    },
  };
}

let n = 0;
async function newTable(store: Store): Promise<string> {
  const code = `L${process.pid % 1000}${(n++).toString().padStart(4, '0')}`;
  const row: TableRow = {
    code,
    settings: {
      players: 2,
      mode: 'individual',
      rounds: 1,
      public: false,
      turnSeconds: 30,
      coach: false,
      turnClock: 'off',
    },
    host: 0,
    status: 'lobby',
    gameId: null,
    // Made a minute ago: past the grace a creator has to claim its new table.
    createdAt: Date.now() - 60_000,
    version: 1,
  };
  await store.saveTable(row, [
    { seat: 0, name: 'Ann', tokenHash: 'h', bot: null, away: false },
    { seat: 1, name: null, tokenHash: null, bot: null, away: false },
  ]);
  return code;
}

async function until(what: () => boolean, ms: number): Promise<number> {
  const start = Date.now();
  while (!what()) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - start;
}

async function untilAsync(what: () => Promise<boolean>, ms: number): Promise<void> {
  const start = Date.now();
  while (!(await what())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!pgHere)('leases between two nodes', () => {
  let db: TestDatabase;
  let store: Store;
  beforeAll(async () => {
    db = await freshDatabase();
    store = await PostgresStore.open(db.url);
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it('the owner keeps its table while it renews; when it stops, the other node takes it within a lease and a beat', async () => {
    const a = node(store, 'node-a');
    const b = node(store, 'node-b');
    const code = await newTable(store);
    const fenceA = (await a.leases.claim(code))!;
    expect(await b.leases.claim(code)).toBeNull();
    a.leases.start();
    b.leases.start();
    try {
      // Three leases long, node-a renewing: node-b never gets it.
      await new Promise((r) => setTimeout(r, 3 * LEASE_MS));
      expect(b.heard.orphans).not.toContain(code);
      expect(a.leases.fenceOf(code)).toBe(fenceA);

      // node-a dies (stops renewing): node-b takes over within a lease and one beat (plus slack for a busy machine).
      a.leases.stop();
      const took = await until(() => b.leases.fenceOf(code) !== undefined, LEASE_MS * 3);
      expect(took).toBeLessThan(LEASE_MS * 3);
      const fenceB = b.leases.fenceOf(code)!;
      expect(fenceB).toBe(fenceA + 1);

      // The old owner writes nothing any more; the new one does.
      const timer = { tableCode: code, kind: 'close' as const, seat: -1, deadline: 1 };
      const stale: string[] = [];
      const hooks = { claim: async () => null, stale: (c: string) => stale.push(c) };
      await expect(new FencedStore(store, code, fenceA, hooks).setTimer(timer)).rejects.toBeInstanceOf(StaleOwnerError);
      expect(stale).toEqual([code]);
      await new FencedStore(store, code, fenceB, hooks).setTimer(timer);
      expect(await store.timersOf(code)).toEqual([timer]);
      // A table not yet claimed writes nothing at all.
      const clear = { code, timers: { tableCode: code, set: [], clear: [{ kind: 'close' as const, seat: -1 }] } };
      await expect(new FencedStore(store, code, null, hooks).commitTable(clear)).rejects.toBeInstanceOf(
        StaleOwnerError,
      );
      expect(await store.timersOf(code)).toEqual([timer]);
    } finally {
      a.leases.stop();
      b.leases.stop();
    }
  });

  it('an owner that wakes up after a takeover hears at its next beat that it lost the table', async () => {
    const a = node(store, 'node-a2');
    const b = node(store, 'node-b2');
    const code = await newTable(store);
    await a.leases.claim(code);
    // node-a stalls (no beats) past its lease; node-b's scan takes the table.
    await new Promise((r) => setTimeout(r, LEASE_MS + 100));
    b.leases.start();
    try {
      await until(() => b.leases.fenceOf(code) !== undefined, LEASE_MS * 2);
      a.leases.start();
      await until(() => a.heard.lost.includes(code), LEASE_MS * 2);
      expect(a.leases.fenceOf(code)).toBeUndefined();
      expect(a.heard.orphans).not.toContain(code);
    } finally {
      a.leases.stop();
      b.leases.stop();
    }
  });

  it('a node that lost Redis stops renewing, so its tables move; a released table moves at the next beat', async () => {
    const a = node(store, 'node-a3');
    const b = node(store, 'node-b3');
    const sick = await newTable(store);
    const released = await newTable(store);
    await a.leases.claim(sick);
    await a.leases.claim(released);
    try {
      await a.leases.release([released]);
      expect(a.leases.heldCodes()).toEqual([sick]);
      b.leases.start();
      await until(() => b.leases.fenceOf(released) !== undefined, LEASE_MS);

      // node-a runs without Redis: it neither renews nor scans, and node-b takes its table.
      a.setHealthy(false);
      a.leases.start();
      await until(() => b.leases.fenceOf(sick) !== undefined, LEASE_MS * 3);
      // Back on Redis, node-a learns it no longer holds the table.
      a.setHealthy(true);
      await until(() => a.heard.lost.includes(sick), LEASE_MS * 2);
    } finally {
      a.leases.stop();
      b.leases.stop();
    }
  });

  it('a table whose release the database did not take is released once it is back, not renewed', async () => {
    // node-a reaches PostgreSQL through a proxy that the test cuts.
    const via = new URL(db.url);
    const proxy = await startTcpProxy(via.hostname, Number(via.port || 5432));
    via.host = `127.0.0.1:${proxy.port}`;
    const cutOff = await PostgresStore.open(via.toString());
    // node-a takes on no other table meanwhile (it would adopt the one it released).
    const a = node(cutOff, 'node-a5', false);
    const kept = await newTable(store);
    const given = await newTable(store);
    try {
      await a.leases.claim(kept);
      await a.leases.claim(given);
      // The table is given up (it closed, or could not be loaded) while the database is away.
      proxy.cut();
      await expect(a.leases.release([given])).rejects.toThrow();
      expect(a.leases.heldCodes()).toEqual([kept]);
      proxy.restore();
      a.leases.start();
      // node-a renews its table and releases the other, for any node to take at once.
      await untilAsync(async () => (await store.ownerOf(given)) === null, LEASE_MS * 4);
      // Many leases later node-a still holds the table it serves, and never the other.
      await new Promise((r) => setTimeout(r, 3 * LEASE_MS));
      expect((await store.ownerOf(kept))?.live).toBe(true);
      expect(a.leases.heldCodes()).toEqual([kept]);
      expect(await store.ownerOf(given)).toBeNull();
    } finally {
      a.leases.stop();
      await a.leases.release(a.leases.heldCodes());
      await cutOff.close();
      await proxy.close();
    }
  });

  it('two nodes scanning together never both hold a table', async () => {
    const a = node(store, 'node-a4');
    const b = node(store, 'node-b4');
    const codes: string[] = [];
    for (let i = 0; i < 20; i++) codes.push(await newTable(store));
    a.leases.start();
    b.leases.start();
    try {
      await until(
        () => codes.every((c) => a.leases.fenceOf(c) !== undefined || b.leases.fenceOf(c) !== undefined),
        LEASE_MS * 3,
      );
      for (const c of codes) expect(a.leases.fenceOf(c) !== undefined && b.leases.fenceOf(c) !== undefined).toBe(false);
      for (const c of codes) {
        const owner = await store.ownerOf(c);
        expect(owner?.node).toBe(a.leases.fenceOf(c) !== undefined ? 'node-a4' : 'node-b4');
      }
    } finally {
      a.leases.stop();
      b.leases.stop();
      // Leave nothing for the other tests' scans.
      await a.leases.release(a.leases.heldCodes());
      await b.leases.release(b.leases.heldCodes());
    }
  });
  it('a table claimed while a renewal is under way is kept, and renewed at the next beat', async () => {
    const a = node(store, 'node-a5');
    const old = await newTable(store);
    const made = await newTable(store);
    await a.leases.claim(old);
    // Another session locks the row of a table node-a holds, so its next renewal waits on it.
    const blocker = new pg.Client({ connectionString: db.url });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT code FROM tables WHERE code = $1 FOR UPDATE', [old]);
      a.leases.start();
      await untilAsync(async () => {
        const { rows } = await blocker.query(
          "SELECT count(*)::integer AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        return rows[0].n === 1;
      }, 5000);
      // The renewal began before this claim, so its answer cannot include the table.
      const fence = (await a.leases.claim(made))!;
      await blocker.query('COMMIT');
      // Two beats later: never lost, still held with the same fence, and its lease renewed.
      await new Promise((r) => setTimeout(r, (2 * LEASE_MS) / 3 + 100));
      expect(a.heard.lost).toEqual([]);
      expect(a.leases.fenceOf(made)).toBe(fence);
      expect(a.leases.fenceOf(old)).toBeDefined();
      expect(await store.ownerOf(made)).toMatchObject({ node: 'node-a5', fence, live: true });
    } finally {
      a.leases.stop();
      await blocker.end();
      await a.leases.release(a.leases.heldCodes());
    }
  });
});
