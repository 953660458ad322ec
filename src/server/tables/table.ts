/**
 * The table actor: one table's seats, its current game and everything that happens around
 * it. Every command (`commands.ts`: plain data naming its caller) runs through the table's
 * queue, one at a time, on one path: the pure rules (`decide.ts`) say what the command
 * does to the table's state (one immutable value) or refuse it; `commit` stores all of it
 * in one write (the table's row and seats, the game it starts or ends, the deadlines that
 * come with it); only then does the table hold the new state and tell everyone; then bot
 * turns follow it. A game's actions are stored by its owner (`GameOwner`), then go the same
 * way. The actor is a cache of the store's rows: it can be rebuilt from them at any time
 * (that is crash recovery). Its other parts each do one job: who is connected
 * (`presence.ts`), stored deadlines (`deadlines.ts`), turn clocks (`turn-clock.ts`), bot
 * turns (`bot-driver.ts`) and chat (`chat.ts`).
 */

import { isDeepStrictEqual } from 'node:util';
import type { Action, GameEvent } from '../../engine/index.js';
import type { BotLevel, ClientAction, Hint, TableSummary } from '../../protocol/messages.js';
import { ServerError } from '../errors.js';
import { GameOwner } from '../game-owner/owner.js';
import { decisionSeed, hashToken, newGameId, newSeatToken, newSeed } from '../ids.js';
import { SerialQueue } from '../serial.js';
import {
  type SeatRow,
  StoreUnavailableError,
  type TableRow,
  type TableWrite,
  type TimerKey,
  type TimerKind,
} from '../store/store.js';
import { BotDriver } from './bot-driver.js';
import { TableChat } from './chat.js';
import type { ReplyTo, SeatedCommand, TableCommand, TableReplies } from './commands.js';
import type { TableContext } from './context.js';
import { Deadlines, type PreparedChange, RETRY_MS, type StartDeadline } from './deadlines.js';
import { type Change, type Decidable, decide, seatsLost, type TableState } from './decide.js';
import { LocalPresence, type Presence } from './presence.js';
import * as rules from './seat-rules.js';
import { sameSummary, tableSummary } from './summary.js';
import { TurnClocks } from './turn-clock.js';

/**
 * How long a person's action whose write was never answered waits to learn whether it was
 * stored, before the answer says that it is not known (about as long as the web client
 * waits for an answer).
 */
const SETTLE_MS = 10_000;

/** The level of the bot that plays for an absent player. */
const STAND_IN_LEVEL: BotLevel = 'medium';

const NONE: Record<string, never> = {};

/** What comes with a change besides the table's state, for `commit`. */
interface Along {
  /** The events of the game's action that led to it, told with the update. */
  readonly events?: readonly GameEvent[];
  /** The seat that just acted, whose turn clock starts over if it must act again (none: its action stored its clocks). */
  readonly fresh?: number;
  /** The deadline that fell (already disarmed), cleared from the store with the change it causes. */
  readonly fell?: TimerKey;
}

/** What a game update shows besides the game: when bots take over (see Table.glance). */
interface Glance {
  readonly deadline: number | null;
  readonly clocks: (number | null)[];
  readonly reading: number | null;
}

export class Table {
  private readonly queue = new SerialQueue();
  private state: TableState;
  private owner: GameOwner | null = null;
  /** The summary everyone was last sent: a new one goes out only when it differs. */
  private told: TableSummary | null = null;
  private readonly presence: Presence = new LocalPresence();
  private readonly deadlines: Deadlines;
  private readonly bots: BotDriver;
  private readonly chat: TableChat;
  private readonly clocks: TurnClocks;
  /**
   * Per seat, its latest hint and the decision it is for, kept while it is worked out and
   * after: one hint per seat per decision, however often it is asked.
   */
  private readonly hints = new Map<number, { readonly decision: string; readonly hint: Promise<Hint> }>();

  constructor(
    private readonly ctx: TableContext,
    row: TableRow,
    seats: SeatRow[],
    finishedIds: readonly string[],
  ) {
    this.state = { row, seats, finished: finishedIds };
    this.deadlines = new Deadlines(ctx, row.code, this.queue, (kind, seat) => this.deadlineFell(kind, seat));
    this.bots = new BotDriver(ctx, row.code, this.queue, {
      playing: () => (this.state.row.status === 'playing' ? this.owner : null),
      botFor: (seat) => {
        const s = this.state.seats[seat];
        return s.bot ?? (s.away ? STAND_IN_LEVEL : null);
      },
      act: (owner, action, seat) => this.botAct(owner, action, seat),
      resync: (owner) => this.resync(owner),
    });
    this.chat = new TableChat(ctx.store, row.code);
    this.clocks = new TurnClocks(this.deadlines, ctx.config.turnClockScale, ctx.clock);
  }

