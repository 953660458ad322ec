/** The server's REST API (docs/protocol.md), typed by the shared protocol module. */
import type {
  AnalysisReply,
  CreateTableReply,
  FinishedGame,
  HttpErrorBody,
  JoinTableReply,
  TableOptions,
  TableSummary,
} from '../../protocol/messages.js';
import type { ShownErrorCode } from '../errors.js';
import { reportServer } from './reach.js';

export type { AnalysisReply, FinishedGame };

/** A refusal from the server: its code (the client shows its own words for it, errors.ts) and the server's sentence. */
export class ApiError extends Error {
  constructor(
    readonly code: ShownErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** How long a REST request may take before the screen says the server cannot be reached. */
const REQUEST_TIMEOUT_MS = 15_000;

/** One REST request: the reply's JSON, or an ApiError with the server's code (or the client's own). */
export async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      // A server that accepts the connection and never answers must not leave a screen waiting.
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    // The time limit covers the body too: reading it is part of the same wait.
    text = await res.text();
  } catch {
    reportServer(false);
    throw new ApiError('ERR_NETWORK', 'The server cannot be reached.');
  }
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: an HTML error page or a proxy; the status below explains it.
  }
  if (!res.ok) {
    const e = (data as Partial<HttpErrorBody> | null)?.error;
    // No refusal of ours in the body: a proxy or a page in between answered, not the server.
    reportServer(Boolean(e?.code));
    if (!e?.code) throw new ApiError('ERR_NETWORK', `The server answered ${res.status}.`);
    throw new ApiError(e.code, e.message);
  }
  reportServer(true);
  return data as T;
}

export function createTable(
  name: string,
  options: Partial<TableOptions> & Pick<TableOptions, 'players'>,
): Promise<CreateTableReply> {
  return call('POST', '/api/tables', { name, options });
}

export function joinTable(code: string, name: string, seat?: number): Promise<JoinTableReply> {
  return call('POST', `/api/tables/${encodeURIComponent(code)}/seats`, seat === undefined ? { name } : { name, seat });
}

/** Public tables, as the server lists them (an array, or wrapped in { tables }). */
export async function listTables(): Promise<TableSummary[]> {
  const data = await call<TableSummary[] | { tables: TableSummary[] }>('GET', '/api/tables');
  return Array.isArray(data) ? data : (data?.tables ?? []);
}

export function getTable(code: string): Promise<TableSummary> {
  return call('GET', `/api/tables/${encodeURIComponent(code)}`);
}

/** A finished game of a table, as the server lists them. */
export async function finishedGames(code: string): Promise<FinishedGame[]> {
  return (await call<{ games: FinishedGame[] }>('GET', `/api/tables/${encodeURIComponent(code)}/games`)).games;
}

/** Who played a finished game (names and bot levels), to name its seats as the table did. */
export function getGame(gameId: string): Promise<FinishedGame> {
  return call('GET', `/api/games/${encodeURIComponent(gameId)}`);
}

/** A finished game's record as text, ready for parseRecord. */
export async function getRecord(gameId: string): Promise<string> {
  const data = await call<unknown>('GET', `/api/games/${encodeURIComponent(gameId)}/record`);
  return JSON.stringify(data);
}

/** Ask for a finished game to be analysed: done at once if it was before, else queued. */
export function requestAnalysis(gameId: string): Promise<AnalysisReply> {
  return call('POST', `/api/games/${encodeURIComponent(gameId)}/analysis`);
}

export function getAnalysis(gameId: string): Promise<AnalysisReply> {
  return call('GET', `/api/games/${encodeURIComponent(gameId)}/analysis`);
}
