/**
 * One game's owner. The game is its options, seed and action log in the store; the
 * engine state held here is a cache rebuilt by replaying that log. Each accepted action
 * is checked by the engine and stored with the next sequence number before anyone hears
 * of it. The owner is always driven from its table's queue, one request at a time.
 */
import { type Action, Game, type GameEvent, ok, type Result, type TableView, view, visibleEvents } from '../../engine/index.js';
import type { GameUpdate } from '../../protocol/messages.js';
import { ServerError } from '../errors.js';
import { type ActionRow, type GameRow, SeqTakenError, type Store } from '../store/store.js';

/** How far back a returning client may be and still receive each update it missed. */
export const MAX_MISSED_UPDATES = 64;

export class GameOwner {
  private constructor(
    readonly row: GameRow,
    private game: Game,
    /** The stored log, in order (a cache of the store's). */
    private readonly log: Action[],
    private readonly store: Store,
  ) {}

  /** A new game from its row (already stored by the caller). */
  static begin(row: GameRow, store: Store): GameOwner {
    return new GameOwner(row, replay(row, []), [], store);
  }

  /** A stored game, rebuilt by replaying its log through the engine. */
  static async restore(row: GameRow, store: Store): Promise<GameOwner> {
    const actions = (await store.loadActions(row.id)).map((a) => a.action);
    return new GameOwner(row, replay(row, actions), actions, store);
  }

  get id(): string {
    return this.row.id;
  }

  /** The number of actions in the log: the sequence number of the last one. */
  get seq(): number {
    return this.log.length;
  }

  get over(): boolean {
    return this.game.phase === 'over';
  }

  toAct(): number[] {
    return this.game.toAct();
  }

  legalActions(seat: number): Action[] {
    return this.game.legalActions(seat);
  }

  view(seat: number | null): TableView {
    return view(this.game, seat);
  }

  /** The engine state itself, for writing the record of a finished game. */
  get engineGame(): Game {
    return this.game;
  }

  /**
   * Check the action with the engine and, if it is legal, store it under the next
   * sequence number. A refused action changes nothing.
   */
  async act(action: Action, byBot: boolean, now: number): Promise<Result<{ seq: number; events: GameEvent[] }>> {
    const result = this.game.apply(action);
    if (!result.ok) return result;
    const row: ActionRow = { seq: this.log.length + 1, action, byBot, at: now };
    try {
      await this.store.appendAction(this.row.id, row, this.game.phase === 'over' ? { at: now } : undefined);
    } catch (e) {
      if (!(e instanceof SeqTakenError)) {
        // Not stored (the database may be out of reach): the cache ran ahead of the log,
        // so it is rebuilt from the actions known to be stored, without asking the store.
        this.game = replay(this.row, this.log);
        throw e;
      }
      // Another writer stored this seq: rebuild the cache from what is really stored.
      const stored = (await this.store.loadActions(this.row.id)).map((a) => a.action);
      this.log.splice(0, this.log.length, ...stored);
      this.game = replay(this.row, stored);
      throw new ServerError('ERR_STALE', 'The game moved on meanwhile; please try again.', 409);
    }
    this.log.push(action);
    return ok({ seq: row.seq, events: result.value });
  }

  /** What one seat (or a spectator, null) receives after an action. */
  update(seat: number | null, events: readonly GameEvent[], deadline: number | null): GameUpdate {
    return { gameId: this.row.id, seq: this.seq, events: visibleEvents(events, seat), view: view(this.game, seat), deadline };
  }

  /**
   * The updates a seat missed after `lastSeq`, rebuilt from the log, or null when that is
   * too far back (the client then starts again from a full view).
   */
  missedSince(seat: number | null, lastSeq: number): GameUpdate[] | null {
    if (lastSeq > this.seq || this.seq - lastSeq > MAX_MISSED_UPDATES) return null;
    const game = replay(this.row, this.log.slice(0, lastSeq));
    const updates: GameUpdate[] = [];
    for (let i = lastSeq; i < this.log.length; i++) {
      const result = game.apply(this.log[i]);
      if (!result.ok) throw new Error(`stored action ${i + 1} of game ${this.row.id} does not replay: ${result.error.detail}`);
      updates.push({ gameId: this.row.id, seq: i + 1, events: visibleEvents(result.value, seat), view: view(game, seat), deadline: null });
    }
    return updates;
  }
}

/** The engine state after the given actions. */
export function replay(row: GameRow, actions: readonly Action[]): Game {
  const created = Game.create(row.options, row.seed);
  if (!created.ok) throw new Error(`game ${row.id} has bad options: ${created.error.detail}`);
  const game = created.value;
  actions.forEach((action, i) => {
    const result = game.apply(action);
    if (!result.ok) throw new Error(`stored action ${i + 1} of game ${row.id} does not replay: ${result.error.detail}`);
  });
  return game;
}
