/**
 * The shapes of offline play: a game's setup, what is saved of a game in progress and of a
 * finished one (store.ts), and the messages between the page (client.ts, analysis.ts) and
 * the worker (worker.ts). Types only, so that the home screen may read a save without
 * loading the engine.
 */
import type { Action, GameEvent, Mode, PlayerCount, Seed, TableView } from '../../engine/index.js';
import type { AnalysisDocument, BotLevel, ClientAction, FinishedGame, Hint } from '../../protocol/messages.js';
import type { ErrorCode } from '../../values/index.js';

export interface OfflineSetup {
  readonly players: PlayerCount;
  readonly mode: Mode;
  /** Exactly one of rounds and targetScore. */
  readonly rounds?: number;
  readonly targetScore?: number;
  /** Per seat, the bot's level; null for the person (seat 0). */
  readonly levels: readonly (BotLevel | null)[];
  /** Per seat, its name as the person saw it when the game started (the record's names). */
  readonly names: readonly string[];
  /** Hints and bottle risk for the person. */
  readonly coach: boolean;
}

/** A game in progress, as saved after every action: enough to rebuild it card for card. */
export interface SavedGame {
  readonly id: string;
  readonly setup: OfflineSetup;
  /** The deals' seed (a wide seed, 64 hexadecimal digits). */
  readonly seed: Seed;
  /** Per seat, the seed its bot (or, at the person's seat, the coach) thinks from. */
  readonly botSeeds: readonly number[];
  readonly actions: readonly Action[];
  readonly startedAt: number;
}

/** A finished offline game, listed on the Replays page as the server's finished games are. */
export interface FinishedOffline extends Omit<FinishedGame, 'botAccounts'> {
  /** The `bottle-imp/1` record, as the file downloaded. */
  readonly record: string;
  readonly totals: readonly number[];
  readonly winners: readonly number[];
  /** Its analysis, once one was made. */
  readonly analysis?: AnalysisDocument;
}

/** Page → worker. `id` pairs a request with its answer. */
export type ToWorker =
  | { readonly id: number; readonly type: 'start'; readonly setup: OfflineSetup }
  | { readonly id: number; readonly type: 'resume'; readonly pace: number }
  | { readonly id: number; readonly type: 'act'; readonly action: ClientAction }
  | { readonly id: number; readonly type: 'hint' }
  | { readonly id: number; readonly type: 'pace'; readonly pace: number }
  | { readonly id: number; readonly type: 'analyse'; readonly record: string; readonly iterations?: number };

/** The person's view after a change, with the events they may see of it. */
export interface OfflineUpdate {
  readonly type: 'update';
  readonly gameId: string;
  readonly setup: OfflineSetup;
  readonly view: TableView;
  readonly events: readonly GameEvent[];
}

/** Worker → page: an update, analysis progress, or the answer to a request. */
export type FromWorker =
  | OfflineUpdate
  | { readonly type: 'progress'; readonly done: number; readonly total: number }
  /** The game cannot go on (a bot turn or a save failed). */
  | { readonly type: 'failed'; readonly code: ErrorCode }
  | { readonly type: 'answer'; readonly id: number; readonly answer: WorkerAnswer };

export type WorkerAnswer =
  | { readonly ok: true; readonly hint?: Hint; readonly analysis?: AnalysisDocument }
  | { readonly ok: false; readonly code: ErrorCode | 'ERR_NO_SAVED_GAME' };
