/**
 * The table actor: one table's seats, its current game and everything that happens around
 * it. Every command (`commands.ts`: plain data naming its caller) runs through the table's
 * queue, one at a time, and every change is stored before anyone is told about it. The
 * actor is a cache of the store's rows: it can be rebuilt from them at any time (that is
 * crash recovery). Its parts each do one job: the rules of seats and hosts
 * (`seat-rules.ts`), who is connected (`presence.ts`), stored deadlines (`deadlines.ts`),
 * bot turns (`bot-driver.ts`) and chat (`chat.ts`).
 */

import { isDeepStrictEqual } from 'node:util';
import type { Action, GameEvent } from '../../engine/index.js';
import type { BotLevel, ClientAction, Hint, TableSummary, WatchReply } from '../../protocol/messages.js';
import { ServerError } from '../errors.js';
import { GameOwner } from '../game-owner/owner.js';
import { decisionSeed, hashToken, newGameId, newSeatToken, newSeed } from '../ids.js';
import { SerialQueue } from '../serial.js';
import { type GameRow, type SeatRow, StoreUnavailableError, type TableRow, type TimerKind } from '../store/store.js';
import { BotDriver } from './bot-driver.js';
import { TableChat } from './chat.js';
import type { ReplyTo, SeatedCommand, TableCommand, TableReplies } from './commands.js';
import type { TableContext } from './context.js';
import { Deadlines, type PreparedChange, RETRY_MS } from './deadlines.js';
import { LocalPresence, type Presence } from './presence.js';
import * as rules from './seat-rules.js';
import { tableSummary } from './summary.js';
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

