/**
 * The table actor: one table's seats, its current game and everything that happens around
 * it. Every command (`commands.ts`: plain data naming its caller) runs through the table's
 * queue, one at a time, on one path: the pure rules (`decide.ts`) say what the command
 * does to the table's state (one immutable value) and who is told what (the outbox), or
 * refuse it; `commit` stores all of it in one write (the table's row and seats, the game
 * it starts or ends, the deadlines that come with it); only then does the table hold the
 * new state and carry the outbox out; then bot turns follow it. A game's action goes the
 * same way (`actions.ts`), its write carrying the action. The actor is a cache of the
 * store's rows: it can be rebuilt from them at any time (that is crash recovery). Its
 * other parts each do one job: who is connected (`presence.ts`), stored deadlines
 * (`deadlines.ts`, brought in line by `in-line.ts`), turn clocks (`turn-clock.ts`), bot
 * turns (`bot-driver.ts`), hints (`hints.ts`) and chat (`chat.ts`).
 */

import { dailySeed, duplicateSeed } from '../../daily/index.js';
import type { GameEvent } from '../../engine/index.js';
import type { BotLevel, GameRatings, Hint, TableSummary } from '../../protocol/messages.js';
import { ServerError } from '../errors.js';
import { GameOwner } from '../game-owner/owner.js';
import { hashToken, newGameId, newSeatToken, newSeed } from '../ids.js';
import { poolOf } from '../ratings/pool.js';
import { type RatedResult, ratedResult } from '../ratings/rated-game.js';
import { SerialQueue } from '../serial.js';
import type { SeatRow, TableRow, TableWrite, TimerKey, TimerKind } from '../store/store.js';
import { type ActingTable, type Along, GameActions, type Ready } from './actions.js';
import { BotDriver } from './bot-driver.js';
import { TableChat } from './chat.js';
import type { ReplyTo, SeatedCommand, Sender, TableCommand, TableReplies } from './commands.js';
import type { TableContext } from './context.js';
import { Deadlines, type PreparedChange } from './deadlines.js';
import { type Change, type Decidable, decide, type Outbox, type TableState, unchanged } from './decide.js';
import { type Glance, glance, sameGlance } from './glance.js';
import { TableHints } from './hints.js';
import { deadlinesInLine } from './in-line.js';
import { LocalPresence, type Presence } from './presence.js';
import * as rules from './seat-rules.js';
import { storeChange } from './store-change.js';
import { sameSummary, tableSummary } from './summary.js';
import { TurnClocks } from './turn-clock.js';

/** The level of the bot that plays for an absent player. */
const STAND_IN_LEVEL: BotLevel = 'medium';

const NONE: Record<string, never> = {};

/** What `commit` carries out besides the change: the deadline that fell, and whether who is connected changed. */
interface CommitAlong extends Along {
  /** The deadline that fell (already disarmed), cleared from the store with the change it causes. */
  readonly fell?: TimerKey;
  /** A connection came or went: the summary may say so even if the table did not change. */
  readonly attendance?: boolean;
}

/** A decided change made ready to store: the state to hold, its game, its deadlines, its one write and its outbox. */
interface ReadyChange extends Ready {
  readonly next: TableState;
  readonly owner: GameOwner | null;
  readonly timers: PreparedChange | null;
  /** What commitTable stores (null: nothing to store); an action's write carries `withAction` instead. */
  readonly write: TableWrite | null;
  readonly outbox: Outbox;
}

export class Table implements ActingTable<ReadyChange> {
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
  private readonly hints: TableHints;
  private readonly actions: GameActions<ReadyChange>;
  /** What the last game changed of its players' ratings, once stored and read back (rated games only). */
  private ratings: GameRatings | undefined;

