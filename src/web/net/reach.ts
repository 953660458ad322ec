/**
 * Whether the server can be reached now, as the screens show it: the browser's own word
 * (navigator.onLine, with its `online` and `offline` events) and the server's latest
 * answer or silence (a REST call, api.ts, or a table's socket, connection.ts). The home
 * screen reads it to say what works offline and to turn the online features back on by
 * themselves when the connection returns.
 */
import { useSyncExternalStore } from 'react';

/** `offline`: the device has no network; `no-server`: it has one, but the server does not answer. */
export type Reach = 'online' | 'offline' | 'no-server';

let serverAnswers = true;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Told by whatever just talked to the server: whether it answered. */
export function reportServer(answered: boolean): void {
  if (answered === serverAnswers) return;
  serverAnswers = answered;
  emit();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // The network coming back is worth asking the server again: the next call says.
  const online = () => {
    serverAnswers = true;
    onChange();
  };
  window.addEventListener('online', online);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', online);
    window.removeEventListener('offline', onChange);
  };
}

function reach(): Reach {
  if (!navigator.onLine) return 'offline';
  return serverAnswers ? 'online' : 'no-server';
}

export function useReach(): Reach {
  return useSyncExternalStore(subscribe, reach);
}
