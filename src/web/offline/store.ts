/**
 * Offline games in the browser's IndexedDB (the raw API: two object stores need no
 * library): the game in progress, saved by the worker after every action, and the
 * finished games with their records and analyses. Both the page and the worker use it;
 * a game's end moves it from one store to the other in one transaction, so it is never
 * lost between them nor listed twice.
 */
import type { AnalysisDocument } from '../../protocol/messages.js';
import type { FinishedOffline, SavedGame } from './types.js';

const DB = 'bottle-imp-offline';
const CURRENT = 'current';
const FINISHED = 'finished';
/** The one game in progress is kept under this key. */
const KEY = 'game';

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(CURRENT);
      request.result.createObjectStore(FINISHED, { keyPath: 'id' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  // A failed open (private mode, storage off) is tried again next time.
  opening.catch(() => {
    opening = null;
  });
  return opening;
}

/** Run `work` in one transaction; resolves with its request's result once the transaction is committed. */
async function run<T>(
  stores: string[],
  mode: IDBTransactionMode,
  work: (tx: IDBTransaction) => IDBRequest<T> | undefined,
): Promise<T | undefined> {
  const db = await open();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(stores, mode);
    const request = work(tx);
    tx.oncomplete = () => resolve(request?.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Save the game in progress (replacing the one saved before). */
export async function saveCurrent(game: SavedGame): Promise<void> {
  await run([CURRENT], 'readwrite', (tx) => tx.objectStore(CURRENT).put(game, KEY));
}

/** The game in progress, or null. */
export async function loadCurrent(): Promise<SavedGame | null> {
  return (
    ((await run([CURRENT], 'readonly', (tx) => tx.objectStore(CURRENT).get(KEY))) as SavedGame | undefined) ?? null
  );
}

/** Forget the game in progress (the person starts another). */
export async function dropCurrent(): Promise<void> {
  await run([CURRENT], 'readwrite', (tx) => tx.objectStore(CURRENT).delete(KEY));
}

/** The game is over: listed with the finished games, and no longer in progress, at once. */
export async function finish(game: FinishedOffline): Promise<void> {
  await run([CURRENT, FINISHED], 'readwrite', (tx) => {
    tx.objectStore(CURRENT).delete(KEY);
    return tx.objectStore(FINISHED).put(game);
  });
}

/** Every finished offline game, the latest first. */
export async function listFinished(): Promise<FinishedOffline[]> {
  const all = ((await run([FINISHED], 'readonly', (tx) => tx.objectStore(FINISHED).getAll())) ??
    []) as FinishedOffline[];
  return all.sort((a, b) => b.finishedAt - a.finishedAt);
}

export async function getFinished(id: string): Promise<FinishedOffline | null> {
  return (
    ((await run([FINISHED], 'readonly', (tx) => tx.objectStore(FINISHED).get(id))) as FinishedOffline | undefined) ??
    null
  );
}

/** Keep a finished game's analysis with it, so it is made once. */
export async function saveAnalysis(id: string, analysis: AnalysisDocument): Promise<void> {
  await run([FINISHED], 'readwrite', (tx) => {
    const store = tx.objectStore(FINISHED);
    const get = store.get(id);
    get.onsuccess = () => {
      if (get.result) store.put({ ...(get.result as FinishedOffline), analysis });
    };
    return undefined;
  });
}