  constructor(
    readonly ctx: TableContext,
    row: TableRow,
    seats: SeatRow[],
    finishedIds: readonly string[],
  ) {
    this.state = { row, seats, finished: finishedIds };
    this.deadlines = new Deadlines(ctx, row.code, this.queue, (kind, seat) => this.deadlineFell(kind, seat));
    this.actions = new GameActions(this);
    this.bots = new BotDriver(ctx, row.code, this.queue, {
      playing: () => (this.state.row.status === 'playing' ? this.owner : null),
      botFor: (seat) => {
        const s = this.state.seats[seat];
        return s.bot ?? (s.away ? STAND_IN_LEVEL : null);
      },
      dealtAlike: () => rules.dealtAlike(this.state.row.settings),
      act: (owner, action, seat) => this.actions.botAct(owner, action, seat),
      resync: (owner) => this.actions.resync(owner),
    });
    this.chat = new TableChat(ctx.store, row.code);
    this.clocks = new TurnClocks(this.deadlines, ctx.config.turnClockScale, ctx.clock);
    this.hints = new TableHints(ctx);
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
    token = newSeatToken(),
    /** The creator's seat, who hosts the table. */
    host = 0,
  ): Promise<{ table: Table; token: string }> {
    const seats: SeatRow[] = Array.from({ length: settings.players }, (_, seat) => ({
      seat,
      name: seat === host ? name : null,
      tokenHash: seat === host ? hashToken(token) : null,
      bot: null,
      away: false,
      ...(seat === host && accountId ? { accountId } : {}),
    }));
    const row: TableRow = {
      code,
      settings,
      host,
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
      // status (a store from before both went in one write). Nobody is connected after a
      // restart: absent players get their usual grace period; stored turn clocks run on,
      // and a clock the crash kept from being stored starts now.
      const change = this.owner?.over ? this.decided({ type: 'over' }) : unchanged(this.state);
      await this.commit(change, { attendance: true });
      if (this.state.row.status === 'finished' && this.state.row.gameId) this.showRatings(this.state.row.gameId);
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
        return this.queue.run(() => this.watch(c.connection, c.token, c.lastSeq, c.gameId, c.accountId, c.hide));
      case 'unwatch':
        return this.queue.run(() => this.unwatch(c.connection));
      case 'join':
        return this.queue.run(() => this.join(c.name, c.seat, c.accountId, c.token));
      case 'adopt':
        return this.queue.run(() => this.adopt(c.tokenHash, c.accountId));
      case 'invite':
        // The seat's token is given to nobody: the bot holds the seat through its account.
        return this.queue.run(async () => {
          await this.commit(this.decided({ ...c, tokenHash: hashToken(newSeatToken()) }));
          return NONE;
        });
      case 'game:hint':
        // Worked out in the bot pool, outside the queue.
        return this.hint(c.by);
      case 'game:act':
        return this.queue.run(() => this.actions.act(c.by, c.message.action, c.message.seq, stored));
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
    return tableSummary(this.state.row, this.state.seats, this.state.finished, this.presence, this.ratings);
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

  private async join(
    name: string,
    wanted: number | undefined,
    accountId?: string,
    given?: string,
  ): Promise<TableReplies['join']> {
    // An event's seat is an entry: taken through the event (src/server/daily/duplicates.ts), which gives its token.
    if (given === undefined && this.state.row.settings.duplicate !== undefined)
      throw new ServerError('ERR_EVENT_TABLE', 'Take a seat at this table from its event’s page.', 403);
    const token = given ?? newSeatToken();
    await this.commit(this.decided({ type: 'join', name, seat: wanted, tokenHash: hashToken(token), accountId }));
    return { seat: this.seatOfToken(token)!, token };
  }

  private async adopt(tokenHash: string, accountId: string): Promise<TableReplies['adopt']> {
    await this.commit(this.decided({ type: 'adopt', tokenHash, accountId }));
    return { seat: this.state.seats.find((s) => s.tokenHash === tokenHash)!.seat };
  }

  /** The seated commands that change the table between games, and chat. */
  private async seated(c: Exclude<SeatedCommand, { type: 'game:act' | 'game:hint' }>): Promise<Record<string, never>> {
    switch (c.type) {
      case 'chat:send':
        return this.sendChat(c.by, c.message, c.from ?? null);
      case 'table:start':
      case 'table:rematch':
        await this.commit(this.decided({ ...c, game: { id: newGameId(), seed: this.newGameSeed() } }));
        return NONE;
      default:
        await this.commit(this.decided(c));
        return NONE;
    }
  }

  /**
   * A new game's seed: the day's at a daily deal's table, the event's at a duplicate event's
   * (one game only: decide.ts refuses a rematch), else a fresh one.
   */
  private newGameSeed(): string {
    const { daily, duplicate } = this.state.row.settings;
    if (daily === undefined && duplicate === undefined) return newSeed();
    if (this.ctx.dailySecret === undefined) throw new Error('a daily or duplicate table without the daily secret');
    return daily !== undefined
      ? dailySeed(this.ctx.dailySecret, daily)
      : duplicateSeed(this.ctx.dailySecret, duplicate!);
  }

  private async sendChat(claim: rules.SeatClaim, content: SeatedCommand<'chat:send'>['message'], from: Sender | null) {
    const { row, seats } = this.state;
    rules.mustBeOpen(row);
    const s = seats[rules.mustHold(seats, claim)];
    if (s.name === null) throw new ServerError('ERR_NOT_SEATED', 'Only seated players can chat.', 403);
    const sender = { seat: s.seat, name: s.name, account: from };
    const message = await this.chat.post(sender, row.gameId, content, this.ctx.clock.now());
    this.ctx.out.chat(this.code, message, from?.accountId ?? null);
    return NONE;
  }

  /**
   * A hint for the claim's seat (hints.ts), refused unless the table's coach option is on:
   * asked inside the queue, worked out outside it, so that bot turns go on meanwhile.
   */
  private async hint(claim: rules.SeatClaim): Promise<{ hint: Hint }> {
    // Wrapped, so that the queue goes on while the hint is worked out outside it.
    const { hint } = await this.queue.run(() => {
      const { seat, owner } = this.playingSeat(claim);
      if (this.state.row.settings.coach !== true)
        throw new ServerError('ERR_COACH_OFF', 'The host has turned hints off at this table.', 403);
      return { hint: this.hints.ask(owner, seat) };
    });
    return { hint: await hint };
  }

  /** The claim's seat and the game it plays in; refused when the table is closed or no game runs. */
  playingSeat(claim: rules.SeatClaim): { seat: number; owner: GameOwner } {
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
    hide: readonly string[] = [],
  ): Promise<TableReplies['watch']> {
    // A token names its seat; without one, a signed-in connection holds its account's seat here, if any.
    const seat =
      token !== undefined
        ? this.seatOfToken(token)
        : (this.state.seats.find((s) => accountId !== undefined && s.accountId === accountId && s.tokenHash !== null)
            ?.seat ?? null);
    if (token !== undefined && seat === null)
      throw new ServerError('ERR_BAD_TOKEN', 'This seat token is not valid at this table.', 403);
    // A daily deal's or a duplicate event's game is seen by its seats only: a spectator would
    // learn the cards the rest of the field has yet to play (its record waits for the results).
    if (seat === null && this.owner !== null && rules.dealtAlike(this.state.row.settings))
      throw new ServerError('ERR_NOT_FINISHED', 'The games of these deals are shown with their results.', 403);
    const tokenHash = seat === null ? null : this.state.seats[seat].tokenHash!;
    // A connection that closed while it waited is not counted as present.
    if (this.ctx.out.follow(this.code, connection, seat === null ? null : { seat, tokenHash: tokenHash! })) {
      if (seat === null) {
        // Players are told who can read their chat.
        this.presence.watch(connection);
        await this.commit(unchanged(this.state), { attendance: true });
      } else {
        // Back from an absence: the bot hands the seat back, the absence deadline stops.
        this.presence.hold(seat, connection);
        await this.commit(this.decided({ type: 'returned', seat }), { attendance: true });
      }
    }
    const owner = this.owner;
    const sameGame = owner !== null && (gameId === undefined || gameId === owner.id);
    // What the accounts this connection's account blocks sent is left out, whatever seat they sat in.
    const chat = await this.chat.history(hide);
    const shows = owner ? this.glance(owner) : null;
    return {
      table: this.summary(),
      seat,
      game: owner && shows ? owner.update(seat, [], shows.deadline, shows.clocks, shows.reading) : null,
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
    await this.commit(unchanged(this.state), { attendance: true });
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
      // A bot account's connection keeps no table open: only people do.
      anyoneHere: this.state.seats.some(
        (s) => s.tokenHash !== null && !s.botAccount && this.presence.isPresent(s.seat),
      ),
    });
    await this.commit(change, { fell: { kind, seat } });
  }

  // ---- decide, then commit --------------------------------------------------------------

  /** A command decided on the table's state; a refusal is thrown (and changes nothing). */
  decided(c: Decidable): Change {
    const d = decide(this.state, c, this.ctx.clock.now());
    if (!d.ok) throw d.error;
    return d;
  }

  /**
   * The one way the table changes, the same for every command:
   * 1. everything the change stores goes in one write (`ready`): the table's row (as its
   *    next version, compare-and-set) and seats, the game it starts or the status of one it
   *    ends, and the deadlines it brings in line (turn clocks, absences, the table's close);
   *    a game's action is that write's action (actions.ts) and this step is its append;
   * 2. only once that is stored does the table hold the new state (a write that fails
   *    changes nothing and tells nobody: the command is refused);
   * 3. then it carries out the outbox (`carryOut`);
   * 4. then bot turns follow the new state, and a table that closed is forgotten.
   */
  async commit(change: Change, along: CommitAlong = {}): Promise<void> {
    const ready = this.ready(change, along);
    if (ready.write) await storeChange(this.ctx, ready.write);
    this.carryOut(ready, along);
  }

  /** What a decided change stores, in one write, and what it then holds and tells (`owner`: the game it is about, after its action). */
  ready(change: Change, along: CommitAlong, owner: GameOwner | null = this.owner): ReadyChange {
    const before = this.state;
    const moved = change.state !== before;
    const next: TableState = moved
      ? { ...change.state, row: { ...change.state.row, version: before.row.version + 1 } }
      : before;
    const playing = change.game ? GameOwner.begin(change.game, this.ctx.store) : owner;
    const timers = deadlinesInLine(
      {
        deadlines: this.deadlines,
        clocks: this.clocks,
        presence: this.presence,
        closeAfterMs: this.ctx.config.closeAfterMs,
      },
      next,
      playing,
      this.ctx.clock.now(),
      along.fresh,
      along.fell,
    );
    const table = moved ? { row: next.row, seats: next.seats } : undefined;
    const write: TableWrite | null =
      moved || change.game || change.gameStatus || timers
        ? {
            code: this.code,
            ...(table ? { table } : {}),
            ...(change.game ? { game: change.game } : {}),
            ...(change.gameStatus ? { gameStatus: change.gameStatus } : {}),
            ...(timers ? { timers: timers.stored } : {}),
          }
        : null;
    const rated = ratedEnd(before, next, playing);
    const withAction = table || timers || rated ? { table, timers: timers?.stored, rated } : undefined;
    return { next, owner: playing, timers, write, withAction, outbox: change.outbox };
  }

  /**
   * A ready change is stored: hold it (the state, the game, the deadlines armed and
   * disarmed, the connections of lost seats as spectators), then tell, in this order:
   * `seat:lost` to every connection of a seat whose token changed or went (first, so that
   * it is a spectator for what follows), the summary to everyone if it changed, and each
   * seat its game update if the game or what the update shows of the deadlines changed
   * (the spectators theirs). Then bot turns follow the new state.
   */
  carryOut(r: ReadyChange, along: CommitAlong): void {
    const before = this.state;
    const events = along.events ?? [];
    // What the updates showed before, when only that can make news (no events, the same game).
    const shown = r.owner && r.owner === this.owner && events.length === 0 ? this.glance(r.owner) : null;
    this.state = r.next;
    this.owner = r.owner;
    // A game's ratings are shown until the next game starts.
    if (this.ratings && this.ratings.gameId !== r.next.row.gameId) this.ratings = undefined;
    if (r.timers) this.deadlines.applied(r.timers);
    for (const claim of r.outbox.seatsLost) this.presence.demote(claim.seat);

    for (const claim of r.outbox.seatsLost) this.ctx.out.seatLost(this.code, claim);
    if (this.told === null || r.outbox.summary || along.attendance || r.outbox.seatsLost.length > 0) this.tellSummary();
    // A table that closes says so in its summary alone.
    const open = r.next.row.status !== 'closed';
    if (r.owner && open && (shown === null || !sameGlance(shown, this.glance(r.owner))))
      this.broadcast(r.owner, events);

    this.bots.schedule();
    if (r.next.row.status === 'closed' && before.row.status !== 'closed') this.ctx.closed(this.code);
    if (r.owner?.row.rated && before.row.status === 'playing' && r.next.row.status === 'finished')
      this.showRatings(r.owner.id);
  }

  /**
   * Once a rated game's ratings are stored (with its last action), read them back and show
   * them in the summary: next in the queue, so that the game's end is told first. Whatever
   * stops the read, the game is over all the same: it is logged, and nobody is told.
   */
  private showRatings(gameId: string): void {
    void this.queue
      .run(async () => {
        const seats = await this.ctx.store.gameRatings(gameId);
        const { row } = this.state;
        if (seats.length === 0 || row.gameId !== gameId || row.status !== 'finished') return;
        this.ratings = { gameId, pool: poolOf(row.settings), seats };
        this.tellSummary();
      })
      .catch((e: unknown) =>
        this.ctx.log.warn({ err: e, table: this.code }, 'the ratings of a game could not be read'),
      );
  }

  /** Everyone gets the summary if it says something new. */
  private tellSummary(): void {
    const summary = this.summary();
    if (this.told === null || !sameSummary(summary, this.told)) {
      this.told = summary;
      this.ctx.out.table(summary);
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

  private glance(owner: GameOwner): Glance {
    return glance(owner, this.state.row, this.state.seats, this.deadlines, this.clocks);
  }
}

/**
 * The result of the rated game a change finishes, stored with its last action: the game
 * as it started (who was rated), the seats as they are after (who left), each seat's turns
 * played by a stand-in, the totals and the rounds' teams. Undefined for any other change.
 */
function ratedEnd(before: TableState, next: TableState, owner: GameOwner | null): RatedResult | undefined {
  const start = owner?.row.rated;
  if (!owner || !start || !owner.over || before.row.status !== 'playing' || next.row.status !== 'finished')
    return undefined;
  const game = owner.engineGame;
  const end = next.seats.map((s) => ({ accountId: s.accountId, botTurns: owner.botTurns(s.seat) }));
  return ratedResult(start, game.totals, game.log, end);
}
