/**
 * A table's deadlines (src/server/tables/deadlines.ts) on a real SQLite store and a real
 * queue: stored before they are armed (alone, or prepared and stored with a change), re-armed
 * from the store, fired once inside the queue, and a deadline that was stopped or moved while its firing waited for the queue
 * does not fire (a player who acts just in time is not replaced). On virtual time.
 */
import fs from 'node:fs';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SerialQueue } from '../../../src/server/serial.js';
import { SqliteStore } from '../../../src/server/store/sqlite.js';
import type { TimerKind } from '../../../src/server/store/store.js';
import { Deadlines } from '../../../src/server/tables/deadlines.js';
import { tempDataDir } from '../helpers/server.js';
import { VirtualClock } from '../helpers/virtual-clock.js';

const CODE = 'DEADLINE';
let dir: string;
let store: SqliteStore;
let clock: VirtualClock;
beforeEach(async () => {
  clock = new VirtualClock();
  dir = tempDataDir();
  store = new SqliteStore(dir, { checkpoints: false });
  // Deadlines belong to a stored table.
  await store.saveTable(
    {
      code: CODE,
      settings: {
        players: 2,
        mode: 'individual',
        rounds: 1,
        public: false,
        turnSeconds: 60,
        coach: false,
        turnClock: 'fast',
      },
      host: 0,
      status: 'lobby',
      gameId: null,
      createdAt: clock.now(),
      version: 1,
    },
    [0, 1].map((seat) => ({ seat, name: null, tokenHash: null, bot: null, away: false })),
  );
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function deadlines(queue: SerialQueue, fired: [TimerKind, number][]): Deadlines {
  return new Deadlines({ store, log: pino({ level: 'silent' }), clock }, CODE, queue, async (kind, seat) => {
    fired.push([kind, seat]);
    // As the table does, with whatever the firing changes.
    await store.commitTable({ code: CODE, timers: { tableCode: CODE, set: [], clear: [{ kind, seat }] } });
  });
}

describe('deadlines', () => {
  it('are stored when started, fire once, and are gone from the store after', async () => {
    const fired: [TimerKind, number][] = [];
    const d = deadlines(new SerialQueue(), fired);
    const at = clock.now() + 50;
    await d.start('turn', 2, at);
    expect(await store.timersOf(CODE)).toEqual([{ tableCode: CODE, kind: 'turn', seat: 2, deadline: at }]);
    expect(d.deadline('turn', 2)).toBe(at);
    await clock.advance(49);
    expect(fired).toEqual([]);
    await clock.advance(1);
    expect(fired).toEqual([['turn', 2]]);
    expect(await store.timersOf(CODE)).toEqual([]);
    expect(d.has('turn', 2)).toBe(false);
  });

  it('come back from the store after a restart, and one already past fires at once', async () => {
    await store.setTimer({ tableCode: CODE, kind: 'turn', seat: 1, deadline: clock.now() - 1000 });
    await store.setTimer({ tableCode: CODE, kind: 'close', seat: -1, deadline: clock.now() + 60_000 });
    const fired: [TimerKind, number][] = [];
    const d = deadlines(new SerialQueue(), fired);
    await d.rearm();
    await clock.advance(0);
    expect(fired).toEqual([['turn', 1]]);
    expect(d.has('close', -1)).toBe(true);
    d.halt();
    d.disarm();
  });

  it('stopped or moved while the firing waited for the queue, the old deadline does not fire', async () => {
    const queue = new SerialQueue();
    const fired: [TimerKind, number][] = [];
    const d = deadlines(queue, fired);
    await d.start('turn', 0, clock.now() + 50);
    await d.start('turn', 1, clock.now() + 50);
    // The queue is busy past both deadlines. Seat 0's action (its clock starts over) and
    // seat 1's leaving (its clock stops) were queued before the deadlines passed, so they
    // run first; the firings queued after them find their deadlines gone.
    let release!: () => void;
    const busy = queue.run(() => new Promise<void>((r) => (release = r)));
    const acted = queue.run(async () => {
      const change = d.prepare(
        [{ kind: 'turn', seat: 0, deadline: clock.now() + 60_000 }],
        [{ kind: 'turn', seat: 1 }],
      );
      await store.commitTable({ code: CODE, timers: change!.stored });
      d.applied(change!);
    });
    await clock.advance(120);
    release();
    await busy;
    await acted;
    await queue.idle();
    await clock.advance(0);
    expect(fired).toEqual([]);
    expect(d.has('turn', 0)).toBe(true);
    expect(await store.timersOf(CODE)).toMatchObject([{ kind: 'turn', seat: 0 }]);
    d.halt();
    d.disarm();
  });
});
