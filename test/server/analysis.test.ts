/**
 * The analysis of finished games over a real server: POST queues, GET follows it to
 * "done", the stored analysis is exactly what `analyseRecord` makes of the game's record
 * with the server's seed, a game is analysed once, a full queue says so, the queue is
 * shared fairly between addresses, the analysis process runs at nice 19, and a queued
 * request survives the server being killed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseRecord } from '../../src/analysis/index.js';
import type { AnalysisReply } from '../../src/protocol/messages.js';
import { type GameRecord, parseRecord } from '../../src/record/index.js';
import { type Client, playToEnd } from './helpers/client.js';
import { api, requestFrom, startServer, type TestServer, tempDataDir } from './helpers/server.js';
import { withStore } from './helpers/stored.js';
import { seatTable } from './helpers/tables.js';

const ITERATIONS = 40;
let server: TestServer;
beforeAll(async () => {
  // A queue of one waiting game, and a small budget so that a game is analysed in seconds.
  server = await startServer({ ANALYSIS_QUEUE: '1', ANALYSIS_ITERATIONS: String(ITERATIONS), BOT_WORKERS: '2' });
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

async function finishedGame(host: Client): Promise<string> {
  await playToEnd([host]);
  return host.game!.gameId;
}

/** `n` finished 4-player games of one round, one after another at one table. */
async function finishedGames(at: TestServer, n: number): Promise<string[]> {
  const { humans } = await seatTable(at, { players: 4, rounds: 1 }, 1, { level: 'medium' });
  const [host] = humans;
  const games = [await finishedGame(host)];
  while (games.length < n) {
    expect(await host.call('table:rematch', {})).toEqual({ ok: true });
    await host.until(() => host.game!.gameId !== games[games.length - 1], 'the rematch');
    games.push(await finishedGame(host));
  }
  host.close();
  return games;
}

/** The server's child processes running its analysis script. */
function analysisProcesses(at: TestServer): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return parent === at.process.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('analysis-process');
      } catch {
        return false; // it ended while being read
      }
    })
    .map(Number);
}

