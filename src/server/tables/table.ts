/**
 * One table: its seats, its current game and everything that happens around it (bots in
 * seats, absent players, chat, closing). Every change runs through the table's queue, one
 * at a time, and is stored before anyone is told about it. The Table object is a cache of
 * the store's rows: it can be rebuilt from them at any time (that is crash recovery).
 */
import type { Action, GameEvent } from '../../engine/index.js';
import type {
  Ack,
  BotLevelName,
  ChatMessage,
  ClientAction,
  ClientMessage,
  Hint,
  SeatSummary,
  TableSummary,
  WatchReply,
} from '../../protocol/messages.js';
import { ServerError } from '../errors.js';
import { GameOwner } from '../game-owner/owner.js';
import { decisionSeed, hashToken, newGameId, newSeatToken, newSeed } from '../ids.js';
import { SerialQueue } from '../serial.js';
import { type ChatRow, type SeatRow, StoreUnavailableError, type TableRow, type TimerKind } from '../store/store.js';
import type { TableContext } from './context.js';

/** The level of the bot that plays for an absent player. */
const STAND_IN_LEVEL: BotLevelName = 'medium';
/** Chat: at most this many messages per seat within CHAT_WINDOW_MS. */
const CHAT_BURST = 5;
const CHAT_WINDOW_MS = 10_000;
const CHAT_HISTORY = 50;
/** How long a bot turn or a deadline waits before trying again when the database was out of reach. */
const RETRY_MS = 1000;

/**
 * A connection's claim to a seat: the seat it watched as and the hash of the token it
 * showed. It is checked against the seat's current token inside the queue on every
 * request, so a seat that changed hands is never acted for by an old connection.
 */
export interface SeatClaim {
  readonly seat: number;
  readonly tokenHash: string;
}

export class Table {
  private readonly queue = new SerialQueue();
  private owner: GameOwner | null = null;
  /** Ids of the open connections holding each seat (a seat has none when absent). */
  private readonly present = new Map<number, Set<string>>();
  /** Ids of the open connections watching without a seat. */
  private readonly spectators = new Set<string>();
  private readonly timers = new Map<string, { deadline: number; handle: NodeJS.Timeout }>();
  private readonly botsThinking = new Set<number>();
  private readonly chatTimes = new Map<number, number[]>();
  /** Seats whose hint is being worked out (one at a time per seat). */
  private readonly hintsThinking = new Set<number>();
  /** Set when the server shuts down: no more bot turns or timers. */
  private stopped = false;