  get code(): string {
    return this.state.row.code;
  }

  get status(): TableRow['status'] {
    return this.state.row.status;
  }

  get isPublicLobby(): boolean {
    return this.state.row.settings.public && this.state.row.status === 'lobby';
  }

  /** A new table with its creator in seat 0. */
  static async create(
    ctx: TableContext,
    code: string,
    name: string,
    settings: TableRow['settings'],
    accountId?: string,
  ): Promise<{ table: Table; token: string }> {
    const token = newSeatToken();
    const seats: SeatRow[] = Array.from({ length: settings.players }, (_, seat) => ({
      seat,
      name: seat === 0 ? name : null,
      tokenHash: seat === 0 ? hashToken(token) : null,
      bot: null,
      away: false,
      ...(seat === 0 && accountId ? { accountId } : {}),
    }));
    const row: TableRow = {
      code,
      settings,
      host: 0,
      status: 'lobby',
      gameId: null,
      createdAt: ctx.clock.now(),
      version: 1,
    };
    await ctx.store.saveTable(row, seats);
    const table = new Table(ctx, row, seats, []);
    // Nobody is connected yet: a table nobody opens soon is closed (and leaves memory).
    await table.queue.run(() =>
      table.deadlines.start(
        'close',
        -1,
        ctx.clock.now() + Math.min(ctx.config.unopenedCloseMs, ctx.config.closeAfterMs),
      ),
    );
    return { table, token };
  }

  /**
   * After a restart or a takeover: rebuild the game from its log, re-arm stored deadlines,
   * let bots play on. `following`: the connections that already follow the table through
   * other nodes (a takeover in a cluster); those whose claim still holds its seat are present.
   */
  resume(following: readonly { connection: string; claim: rules.SeatClaim | null }[] = []): Promise<void> {
    return this.queue.run(async () => {
      const { row, seats } = this.state;
      for (const { connection, claim } of following) {
        if (claim !== null && seats[claim.seat]?.tokenHash === claim.tokenHash)
          this.presence.hold(claim.seat, connection);
        else this.presence.watch(connection);
      }
      if (row.gameId && row.status === 'playing') {
        const game = await this.ctx.store.loadGame(row.gameId);
        if (!game) throw new Error(`table ${this.code} plays game ${row.gameId}, which is not stored`);
        this.owner = await GameOwner.restore(game, this.ctx.store);
      }
      await this.deadlines.rearm();
      // The process may have stopped between storing the last action and the table's new
      // status. Nobody is connected after a restart: absent players get their usual grace
      // period; stored turn clocks run on, and a clock the crash kept from being stored starts now.
      await this.commit(this.owner?.over ? this.decided({ type: 'over' }) : { ok: true, state: this.state });
    });
  }

  /**
   * The one way in: run a command and answer it. `stored`, when given, gets the reply as
   * soon as the command's change is stored, before everyone is told about it (so an
   * action is acknowledged before its updates go out).
   */
  handle<C extends TableCommand>(command: C, stored?: (reply: ReplyTo<C>) => void): Promise<ReplyTo<C>> {
    return this.dispatch(command, stored as ((reply: unknown) => void) | undefined) as Promise<ReplyTo<C>>;
  }

  private dispatch(c: TableCommand, stored?: (reply: unknown) => void): Promise<TableReplies[TableCommand['type']]> {
    switch (c.type) {
      case 'watch':
        return this.queue.run(() => this.watch(c.connection, c.token, c.lastSeq, c.gameId, c.accountId));
      case 'unwatch':
        return this.queue.run(() => this.unwatch(c.connection));
      case 'join':
        return this.queue.run(() => this.join(c.name, c.seat, c.accountId));
      case 'adopt':
        return this.queue.run(() => this.adopt(c.tokenHash, c.accountId));
      case 'game:hint':
        // Worked out in the bot pool, outside the queue.
        return this.hint(c.by);
      case 'game:act':
        return this.queue.run(() => this.act(c.by, c.message.action, c.message.seq, stored));
      default:
        return this.queue.run(() => this.seated(c));
    }
  }