/** The nice value of every thread of a process (field 19 of /proc/PID/task/TID/stat). */
function threadNices(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

async function until(
  gameId: string,
  status: AnalysisReply['status'],
  ms = 120_000,
  at: TestServer = server,
): Promise<AnalysisReply> {
  const deadline = Date.now() + ms;
  for (;;) {
    const r = await api<AnalysisReply>(at, 'GET', `/api/games/${gameId}/analysis`);
    expect(r.status).toBe(200);
    if (r.body.status === status) return r.body;
    if (Date.now() > deadline) throw new Error(`analysis of ${gameId} still ${r.body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Waits for the game's analysis and checks it is what `analyseRecord` makes of the game's record with the server's seed. */
async function analysedAsTheCliDoes(
  at: TestServer,
  gameId: string,
): Promise<Extract<AnalysisReply, { status: 'done' }>> {
  const done = await until(gameId, 'done', 120_000, at);
  if (done.status !== 'done') throw new Error('not done');
  const record = await api(at, 'GET', `/api/games/${gameId}/record`);
  const parsed = parseRecord(JSON.stringify(record.body));
  if (!parsed.ok) throw new Error(parsed.error);
  const local = analyseRecord(parsed.value as GameRecord, { iterations: ITERATIONS, seed: 1 });
  if (!local.ok) throw new Error(local.error);
  expect(done.analysis).toEqual(local.value);
  return done;
}

describe('POST and GET /api/games/:id/analysis', () => {
  it('refuses unknown and unfinished games', async () => {
    const missing = await api(server, 'GET', '/api/games/nosuchgame/analysis');
    expect(missing).toEqual({
      status: 404,
      body: { error: { code: 'ERR_NOT_FOUND', message: 'There is no game nosuchgame.' } },
    });
    expect((await api(server, 'POST', '/api/games/nosuchgame/analysis')).status).toBe(404);
    const { humans } = await seatTable(server, { players: 3, rounds: 1 }, 1, { level: 'medium' });
    const running = await api(server, 'POST', `/api/games/${humans[0].game!.gameId}/analysis`);
    expect(running.status).toBe(409);
    expect(running.body).toMatchObject({ error: { code: 'ERR_GAME_NOT_FINISHED' } });
    humans[0].close();
  });

  it('analyses a finished game once, in the background, exactly as the command line does', async () => {
    const { humans } = await seatTable(server, { players: 4, rounds: 1 }, 1, { level: 'medium' });
    const gameId = await finishedGame(humans[0]);
    expect(await api(server, 'GET', `/api/games/${gameId}/analysis`)).toEqual({
      status: 200,
      body: { status: 'none' },
    });
    const queued = await api<AnalysisReply>(server, 'POST', `/api/games/${gameId}/analysis`);
    expect(queued).toEqual({ status: 202, body: { status: 'queued', position: 1 } });
    const done = await analysedAsTheCliDoes(server, gameId);
    expect(done.analysis.decisions).toHaveLength(4 + 32);
    expect(done.analysis.players.map((p) => p.name)).toEqual(['Host', 'Medium bot', 'Medium bot', 'Medium bot']);
    // Asked again: the stored analysis at once.
    expect(await api(server, 'POST', `/api/games/${gameId}/analysis`)).toEqual({
      status: 200,
      body: { status: 'done', analysis: done.analysis },
    });
    humans[0].close();
  });

  it('a full queue refuses with ERR_ANALYSIS_BUSY and changes nothing', async () => {
    const { humans } = await seatTable(server, { players: 4, rounds: 1 }, 1, { level: 'medium' });
    const [host] = humans;
    const games = [await finishedGame(host)];
    for (let i = 0; i < 2; i++) {
      expect(await host.call('table:rematch', {})).toEqual({ ok: true });
      await host.until(() => host.game!.gameId !== games[games.length - 1], 'the rematch');
      games.push(await finishedGame(host));
    }
    const [a, b, c] = games;
    const first = await api<AnalysisReply>(server, 'POST', `/api/games/${a}/analysis`);
    expect(first.status).toBe(202);
    // Game a runs at once (or still waits); either way the queue then holds one game.
    const second = await api<AnalysisReply>(server, 'POST', `/api/games/${b}/analysis`);
    expect(second.status).toBe(202);
    const third = await api(server, 'POST', `/api/games/${c}/analysis`);
    expect(third).toEqual({
      status: 503,
      body: {
        error: {
          code: 'ERR_ANALYSIS_BUSY',
          message: 'Too many games are waiting to be analysed. Please try again in a few minutes.',
        },
      },
    });
    expect(await api(server, 'GET', `/api/games/${c}/analysis`)).toEqual({ status: 200, body: { status: 'none' } });
    // Asking again for a queued game answers where it stands, without queueing it twice.
    const again = await api<AnalysisReply>(server, 'POST', `/api/games/${b}/analysis`);
    expect(again.status).toBe(202);
    expect(['queued', 'running']).toContain(again.body.status);
    await until(b, 'done');
    const stored = await until(a, 'done');
    expect(stored.status).toBe('done');
    host.close();
  });
});

describe('a stored analysis read back', () => {
  it('is checked: a malformed one is refused with ERR_INTERNAL and logged, never sent', async () => {
    const [broken, garbled] = await finishedGames(server, 2);
    const decision = { round: 1, play: null, seat: 0, kind: 'pass', chosen: 3, best: 3, options: [], class: 'good' };
    const analysis = {
      format: 'bottle-imp-analysis/1',
      iterations: ITERATIONS,
      seed: 1,
      thresholds: { inaccuracy: 0.5, mistake: 1.5, blunder: 3 },
      players: [],
      decisions: [
        { ...decision, loss: 0, why: 'fine' },
        { ...decision, loss: 'a lot', why: 'costly' },
      ],
    };
    await withStore(server.dataDir, async (store) => {
      await store.saveAnalysis(broken, JSON.stringify(analysis), Date.now());
      await store.saveAnalysis(garbled, '{"format":', Date.now());
    });
    const refused = {
      status: 500,
      body: { error: { code: 'ERR_INTERNAL', message: 'Something went wrong on the server. Please try again.' } },
    };
    for (const [gameId, problem] of [
      [broken, 'decisions.1.loss: '],
      [garbled, 'not JSON'],
    ]) {
      expect(await api(server, 'GET', `/api/games/${gameId}/analysis`)).toEqual(refused);
      expect(await api(server, 'POST', `/api/games/${gameId}/analysis`)).toEqual(refused);
      // The log is written beside the answer, not before it: it may come a moment later.
      await expect
        .poll(() => server.output(), { timeout: 5000 })
        .toContain(`the stored analysis of game ${gameId} is malformed: ${problem}`);
    }
  });
});

describe('the queue shared between addresses', () => {
  it('holds ANALYSES_PER_ADDRESS waiting games per address (then ERR_TOO_MANY_ANALYSES), takes addresses in turn, and analyses at nice 19', async () => {
    // So many samples that the first game is still being analysed while the others queue.
    // Five games in a row from one connection outrun the per-connection message limit on a
    // quiet machine; that limit is not what this test is about.
    const busy = await startServer({
      ANALYSIS_ITERATIONS: '200000',
      ANALYSES_PER_ADDRESS: '2',
      BOT_WORKERS: '2',
      SOCKET_RATE_PER_SECOND: '1000',
    });
    try {
      const [a1, a2, a3, a4, b1] = await finishedGames(busy, 5);
      const post = async (from: string, id: string) => {
        const r = await requestFrom(busy, from, 'POST', `/api/games/${id}/analysis`);
        return { status: r.status, body: JSON.parse(r.body) };
      };
      const position = async (id: string) => (await api<AnalysisReply>(busy, 'GET', `/api/games/${id}/analysis`)).body;
      expect(await post('127.0.0.2', a1)).toEqual({ status: 202, body: { status: 'queued', position: 1 } });
      expect(await position(a1)).toEqual({ status: 'running' });
      // Asked twice at once, a game is queued once.
      expect(await Promise.all([post('127.0.0.2', a2), post('127.0.0.2', a2)])).toEqual([
        { status: 202, body: { status: 'queued', position: 1 } },
        { status: 202, body: { status: 'queued', position: 1 } },
      ]);
      expect(await post('127.0.0.2', a3)).toEqual({ status: 202, body: { status: 'queued', position: 2 } });
      expect(await post('127.0.0.2', a4)).toEqual({
        status: 429,
        body: {
          error: {
            code: 'ERR_TOO_MANY_ANALYSES',
            message: 'You already have 2 games waiting to be analysed. Ask again once one of them has started.',
          },
        },
      });
      expect(await position(a4)).toEqual({ status: 'none' });
      // Another address is not behind all of the first one's games: it goes next but one.
      expect(await post('127.0.0.3', b1)).toEqual({ status: 202, body: { status: 'queued', position: 2 } });
      expect(await position(a2)).toEqual({ status: 'queued', position: 1 });
      expect(await position(a3)).toEqual({ status: 'queued', position: 3 });

      // The analysis runs in a child process at the lowest priority, every thread of it.
      const [pid] = analysisProcesses(busy);
      expect(pid).toBeGreaterThan(0);
      expect(os.getPriority(pid)).toBe(19);
      expect(threadNices(pid).every((nice) => nice === 19)).toBe(true);
      expect(os.getPriority(busy.process.pid!)).toBe(os.getPriority());
    } finally {
      expect(await busy.stop()).toBe(0);
    }
  });
});

describe('a queued analysis across a crash', () => {
  it('is queued again when the killed server restarts, and completes', async () => {
    const dataDir = tempDataDir();
    // So many samples that the first server is still at it when it is killed.
    const first = await startServer({ ANALYSIS_ITERATIONS: '200000', BOT_WORKERS: '2' }, dataDir);
    const { humans } = await seatTable(first, { players: 4, rounds: 1 }, 1, { level: 'medium' });
    const gameId = await finishedGame(humans[0]);
    humans[0].close();
    expect(await api(first, 'POST', `/api/games/${gameId}/analysis`)).toEqual({
      status: 202,
      body: { status: 'queued', position: 1 },
    });
    expect((await api<AnalysisReply>(first, 'GET', `/api/games/${gameId}/analysis`)).body.status).toBe('running');
    await first.kill();

    const second = await startServer({ ANALYSIS_ITERATIONS: String(ITERATIONS), BOT_WORKERS: '2' }, dataDir);
    try {
      expect(second.output()).toContain('"analysesResumed":1');
      const done = await analysedAsTheCliDoes(second, gameId);
      // Asked again after it is done: the stored result at once.
      expect(await api(second, 'POST', `/api/games/${gameId}/analysis`)).toEqual({
        status: 200,
        body: { status: 'done', analysis: done.analysis },
      });
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });
});
