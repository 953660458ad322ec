/** Play now's wave (src/server/play-now/wave.ts): a queue in, tables out, on no clock but the one given. */
import { describe, expect, it } from 'vitest';
import { anchorNear, GAP_AT_START, GAP_PER_SECOND, type WaveTicket, wave } from '../../../src/server/play-now/wave.js';

const ANCHORS = { easy: 1100, medium: 1350, hard: 1550, expert: 1700 } as const;
const NOW = 1_000_000;
const POOLS = { '2p': ANCHORS, '3p': ANCHORS, '4p': ANCHORS, '5-6p': ANCHORS, teams: ANCHORS } as const;
const SETTINGS = { now: NOW, waitMs: 30_000, anchors: POOLS, unratedBot: 'medium' } as const;

let n = 0;
function ticket(over: Partial<WaveTicket> = {}): WaveTicket {
  n++;
  return {
    id: `t${String(n).padStart(4, '0')}`,
    players: 4,
    rated: false,
    rounds: 4,
    accountId: null,
    rating: 1500,
    since: NOW,
    blocks: [],
    ...over,
  };
}

describe('the wave', () => {
  it('makes a full table of four guests at once, oldest first', () => {
    const ts = [0, 1, 2, 3, 4].map((i) => ticket({ since: NOW - 1000 * i }));
    const tables = wave(ts, SETTINGS);
    expect(tables).toHaveLength(1);
    expect(tables[0].bots).toEqual([]);
    expect(new Set(tables[0].tickets)).toEqual(new Set(ts.slice(1).map((t) => t.id)));
    expect(tables[0].tickets[0]).toBe(ts[4].id);
  });

  it('keeps queues apart: players, rated and rounds must all agree', () => {
    const ts = [
      ticket({ players: 2 }),
      ticket({ players: 3 }),
      ticket({ players: 2, rounds: 1 }),
      ticket({ players: 2, rated: true, accountId: 'a' }),
    ];
    expect(wave(ts, SETTINGS)).toEqual([]);
    const pair = [ticket({ players: 2, rounds: 1 }), ticket({ players: 2, rounds: 1 })];
    expect(wave([...ts, ...pair], SETTINGS).map((t) => t.key)).toEqual([{ players: 2, rated: false, rounds: 1 }]);
  });

  it('waits for people until PLAY_NOW_WAIT_SECONDS, then fills an unrated table with bots', () => {
    const lone = ticket({ since: NOW - 29_999 });
    expect(wave([lone], SETTINGS)).toEqual([]);
    const due = wave([lone], { ...SETTINGS, now: NOW + 1 });
    expect(due).toEqual([
      { key: { players: 4, rated: false, rounds: 4 }, tickets: [lone.id], bots: ['medium', 'medium', 'medium'] },
    ]);
  });

  it('starts a rated queue after the wait only with two people, the rest anchor bots near their ratings', () => {
    const old = NOW - 60_000;
    const a = ticket({ rated: true, accountId: 'a', rating: 1540, since: old });
    expect(wave([a], SETTINGS)).toEqual([]);
    const b = ticket({ rated: true, accountId: 'b', rating: 1580, since: old });
    const [table] = wave([a, b], SETTINGS);
    expect(table.tickets).toEqual([a.id, b.id]);
    expect(table.bots).toEqual(['hard', 'hard']);
    expect(anchorNear(1000, ANCHORS)).toBe('easy');
    expect(anchorNear(2000, ANCHORS)).toBe('expert');
  });

  it('widens the rating gap with the time waited', () => {
    const gap = GAP_AT_START + 5;
    const fresh = [0, 1, 2, 3].map((i) =>
      ticket({ rated: true, accountId: `f${i}`, rating: 1500 + (i % 2) * gap, since: NOW }),
    );
    expect(wave(fresh, SETTINGS)).toEqual([]);
    // Half a second waited widens each gap by GAP_PER_SECOND / 2: enough.
    const waited = fresh.map((t) => ({ ...t, since: NOW - Math.ceil((5 / GAP_PER_SECOND) * 1000) }));
    const tables = wave(waited, SETTINGS);
    expect(tables).toHaveLength(1);
    expect(new Set(tables[0].tickets)).toEqual(new Set(fresh.map((t) => t.id)));
  });

  it('seats the nearest ratings together', () => {
    const ratings = [1000, 1010, 1020, 1030, 2000, 2010, 2020, 2030];
    const ts = ratings.map((rating, i) =>
      ticket({ rated: true, accountId: `r${i}`, rating, since: NOW - 120_000 + i }),
    );
    const tables = wave(ts, SETTINGS);
    expect(tables.map((t) => t.tickets.map((id) => ts.find((x) => x.id === id)!.rating).sort())).toEqual([
      [1000, 1010, 1020, 1030],
      [2000, 2010, 2020, 2030],
    ]);
  });

  it('never seats a blocked pair together, whoever blocked whom, nor an account twice', () => {
    const a = ticket({ accountId: 'a', blocks: ['b'], since: NOW - 100_000 });
    const b = ticket({ accountId: 'b', since: NOW - 100_000 });
    const c = ticket({ accountId: 'c', since: NOW - 100_000 });
    const d = ticket({ accountId: 'd', blocks: ['c'], since: NOW - 100_000 });
    const a2 = ticket({ accountId: 'a', blocks: ['b'], since: NOW - 100_000 });
    for (const order of [
      [a, b, c, d, a2],
      [b, a, d, c, a2],
      [a2, d, c, b, a],
    ]) {
      const tables = wave(order, SETTINGS);
      for (const t of tables) {
        const accounts = t.tickets.map((id) => order.find((x) => x.id === id)!.accountId);
        expect(new Set(accounts).size).toBe(accounts.length);
        expect(accounts.includes('a') && accounts.includes('b')).toBe(false);
        expect(accounts.includes('c') && accounts.includes('d')).toBe(false);
      }
      // Everyone waited long enough: each is seated once, with bots where nobody fits.
      expect(tables.flatMap((t) => t.tickets).sort()).toEqual(order.map((t) => t.id).sort());
    }
  });

  it('seats each ticket at most once in a big queue, and leaves the rest waiting', () => {
    const ts = Array.from({ length: 1001 }, (_, i) =>
      ticket({ rated: i % 2 === 0, accountId: `p${i}`, rating: 1200 + ((i * 37) % 600), since: NOW - (i % 50) * 100 }),
    );
    const tables = wave(ts, SETTINGS);
    const seated = tables.flatMap((t) => t.tickets);
    expect(new Set(seated).size).toBe(seated.length);
    for (const t of tables) {
      expect(t.tickets.length + t.bots.length).toBe(4);
      expect(t.bots).toEqual([]);
    }
    // 500 unrated tickets make 125 tables; the rated ones fit within their gaps but not all of them.
    expect(seated.length).toBeGreaterThanOrEqual(500);
    expect(seated.length).toBeLessThan(1001);
  });
});