  /** The seat a token belongs to now, or null. */
  seatOfToken(token: string): number | null {
    const hash = hashToken(token);
    return this.state.seats.find((s) => s.tokenHash === hash)?.seat ?? null;
  }

  summary(): TableSummary {
    return tableSummary(this.state.row, this.state.seats, this.state.finished, this.presence);
  }

  /** The running game's owner (for debugging views over HTTP). */
  get game(): GameOwner | null {
    return this.owner;
  }

  /**
   * Tell everyone following the table its current state again, with no events: in a
   * cluster, after broadcasts to other nodes could not be sent (a client that sees it
   * skipped a `seq` asks for the missed steps by watching again).
   */
  tellAgain(): Promise<void> {
    return this.queue.run(async () => {
      this.told = this.summary();
      this.ctx.out.table(this.told);
      if (this.owner) this.broadcast(this.owner, []);
    });
  }

  /** Stop every timer (server shutdown); the stored deadlines stay for the next start. */
  async shutdown(): Promise<void> {
    this.deadlines.halt();
    this.bots.halt();
    await this.queue.idle();
    this.deadlines.disarm();
  }

  // ---- commands, inside the queue -------------------------------------------------------

  private async join(name: string, wanted: number | undefined, accountId?: string): Promise<TableReplies['join']> {
    const token = newSeatToken();
    await this.decideAndCommit({ type: 'join', name, seat: wanted, tokenHash: hashToken(token), accountId });
    return { seat: this.seatOfToken(token)!, token };
  }

  private async adopt(tokenHash: string, accountId: string): Promise<TableReplies['adopt']> {
    await this.decideAndCommit({ type: 'adopt', tokenHash, accountId });
    return { seat: this.state.seats.find((s) => s.tokenHash === tokenHash)!.seat };
  }

  /** The seated commands that change the table between games, and chat. */
  private async seated(c: Exclude<SeatedCommand, { type: 'game:act' | 'game:hint' }>): Promise<Record<string, never>> {
    switch (c.type) {
      case 'chat:send':
        return this.sendChat(c.by, c.message);
      case 'table:start':
      case 'table:rematch':
        await this.decideAndCommit({ ...c, game: { id: newGameId(), seed: newSeed() } });
        return NONE;
      default:
        await this.decideAndCommit(c);
        return NONE;
    }
  }

  private async sendChat(claim: rules.SeatClaim, content: SeatedCommand<'chat:send'>['message']) {
    const { row, seats } = this.state;
    rules.mustBeOpen(row);
    const s = seats[rules.mustHold(seats, claim)];
    if (s.name === null) throw new ServerError('ERR_NOT_SEATED', 'Only seated players can chat.', 403);
    const message = await this.chat.post({ seat: s.seat, name: s.name }, row.gameId, content, this.ctx.clock.now());
    this.ctx.out.chat(this.code, message);
    return NONE;
  }

  /**
   * A player's action. `stored` gets the reply as soon as the action is stored, before the
   * updates go out; a refusal is thrown as a ServerError and changes nothing.
   */
  private async act(
    claim: rules.SeatClaim,
    action: ClientAction,
    /** The `seq` of the view the action was chosen from, if the client said. */
    seen: number | undefined,
    stored?: (reply: unknown) => void,
  ): Promise<TableReplies['game:act']> {
    const { seat, owner } = this.playingSeat(claim);
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
    let timers: PreparedChange | null | undefined;
    const before = owner.seq;
    let acted: { seq: number; events: GameEvent[] };
    try {
      const stored = await this.storeAction(owner, wanted, false);
      if (!stored.result.ok) throw new ServerError(stored.result.error.code, stored.result.error.message, 409);
      acted = stored.result.value;
      timers = stored.timers;
    } catch (e) {
      acted = await this.outcomeOf(owner, wanted, before, e);
      // Stored by another copy of the write, whose deadlines the table did not arm: they start afresh.
      timers = undefined;
    }
    if (timers) this.deadlines.applied(timers);
    const reply = { seq: acted.seq };
    stored?.(reply);
    this.ctx.metrics.actions.inc({ by: 'human' });
    await this.afterAction(owner, acted.events, seat, true, timers !== undefined);
    return reply;
  }

