/**
 * A game's actions at a table, a person's or a bot's, on the table's one path: the engine
 * judges the action (GameOwner.act), the table decides what it changes of the table (a
 * person who acts takes the seat back from a stand-in, the game's end finishes the table:
 * `decide`'s `acted`), and the action is stored in one write with all of that and the
 * deadlines it brings in line; only then is it acknowledged, held and told (Table.commit's
 * steps, through `ActingTable`). Also: learning what happened to a write whose outcome was
 * unknown, and telling stored actions nobody was told of.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Action, GameEvent } from '../../engine/index.js';
import type { ClientAction } from '../../protocol/messages.js';
import { ServerError } from '../errors.js';
import type { GameOwner, WithOwnAction } from '../game-owner/owner.js';
import { StoreUnavailableError } from '../store/store.js';
import type { TableReplies } from './commands.js';
import type { TableContext } from './context.js';
import { RETRY_MS } from './deadlines.js';
import type { Change, Decidable, TableState } from './decide.js';
import type { SeatClaim } from './seat-rules.js';
import { SETTLE_MS } from './store-change.js';

/** What comes with a change besides the table's state, for Table.commit. */
export interface Along {
  /** The events of the game's action that led to it, told with the update. */
  readonly events?: readonly GameEvent[];
  /** The seat that just acted, whose turn clock starts over if it must act again. */
  readonly fresh?: number;
}

/** A decided change made ready to store (Table.ready), as the action path sees it. */
export interface Ready {
  /**
   * What an action's write stores with it: the table's next version, the deadlines, a rated
   * game's result (undefined: nothing).
   */
  readonly withAction: WithOwnAction | undefined;
}

/** What the action path asks of its table (always inside the table's queue). */
export interface ActingTable<R extends Ready = Ready> {
  readonly ctx: TableContext;
  readonly status: TableState['row']['status'];
  /** The claim's seat and the game it plays in; refused when the table is closed or no game runs. */
  playingSeat(claim: SeatClaim): { seat: number; owner: GameOwner };
  decided(c: Decidable): Change;
  /** A decided change with its one write, ready to store (with an action: `withAction`). */
  ready(change: Change, along: Along, owner: GameOwner): R;
  /** A ready change is stored: hold it, tell everyone, bring bot turns in line. */
  carryOut(ready: R, along: Along): void;
  /** Store a decided change, then carry it out. */
  commit(change: Change, along?: Along): Promise<void>;
}

export class GameActions<R extends Ready> {
  constructor(private readonly table: ActingTable<R>) {}

  private get ctx(): TableContext {
    return this.table.ctx;
  }

  /**
   * A player's action. `stored` gets the reply as soon as the action is stored, before the
   * updates go out; a refusal is thrown as a ServerError and changes nothing.
   */
  async act(
    claim: SeatClaim,
    action: ClientAction,
    /** The `seq` of the view the action was chosen from, if the client said. */
    seen: number | undefined,
    stored?: (reply: unknown) => void,
  ): Promise<TableReplies['game:act']> {
    const { seat, owner } = this.table.playingSeat(claim);
    // An earlier write in doubt first: what follows judges the action against the log as
    // stored. Sent without a view, the action was chosen from the game as it was before
    // that write was learnt: if the write was this very action, it is not applied twice.
    const known = owner.seq;
    await this.resync(owner);
    const wanted = toEngineAction(seat, action);
    const view = seen ?? known;
    if (view !== owner.seq) {
      // Chosen from another view than the game's. If this seat acted since, that was this
      // very action (sent again because its acknowledgement was lost: it is not applied
      // twice), or the view was out of date. Others' actions since (passes) change nothing.
      // A view ahead of the game's is another game's.
      const since = view < owner.seq ? owner.nextActionOf(seat, view) : undefined;
      if (since && isDeepStrictEqual(since.action, wanted)) return { seq: since.seq, repeated: true };
      if (since || view > owner.seq)
        throw new ServerError('ERR_STALE', 'The game moved on meanwhile; please try again.', 409);
    }
    const before = owner.seq;
    let done: { seq: number; events: GameEvent[]; ready: R | undefined };
    try {
      const { result, ready } = await this.store(owner, wanted, false);
      if (!result.ok) throw new ServerError(result.error.code, result.error.message, 409);
      done = { ...result.value, ready };
    } catch (e) {
      // Stored by another copy of the write, which the table did not hold: it is committed afresh.
      done = { ...(await this.outcomeOf(owner, wanted, before, e)), ready: undefined };
    }
    const reply = { seq: done.seq };
    stored?.(reply);
    this.ctx.metrics.actions.inc({ by: 'human' });
    await this.told(owner, done.events, seat, true, done.ready);
    return reply;
  }

