/**
 * The store's duplicate events, on SQLite and on PostgreSQL alike (each through its own
 * migrations): an event kept once per code and closed once, its entries one per player and
 * seat, their points per hand kept as first given, listed the first begun first.
 */
import { describe, expect, it } from 'vitest';
import type { DuplicateEntryRow, DuplicateEventRow, Store } from '../../../src/server/store/store.js';
import { storeKinds, storeSuite } from '../helpers/store-backings.js';

const event: DuplicateEventRow = {
  code: 'K7Q2MX9D',
  name: 'Friday night',
  players: 4,
  mode: 'individual',
  hands: 3,
  host: 'guest:h',
  hostName: 'Hana',
  createdAt: 1_796_036_421_826,
  closedAt: null,
};

const entry = (player: string, seat: number, extra: Partial<DuplicateEntryRow> = {}): DuplicateEntryRow => ({
  event: event.code,
  player,
  seat,
  accountId: null,
  name: player,
  tableCode: `T${seat}${player.length}`,
  startedAt: 1_796_036_500_000 + seat,
  scores: null,
  finishedAt: null,
  ...extra,
});

describe.each(storeKinds)('the $name store’s duplicate events', (kind) => {
  const { skip } = kind;
  let store: Store;
  storeSuite(kind, (opened) => {
    store = opened.store;
  });

  it.skipIf(skip)('keeps an event once per code, and its first closing', async () => {
    expect(await store.createDuplicate(event)).toBe(true);
    expect(await store.createDuplicate({ ...event, name: 'Other' })).toBe(false);
    expect(await store.duplicateEvent(event.code)).toEqual(event);
    expect(await store.duplicateEvent('NOSUCH22')).toBeNull();
    await store.closeDuplicate(event.code, 1_796_040_000_000);
    await store.closeDuplicate(event.code, 1_796_050_000_000);
    expect(await store.duplicateEvent(event.code)).toEqual({ ...event, closedAt: 1_796_040_000_000 });
  });

  it.skipIf(skip)('keeps one entry per player and seat, and its first points per hand', async () => {
    await store.createDuplicate(event);
    expect(await store.startDuplicateEntry(entry('guest:a', 0))).toBe(true);
    expect(await store.startDuplicateEntry(entry('guest:a', 0, { tableCode: 'OTHER' }))).toBe(false);
    expect(await store.startDuplicateEntry(entry('guest:a', 1))).toBe(true);
    expect(await store.startDuplicateEntry(entry('guest:b', 0, { startedAt: 1 }))).toBe(true);
    await store.finishDuplicateEntry(event.code, 'guest:a', 1, [12, -3, 0], 1_796_036_600_000);
    await store.finishDuplicateEntry(event.code, 'guest:a', 1, [1, 1, 1], 1_796_036_700_000);
    expect(await store.duplicateEntry(event.code, 'guest:a', 1)).toEqual(
      entry('guest:a', 1, { scores: [12, -3, 0], finishedAt: 1_796_036_600_000 }),
    );
    expect(await store.duplicateEntry(event.code, 'guest:c', 0)).toBeNull();
    expect((await store.duplicateEntries(event.code)).map((e) => [e.player, e.seat])).toEqual([
      ['guest:b', 0],
      ['guest:a', 0],
      ['guest:a', 1],
    ]);
  });
});
