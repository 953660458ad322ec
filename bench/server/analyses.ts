/**
 * For `bench:server --analyses K`: finished games to analyse while the load runs. Each is
 * a 4-player game of a few rounds between one simulated person (random legal moves) and
 * three medium bots, played over HTTP and Socket.IO like the web client.
 */
import { io } from 'socket.io-client';
import type { TableView } from '../../src/engine/index.js';
import type { AnalysisReply, ClientAction, CreateTableReply, GameUpdate } from '../../src/protocol/messages.js';

function randomAction(view: TableView): ClientAction {
  if (view.phase === 'play') return { type: 'play', card: view.legal[Math.floor(Math.random() * view.legal.length)] };
  const [left, right, devil] = [...view.hand!].sort(() => Math.random() - 0.5);
  return { type: 'pass', pass: { left, right, devil: [devil] } };
}

async function post<T>(url: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** Play one game with bots to its end; its id. */
async function playOne(base: string, rounds: number): Promise<string> {
  const created = await post<CreateTableReply>(`${base}/api/tables`, {
    name: 'Bench',
    options: { players: 4, rounds },
  });
  const socket = io(base, { transports: ['websocket'], reconnection: false, forceNew: true });
  const call = (event: string, payload: unknown) =>
    new Promise<{ ok: boolean; [k: string]: unknown }>((resolve) => socket.emit(event, payload, resolve));
  let latest: GameUpdate | null = null;
  let acting = false;
  /** The seq of the update last acted on: an update is acted on once. */
  let actedAt = -1;
  return new Promise<string>((resolve, reject) => {
    const act = async (): Promise<void> => {
      const u = latest;
      if (!u || acting) return;
      const v = u.view;
      if (v.phase === 'over') {
        socket.disconnect();
        return resolve(u.gameId);
      }
      const me = v.viewer!;
      if (u.seq <= actedAt || !v.toAct.includes(me) || (v.phase === 'pass' && v.passed[me])) return;
      actedAt = u.seq;
      acting = true;
      const reply = await call('game:act', { action: randomAction(v) });
      acting = false;
      if (!reply.ok) return reject(new Error(`refused: ${JSON.stringify(reply)}`));
      // Updates that came while the action was on its way were not acted on: look again.
      await act();
    };
    socket.on('game', (u: GameUpdate) => {
      if (!latest || u.seq >= latest.seq) latest = u;
      act().catch(reject);
    });
    (async () => {
      const watched = await call('table:watch', { code: created.body.code, token: created.body.token });
      if (!watched.ok) throw new Error(JSON.stringify(watched));
      for (const seat of [1, 2, 3]) await call('seat:bot', { seat, level: 'medium' });
      const started = await call('table:start', {});
      if (!started.ok) throw new Error(JSON.stringify(started));
    })().catch(reject);
  });
}

export async function finishedGames(base: string, count: number, rounds: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(await playOne(base, rounds));
  return ids;
}

/** Queue an analysis of every game; throws if one is refused. */
export async function requestAnalyses(base: string, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const r = await post<AnalysisReply>(`${base}/api/games/${id}/analysis`);
    if (r.status !== 202 && r.status !== 200) throw new Error(`analysis of ${id} refused: ${JSON.stringify(r.body)}`);
  }
}

/** How many of the games have their analysis stored. */
export async function analysesDone(base: string, ids: readonly string[]): Promise<number> {
  let done = 0;
  for (const id of ids) {
    const r = (await (await fetch(`${base}/api/games/${id}/analysis`)).json()) as AnalysisReply;
    if (r.status === 'done') done++;
  }
  return done;
}
