/**
 * A new version of the app, waiting in the service worker until the player takes it.
 * Taking it reloads the page, so it is offered only between games: a screen where a game
 * is running (a table online, a game against bots offline) holds the offer back while it
 * runs (`useHoldUpdates`), and the offer shows when the game ends or the player leaves.
 * Nothing here ever reloads by itself.
 */
import { useEffect, useSyncExternalStore } from 'react';

/** Takes the waiting version: activates it and reloads the page. */
export type TakeUpdate = () => void;

let waiting: TakeUpdate | null = null;
let holds = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Told by the service worker's registration (register.ts) that a new version waits. */
export function offerUpdate(take: TakeUpdate): void {
  waiting = take;
  emit();
}

/** Holds the offer back until the returned release is called (once). */
export function holdUpdates(): () => void {
  holds++;
  emit();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds--;
    emit();
  };
}

/** Holds the offer back while `running` (a game is being played on this screen). */
export function useHoldUpdates(running: boolean): void {
  useEffect(() => (running ? holdUpdates() : undefined), [running]);
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** The way to take a waiting version, or null while there is none or a game holds it back. */
export function useUpdateOffer(): TakeUpdate | null {
  return useSyncExternalStore(subscribe, () => (holds === 0 ? waiting : null));
}
