/**
 * The module Web Worker of offline play: it holds the game (driver.ts), plays the bots'
 * turns at the page's pace, saves the game in IndexedDB after every action before telling
 * the page, and sends the page only the person's view. A worker started for an analysis
 * runs that alone, reporting progress; the page cancels it by ending the worker.
 * Nothing here reaches the network.
 */
/// <reference lib="webworker" />
import { ANALYSIS_DEFAULT_ITERATIONS, analyseRecord } from '../../analysis/index.js';
import { parseRecord } from '../../record/index.js';
import { OfflineDriver } from './driver.js';
import { finish, loadCurrent, saveCurrent } from './store.js';
import type { FromWorker, OfflineSetup, OfflineUpdate, ToWorker, WorkerAnswer } from './types.js';

declare const self: DedicatedWorkerGlobalScope;

let driver: OfflineDriver | null = null;
/** How long a bot waits before it plays, so that the person sees each card land. */
let pace = 0;
/** Bot turns are being played (one loop at a time). */
let playing = false;

const post = (message: FromWorker): void => self.postMessage(message);

function tell(events: OfflineUpdate['events']): void {
  if (!driver) return;
  post({ type: 'update', gameId: driver.id, setup: driver.setup, view: driver.view(), events });
}

/** Store first: the game in progress, or, once over, the finished game in its place. */
async function store(d: OfflineDriver): Promise<void> {
  if (!d.over) return saveCurrent(d.save());
  const v = d.view();
  const saved = d.save();
  await finish({
    id: d.id,
    names: d.setup.names,
    bots: d.setup.levels,
    startedAt: saved.startedAt,
    finishedAt: Date.now(),
    record: JSON.stringify(d.record(), null, 2),
    totals: v.totals,
    winners: v.winners ?? [],
  });
}

/** Every bot turn that is due, one at a time: think, apply, save, tell. */
async function playBots(): Promise<void> {
  if (playing) return;
  playing = true;
  try {
    for (let seat = driver?.botToAct() ?? null; driver && seat !== null; seat = driver.botToAct()) {
      const d = driver;
      if (pace > 0) await new Promise((r) => setTimeout(r, pace));
      const events = d.botTurn(seat);
      await store(d);
      tell(events);
    }
  } finally {
    playing = false;
  }
}

/** Bot turns in the background; one that fails (a save refused, a bot's bug) stops the game with a word to the page. */
function botsPlay(): void {
  playBots().catch((err: unknown) => {
    console.error('offline worker: a bot turn failed:', err);
    post({ type: 'failed', code: 'ERR_INTERNAL' });
  });
}

function randomWords(n: number): Uint32Array {
  return crypto.getRandomValues(new Uint32Array(n));
}

function newGame(setup: OfflineSetup): OfflineDriver {
  const seed = [...randomWords(8)].map((w) => w.toString(16).padStart(8, '0')).join('');
  const id = [...randomWords(3)].map((w) => w.toString(36)).join('');
  return OfflineDriver.start(id, setup, seed, [...randomWords(setup.players)], Date.now());
}

async function handle(m: ToWorker): Promise<WorkerAnswer> {
  switch (m.type) {
    case 'start': {
      // Saved only: the table opens it as the saved game (client.ts, startOffline).
      await store(newGame(m.setup));
      return { ok: true };
    }
    case 'resume': {
      pace = m.pace;
      const saved = await loadCurrent();
      if (!saved) return { ok: false, code: 'ERR_NO_SAVED_GAME' };
      driver = OfflineDriver.restore(saved);
      tell([]);
      botsPlay();
      return { ok: true };
    }
    case 'pace':
      pace = m.pace;
      return { ok: true };
    case 'act': {
      const d = driver;
      if (!d) return { ok: false, code: 'ERR_NO_GAME' };
      const result = d.act(m.action);
      if (!result.ok) return { ok: false, code: result.code };
      await store(d);
      tell(result.events);
      botsPlay();
      return { ok: true };
    }
    case 'hint': {
      if (!driver) return { ok: false, code: 'ERR_NO_GAME' };
      if (!driver.setup.coach) return { ok: false, code: 'ERR_COACH_OFF' };
      const hint = driver.hint();
      return hint ? { ok: true, hint } : { ok: false, code: 'ERR_NOT_YOUR_TURN' };
    }
    case 'analyse': {
      const parsed = parseRecord(m.record);
      if (!parsed.ok) return { ok: false, code: 'ERR_BAD_REQUEST' };
      const analysed = analyseRecord(parsed.value, {
        iterations: m.iterations ?? ANALYSIS_DEFAULT_ITERATIONS,
        onProgress: (done, total) => post({ type: 'progress', done, total }),
      });
      return analysed.ok ? { ok: true, analysis: analysed.value } : { ok: false, code: 'ERR_BAD_REQUEST' };
    }
  }
}

self.onmessage = (e: MessageEvent<ToWorker>) => {
  const m = e.data;
  handle(m).then(
    (answer) => post({ type: 'answer', id: m.id, answer }),
    (err: unknown) => {
      console.error('offline worker:', err);
      post({ type: 'answer', id: m.id, answer: { ok: false, code: 'ERR_INTERNAL' } });
    },
  );
};
