/** Duplicate events' API (docs/protocol.md, "Duplicate events"). */
import type { CreatedDuplicate, DuplicateEvent, DuplicateSeat } from '../../protocol/duplicate.js';
import { call } from './api.js';
import { saveSession } from './session.js';

export type { DuplicateEntryResult, DuplicateEvent } from '../../protocol/duplicate.js';

export interface NewDuplicate {
  readonly players: number;
  readonly mode: string;
  readonly hands: number;
  readonly name: string;
  /** A guest host's name, as entrants see it. */
  readonly host?: string;
}

export function createDuplicate(event: NewDuplicate): Promise<CreatedDuplicate> {
  return call('POST', '/api/duplicates', event);
}

export function getDuplicate(code: string): Promise<DuplicateEvent> {
  return call('GET', `/api/duplicates/${encodeURIComponent(code)}`);
}

export function closeDuplicate(code: string): Promise<unknown> {
  return call('POST', `/api/duplicates/${encodeURIComponent(code)}/close`, {});
}

/**
 * Begin (or resume) this player's entry and keep its seat like any other table's, so the
 * table screen opens it: alone against the bots, or (`at`) a seat at a table of people.
 */
export function startDuplicate(
  code: string,
  name: string,
  at?: { readonly table: string; readonly seat: number },
): Promise<DuplicateSeat> {
  return seated(`/api/duplicates/${encodeURIComponent(code)}/start`, { ...(name ? { name } : {}), ...at });
}

/** The host opens a table of people for the event, sitting at `seat`. */
export function peopleTable(code: string, name: string, seat: number): Promise<DuplicateSeat> {
  return seated(`/api/duplicates/${encodeURIComponent(code)}/tables`, { ...(name ? { name } : {}), seat });
}

async function seated(path: string, body: object): Promise<DuplicateSeat> {
  const reply = await call<DuplicateSeat>('POST', path, body);
  saveSession(reply.code, { seat: reply.seat, token: reply.token });
  return reply;
}
