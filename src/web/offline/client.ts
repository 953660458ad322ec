/**
 * The page's side of an offline game: it starts the worker (worker.ts, loaded only now),
 * sends it the person's actions, and keeps what the table draws from (the person's view,
 * the events that arrived, the seats) as a snapshot React reads with
 * useSyncExternalStore, as TableConnection does for a game on the server.
 */
import type { ClientAction } from '../../protocol/messages.js';
import type { ErrorCode } from '../../values/index.js';
import type { ShownErrorCode } from '../errors.js';
import type { HintAnswer } from '../game/analysis.js';
import type { SeatLabel } from '../game/model.js';
import type { ArrivedEvent } from '../net/connection.js';
import type { FromWorker, OfflineSetup, OfflineUpdate, ToWorker, WorkerAnswer } from './types.js';

const KEEP_EVENTS = 200;

export interface OfflineState {
  /** The latest update, null until the worker has the game. */
  readonly game: OfflineUpdate | null;
  readonly seats: readonly SeatLabel[];
  readonly arrived: readonly ArrivedEvent[];
  /** Resuming found no saved game. */
  readonly missing: boolean;
  readonly error: ShownErrorCode | null;
}

/** Labels for an offline game's seats: the person by name, each bot by its level. */
export function offlineSeats(setup: OfflineSetup): SeatLabel[] {
  return setup.levels.map((bot, seat) => ({
    name: bot === null ? setup.names[seat] : null,
    bot,
    connected: true,
    away: false,
  }));
}

/** A module worker of offline play; the page's only way to one. */
export function offlineWorker(): Worker {
  return new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'bottle-imp-offline' });
}

/** Requests to a worker, each answered once by id; its other messages go to `onMessage`. */
export class WorkerLink {
  private next = 1;
  private readonly waiting = new Map<number, (answer: WorkerAnswer) => void>();

  constructor(
    private readonly worker: Worker,
    onMessage: (m: Exclude<FromWorker, { type: 'answer' }>) => void,
  ) {
    worker.onmessage = (e: MessageEvent<FromWorker>) => {
      const m = e.data;
      if (m.type !== 'answer') return onMessage(m);
      this.waiting.get(m.id)?.(m.answer);
      this.waiting.delete(m.id);
    };
  }

  request(message: DistributiveOmit<ToWorker, 'id'>): Promise<WorkerAnswer> {
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.worker.postMessage({ ...message, id });
    });
  }

  close(): void {
    this.worker.terminate();
    for (const resolve of this.waiting.values()) resolve({ ok: false, code: 'ERR_NO_GAME' });
    this.waiting.clear();
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * Deal a new game and save it (in place of any saved one); resolves once it is saved, for
 * the table to open it as it opens any saved game. Refused: the code.
 */
export async function startOffline(setup: OfflineSetup): Promise<ErrorCode | null> {
  const link = new WorkerLink(offlineWorker(), () => {});
  const answer = await link.request({ type: 'start', setup });
  link.close();
  return answer.ok ? null : shown(answer.code);
}

export class OfflineGame {
  private state: OfflineState = { game: null, seats: [], arrived: [], missing: false, error: null };
  private readonly listeners = new Set<() => void>();
  private readonly link: WorkerLink;
  private eventCount = 0;

  /** The saved game, played on at `pace` ms a bot move. */
  constructor(pace: number) {
    this.link = new WorkerLink(offlineWorker(), (m) => {
      if (m.type === 'update') this.receive(m);
      if (m.type === 'failed') this.set({ error: m.code });
    });
    void this.link.request({ type: 'resume', pace }).then((answer) => {
      if (answer.ok) return;
      if (answer.code === 'ERR_NO_SAVED_GAME') this.set({ missing: true });
      else this.set({ error: answer.code });
    });
  }

  snapshot = (): OfflineState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The person's action: null when the game took it, else the refusal's code. */
  async act(action: ClientAction): Promise<ShownErrorCode | null> {
    const answer = await this.link.request({ type: 'act', action });
    return answer.ok ? null : shown(answer.code);
  }

  /** The coach's hint for the person's move, worked out in the worker. */
  async hint(): Promise<HintAnswer> {
    const answer = await this.link.request({ type: 'hint' });
    return answer.ok && answer.hint ? { ok: true, hint: answer.hint } : refusal(answer);
  }

  /** The person changed the animation speed: bots wait as long between moves. */
  setPace(pace: number): void {
    void this.link.request({ type: 'pace', pace });
  }

  close(): void {
    this.link.close();
    this.listeners.clear();
  }

  private receive(update: OfflineUpdate): void {
    const fresh = update.events.map((event) => ({ n: ++this.eventCount, event }));
    this.set({
      game: update,
      seats: this.state.game ? this.state.seats : offlineSeats(update.setup),
      arrived: [...this.state.arrived, ...fresh].slice(-KEEP_EVENTS),
    });
  }

  private set(change: Partial<OfflineState>): void {
    this.state = { ...this.state, ...change };
    for (const l of this.listeners) l();
  }
}

/** A worker's refusal as a code the player has words for (errors.ts). */
function shown(code: Extract<WorkerAnswer, { ok: false }>['code']): ErrorCode {
  return code === 'ERR_NO_SAVED_GAME' ? 'ERR_NO_GAME' : code;
}

function refusal(answer: WorkerAnswer): HintAnswer {
  const code = answer.ok ? 'ERR_INTERNAL' : shown(answer.code);
  return { ok: false, error: { code, message: code } };
}