  /**
   * Store an action (a person's, or a bot's) and, in the same write, what it changes: the
   * game finished with it, or else the deadlines it brings in line (turn clocks), unless
   * the table's state changes too (a person takes their seat back from a stand-in), which
   * its commit stores. The usual action is one round trip to the database, not two.
   * `timers`: what was stored with it, to arm once stored (undefined: nothing was).
   */
  private async storeAction(owner: GameOwner, action: Action, byBot: boolean) {
    let timers: PreparedChange | null | undefined;
    const result = await owner.act(action, byBot, this.ctx.clock.now(), (after) => {
      if (after.over || (!byBot && this.state.seats[action.seat].away)) return undefined;
      timers = this.inLine(this.state, after, { fresh: action.seat });
      return timers?.stored;
    });
    return { result, timers: result.ok ? timers : undefined };
  }

  /** A bot's action (see BotSeats.act): stored with its clocks as a person's is, then told. */
  private async botAct(owner: GameOwner, action: Action, seat: number): Promise<boolean> {
    const { result, timers } = await this.storeAction(owner, action, true);
    if (!result.ok) return false;
    if (timers) this.deadlines.applied(timers);
    await this.afterAction(owner, result.value.events, seat, false, timers !== undefined);
    return true;
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
    await this.tellNews(owner);
    // Refused before it was sent (no connection to be had), it surely changed nothing:
    // ERR_UNAVAILABLE says so. Settled and not stored, another action took its seq.
    if (owner.inDoubt || !(e instanceof StoreUnavailableError && e.unsure)) throw e;
    throw new ServerError('ERR_STALE', 'The game moved on meanwhile; please try again.', 409);
  }

  /**
   * Settle a write in doubt (GameOwner.settle), tell everyone the stored actions they were
   * not told of, and finish a game that is over but whose table was not stored as finished.
   * Before a person's action and after a failed bot turn.
   */
  private async resync(owner: GameOwner): Promise<void> {
    try {
      await owner.settle();
    } catch (e) {
      // Only the earlier write is in doubt: the command at hand was not carried out.
      throw e instanceof StoreUnavailableError ? new StoreUnavailableError() : e;
    }
    await this.tellNews(owner);
    if (owner.over && this.state.row.status === 'playing') await this.decideAndCommit({ type: 'over' });
  }

  /** The stored actions nobody was told of (GameOwner.takeNews), told as any accepted action. */
  private async tellNews(owner: GameOwner): Promise<void> {
    const news = owner.takeNews();
    if (news) await this.afterAction(owner, news.events, news.seat, false);
  }

  /**
   * After an accepted action of `seat` (by its person, or by a bot or another writer): a
   * person who acts takes the seat back from a stand-in bot, a game that is over finishes,
   * and the seat's turn clock starts over if it must act again (unless `clocksStored`: the
   * action's own write brought the deadlines in line); then everyone is told.
   */
  private async afterAction(
    owner: GameOwner,
    events: readonly GameEvent[],
    seat: number,
    byPerson: boolean,
    clocksStored = false,
  ): Promise<void> {
    let change: Change = { ok: true, state: this.state };
    if (byPerson) change = this.decided({ type: 'returned', seat }, change.state);
    if (owner.over) change = this.decided({ type: 'over' }, change.state);
    await this.commit(change, { events, fresh: clocksStored ? undefined : seat });
  }

  /**
   * A hint for a seated person whose turn it is, from that seat's view only, worked out in
   * the bot pool. Refused unless the table's coach option is on. Asked again for the same
   * decision (also while it is still being worked out) it is the same hint, at no new cost.
   */
  private async hint(claim: rules.SeatClaim): Promise<{ hint: Hint }> {
    // Wrapped, so that the queue goes on while the hint is worked out outside it.
    const { hint } = await this.queue.run(() => {
      const { seat, owner } = this.playingSeat(claim);
      if (this.state.row.settings.coach !== true)
        throw new ServerError('ERR_COACH_OFF', 'The host has turned hints off at this table.', 403);
      const view = owner.view(seat);
      if (!view.toAct.includes(seat) || (view.phase === 'pass' && view.passed[seat]))
        throw new ServerError('ERR_NOT_YOUR_TURN', 'Hints are given when it is your turn.', 409);
      // The seat's decision, not the game's seq: while passing, others' passes move the seq on but not the decision.
      const decision = `${owner.row.id}:${view.round}:${view.phase}:${view.tricks.length}`;
      const known = this.hints.get(seat);
      if (known?.decision === decision) return known;
      const hint = this.ctx.pool
        .submit({
          kind: 'hint',
          view,
          iterations: this.ctx.config.hintIterations,
          seed: decisionSeed(owner.row.seed, owner.seq, seat),
        })
        .then(({ result, ms }) => {
          this.ctx.metrics.hintThink.observe(ms / 1000);
          return result;
        });
      const entry = { decision, hint };
      this.hints.set(seat, entry);
      // A hint that failed is not kept: asking again tries again.
      hint.catch(() => {
        if (this.hints.get(seat) === entry) this.hints.delete(seat);
      });
      return entry;
    });
    return { hint: await hint };
  }

