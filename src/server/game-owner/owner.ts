/**
 * One game's owner. The game is its options, seed and action log in the store; the
 * engine state held here is a cache rebuilt by replaying that log. Each accepted action
 * is checked by the engine and stored with the next sequence number before anyone hears
 * of it. The owner is always driven from its table's queue, one request at a time.
 */

import { isDeepStrictEqual } from 'node:util';
import {
  type Action,
  Game,
  type GameError,
  type GameEvent,
  ok,
  type Result,
  type TableView,
  view,
  visibleEvents,
} from '../../engine/index.js';
import type { GameUpdate, MissedStep } from '../../protocol/messages.js';
import { ServerError } from '../errors.js';
import type { RatedResult } from '../ratings/rated-game.js';
import {
  type ActionRow,
  type GameLog,
  type GameRow,
  SeqTakenError,
  StoreUnavailableError,
  type WithAction,
} from '../store/store.js';

/**
 * What a table stores with an action (GameOwner.act's `also`): all but the game's end, which
 * the owner knows, and the result of a rated game it ends, which the table works out.
 */
export type WithOwnAction = Omit<WithAction, 'finished'> & { readonly rated?: RatedResult };

/**
 * How far back a returning client may be and still receive the events it missed. The
 * events of the last this many actions are kept in memory, so catching up costs no replay.
 */
export const MAX_MISSED_UPDATES = 64;

export class GameOwner {
  /** The events of the most recent actions (at most MAX_MISSED_UPDATES), oldest first. */
  private recent: { seq: number; events: GameEvent[] }[];
  /**
   * An append whose outcome is unknown (the database stopped answering mid-write, see
   * StoreUnavailableError.unsure): it may be stored, now or when the database resumes.
   * Until `settle` learns its outcome, the cache leaves it out and nothing else is appended.
   */
  private doubt: { row: ActionRow; finished: WithAction['finished'] } | null = null;
  /**
   * Stored actions the cache took from the store rather than from its own write (one
   * whose outcome was unknown, or another writer's), that nobody has been told of yet:
   * their events, and the seat of the last (see takeNews).
   */
  private news: { events: GameEvent[]; seat: number } | null = null;
  /** The action being stored (`act`), counted by `botTurns` while its write is prepared. */
  private acting: ActionRow | null = null;

  private constructor(
    readonly row: GameRow,
    private game: Game,
    /** The stored log, in order (a cache of the store's). */
    private readonly log: Action[],
    /** Whether a bot chose each action of the log. */
    private readonly byBot: boolean[],
    private readonly store: GameLog,
    recent: { seq: number; events: GameEvent[] }[],
  ) {
    this.recent = recent;
  }

  /** A new game from its row (already stored by the caller). */
  static begin(row: GameRow, store: GameLog): GameOwner {
    return new GameOwner(row, replay(row, []).game, [], [], store, []);
  }

  /** A stored game, rebuilt by replaying its log through the engine. */
  static async restore(row: GameRow, store: GameLog): Promise<GameOwner> {
    const rows = await store.loadActions(row.id);
    const actions = rows.map((a) => a.action);
    const { game, recent } = replay(row, actions);
    return new GameOwner(
      row,
      game,
      actions,
      rows.map((a) => a.byBot),
      store,
      recent,
    );
  }

  get id(): string {
    return this.row.id;
  }

  /** The seat's first action stored after `seq`, with its own seq, if it acted since. */
  nextActionOf(seat: number, seq: number): { seq: number; action: Action } | undefined {
    for (let i = seq; i < this.log.length; i++)
      if (this.log[i].seat === seat) return { seq: i + 1, action: this.log[i] };
    return undefined;
  }