  constructor(
    private readonly ctx: TableContext,
    private row: TableRow,
    private seats: SeatRow[],
    private readonly finishedIds: string[],
  ) {}

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
    const row: TableRow = { code, settings, host: 0, status: 'lobby', gameId: null, createdAt: ctx.now(), version: 1 };
    await ctx.store.saveTable(row, seats);
    const table = new Table(ctx, row, seats, []);
    // Nobody is connected yet: a table nobody opens soon is closed (and leaves memory).
    await table.queue.run(() =>
      table.startTimer('close', -1, ctx.now() + Math.min(ctx.config.unopenedCloseMs, ctx.config.closeAfterMs)),
    );
    return { table, token };
  }

  /** After a restart: rebuild the game from its log, re-arm stored deadlines, let bots play on. */
  resume(): Promise<void> {
    return this.queue.run(async () => {
      if (this.row.gameId && this.row.status === 'playing') {
        const game = await this.ctx.store.loadGame(this.row.gameId);
        if (!game) throw new Error(`table ${this.code} plays game ${this.row.gameId}, which is not stored`);
        this.owner = await GameOwner.restore(game, this.ctx.store);
        // The process may have stopped between storing the last action and the table's new status.
        if (this.owner.over) await this.finish();
      }
      const stored = await this.ctx.store.timersOf(this.code);
      for (const t of stored) this.armTimer(t.kind, t.seat, t.deadline);
      // Nobody is connected after a restart: absent players get their usual grace period.
      await this.noticeAbsences();
      if (!this.timers.has(timerKey('close', -1)))
        await this.startTimer('close', -1, this.ctx.now() + this.ctx.config.closeAfterMs);
      this.scheduleBots();
    });
  }

  /** The seat a token belongs to now, or null. */
  seatOfToken(token: string): number | null {
    return this.seatOfHash(hashToken(token));
  }

  summary(): TableSummary {
    const seats: SeatSummary[] = this.seats.map((s) => ({
      seat: s.seat,
      name: s.name,
      bot: s.bot,
      connected: this.isPresent(s.seat),
      away: s.away,
    }));
    // Tables stored before the coach option existed have it off.
    const options = { ...this.row.settings, coach: this.row.settings.coach === true };
    return {
      code: this.code,
      options,
      status: this.row.status,
      host: this.row.host,
      seats,
      gameId: this.row.gameId,
      finishedGames: [...this.finishedIds],
      spectators: this.spectators.size,
    };
  }

  /** The running game's owner (for debugging views over HTTP). */
  get game(): GameOwner | null {
    return this.owner;
  }

  // ---- seats -------------------------------------------------------------------------

  join(name: string, wanted: number | undefined): Promise<{ seat: number; token: string }> {
    return this.queue.run(async () => {
      this.mustBeOpen();
      if (this.row.status !== 'lobby')
        throw new ServerError('ERR_GAME_STARTED', 'The game at this table has already started.', 409);
      const seat = wanted ?? this.seats.find((s) => s.name === null)?.seat;
      if (seat === undefined) throw new ServerError('ERR_TABLE_FULL', 'Every seat at this table is taken.', 409);
      if (seat >= this.seats.length)
        throw new ServerError(
          'ERR_BAD_SEAT',
          `This table has seats 1 to ${this.seats.length} (seat field 0 to ${this.seats.length - 1}).`,
        );
      if (this.seats[seat].name !== null) throw new ServerError('ERR_SEAT_TAKEN', `Seat ${seat + 1} is taken.`, 409);
      const token = newSeatToken();
      this.seats[seat] = { seat, name, tokenHash: hashToken(token), bot: null, away: false };
      // Help at the table is for someone playing alone: a person joining turns it off (docs/protocol.md).
      if (this.row.settings.coach) this.row = { ...this.row, settings: { ...this.row.settings, coach: false } };
      await this.save();
      this.ctx.out.table(this.summary());
      return { seat, token };
    });
  }

  setBot(by: SeatClaim, seat: number, level: BotLevelName): Promise<void> {
    return this.queue.run(async () => {
      this.mustBeHostBetweenGames(by);
      const s = this.seatAt(seat);
      if (s.name !== null && s.bot === null)
        throw new ServerError('ERR_SEAT_TAKEN', `Seat ${seat + 1} is taken by a player.`, 409);
      this.setSeat({ seat, name: botName(level), tokenHash: null, bot: level, away: false });
      await this.save();
      this.ctx.out.table(this.summary());
    });
  }

  clearSeat(by: SeatClaim, seat: number): Promise<void> {
    return this.queue.run(async () => {
      this.mustBeHostBetweenGames(by);
      if (this.seatAt(seat).bot === null)
        throw new ServerError('ERR_NOT_A_BOT', `There is no bot in seat ${seat + 1} to remove.`);
      this.setSeat(emptySeat(seat));
      await this.save();
      this.ctx.out.table(this.summary());
    });
  }

  /** The host switches hints and bottle risk on or off, for everyone, between games. */
  setCoach(by: SeatClaim, coach: boolean): Promise<void> {
    return this.queue.run(async () => {
      this.mustBeOpen();
      this.mustBeHost(by);
      if (this.row.status === 'playing')
        throw new ServerError('ERR_GAME_STARTED', 'The coach can be switched on or off between games only.', 409);
      this.row = { ...this.row, settings: { ...this.row.settings, coach } };
      await this.save();
      this.ctx.out.table(this.summary());
    });
  }

  start(by: SeatClaim): Promise<void> {
    return this.queue.run(async () => {
      this.mustBeOpen();
      this.mustBeHost(by);
      if (this.row.status !== 'lobby') throw new ServerError('ERR_GAME_STARTED', 'The game has already started.', 409);
      if (this.seats.some((s) => s.name === null))
        throw new ServerError(
          'ERR_SEATS_EMPTY',
          'Fill every empty seat (invite a friend or add a bot) before starting.',
          409,
        );
      await this.startGame();
    });
  }

  /** A new game with the same seats; seats whose player left wait for someone new first. */
  rematch(by: SeatClaim): Promise<void> {
    return this.queue.run(async () => {
      this.mustBeOpen();
      this.mustBeHost(by);
      if (this.row.status !== 'finished')
        throw new ServerError('ERR_NOT_FINISHED', 'A rematch can start once the game is over.', 409);
      for (const s of this.seats)
        this.setSeat(s.bot === null && s.tokenHash === null ? emptySeat(s.seat) : { ...s, away: false });
      if (this.seats.every((s) => s.name !== null)) return this.startGame();
      this.row = { ...this.row, status: 'lobby' };
      await this.save();
      this.ctx.out.table(this.summary());
    });
  }

  /** A player leaves for good: during a game a bot plays the seat to the end. */
  leave(claim: SeatClaim): Promise<void> {
    return this.queue.run(async () => {
      this.mustBeOpen();
      const by = this.mustHold(claim);
      const s = this.seats[by];
      // Every connection holding the seat, in any tab, becomes a spectator at once (setSeat).
      if (this.row.status === 'playing') {
        this.setSeat({ ...s, tokenHash: null, away: true });
        await this.stopTimer('absence', by);
      } else {
        this.setSeat(emptySeat(by));
      }
      const humans = this.seats.filter((x) => x.tokenHash !== null);
      if (this.row.host === by && humans.length > 0) this.row = { ...this.row, host: humans[0].seat };
      if (humans.length === 0 && this.row.status !== 'playing') return this.close();
      await this.save();
      this.ctx.out.table(this.summary());
      this.scheduleBots();
    });
  }

  // ---- play --------------------------------------------------------------------------

  /**
   * A player's action. `reply` is called as soon as the action is stored, before the
   * updates go out; a refusal is thrown as a ServerError and changes nothing.
   */
  act(claim: SeatClaim, action: ClientAction, reply: (ack: Ack<{ seq: number }>) => void): Promise<void> {
    return this.queue.run(async () => {
      this.mustBeOpen();
      const seat = this.mustHold(claim);
      const owner = this.owner;
      if (this.row.status !== 'playing' || !owner)
        throw new ServerError('ERR_NO_GAME', 'No game is being played at this table.', 409);
      const result = await owner.act(toEngineAction(seat, action), false, this.ctx.now());
      if (!result.ok) throw new ServerError(result.error.code, result.error.message, 409);
      reply({ ok: true, seq: result.value.seq });
      this.ctx.metrics.actions.inc({ by: 'human' });
      await this.afterAction(owner, result.value.events);
    });
  }

  /**
   * A hint for a seated person whose turn it is, from that seat's view only, worked out in
   * the bot pool. Refused unless the table's coach option is on.
   */
  async hint(claim: SeatClaim): Promise<Hint> {
    const { seat, job } = await this.queue.run(() => {
      this.mustBeOpen();
      const seat = this.mustHold(claim);
      const owner = this.owner;
      if (this.row.status !== 'playing' || !owner)
        throw new ServerError('ERR_NO_GAME', 'No game is being played at this table.', 409);
      if (this.row.settings.coach !== true)
        throw new ServerError('ERR_COACH_OFF', 'The host has turned hints off at this table.', 403);
      const view = owner.view(seat);
      if (!view.toAct.includes(seat) || (view.phase === 'pass' && view.passed[seat]))
        throw new ServerError('ERR_NOT_YOUR_TURN', 'Hints are given when it is your turn.', 409);
      if (this.hintsThinking.has(seat))
        throw new ServerError('ERR_HINT_PENDING', 'Your last hint is still being worked out.', 429);
      this.hintsThinking.add(seat);
      return { seat, job: { view, seed: decisionSeed(owner.row.seed, owner.seq, seat) } };
    });
    try {
      const { result } = await this.ctx.pool.submit({
        kind: 'hint',
        view: job.view,
        iterations: this.ctx.config.hintIterations,
        seed: job.seed,
      });
      return result;
    } finally {
      this.hintsThinking.delete(seat);
    }
  }

  chat(claim: SeatClaim, content: ClientMessage<'chat:send'>): Promise<void> {
    return this.queue.run(async () => {
      this.mustBeOpen();
      const seat = this.mustHold(claim);
      const s = this.seats[seat];
      if (s.name === null) throw new ServerError('ERR_NOT_SEATED', 'Only seated players can chat.', 403);
      const now = this.ctx.now();
      const recent = (this.chatTimes.get(seat) ?? []).filter((t) => t > now - CHAT_WINDOW_MS);
      if (recent.length >= CHAT_BURST)
        throw new ServerError('ERR_CHAT_TOO_FAST', 'You are chatting too fast. Wait a few seconds.', 429);
      recent.push(now);
      this.chatTimes.set(seat, recent);
      const row: ChatRow = {
        tableCode: this.code,
        gameId: this.row.gameId,
        seat,
        name: s.name,
        text: 'text' in content ? content.text : null,
        reaction: 'reaction' in content ? content.reaction : null,
        at: now,
      };
      await this.ctx.store.addChat(row);
      this.ctx.out.chat(this.code, chatMessage(row));
    });
  }

  /**
   * A connection starts following the table, as the seat its token holds now or as a
   * spectator. `join` subscribes it to the table's messages inside the queue, so that
   * nothing between this reply and the next update is lost, and says whether the
   * connection is still open.
   */
  watch(
    connection: string,
    token: string | undefined,
    lastSeq: number | undefined,
    gameId: string | undefined,
    join: (seat: number | null) => boolean,
  ): Promise<WatchReply> {
    return this.queue.run(async () => {
      const seat = token === undefined ? null : this.seatOfToken(token);
      if (token !== undefined && seat === null)
        throw new ServerError('ERR_BAD_TOKEN', 'This seat token is not valid at this table.', 403);
      // A connection that closed while it waited is not counted as present.
      if (join(seat)) {
        if (seat !== null) await this.connected(seat, connection);
        else {
          this.spectators.add(connection);
          // Players are told who can read their chat.
          this.ctx.out.table(this.summary());
        }
      }
      const owner = this.owner;
      const sameGame = owner !== null && (gameId === undefined || gameId === owner.id);
      const chat = (await this.ctx.store.recentChat(this.code, CHAT_HISTORY)).map(chatMessage);
      return {
        table: this.summary(),
        seat,
        game: owner ? owner.update(seat, [], this.deadlineFor(owner)) : null,
        missed: owner && sameGame && lastSeq !== undefined ? owner.missedSince(seat, lastSeq) : null,
        chat,
      };
    });
  }

  /** A connection closed or stopped following the table. */
  disconnected(connection: string): Promise<void> {
    return this.queue.run(async () => {
      if (this.spectators.delete(connection)) {
        if (this.row.status !== 'closed') this.ctx.out.table(this.summary());
        return;
      }
      const seat = [...this.present].find(([, ids]) => ids.has(connection))?.[0];
      if (seat === undefined) return;
      const ids = this.present.get(seat)!;
      ids.delete(connection);
      if (ids.size > 0 || this.row.status === 'closed') return;
      this.present.delete(seat);
      // The seat's deadline is news for everyone (same seq, no events) when it must act now.
      if ((await this.noticeAbsences()) && this.owner?.toAct().includes(seat)) this.broadcast(this.owner, []);
      if (!this.anyHumanConnected()) await this.startTimer('close', -1, this.ctx.now() + this.ctx.config.closeAfterMs);
      this.ctx.out.table(this.summary());
    });
  }

  /** Stop every timer (server shutdown); the stored deadlines stay for the next start. */
  async shutdown(): Promise<void> {
    this.stopped = true;
    await this.queue.idle();
    for (const t of this.timers.values()) clearTimeout(t.handle);
    this.timers.clear();
  }

  // ---- inside the queue ---------------------------------------------------------------

  private async connected(seat: number, connection: string): Promise<void> {
    const ids = this.present.get(seat) ?? new Set<string>();
    ids.add(connection);
    this.present.set(seat, ids);
    const hadDeadline = await this.stopTimer('absence', seat);
    await this.stopTimer('close', -1);
    if (this.seats[seat].away) {
      // Back from an absence: the bot hands the seat back.
      this.seats[seat] = { ...this.seats[seat], away: false };
      await this.save();
    }
    this.ctx.out.table(this.summary());
    if (hadDeadline && this.owner?.toAct().includes(seat)) this.broadcast(this.owner, []);
  }

  private async startGame(): Promise<void> {
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
      names: this.seats.map((x) => x.name ?? ''),
      bots: this.seats.map((x) => x.bot),
      status: 'running' as const,
      startedAt: this.ctx.now(),
      finishedAt: null,
    };
    this.seats = this.seats.map((x) => ({ ...x, away: false }));
    const row: TableRow = { ...this.row, status: 'playing', gameId: id, version: this.row.version + 1 };
    await this.ctx.store.startGame(game, row, this.seats);
    this.row = row;
    const owner = GameOwner.begin(game, this.ctx.store);
    this.owner = owner;
    await this.noticeAbsences();
    this.ctx.out.table(this.summary());
    this.broadcast(owner, []);
    this.scheduleBots();
  }

  private async afterAction(owner: GameOwner, events: GameEvent[]): Promise<void> {
    if (owner.over) await this.finish();
    this.broadcast(owner, events);
    this.scheduleBots();
  }

  private async finish(): Promise<void> {
    const owner = this.owner!;
    this.row = { ...this.row, status: 'finished' };
    if (!this.finishedIds.includes(owner.id)) this.finishedIds.push(owner.id);
    for (const s of this.seats) await this.stopTimer('absence', s.seat);
    await this.save();
    this.ctx.out.table(this.summary());
  }

  /** Each seat its own view and events, spectators the public ones. */
  private broadcast(owner: GameOwner, events: readonly GameEvent[]): void {
    const deadline = this.deadlineFor(owner);
    for (const s of this.seats) {
      if (this.ctx.out.hasAudience(this.code, s.seat))
        this.ctx.out.game(this.code, s.seat, owner.update(s.seat, events, deadline));
    }
    if (this.ctx.out.hasAudience(this.code, null))
      this.ctx.out.game(this.code, null, owner.update(null, events, deadline));
  }

  /** Seconds since the epoch when a bot takes over for the absent seat that must act, if any. */
  private deadlineFor(owner: GameOwner): number | null {
    let soonest: number | null = null;
    for (const seat of owner.toAct()) {
      const t = this.timers.get(timerKey('absence', seat));
      if (t && (soonest === null || t.deadline < soonest)) soonest = t.deadline;
    }
    return soonest === null ? null : Math.ceil(soonest / 1000);
  }

  private botPlays(seat: number): boolean {
    const s = this.seats[seat];
    return s.bot !== null || s.away;
  }

  /** Every seat that must act and is played by a bot gets a bot turn (once). */
  private scheduleBots(): void {
    const owner = this.owner;
    if (!owner || owner.over || this.row.status !== 'playing' || this.stopped) return;
    for (const seat of owner.toAct()) {
      if (!this.botPlays(seat) || this.botsThinking.has(seat)) continue;
      this.botsThinking.add(seat);
      const base = this.ctx.config.botDelayMs;
      // A little variation makes bots feel less mechanical.
      const delay = base === 0 ? 0 : base * (0.6 + 0.8 * Math.random());
      setTimeout(() => {
        this.botTurn(owner, seat).catch((e) => {
          this.botsThinking.delete(seat);
          if (!(e instanceof StoreUnavailableError))
            return this.ctx.log.error({ err: e, table: this.code, seat }, 'bot turn failed');
          // The move was not stored: the bot tries again once the database may be back.
          this.ctx.log.warn({ table: this.code, seat }, 'bot move not stored (database unavailable); retrying');
          setTimeout(() => void this.queue.run(() => this.scheduleBots()), RETRY_MS);
        });
      }, delay);
    }
  }

  private async botTurn(owner: GameOwner, seat: number): Promise<void> {
    const job = await this.queue.run(() => {
      if (this.stopped || this.owner !== owner || !this.botPlays(seat) || !owner.toAct().includes(seat)) return null;
      const level = this.seats[seat].bot ?? STAND_IN_LEVEL;
      return { level, seq: owner.seq, view: owner.view(seat), legal: owner.legalActions(seat) };
    });
    if (!job) return void this.botsThinking.delete(seat);
    // Thinking happens outside the queue and off the event loop, in a bot thread.
    let choice: Action;
    try {
      const decided = await this.ctx.pool.decide(
        job.level,
        decisionSeed(owner.row.seed, job.seq, seat),
        job.view,
        job.legal,
      );
      this.ctx.metrics.botThink.observe(decided.ms / 1000);
      choice = decided.action;
    } catch (e) {
      if (this.stopped) return void this.botsThinking.delete(seat);
      this.ctx.log.warn({ err: e, table: this.code, seat }, 'bot failed to decide; playing its first legal action');
      choice = job.legal[0];
    }
    await this.queue.run(async () => {
      this.botsThinking.delete(seat);
      if (this.stopped || this.owner !== owner || this.row.status !== 'playing' || !this.botPlays(seat)) return;
      let result = choice.seat === seat ? await owner.act(choice, true, this.ctx.now()) : null;
      if (!result?.ok && owner.seq === job.seq) {
        this.ctx.log.warn(
          { table: this.code, seat, choice },
          'bot chose an illegal action; playing its first legal action',
        );
        result = await owner.act(job.legal[0], true, this.ctx.now());
      }
      if (result?.ok) {
        this.ctx.metrics.actions.inc({ by: 'bot' });
        await this.afterAction(owner, result.value.events);
      } else {
        this.scheduleBots();
      }
    });
  }

  /** Start the absence timer of every human seat with no connection during a game. */
  private async noticeAbsences(): Promise<boolean> {
    if (this.row.status !== 'playing') return false;
    const wait = this.row.settings.turnSeconds * 1000;
    let started = false;
    for (const s of this.seats) {
      const absent = s.tokenHash !== null && !s.away && !this.isPresent(s.seat);
      if (absent && !this.timers.has(timerKey('absence', s.seat))) {
        await this.startTimer('absence', s.seat, this.ctx.now() + wait);
        started = true;
      }
    }
    return started;
  }

  private anyHumanConnected(): boolean {
    return this.seats.some((s) => s.tokenHash !== null && this.isPresent(s.seat));
  }

  private isPresent(seat: number): boolean {
    return (this.present.get(seat)?.size ?? 0) > 0;
  }

  private seatOfHash(hash: string): number | null {
    return this.seats.find((s) => s.tokenHash === hash)?.seat ?? null;
  }

  /** The seat a connection acts for, if its token still holds it; else a refusal. */
  private mustHold(claim: SeatClaim): number {
    if (this.seats[claim.seat]?.tokenHash !== claim.tokenHash)
      throw new ServerError('ERR_NOT_SEATED', 'You no longer hold this seat.', 403);
    return claim.seat;
  }

  /**
   * Change a seat. When its token changes (the player left, the seat was emptied), every
   * connection that held it loses it at once: it leaves the seat's rooms, becomes a
   * spectator, is told so, and no longer counts as present.
   */
  private setSeat(row: SeatRow): void {
    const old = this.seats[row.seat];
    this.seats[row.seat] = row;
    if (old.tokenHash === null || old.tokenHash === row.tokenHash) return;
    for (const id of this.present.get(row.seat) ?? []) this.spectators.add(id);
    this.present.delete(row.seat);
    this.ctx.out.seatLost(this.code, row.seat);
  }

  private async startTimer(kind: TimerKind, seat: number, deadline: number): Promise<void> {
    await this.ctx.store.setTimer({ tableCode: this.code, kind, seat, deadline });
    this.armTimer(kind, seat, deadline);
  }

  private armTimer(kind: TimerKind, seat: number, deadline: number): void {
    const key = timerKey(kind, seat);
    const old = this.timers.get(key);
    if (old) clearTimeout(old.handle);
    const handle = setTimeout(
      () => {
        this.queue
          .run(() => this.timerFired(kind, seat))
          .catch((e) => {
            if (!(e instanceof StoreUnavailableError))
              return this.ctx.log.error({ err: e, table: this.code, kind, seat }, 'timer failed');
            // Its consequences were not stored: the deadline fires again once the database may be back.
            this.ctx.log.warn(
              { table: this.code, kind, seat },
              'deadline not handled (database unavailable); retrying',
            );
            if (!this.stopped) this.armTimer(kind, seat, this.ctx.now() + RETRY_MS);
          });
      },
      Math.max(0, deadline - this.ctx.now()),
    );
    this.timers.set(key, { deadline, handle });
  }

  /** Stop a timer; false if it was not running. */
  private async stopTimer(kind: TimerKind, seat: number): Promise<boolean> {
    const key = timerKey(kind, seat);
    const t = this.timers.get(key);
    if (!t) return false;
    clearTimeout(t.handle);
    this.timers.delete(key);
    await this.ctx.store.clearTimer(this.code, kind, seat);
    return true;
  }

  private async timerFired(kind: TimerKind, seat: number): Promise<void> {
    if (this.stopped) return;
    this.timers.delete(timerKey(kind, seat));
    await this.ctx.store.clearTimer(this.code, kind, seat);
    if (kind === 'close') {
      if (!this.anyHumanConnected()) await this.close();
      return;
    }
    const s = this.seats[seat];
    if (this.row.status !== 'playing' || s.tokenHash === null || this.isPresent(seat)) return;
    this.seats[seat] = { ...s, away: true };
    await this.save();
    this.ctx.out.table(this.summary());
    if (this.owner) this.broadcast(this.owner, []);
    this.scheduleBots();
  }

  /** Close the table for good; a game still running is kept, marked abandoned. */
  private async close(): Promise<void> {
    if (this.owner && !this.owner.over) await this.ctx.store.setGameStatus(this.owner.id, 'abandoned', this.ctx.now());
    this.row = { ...this.row, status: 'closed' };
    for (const [key, t] of this.timers) {
      clearTimeout(t.handle);
      const [kind, seat] = key.split(':');
      await this.ctx.store.clearTimer(this.code, kind as TimerKind, Number(seat));
    }
    this.timers.clear();
    await this.save();
    this.ctx.out.table(this.summary());
    this.ctx.closed(this.code);
  }

  /** Store the table as its next version (compare-and-set: see Store.saveTable). */
  private async save(): Promise<void> {
    const next = { ...this.row, version: this.row.version + 1 };
    await this.ctx.store.saveTable(next, this.seats);
    this.row = next;
  }

  private seatAt(seat: number): SeatRow {
    const s = this.seats[seat];
    if (!s)
      throw new ServerError(
        'ERR_BAD_SEAT',
        `This table has seats 1 to ${this.seats.length} (seat field 0 to ${this.seats.length - 1}).`,
      );
    return s;
  }

  private mustBeOpen(): void {
    if (this.row.status === 'closed') throw new ServerError('ERR_TABLE_CLOSED', 'This table is closed.', 410);
  }

  private mustBeHost(by: SeatClaim): void {
    if (this.row.host !== this.mustHold(by)) throw new ServerError('ERR_NOT_HOST', 'Only the host can do that.', 403);
  }

  private mustBeHostBetweenGames(by: SeatClaim): void {
    this.mustBeOpen();
    this.mustBeHost(by);
    if (this.row.status === 'playing')
      throw new ServerError('ERR_GAME_STARTED', 'Seats cannot change during a game.', 409);
  }
}

function timerKey(kind: TimerKind, seat: number): string {
  return `${kind}:${seat}`;
}

function emptySeat(seat: number): SeatRow {
  return { seat, name: null, tokenHash: null, bot: null, away: false };
}

function botName(level: BotLevelName): string {
  return `${level[0].toUpperCase()}${level.slice(1)} bot`;
}

function chatMessage(row: ChatRow): ChatMessage {
  return {
    seat: row.seat,
    name: row.name,
    ...(row.text !== null ? { text: row.text } : {}),
    ...(row.reaction !== null ? { reaction: row.reaction } : {}),
    at: row.at,
  };
}

/** The seat comes from the seat token, never from the client's message. */
function toEngineAction(seat: number, action: ClientAction): Action {
  return action.type === 'play' ? { type: 'play', seat, card: action.card } : { type: 'pass', seat, pass: action.pass };
}