  /** The claim's seat and the game it plays in; refused when the table is closed or no game runs. */
  private playingSeat(claim: rules.SeatClaim): { seat: number; owner: GameOwner } {
    const { row, seats } = this.state;
    rules.mustBeOpen(row);
    const seat = rules.mustHold(seats, claim);
    const owner = this.owner;
    if (row.status !== 'playing' || !owner)
      throw new ServerError('ERR_NO_GAME', 'No game is being played at this table.', 409);
    return { seat, owner };
  }

  /**
   * A connection starts following the table, as the seat its token holds now or as a
   * spectator. It is subscribed to the table's messages here, inside the queue, so that
   * nothing between this reply and the next update is lost.
   */
  private async watch(
    connection: string,
    token: string | undefined,
    lastSeq: number | undefined,
    gameId: string | undefined,
    accountId: string | undefined,
  ): Promise<TableReplies['watch']> {
    // A token names its seat; without one, a signed-in connection holds its account's seat here, if any.
    const seat =
      token !== undefined
        ? this.seatOfToken(token)
        : (this.state.seats.find((s) => accountId !== undefined && s.accountId === accountId && s.tokenHash !== null)
            ?.seat ?? null);
    if (token !== undefined && seat === null)
      throw new ServerError('ERR_BAD_TOKEN', 'This seat token is not valid at this table.', 403);
    const tokenHash = seat === null ? null : this.state.seats[seat].tokenHash!;
    // A connection that closed while it waited is not counted as present.
    if (this.ctx.out.follow(this.code, connection, seat === null ? null : { seat, tokenHash: tokenHash! })) {
      if (seat === null) {
        // Players are told who can read their chat.
        this.presence.watch(connection);
        await this.commit({ ok: true, state: this.state });
      } else {
        // Back from an absence: the bot hands the seat back, the absence deadline stops.
        this.presence.hold(seat, connection);
        await this.decideAndCommit({ type: 'returned', seat });
      }
    }
    const owner = this.owner;
    const sameGame = owner !== null && (gameId === undefined || gameId === owner.id);
    const chat = await this.chat.history();
    const glance = owner ? this.glance(owner) : null;
    return {
      table: this.summary(),
      seat,
      game: owner && glance ? owner.update(seat, [], glance.deadline, glance.clocks, glance.reading) : null,
      missed: owner && sameGame && lastSeq !== undefined ? owner.missedSince(seat, lastSeq) : null,
      chat,
      tokenHash,
    };
  }

  /** A connection closed or stopped following the table: its seat's absence, or the table's closing, may start. */
  private async unwatch(connection: string): Promise<Record<string, never>> {
    const dropped = this.presence.drop(connection);
    if (dropped === null || this.state.row.status === 'closed') return NONE;
    if (dropped !== 'spectator' && !dropped.last) return NONE;
    await this.commit({ ok: true, state: this.state });
    return NONE;
  }

  /** A stored deadline fell (disarmed already): what it does is decided and committed with its clearing. */
  private async deadlineFell(kind: TimerKind, seat: number): Promise<void> {
    const owner = this.state.row.status === 'playing' ? this.owner : null;
    const change = this.decided({
      type: 'deadline',
      kind,
      seat,
      present: this.presence.isPresent(seat),
      toAct: owner?.toAct().includes(seat) ?? false,
      anyoneHere: this.anyHumanConnected(),
    });
    await this.commit(change, { fell: { kind, seat } });
  }

  // ---- decide, then commit --------------------------------------------------------------

