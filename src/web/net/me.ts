/**
 * Who is signed in, for every screen at once: one GET /api/me when the page starts, then
 * kept as screens sign in and out. `undefined` while it is asked, null for a guest (or a
 * server that cannot be reached: the page then behaves as for a guest).
 */
import { useSyncExternalStore } from 'react';
import { fetchMe, type Me } from './account.js';

let me: Me | null | undefined;
let asked: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(next: Me | null): void {
  me = next;
  for (const listener of listeners) listener();
}

/** Ask the server again (after a sign-in, a new passkey, a sign-out). */
export function refreshMe(): Promise<void> {
  asked = fetchMe().then(set, () => set(null));
  return asked;
}

/** Forget the account at once (signed out), without asking. */
export function forgetMe(): void {
  set(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!asked) void refreshMe();
  return () => listeners.delete(listener);
}

export function useMe(): Me | null | undefined {
  return useSyncExternalStore(subscribe, () => me);
}