export class Table {
  private readonly queue = new SerialQueue();
  private owner: GameOwner | null = null;
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
    private row: TableRow,
    private seats: SeatRow[],
    private readonly finishedIds: string[],
  ) {
    this.deadlines = new Deadlines(ctx, row.code, this.queue, (kind, seat) => this.deadlineFired(kind, seat));
    this.bots = new BotDriver(ctx, row.code, this.queue, {
      playing: () => (this.row.status === 'playing' ? this.owner : null),
      botFor: (seat) => {
        const s = this.seats[seat];
        return s.bot ?? (s.away ? STAND_IN_LEVEL : null);
      },
      afterAction: (owner, events, seat) => this.afterAction(owner, events, seat),
      resync: (owner) => this.resync(owner),
    });
    this.chat = new TableChat(ctx.store, row.code);
    this.clocks = new TurnClocks(this.deadlines, ctx.config.turnClockScale, ctx.clock);
  }

  get code(): string {
    return this.row.code;
  }

  get status(): TableRow['status'] {
    return this.row.status;
  }

  get isPublicLobby(): boolean {
    return this.row.settings.public && this.row.status === 'lobby';
  }

  /** A new table with its creator in seat 0. */
  static async create(
    ctx: TableContext,
    code: string,
    name: string,
    settings: TableRow['settings'],
  ): Promise<{ table: Table; token: string }> {
    const token = newSeatToken();
    const seats: SeatRow[] = Array.from({ length: settings.players }, (_, seat) => ({
      seat,
      name: seat === 0 ? name : null,
      tokenHash: seat === 0 ? hashToken(token) : null,
      bot: null,
      away: false,
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
      for (const { connection, claim } of following) {
        if (claim !== null && this.seats[claim.seat]?.tokenHash === claim.tokenHash)
          this.presence.hold(claim.seat, connection);
        else this.presence.watch(connection);
      }
      if (this.row.gameId && this.row.status === 'playing') {
        const game = await this.ctx.store.loadGame(this.row.gameId);
        if (!game) throw new Error(`table ${this.code} plays game ${this.row.gameId}, which is not stored`);
        this.owner = await GameOwner.restore(game, this.ctx.store);
        // The process may have stopped between storing the last action and the table's new status.
        if (this.owner.over) await this.finish();
      }
      await this.deadlines.rearm();
      // Nobody is connected after a restart: absent players get their usual grace period.
      await this.noticeAbsences();
      // Stored turn clocks run on; a clock the crash kept from being stored starts now.
      await this.syncClocks();
      if (!this.deadlines.has('close', -1))
        await this.deadlines.start('close', -1, this.ctx.clock.now() + this.ctx.config.closeAfterMs);
      this.bots.schedule();
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
        return this.queue.run(() => this.watch(c.connection, c.token, c.lastSeq, c.gameId));
      case 'unwatch':
        return this.queue.run(() => this.unwatch(c.connection));
      case 'join':
        return this.queue.run(() => this.join(c.name, c.seat));
      case 'game:hint':
        // Worked out in the bot pool, outside the queue.
        return this.hint(c.by);
      case 'game:act':
        return this.queue.run(() => this.act(c.by, c.message.action, c.message.seq, stored));
      case 'seat:back':
        return this.queue.run(() => this.back(c.by));
      default:
        return this.queue.run(() => this.seated(c));
    }
  }

  /** The seat a token belongs to now, or null. */
  seatOfToken(token: string): number | null {
    const hash = hashToken(token);
    return this.seats.find((s) => s.tokenHash === hash)?.seat ?? null;
  }

  summary(): TableSummary {
    return tableSummary(this.row, this.seats, this.finishedIds, this.presence);
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
      this.ctx.out.table(this.summary());
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

  private async join(name: string, wanted: number | undefined): Promise<TableReplies['join']> {
    const token = newSeatToken();
    const joined = rules.joining(this.row, this.seats, name, hashToken(token), wanted);
    await this.commit({ row: joined.row, seats: [joined.seat] });
    return { seat: joined.seat.seat, token };
  }

  /** The seated commands that change the table between games, and chat. */
  private async seated(
    c: Exclude<SeatedCommand, { type: 'game:act' | 'game:hint' | 'seat:back' }>,
  ): Promise<Record<string, never>> {
    const { row, seats } = this;
    let change: TableChange;
    switch (c.type) {
      case 'seat:bot':
        change = { seats: [rules.seatingBot(row, seats, c.by, c.message.seat, c.message.level)] };
        break;
      case 'seat:clear':
        change = { seats: [rules.clearingBot(row, seats, c.by, c.message.seat)] };
        break;
      case 'table:coach':
        rules.mustSwitchCoach(row, seats, c.by);
        change = { row: { ...row, settings: { ...row.settings, coach: c.message.coach } } };
        break;
      case 'table:clock':
        rules.mustSetClock(row, seats, c.by);
        change = { row: { ...row, settings: { ...row.settings, turnClock: c.message.turnClock } } };
        break;
      case 'table:start':
        rules.mustStart(row, seats, c.by);
        await this.startGame();
        return NONE;
      case 'table:rematch':
        return this.rematch(c.by);
      case 'table:leave':
        return this.leave(c.by);
      case 'chat:send':
        return this.sendChat(c.by, c.message);
    }
    await this.commit(change);
    return NONE;
  }

  /** A new game with the same seats; seats whose player left wait for someone new first. */
  private async rematch(by: rules.SeatClaim): Promise<Record<string, never>> {
    const seats = rules.rematchSeating(this.row, this.seats, by);
    if (seats.every((s) => s.name !== null)) await this.startGame(seats);
    else await this.commit({ row: { ...this.row, status: 'lobby' }, seats });
    return NONE;
  }

  /** A player leaves for good: during a game a bot plays the seat to the end. */
  private async leave(claim: rules.SeatClaim): Promise<Record<string, never>> {
    const left = rules.leaving(this.row, this.seats, claim);
    // Once stored, every connection holding the seat, in any tab, becomes a spectator (commit).
    const change = { row: { ...this.row, host: left.host }, seats: [left.seat] };
    if (left.close) {
      await this.close(change);
      return NONE;
    }
    await this.commit(change);
    if (this.row.status === 'playing') {
      await this.deadlines.stop('absence', claim.seat);
      await this.syncClocks();
    }
    this.bots.schedule();
    return NONE;
  }

  private async sendChat(claim: rules.SeatClaim, content: SeatedCommand<'chat:send'>['message']) {
    rules.mustBeOpen(this.row);
    const s = this.seats[rules.mustHold(this.seats, claim)];
    if (s.name === null) throw new ServerError('ERR_NOT_SEATED', 'Only seated players can chat.', 403);
    const message = await this.chat.post(
      { seat: s.seat, name: s.name },
      this.row.gameId,
      content,
      this.ctx.clock.now(),
    );
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
    // The usual action (the game goes on, the seat was not away) stores the change of turn
    // clocks it makes in the same write as itself: one round trip to the database, not two.
    const clocks: { change?: PreparedChange | null } = {};
    const before = owner.seq;
    let acted: { seq: number; events: GameEvent[] };
    try {
      const result = await owner.act(wanted, false, this.ctx.clock.now(), (after) => {
        if (after.over || this.seats[seat].away) return undefined;
        clocks.change = this.clocks.prepare(after, this.seats, this.row.settings.turnClock, seat);
        return clocks.change?.stored;
      });
      if (!result.ok) throw new ServerError(result.error.code, result.error.message, 409);
      acted = result.value;
    } catch (e) {
      acted = await this.outcomeOf(owner, wanted, before, e);
      // Stored by another copy of the write, whose clocks the table did not arm: they start afresh.
      clocks.change = undefined;
    }
    if (clocks.change) this.deadlines.applied(clocks.change);
    const reply = { seq: acted.seq };
    stored?.(reply);
    this.ctx.metrics.actions.inc({ by: 'human' });
    // Acting takes the seat back from a stand-in bot.
    if (this.seats[seat].away) await this.setAway(seat, false);
    await this.afterAction(owner, acted.events, seat, clocks.change !== undefined);
    return reply;
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
    if (owner.inDoubt || !(e instanceof StoreUnavailableError)) throw e;
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
    if (owner.over && this.row.status === 'playing') await this.finish();
  }

  /** The stored actions nobody was told of (GameOwner.takeNews), told as any accepted action. */
  private async tellNews(owner: GameOwner): Promise<void> {
    const news = owner.takeNews();
    if (news) await this.afterAction(owner, news.events, news.seat);
  }

  /** A player takes back the seat a stand-in bot plays; their clock starts over. */
  private async back(claim: rules.SeatClaim): Promise<Record<string, never>> {
    const seat = rules.comingBack(this.row, this.seats, claim);
    await this.setAway(seat.seat, false);
    if (this.owner) this.broadcast(this.owner, []);
    return NONE;
  }

  /**
   * Mark a seat away (a stand-in bot plays it) or back, store it, tell everyone, and
   * start or stop its clock; the caller sends the game update that shows the clocks.
   */
  private async setAway(seat: number, away: boolean): Promise<void> {
    await this.commit({ seats: [{ ...this.seats[seat], away }] });
    await this.syncClocks();
  }

  /** Every person who must act has a turn clock running, nobody else (see turn-clock.ts). */
  private syncClocks(fresh?: number): Promise<void> {
    const owner = this.row.status === 'playing' ? this.owner : null;
    return this.clocks.sync(owner, this.seats, this.row.settings.turnClock, fresh);
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
      if (this.row.settings.coach !== true)
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
    rules.mustBeOpen(this.row);
    const seat = rules.mustHold(this.seats, claim);
    const owner = this.owner;
    if (this.row.status !== 'playing' || !owner)
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
  ): Promise<WatchReply> {
    const seat = token === undefined ? null : this.seatOfToken(token);
    if (token !== undefined && seat === null)
      throw new ServerError('ERR_BAD_TOKEN', 'This seat token is not valid at this table.', 403);
    // A connection that closed while it waited is not counted as present.
    if (this.ctx.out.follow(this.code, connection, seat === null ? null : { seat, tokenHash: hashToken(token!) })) {
      if (seat !== null) await this.connected(seat, connection);
      else {
        this.presence.watch(connection);
        // Players are told who can read their chat.
        this.ctx.out.table(this.summary());
      }
    }
    const owner = this.owner;
    const sameGame = owner !== null && (gameId === undefined || gameId === owner.id);
    const chat = await this.chat.history();
    return {
      table: this.summary(),
      seat,
      game: owner ? owner.update(seat, [], this.deadlineFor(owner), this.clocksOf(owner), this.readingOf(owner)) : null,
      missed: owner && sameGame && lastSeq !== undefined ? owner.missedSince(seat, lastSeq) : null,
      chat,
    };
  }

  /** A connection closed or stopped following the table. */
  private async unwatch(connection: string): Promise<Record<string, never>> {
    const dropped = this.presence.drop(connection);
    if (dropped === 'spectator') {
      if (this.row.status !== 'closed') this.ctx.out.table(this.summary());
      return NONE;
    }
    if (dropped === null || !dropped.last || this.row.status === 'closed') return NONE;
    // The seat's deadline is news for everyone (same seq, no events) when it must act now.
    if ((await this.noticeAbsences()) && this.owner?.toAct().includes(dropped.seat)) this.broadcast(this.owner, []);
    if (!this.anyHumanConnected())
      await this.deadlines.start('close', -1, this.ctx.clock.now() + this.ctx.config.closeAfterMs);
    this.ctx.out.table(this.summary());
    return NONE;
  }

  // ---- inside the queue -----------------------------------------------------------------

  private async connected(seat: number, connection: string): Promise<void> {
    this.presence.hold(seat, connection);
    const hadDeadline = await this.deadlines.stop('absence', seat);
    await this.deadlines.stop('close', -1);
    const wasAway = this.seats[seat].away;
    // Back from an absence: the bot hands the seat back.
    if (wasAway) await this.setAway(seat, false);
    else this.ctx.out.table(this.summary());
    if ((hadDeadline || wasAway) && this.owner?.toAct().includes(seat)) this.broadcast(this.owner, []);
  }

  /** A new game with `seats` (the table's own, or a rematch's), stored with the table's new state. */
  private async startGame(seats: readonly SeatRow[] = this.seats): Promise<void> {
    const id = newGameId();
    const s = this.row.settings;
    const options =
      s.rounds !== undefined
        ? { players: s.players, mode: s.mode, rounds: s.rounds }
        : { players: s.players, mode: s.mode, targetScore: s.targetScore };
    const game = {
      id,
      tableCode: this.code,
      options,
      seed: newSeed(),
      names: seats.map((x) => x.name ?? ''),
      bots: seats.map((x) => x.bot),
      status: 'running' as const,
      startedAt: this.ctx.clock.now(),
      finishedAt: null,
    };
    await this.commit({
      row: { ...this.row, status: 'playing', gameId: id },
      seats: seats.map((x) => ({ ...x, away: false })),
      game,
    });
    const owner = GameOwner.begin(game, this.ctx.store);
    this.owner = owner;
    await this.noticeAbsences();
    await this.syncClocks();
    this.broadcast(owner, []);
    this.bots.schedule();
  }

  /**
   * After a seat's accepted action: its clock starts over if it must act again, the others'
   * run on (unless `clocksStored`: the action's own write changed them).
   */
  private async afterAction(owner: GameOwner, events: GameEvent[], seat: number, clocksStored = false): Promise<void> {
    if (owner.over) await this.finish();
    else if (!clocksStored) await this.syncClocks(seat);
    this.broadcast(owner, events);
    this.bots.schedule();
  }

  private async finish(): Promise<void> {
    await this.commit({ row: { ...this.row, status: 'finished' }, finished: this.owner!.id });
    for (const s of this.seats) await this.deadlines.stop('absence', s.seat);
    await this.syncClocks();
  }

  /** Each seat its own view and events, spectators the public ones. */
  private broadcast(owner: GameOwner, events: readonly GameEvent[]): void {
    const deadline = this.deadlineFor(owner);
    const clocks = this.clocksOf(owner);
    const reading = this.readingOf(owner);
    for (const s of this.seats) {
      // Addressed to the seat's token as it is now: no connection holding an older one gets it.
      const claim = s.tokenHash === null ? null : { seat: s.seat, tokenHash: s.tokenHash };
      if (claim !== null && this.ctx.out.hasAudience(this.code, claim))
        this.ctx.out.game(this.code, claim, owner.update(s.seat, events, deadline, clocks, reading));
    }
    // Counted by the table (on every node, in a cluster): no spectator, no spectators' view.
    if (this.presence.spectators() > 0 && this.ctx.out.hasAudience(this.code, null))
      this.ctx.out.game(this.code, null, owner.update(null, events, deadline, clocks, reading));
  }

  /** Per seat, when a bot takes over if it does not act (turn clock or absence), for the seats to act. */
  private clocksOf(owner: GameOwner): (number | null)[] {
    const acting = owner.over ? [] : owner.toAct();
    return this.seats.map((s) => {
      if (!acting.includes(s.seat)) return null;
      const times = [this.deadlines.deadline('turn', s.seat), this.deadlines.deadline('absence', s.seat)];
      const set = times.filter((t) => t !== undefined);
      return set.length === 0 ? null : Math.min(...set);
    });
  }

  private readingOf(owner: GameOwner): number | null {
    return this.clocks.reading(owner, this.seats, this.row.settings.turnClock);
  }

  /** Seconds since the epoch when a bot takes over for the absent seat that must act, if any. */
  private deadlineFor(owner: GameOwner): number | null {
    let soonest: number | null = null;
    for (const seat of owner.toAct()) {
      const t = this.deadlines.deadline('absence', seat);
      if (t !== undefined && (soonest === null || t < soonest)) soonest = t;
    }
    return soonest === null ? null : Math.ceil(soonest / 1000);
  }

  /** Start the absence deadline of every human seat with no connection during a game. */
  private async noticeAbsences(): Promise<boolean> {
    if (this.row.status !== 'playing') return false;
    const wait = this.row.settings.turnSeconds * 1000;
    let started = false;
    for (const s of this.seats) {
      const absent = s.tokenHash !== null && !s.away && !this.presence.isPresent(s.seat);
      if (absent && !this.deadlines.has('absence', s.seat)) {
        await this.deadlines.start('absence', s.seat, this.ctx.clock.now() + wait);
        started = true;
      }
    }
    return started;
  }

  private anyHumanConnected(): boolean {
    return this.seats.some((s) => s.tokenHash !== null && this.presence.isPresent(s.seat));
  }

  /**
   * The one way the table's row and seats change. The change is stored first (as the row's
   * next version, compare-and-set, with the game it starts); only once it is does the table
   * hold it and tell anyone: every connection of a seat whose token changed (the player
   * left, the seat was emptied) loses it at once (it leaves the seat's rooms, becomes a
   * spectator, is told so, and no longer counts as present), and everyone gets the new
   * summary. A write that fails changes nothing and tells nobody; the request is refused.
   */
  private async commit(change: TableChange): Promise<void> {
    const row = { ...(change.row ?? this.row), version: this.row.version + 1 };
    const seats = this.seats.map((s) => change.seats?.find((c) => c.seat === s.seat) ?? s);
    const write = () =>
      change.game ? this.ctx.store.startGame(change.game, row, seats) : this.ctx.store.saveTable(row, seats);
    try {
      await write();
    } catch (e) {
      if (!(e instanceof StoreUnavailableError && e.unsure)) throw e;
      await this.learnWrite(write, { table: row, seats }, e);
    }
    const before = this.seats;
    this.row = row;
    this.seats = seats;
    if (change.finished !== undefined && !this.finishedIds.includes(change.finished))
      this.finishedIds.push(change.finished);
    for (const s of seats) {
      const old = before[s.seat];
      if (old.tokenHash === null || old.tokenHash === s.tokenHash) continue;
      this.presence.demote(s.seat);
      this.ctx.out.seatLost(this.code, { seat: s.seat, tokenHash: old.tokenHash });
    }
    this.ctx.out.table(this.summary());
  }

  /**
   * A table write whose outcome is unknown (`unsure`): sent again every RETRY_MS for up to
   * SETTLE_MS until the database answers, so that the request is answered with what
   * happened. Refused (its version taken, its game already stored), the stored table says
   * whether an earlier copy of this very write got there. Throws while still unknown.
   */
  private async learnWrite(
    write: () => Promise<void>,
    next: { table: TableRow; seats: readonly SeatRow[] },
    unsure: StoreUnavailableError,
  ): Promise<void> {
    const until = this.ctx.clock.now() + SETTLE_MS;
    while (this.ctx.clock.now() < until) {
      await this.ctx.clock.sleep(RETRY_MS);
      try {
        return await write();
      } catch (e) {
        if (e instanceof StoreUnavailableError) continue;
        const stored = await this.ctx.store.loadTable(this.code);
        // Compared as stored (JSON), where a missing option and an undefined one are the same.
        if (!isDeepStrictEqual(JSON.parse(JSON.stringify(stored)), JSON.parse(JSON.stringify(next)))) throw e;
        return;
      }
    }
    throw unsure;
  }

  private async deadlineFired(kind: TimerKind, seat: number): Promise<void> {
    if (kind === 'close') {
      if (!this.anyHumanConnected()) await this.close();
      return;
    }
    // A person who is still away, and for the absence grace still disconnected, or for the
    // turn clock (connected or not) still to act: a stand-in bot plays the seat from now on.
    const s = this.seats[seat];
    if (this.row.status !== 'playing' || s.tokenHash === null || s.away) return;
    if (kind === 'absence' && this.presence.isPresent(seat)) return;
    if (kind === 'turn' && !this.owner?.toAct().includes(seat)) return;
    await this.setAway(seat, true);
    if (this.owner) this.broadcast(this.owner, []);
    this.bots.schedule();
  }

  /**
   * Close the table for good (with `change`: the last person's leaving); a game still
   * running is kept, marked abandoned. Its deadlines stop once it is closed: a closed table
   * never re-arms them, so those the database did not clear are only logged (the sweep
   * deletes them with the table's other rows).
   */
  private async close(change: TableChange = {}): Promise<void> {
    if (this.owner && !this.owner.over)
      await this.ctx.store.setGameStatus(this.owner.id, 'abandoned', this.ctx.clock.now());
    await this.commit({ ...change, row: { ...(change.row ?? this.row), status: 'closed' } });
    await this.deadlines.stopAll().catch((err) => {
      this.deadlines.disarm();
      this.ctx.log.warn({ err, table: this.code }, 'deadlines of a closed table not cleared from the store');
    });
    this.ctx.closed(this.code);
  }
}

/**
 * A change of the table (Table.commit): the row as it is to be (its version is commit's),
 * the seats that change, the game it starts (stored together), the game it finishes.
 */
interface TableChange {
  readonly row?: TableRow;
  readonly seats?: readonly SeatRow[];
  readonly game?: GameRow;
  readonly finished?: string;
}

/** The seat comes from the seat token, never from the client's message. */
function toEngineAction(seat: number, action: ClientAction): Action {
  return action.type === 'play' ? { type: 'play', seat, card: action.card } : { type: 'pass', seat, pass: action.pass };
}