  /** Decide a command on the table's state and commit it; a refusal is thrown and changes nothing. */
  private async decideAndCommit(c: Decidable): Promise<void> {
    await this.commit(this.decided(c));
  }

  private decided(c: Decidable, state: TableState = this.state): Change {
    const d = decide(state, c, this.ctx.clock.now());
    if (!d.ok) throw d.error;
    return d;
  }

  /**
   * The one way the table changes, the same for every command:
   * 1. everything the change stores goes in one write: the table's row (as its next
   *    version, compare-and-set) and seats, the game it starts or the status of one it
   *    ends, and the deadlines it brings in line (turn clocks, absences, the table's close);
   * 2. only once that is stored does the table hold the new state (a write that fails
   *    changes nothing and tells nobody: the command is refused);
   * 3. then it tells: every connection of a seat whose token changed (the player left, the
   *    seat was emptied) loses it at once (it becomes a spectator, is told so, and no
   *    longer counts as present), everyone gets the summary if it changed, and each seat
   *    its game update if the game or what the update shows of the deadlines changed;
   * 4. then bot turns follow the new state, and a table that closed is forgotten.
   */
  private async commit(change: Change, along: Along = {}): Promise<void> {
    const before = this.state;
    const moved = change.state !== before;
    const next: TableState = moved
      ? { ...change.state, row: { ...change.state.row, version: before.row.version + 1 } }
      : before;
    const owner = change.game ? GameOwner.begin(change.game, this.ctx.store) : this.owner;
    const timers = this.inLine(next, owner, along);
    const write: TableWrite = {
      code: this.code,
      ...(moved ? { table: { row: next.row, seats: next.seats } } : {}),
      ...(change.game ? { game: change.game } : {}),
      ...(change.gameStatus ? { gameStatus: change.gameStatus } : {}),
      ...(timers ? { timers: timers.stored } : {}),
    };
    if (moved || change.game || change.gameStatus || timers) await this.store(write);

    const events = along.events ?? [];
    // What the updates showed before, when only that can make news (no events, the same game).
    const shown = owner && owner === this.owner && events.length === 0 ? this.glance(owner) : null;
    this.state = next;
    this.owner = owner;
    if (timers) this.deadlines.applied(timers);

    for (const claim of seatsLost(before, next)) {
      this.presence.demote(claim.seat);
      this.ctx.out.seatLost(this.code, claim);
    }
    const summary = this.summary();
    if (this.told === null || !sameSummary(summary, this.told)) {
      this.told = summary;
      this.ctx.out.table(summary);
    }
    // A table that closes says so in its summary alone.
    const open = next.row.status !== 'closed';
    if (owner && open && (shown === null || !sameGlance(shown, this.glance(owner)))) this.broadcast(owner, events);

    this.bots.schedule();
    if (next.row.status === 'closed' && before.row.status !== 'closed') this.ctx.closed(this.code);
  }

  /**
   * The deadlines the state calls for, against those running (null: none changes). During
   * a game every person who must act has a turn clock (turn-clock.ts) and every person not
   * connected an absence grace (not restarted once a stand-in bot plays the seat); a table
   * with no person connected closes after a while; a closed table has none. `along.fell`:
   * the deadline that fell, cleared from the store with the rest.
   */
  private inLine(next: TableState, owner: GameOwner | null, along: Along): PreparedChange | null {
    const { row, seats } = next;
    const now = this.ctx.clock.now();
    const start: StartDeadline[] = [];
    const stop: TimerKey[] = [];
    if (row.status === 'closed') stop.push(...this.deadlines.running());
    else {
      const playing = row.status === 'playing' ? owner : null;
      const clocks = this.clocks.wanted(playing, seats, row.settings.turnClock, along.fresh);
      start.push(...clocks.start);
      stop.push(...clocks.stop);
      for (const s of seats) {
        const absent = playing !== null && s.tokenHash !== null && !this.presence.isPresent(s.seat);
        const running = this.deadlines.has('absence', s.seat);
        if (absent && !running && !s.away)
          start.push({ kind: 'absence', seat: s.seat, deadline: now + row.settings.turnSeconds * 1000 });
        else if (!absent && running) stop.push({ kind: 'absence', seat: s.seat });
      }
      const here = seats.some((s) => s.tokenHash !== null && this.presence.isPresent(s.seat));
      const closing = this.deadlines.has('close', -1);
      if (here && closing) stop.push({ kind: 'close', seat: -1 });
      else if (!here && !closing) start.push({ kind: 'close', seat: -1, deadline: now + this.ctx.config.closeAfterMs });
    }
    const fell = along.fell;
    if (fell && !start.some((t) => t.kind === fell.kind && t.seat === fell.seat)) stop.push(fell);
    return this.deadlines.prepare(start, stop, fell);
  }

