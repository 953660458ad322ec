/**
 * `npm run bench:play-now`: what Play now's matching costs and how long a guest waits.
 *
 * 1. The wave (src/server/play-now/wave.ts), the pure function alone: --tickets N (10,000)
 *    waiting tickets spread over every queue (2 to 6 players, rated or not, 1 or the standard
 *    rounds), ratings around 1500, waited 0 to 60 s, a few blocks; --waves W (20) waves over
 *    the same queue, their median and p90 in ms, and how many tables one wave makes.
 * 2. The built server as a child process (SQLite, one node), --guests G (200) guests arriving
 *    evenly over --seconds S (60), each asking for an unrated one-round game of 2 to 6
 *    players (at random), following its ticket over Socket.IO: the time from its POST to its
 *    `match:found`, median, p99 and max, with PLAY_NOW_WAIT_SECONDS at its default (30).
 * Prints one JSON object.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import { startNode } from '../../src/server/deploy/processes.js';
import { type WaveTicket, wave } from '../../src/server/play-now/wave.js';
import { anchorFigures } from '../../src/server/ratings/index.js';
import { wholeOption } from '../options.js';
import { BENCH_NODE_ENV, ROOT } from './load.js';

const TICKETS = wholeOption('tickets', 10_000);
const WAVES = wholeOption('waves', 20);
const GUESTS = wholeOption('guests', 200);
const SECONDS = wholeOption('seconds', 60);

const quantile = (xs: readonly number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))];
const ms = (n: number) => Math.round(n * 100) / 100;

/** A seeded generator (mulberry32), so that every run matches the same queue. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function waveCost(): { tickets: number; msPerWave: { p50: number; p90: number }; tables: number } {
  const random = seeded(24);
  const now = Date.UTC(2026, 11, 6, 12);
  const tickets: WaveTicket[] = Array.from({ length: TICKETS }, (_, i) => {
    const players = 2 + Math.floor(random() * 5);
    const rated = random() < 0.5;
    // About a normal spread (sd 200) around 1500.
    const rating = 1500 + (random() + random() + random() + random() - 2) * 350;
    return {
      id: `ticket-${String(i).padStart(6, '0')}`,
      players,
      rated,
      rounds: random() < 0.5 ? 1 : players + 2,
      accountId: rated || random() < 0.3 ? `account-${i}` : null,
      rating,
      since: now - Math.floor(random() * 60_000),
      blocks: random() < 0.05 ? [`account-${Math.floor(random() * TICKETS)}`] : [],
    };
  });
  const settings = { now, waitMs: 30_000, anchors: anchorFigures(), unratedBot: 'medium' } as const;
  const times: number[] = [];
  let tables = 0;
  for (let i = 0; i < WAVES + 2; i++) {
    const start = performance.now();
    tables = wave(tickets, settings).length;
    // The first two warm the JIT up.
    if (i >= 2) times.push(performance.now() - start);
  }
  return { tickets: TICKETS, msPerWave: { p50: ms(quantile(times, 0.5)), p90: ms(quantile(times, 0.9)) }, tables };
}

async function guestWaits(): Promise<{ guests: number; seconds: number; matched: number; waitMs: object }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-play-now-'));
  const server = await startNode(
    { ...BENCH_NODE_ENV, PORT: '0', DATA_DIR: dataDir },
    (line) => {
      if (!line.startsWith('{')) console.error(line);
    },
    path.join(ROOT, 'dist', 'server', 'main.js'),
  );
  const random = seeded(6);
  const waits: number[] = [];
  const sockets: ReturnType<typeof io>[] = [];
  try {
    const guest = async () => {
      const players = 2 + Math.floor(random() * 5);
      const start = performance.now();
      const res = await fetch(`${server.url}/api/play-now`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ players, rated: false, rounds: 1 }),
      });
      const { ticket } = (await res.json()) as { ticket: string };
      const socket = io(server.url, { transports: ['websocket'], forceNew: true, reconnection: false });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        const late = setTimeout(() => reject(new Error('no match:found within 120 s')), 120_000);
        socket.on('match:found', () => {
          clearTimeout(late);
          waits.push(performance.now() - start);
          resolve();
        });
        socket.emit('match:follow', { ticket }, (ack: { ok: boolean }) => {
          if (!ack.ok) reject(new Error(`match:follow refused: ${JSON.stringify(ack)}`));
        });
      });
    };
    const arrivals: Promise<void>[] = [];
    for (let i = 0; i < GUESTS; i++) {
      arrivals.push(guest());
      await new Promise((r) => setTimeout(r, (SECONDS * 1000) / GUESTS));
    }
    await Promise.all(arrivals);
  } finally {
    for (const s of sockets) s.disconnect();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return {
    guests: GUESTS,
    seconds: SECONDS,
    matched: waits.length,
    waitMs: {
      p50: Math.round(quantile(waits, 0.5)),
      p99: Math.round(quantile(waits, 0.99)),
      max: Math.round(Math.max(...waits)),
    },
  };
}

console.log(JSON.stringify({ wave: waveCost(), toMatchFound: await guestWaits() }));