  /** A bot's action (see BotSeats.act): stored with all it changes as a person's is, then told. */
  async botAct(owner: GameOwner, action: Action, seat: number): Promise<boolean> {
    const { result, ready } = await this.store(owner, action, true);
    if (!result.ok) return false;
    await this.told(owner, result.value.events, seat, false, ready);
    return true;
  }

  /**
   * Settle a write in doubt (GameOwner.settle), tell everyone the stored actions they were
   * not told of, and finish a game that is over but whose table was not stored as finished.
   * Before a person's action and after a failed bot turn.
   */
  async resync(owner: GameOwner): Promise<void> {
    try {
      await owner.settle();
    } catch (e) {
      // Only the earlier write is in doubt: the command at hand was not carried out.
      throw e instanceof StoreUnavailableError ? new StoreUnavailableError() : e;
    }
    const news = owner.takeNews();
    if (news) await this.told(owner, news.events, news.seat, false);
    else if (owner.over && this.table.status === 'playing')
      await this.table.commit(this.table.decided({ type: 'over' }));
  }

  /**
   * Store an action and, in the same write, everything it changes: what `decide` says it
   * does to the table (decided once the engine has applied it, so on the game after it) and
   * the deadlines that brings in line. `ready`: what to carry out once stored (undefined:
   * the action was refused or not stored).
   */
  private async store(owner: GameOwner, action: Action, byBot: boolean) {
    let ready: R | undefined;
    const result = await owner.act(action, byBot, this.ctx.clock.now(), (after) => {
      const acted = { type: 'acted', seat: action.seat, byPerson: !byBot, over: after.over } as const;
      ready = this.table.ready(this.table.decided(acted), { fresh: action.seat }, after);
      return ready.withAction;
    });
    return { result, ready: result.ok ? ready : undefined };
  }

  /**
   * After an accepted action of `seat`: its change carried out if its write stored it
   * (`ready`), else decided and committed now (an action stored by another write: a copy
   * whose outcome was unknown, or another writer's); everyone is told.
   */
  private async told(
    owner: GameOwner,
    events: readonly GameEvent[],
    seat: number,
    byPerson: boolean,
    ready?: R,
  ): Promise<void> {
    if (ready) return this.table.carryOut(ready, { events });
    const acted = { type: 'acted', seat, byPerson, over: owner.over } as const;
    await this.table.commit(this.table.decided(acted), { events, fresh: seat });
  }

  /**
   * A person's action was not stored as asked (`e`): answer with what happened. A write
   * whose outcome is unknown (the database stopped answering mid-write) is learnt first, by
   * settling it every RETRY_MS for up to SETTLE_MS while the person waits, so that nobody is
   * told "nothing was done" of an action that was stored. Stored (by this write or an
   * earlier copy): the action's events, to acknowledge it as usual. Another action stored at
   * its seq: everyone is told of it, and this one is refused with ERR_STALE. Still unknown:
   * the unsure ERR_UNAVAILABLE (the next command at the table settles it).
   */
  private async outcomeOf(
    owner: GameOwner,
    wanted: Action,
    before: number,
    e: unknown,
  ): Promise<{ seq: number; events: GameEvent[] }> {
    const until = this.ctx.clock.now() + SETTLE_MS;
    while (owner.inDoubt && this.ctx.clock.now() < until) {
      await this.ctx.clock.sleep(RETRY_MS);
      await owner.settle().catch((err) => {
        if (!(err instanceof StoreUnavailableError)) throw err;
      });
    }
    const mine = owner.nextActionOf(wanted.seat, before);
    if (mine?.seq === before + 1 && isDeepStrictEqual(mine.action, wanted))
      return { seq: mine.seq, events: owner.takeNews()?.events ?? [] };
    const news = owner.takeNews();
    if (news) await this.told(owner, news.events, news.seat, false);
    // Refused before it was sent (no connection to be had), it surely changed nothing:
    // ERR_UNAVAILABLE says so. Settled and not stored, another action took its seq.
    if (owner.inDoubt || !(e instanceof StoreUnavailableError && e.unsure)) throw e;
    throw new ServerError('ERR_STALE', 'The game moved on meanwhile; please try again.', 409);
  }
}

/** The seat comes from the seat token, never from the client's message. */
function toEngineAction(seat: number, action: ClientAction): Action {
  return action.type === 'play' ? { type: 'play', seat, card: action.card } : { type: 'pass', seat, pass: action.pass };
}