  /**
   * Store a change (Store.commitTable). A write whose outcome is unknown (`unsure`) is sent
   * again every RETRY_MS for up to SETTLE_MS until the database answers, so that the
   * request is answered with what happened. Refused (its version taken, its game already
   * stored), the stored table says whether an earlier copy of this very write got there.
   * Throws while still unknown.
   */
  private async store(write: TableWrite): Promise<void> {
    try {
      return await this.ctx.store.commitTable(write);
    } catch (e) {
      if (!(e instanceof StoreUnavailableError && e.unsure)) throw e;
      const until = this.ctx.clock.now() + SETTLE_MS;
      while (this.ctx.clock.now() < until) {
        await this.ctx.clock.sleep(RETRY_MS);
        try {
          return await this.ctx.store.commitTable(write);
        } catch (again) {
          if (again instanceof StoreUnavailableError) continue;
          const stored = await this.ctx.store.loadTable(this.code);
          // Compared as stored (JSON), where a missing option and an undefined one are the same.
          if (write.table === undefined || !sameJson(stored, { table: write.table.row, seats: write.table.seats }))
            throw again;
          return;
        }
      }
      throw e;
    }
  }

  // ---- what everyone is told --------------------------------------------------------------

  /** Each seat its own view and events, spectators the public ones. */
  private broadcast(owner: GameOwner, events: readonly GameEvent[]): void {
    const { deadline, clocks, reading } = this.glance(owner);
    for (const s of this.state.seats) {
      // Addressed to the seat's token as it is now: no connection holding an older one gets it.
      const claim = s.tokenHash === null ? null : { seat: s.seat, tokenHash: s.tokenHash };
      if (claim !== null && this.ctx.out.hasAudience(this.code, claim))
        this.ctx.out.game(this.code, claim, owner.update(s.seat, events, deadline, clocks, reading));
    }
    // Counted by the table (on every node, in a cluster): no spectator, no spectators' view.
    if (this.presence.spectators() > 0 && this.ctx.out.hasAudience(this.code, null))
      this.ctx.out.game(this.code, null, owner.update(null, events, deadline, clocks, reading));
  }

  /**
   * What an update shows of the deadlines: when a bot takes over the absent seat that must
   * act (seconds since the epoch), per seat when a bot takes over if it does not act (turn
   * clock or absence, for the seats to act), and the reading time of a fresh round.
   */
  private glance(owner: GameOwner): Glance {
    const acting = owner.over ? [] : owner.toAct();
    const clocks = this.state.seats.map((s) => {
      if (!acting.includes(s.seat)) return null;
      const times = [this.deadlines.deadline('turn', s.seat), this.deadlines.deadline('absence', s.seat)];
      const set = times.filter((t) => t !== undefined);
      return set.length === 0 ? null : Math.min(...set);
    });
    let soonest: number | null = null;
    for (const seat of owner.toAct()) {
      const t = this.deadlines.deadline('absence', seat);
      if (t !== undefined && (soonest === null || t < soonest)) soonest = t;
    }
    const deadline = soonest === null ? null : Math.ceil(soonest / 1000);
    return {
      deadline,
      clocks,
      reading: this.clocks.reading(owner, this.state.seats, this.state.row.settings.turnClock),
    };
  }

  private anyHumanConnected(): boolean {
    return this.state.seats.some((s) => s.tokenHash !== null && this.presence.isPresent(s.seat));
  }
}

/** Whether two updates show the same deadlines (compared by hand: this runs on every change). */
function sameGlance(a: Glance, b: Glance): boolean {
  return a.deadline === b.deadline && a.reading === b.reading && a.clocks.every((c, i) => c === b.clocks[i]);
}

function sameJson(a: unknown, b: unknown): boolean {
  return isDeepStrictEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)));
}

/** The seat comes from the seat token, never from the client's message. */
function toEngineAction(seat: number, action: ClientAction): Action {
  return action.type === 'play' ? { type: 'play', seat, card: action.card } : { type: 'pass', seat, pass: action.pass };
}
