/**
 * Bot turns at one table: every seat that must act and is played by a bot (a bot's seat,
 * or an away player's, played by a stand-in) gets one turn at a time. A turn takes the
 * seat's view and legal actions inside the table's queue, thinks outside it in the bot
 * pool, and applies its choice back inside the queue if the seat is still the bot's.
 */
import { dailyBotSeed, dealtView } from '../../daily/index.js';
import type { Action, TableView } from '../../engine/index.js';
import type { BotLevel } from '../../protocol/messages.js';
import { ServerError } from '../errors.js';
import type { GameOwner } from '../game-owner/owner.js';
import { decisionSeed, thinkShare } from '../ids.js';
import type { SerialQueue } from '../serial.js';
import { StaleOwnerError } from '../store/store.js';
import type { TableContext } from './context.js';
import { RETRY_MS } from './deadlines.js';

/** The longest wait before a failed bot turn is tried again. */
const MAX_RETRY_MS = 10_000;

/** What the driver asks of its table (always inside the table's queue). */
export interface BotSeats {
  /** The game being played, or null when none is. */
  playing(): GameOwner | null;
  /** The level of the bot that plays the seat now, or null when a person does. */
  botFor(seat: number): BotLevel | null;
  /**
   * A daily deal's or a duplicate event's table (src/daily/): its bots decide from the view
   * as dealt, each decision seeded from that view, so that the same plays meet the same
   * bots everywhere.
   */
  dealtAlike(): boolean;
  /**
   * Play the bot's action for the seat: stored in one write with the clocks it changes (as
   * a person's), then the game finished if it is over, everyone told, the next turns
   * scheduled. False if the engine refused it (nothing changed).
   */
  act(owner: GameOwner, action: Action, seat: number): Promise<boolean>;
  /** Learn the outcome of a write in doubt and tell everyone what is stored (before a move, after a failed turn). */
  resync(owner: GameOwner): Promise<void>;
}

export class BotDriver {
  private readonly thinking = new Set<number>();
  /** Bot turns that failed in a row (for the wait before trying again). */
  private failures = 0;
  /** Set when the server shuts down: no more bot turns. */
  private halted = false;

  constructor(
    private readonly ctx: TableContext,
    private readonly code: string,
    private readonly queue: SerialQueue,
    private readonly seats: BotSeats,
  ) {}

  halt(): void {
    this.halted = true;
  }

  /** Every seat that must act and is played by a bot gets a bot turn (once). Inside the queue. */
  schedule(): void {
    const owner = this.seats.playing();
    if (!owner || owner.over || this.halted) return;
    for (const seat of owner.toAct()) {
      if (this.seats.botFor(seat) === null || this.thinking.has(seat)) continue;
      this.thinking.add(seat);
      const base = this.ctx.config.botDelayMs;
      // A little variation makes bots feel less mechanical; drawn from the game's seed, it
      // is the same each time the game is played over (a test on virtual time repeats).
      const delay = base === 0 ? 0 : base * (0.6 + 0.8 * thinkShare(owner.row.seed, owner.seq, seat));
      this.ctx.clock.after(delay, () => {
        this.turn(owner, seat).catch((e) => {
          this.thinking.delete(seat);
          this.retry(owner, seat, e);
        });
      });
    }
  }

  /**
   * A bot turn failed (the database out of reach, a write whose outcome is unknown, the
   * seq taken by another action, anything): once it may work, the table learns what the
   * store holds and tells it (`resync`), then the turns are scheduled again. The wait
   * doubles with each failure in a row, up to MAX_RETRY_MS, so no table is left stuck and
   * none hammers a database that is down. Only a takeover by another node ends the turns here.
   */
  private retry(owner: GameOwner, seat: number, e: unknown): void {
    // Another node took the table over (a cluster): it plays on from there.
    if (this.halted || e instanceof StaleOwnerError) return;
    this.failures++;
    const wait = Math.min(RETRY_MS * 2 ** (this.failures - 1), MAX_RETRY_MS);
    const entry = { err: e, table: this.code, seat, failures: this.failures, retryMs: wait };
    if (e instanceof ServerError) this.ctx.log.warn(entry, 'bot move refused or not known to be stored; retrying');
    else this.ctx.log.error(entry, 'bot turn failed; retrying');
    this.ctx.clock.after(wait, () => {
      this.queue
        .run(async () => {
          if (this.seats.playing() === owner) await this.seats.resync(owner);
          this.schedule();
        })
        .catch((again) => this.retry(owner, seat, again));
    });
  }

  /** The seat is the bot's to play now in this game. */
  private mayPlay(owner: GameOwner, seat: number): boolean {
    return !this.halted && this.seats.playing() === owner && this.seats.botFor(seat) !== null;
  }

  /**
   * What the seat's bot decides from and its seed: at an ordinary table the view now and a
   * seed of the game's seed, step and seat; at a daily deal's or a duplicate event's, the view as dealt and a
   * seed of that view (src/daily/bots.ts), which no timing of anyone's pass can change.
   */
  private decision(owner: GameOwner, seat: number): { view: TableView; seed: number } {
    if (!this.seats.dealtAlike())
      return { view: owner.view(seat), seed: decisionSeed(owner.row.seed, owner.seq, seat) };
    const view = dealtView(owner.view(seat));
    return { view, seed: dailyBotSeed(owner.row.seed, view) };
  }

  private async turn(owner: GameOwner, seat: number): Promise<void> {
    const job = await this.queue.run(() => {
      if (!this.mayPlay(owner, seat) || !owner.toAct().includes(seat)) return null;
      const level = this.seats.botFor(seat)!;
      // The fallback is one legal action from the engine, not every pass listed (2 players: 5,940).
      return { level, seq: owner.seq, ...this.decision(owner, seat), fallback: owner.firstLegalAction(seat)! };
    });
    if (!job) return void this.thinking.delete(seat);
    // Thinking happens outside the queue and off the event loop, in a bot thread.
    let choice: Action;
    try {
      const decided = await this.ctx.pool.decide(job.level, job.seed, job.view);
      this.ctx.metrics.botThink.observe(decided.ms / 1000);
      choice = decided.action;
    } catch (e) {
      if (this.halted) return void this.thinking.delete(seat);
      this.ctx.log.warn({ err: e, table: this.code, seat }, 'bot failed to decide; playing its first legal action');
      choice = job.fallback;
    }
    await this.queue.run(async () => {
      this.thinking.delete(seat);
      if (!this.mayPlay(owner, seat)) return;
      // An earlier write in doubt first, told to everyone: the choice is judged against the log as stored.
      await this.seats.resync(owner);
      if (!this.mayPlay(owner, seat)) return;
      let acted = choice.seat === seat && (await this.seats.act(owner, choice, seat));
      if (!acted && owner.seq === job.seq) {
        this.ctx.log.warn(
          { table: this.code, seat, choice },
          'bot chose an illegal action; playing its first legal action',
        );
        acted = await this.seats.act(owner, job.fallback, seat);
      }
      if (acted) {
        this.failures = 0;
        this.ctx.metrics.actions.inc({ by: 'bot' });
      } else {
        this.schedule();
      }
    });
  }
}