  /**
   * How many of the seat's last actions in a row a bot chose (a stand-in playing for an away
   * person), the action being stored included.
   */
  botTurns(seat: number): number {
    let turns = 0;
    const acting = this.acting;
    if (acting && acting.action.seat === seat) {
      if (!acting.byBot) return 0;
      turns++;
    }
    for (let i = this.log.length - 1; i >= 0 && (this.log[i].seat !== seat || this.byBot[i]); i--)
      if (this.log[i].seat === seat) turns++;
    return turns;
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

  /** Whether the seats to act choose their passes now (rather than play cards). */
  get passing(): boolean {
    return this.game.phase === 'pass';
  }

  /**
   * Whether a round after the first has just been dealt and nobody has passed yet: the
   * last round's summary is in front of everyone.
   */
  get freshRound(): boolean {
    return this.passing && this.game.roundIndex > 0 && this.game.toAct().length === this.game.players;
  }

  /** One legal action of the seat, cheaply (Game.firstLegalAction): what a failed bot plays. */
  firstLegalAction(seat: number): Action | null {
    return this.game.firstLegalAction(seat);
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
   * sequence number, together with what `also` gives (the table's change and deadlines,
   * asked once the engine has applied the action, so it sees the game after it; the caller
   * holds that once this resolves). A refused action changes nothing. An earlier append
   * whose outcome is unknown is settled first (see `settle`); that one is sent again with
   * the game's end alone: the table learns of the rest when it tells the news.
   *
   * A taken seq is judged by what is stored there: the same action of the same seat is
   * this very write (sent again after an unknown outcome, or stored by an earlier copy
   * that timed out) and succeeds; another is someone else's: the cache adopts the stored
   * log (its actions are news, `takeNews`) and the action is refused with ERR_STALE.
   */
  async act(
    action: Action,
    byBot: boolean,
    now: number,
    also?: (after: GameOwner) => WithOwnAction | undefined,
  ): Promise<Result<{ seq: number; events: GameEvent[] }, GameError>> {
    await this.settle();
    const result = this.game.apply(action);
    if (!result.ok) return result;
    const row: ActionRow = { seq: this.log.length + 1, action, byBot, at: now };
    let finished: WithAction['finished'];
    try {
      this.acting = row;
      const { rated, ...rest } = also?.(this) ?? {};
      if (this.game.phase === 'over')
        finished = { at: now, totals: [...this.game.totals], ...(rated ? { rated } : {}) };
      await this.store.appendAction(this.row.id, row, { ...rest, finished });
    } catch (e) {
      this.acting = null;
      // Not known to be stored: the cache ran ahead of the log, so it is rebuilt from the
      // actions known to be stored, without asking the store.
      ({ game: this.game, recent: this.recent } = replay(this.row, this.log));
      if (e instanceof StoreUnavailableError && e.unsure) this.doubt = { row, finished };
      if (!(e instanceof SeqTakenError)) throw e;
      if (await this.adopt(row)) return ok({ seq: row.seq, events: result.value });
      throw new ServerError('ERR_STALE', 'The game moved on meanwhile; please try again.', 409);
    }
    this.acting = null;
    this.log.push(action);
    this.byBot.push(byBot);
    remember(this.recent, { seq: row.seq, events: result.value });
    return ok({ seq: row.seq, events: result.value });
  }

  /** Whether an append's outcome is still unknown (see `settle`). */
  get inDoubt(): boolean {
    return this.doubt !== null;
  }

  /**
   * Learn the outcome of an append whose outcome was unknown, if there is one, by sending
   * the same append again: whichever copy is stored, the answer is certain (stored now, or
   * the seq is taken and the stored action says whose it is). Once stored, the action is
   * in the cache and is news (`takeNews`): whoever sent it was not told it was stored. Its
   * deadlines are not sent again; the table starts the turn clocks afresh when it tells
   * the news. Throws StoreUnavailableError while the database does not answer (the doubt stays).
   */
  async settle(): Promise<void> {
    const doubt = this.doubt;
    if (!doubt) return;
    try {
      await this.store.appendAction(this.row.id, doubt.row, { finished: doubt.finished });
    } catch (e) {
      if (!(e instanceof SeqTakenError)) throw e;
      this.doubt = null;
      await this.adopt(null);
      return;
    }
    this.doubt = null;
    const events = this.game.apply(doubt.row.action);
    if (!events.ok)
      throw new Error(`game ${this.row.id}: the action in doubt no longer applies: ${events.error.detail}`);
    this.log.push(doubt.row.action);
    this.byBot.push(doubt.row.byBot);
    remember(this.recent, { seq: doubt.row.seq, events: events.value });
    this.addNews(events.value, doubt.row.action.seat);
  }

  /**
   * Stored actions nobody has been told of (adopted from the store by `act` or `settle`):
   * their events together and the seat of the last, taken once; null when there are none.
   */
  takeNews(): { events: GameEvent[]; seat: number } | null {
    const news = this.news;
    this.news = null;
    return news;
  }

  /**
   * The seq of `mine` is taken: rebuild the cache from the stored log. True when the
   * stored action there is `mine` (same seat, same action: this very write, stored by an
   * earlier copy); every other stored action past the old cache is news.
   */
  private async adopt(mine: ActionRow | null): Promise<boolean> {
    const stored = await this.store.loadActions(this.row.id);
    const from = this.log.length;
    const ours = mine !== null && isDeepStrictEqual(stored[mine.seq - 1]?.action, mine.action);
    this.log.splice(0, this.log.length, ...stored.map((a) => a.action));
    this.byBot.splice(0, this.byBot.length, ...stored.map((a) => a.byBot));
    ({ game: this.game, recent: this.recent } = replay(this.row, this.log));
    for (const step of this.recent) {
      if (step.seq <= from || (ours && step.seq === mine.seq)) continue;
      this.addNews(step.events, this.log[step.seq - 1].seat);
    }
    return ours;
  }

  private addNews(events: readonly GameEvent[], seat: number): void {
    this.news = { events: [...(this.news?.events ?? []), ...events], seat };
  }

  /** What one seat (or a spectator, null) receives after an action. */
  update(
    seat: number | null,
    events: readonly GameEvent[],
    deadline: number | null,
    clocks: readonly (number | null)[],
    reading: number | null,
  ): GameUpdate {
    return {
      gameId: this.row.id,
      seq: this.seq,
      events: visibleEvents(events, seat),
      view: view(this.game, seat),
      deadline,
      clocks,
      reading,
    };
  }

  /**
   * The events a seat missed after `lastSeq`, action by action and filtered for that seat,
   * or null when they are no longer kept (the client then starts from the current view).
   * Only events: the one current view goes with them, never a view per step.
   */
  missedSince(seat: number | null, lastSeq: number): MissedStep[] | null {
    if (lastSeq > this.seq) return null;
    if (lastSeq === this.seq) return [];
    const first = this.recent.findIndex((r) => r.seq === lastSeq + 1);
    if (first < 0) return null;
    return this.recent.slice(first).map((r) => ({ seq: r.seq, events: visibleEvents(r.events, seat) }));
  }
}

function remember(recent: { seq: number; events: GameEvent[] }[], step: { seq: number; events: GameEvent[] }): void {
  recent.push(step);
  if (recent.length > MAX_MISSED_UPDATES) recent.shift();
}

/** The engine state after the given actions, with the events of the last ones. */
export function replay(
  row: GameRow,
  actions: readonly Action[],
): { game: Game; recent: { seq: number; events: GameEvent[] }[] } {
  const created = Game.create(row.options, row.seed);
  if (!created.ok) throw new Error(`game ${row.id} has bad options: ${created.error.detail}`);
  const game = created.value;
  const recent: { seq: number; events: GameEvent[] }[] = [];
  actions.forEach((action, i) => {
    const result = game.apply(action);
    if (!result.ok) throw new Error(`stored action ${i + 1} of game ${row.id} does not replay: ${result.error.detail}`);
    if (i >= actions.length - MAX_MISSED_UPDATES) remember(recent, { seq: i + 1, events: result.value });
  });
  return { game, recent };
}
