/**
 * `npm run bench:failover`: how long a table is out of service when its owner dies. A
 * 3-node cluster (nodes.ts) serves 2-player tables of people who both sit on nodes that do
 * not own their table; when it is a person's turn, the owner is killed (SIGKILL) and that
 * person sends the action again and again (each try waits at most 1 s for its answer)
 * until one is accepted. The time from the kill to that acknowledgement is one sample; the
 * killed node is started again and the next table is played into, up to --kills (10).
 * Prints every sample, the median and the maximum, and the load average.
 */
import os from 'node:os';
import { io, type Socket } from 'socket.io-client';
import type { TableView } from '../../src/engine/index.js';
import type { ClientAction, CreateTableReply, GameUpdate, JoinTableReply } from '../../src/protocol/messages.js';
import { PostgresStore } from '../../src/server/store/postgres.js';
import { option } from './load.js';
import { cluster } from './nodes.js';

const KILLS = option('kills', 10);
const LEASE_MS = option('lease-ms', 5000);

type Ack = { ok: true; seq: number } | { ok: false; error: { code: string } };

class Seat {
  readonly socket: Socket;
  latest: GameUpdate | null = null;

  constructor(
    url: string,
    readonly token: string,
  ) {
    this.socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true });
    this.socket.on('game', (u: GameUpdate) => {
      if (!this.latest || u.seq >= this.latest.seq) this.latest = u;
    });
  }

  /** Send and wait at most `ms` for the answer. */
  call(event: string, payload: unknown, ms = 1000): Promise<Ack> {
    return this.socket
      .timeout(ms)
      .emitWithAck(event, payload)
      .catch(() => ({ ok: false as const, error: { code: 'TIMEOUT' } }));
  }

  myTurn(): boolean {
    const v = this.latest?.view;
    return !!v && v.phase !== 'over' && v.toAct.includes(v.viewer!) && !(v.phase === 'pass' && v.passed[v.viewer!]);
  }

  close(): void {
    this.socket.disconnect();
  }
}

function choose(v: TableView): ClientAction {
  if (v.phase === 'play') return { type: 'play', card: v.legal[Math.floor(Math.random() * v.legal.length)] };
  const hand = [...v.hand!].sort(() => Math.random() - 0.5);
  return { type: 'pass', pass: { faceUp: hand[0], hidden: hand[1], devil: [hand[2], hand[3]] } };
}

async function post<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  const nodes = await cluster(3, { LEASE_MS: String(LEASE_MS), LOG_LEVEL: 'info' });
  const store = await PostgresStore.open(nodes.databaseUrl!);
  const samples: number[] = [];
  try {
    while (samples.length < KILLS) {
      // A fresh 2-player table, made on some node; find its owner.
      const made = nodes.urls[samples.length % nodes.urls.length];
      const created = await post<CreateTableReply>(`${made}/api/tables`, { name: 'A', options: { players: 2 } });
      const joined = await post<JoinTableReply>(`${made}/api/tables/${created.code}/seats`, { name: 'B' });
      const owner = (await store.ownerOf(created.code))?.node;
      const ownerIndex = Number(owner?.replace('bench-', '')) - 1;
      if (!(ownerIndex >= 0)) throw new Error(`no owner for ${created.code}`);
      const others = nodes.urls.filter((_, i) => i !== ownerIndex);
      const seats = [created.token, joined.token].map((t, i) => new Seat(others[i % others.length], t));
      for (const s of seats) {
        const r = await s.call('table:watch', { code: created.code, token: s.token }, 10_000);
        if (!r.ok) throw new Error(`watch: ${JSON.stringify(r)}`);
      }
      const started = await seats[0].call('table:start', {}, 10_000);
      if (!started.ok) throw new Error(`start: ${JSON.stringify(started)}`);
      // A few steps into the game, then a person to act.
      let steps = 0;
      while (steps < 6) {
        const mover = seats.find((s) => s.myTurn());
        if (!mover) {
          await sleep(20);
          continue;
        }
        if ((await mover.call('game:act', { action: choose(mover.latest!.view) }, 10_000)).ok) steps++;
        await sleep(20);
      }
      let mover = seats.find((s) => s.myTurn());
      while (!mover) {
        await sleep(20);
        mover = seats.find((s) => s.myTurn());
      }
      const killedAt = performance.now();
      const killed = nodes.nodes[ownerIndex].kill();
      const action = choose(mover.latest!.view);
      const refusals = new Map<string, number>();
      for (;;) {
        const r = await mover.call('game:act', { action });
        if (r.ok) break;
        refusals.set(r.error.code, (refusals.get(r.error.code) ?? 0) + 1);
        if (performance.now() - killedAt > 60_000)
          throw new Error(
            `no owner took ${created.code} over in 60 s (owner now: ${(await store.ownerOf(created.code))?.node}; refusals: ${JSON.stringify([...refusals])})`,
          );
        await sleep(50);
      }
      const ms = performance.now() - killedAt;
      samples.push(ms);
      console.error(`kill ${samples.length}: ${Math.round(ms)} ms`);
      for (const s of seats) s.close();
      await killed;
      await nodes.restart(ownerIndex);
    }
  } finally {
    await store.close();
    await nodes.stop();
  }
  const sorted = [...samples].sort((a, b) => a - b);
  console.log(
    JSON.stringify(
      {
        command: `npm run bench:failover -- --kills ${KILLS} --lease-ms ${LEASE_MS}`,
        machine: `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`,
        samplesMs: samples.map((ms) => Math.round(ms)),
        medianMs: Math.round(
          (sorted[Math.floor((sorted.length - 1) / 2)] + sorted[Math.ceil((sorted.length - 1) / 2)]) / 2,
        ),
        maxMs: Math.round(sorted[sorted.length - 1]),
        loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10),
      },
      null,
      2,
    ),
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
