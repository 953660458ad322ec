/**
 * Bot turns at one table: every seat that must act and is played by a bot (a bot's seat,
 * or an away player's, played by a stand-in) gets one turn at a time. A turn takes the
 * seat's view and legal actions inside the table's queue, thinks outside it in the bot
 * pool, and applies its choice back inside the queue if the seat is still the bot's.
 */
import type { Action, GameEvent } from '../../engine/index.js';
import type { BotLevelName } from '../../protocol/messages.js';
import type { GameOwner } from '../game-owner/owner.js';
import { decisionSeed } from '../ids.js';
import type { SerialQueue } from '../serial.js';
import { StaleOwnerError, StoreUnavailableError } from '../store/store.js';
import type { TableContext } from './context.js';
import { RETRY_MS } from './deadlines.js';

/** What the driver asks of its table (always inside the table's queue). */
export interface BotSeats {
  /** The game being played, or null when none is. */
  playing(): GameOwner | null;
  /** The level of the bot that plays the seat now, or null when a person does. */
  botFor(seat: number): BotLevelName | null;
  /** An accepted bot action: finish the game if it is over, tell everyone, schedule the next turns. */
  afterAction(owner: GameOwner, events: GameEvent[], seat: number): Promise<void>;
}

export class BotDriver {
  private readonly thinking = new Set<number>();
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
      // A little variation makes bots feel less mechanical.
      const delay = base === 0 ? 0 : base * (0.6 + 0.8 * Math.random());
      setTimeout(() => {
        this.turn(owner, seat).catch((e) => {
          this.thinking.delete(seat);
          // Another node took the table over (a cluster): it plays on from there.
          if (e instanceof StaleOwnerError) return;
          if (!(e instanceof StoreUnavailableError))
            return this.ctx.log.error({ err: e, table: this.code, seat }, 'bot turn failed');
          // The move was not stored: the bot tries again once the database may be back.
          this.ctx.log.warn({ table: this.code, seat }, 'bot move not stored (database unavailable); retrying');
          setTimeout(() => void this.queue.run(() => this.schedule()), RETRY_MS);
        });
      }, delay);
    }
  }

  /** The seat is the bot's to play now in this game. */
  private mayPlay(owner: GameOwner, seat: number): boolean {
    return !this.halted && this.seats.playing() === owner && this.seats.botFor(seat) !== null;
  }

  private async turn(owner: GameOwner, seat: number): Promise<void> {
    const job = await this.queue.run(() => {
      if (!this.mayPlay(owner, seat) || !owner.toAct().includes(seat)) return null;
      const level = this.seats.botFor(seat)!;
      return { level, seq: owner.seq, view: owner.view(seat), legal: owner.legalActions(seat) };
    });
    if (!job) return void this.thinking.delete(seat);
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
      if (this.halted) return void this.thinking.delete(seat);
      this.ctx.log.warn({ err: e, table: this.code, seat }, 'bot failed to decide; playing its first legal action');
      choice = job.legal[0];
    }
    await this.queue.run(async () => {
      this.thinking.delete(seat);
      if (!this.mayPlay(owner, seat)) return;
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
        await this.seats.afterAction(owner, result.value.events, seat);
      } else {
        this.schedule();
      }
    });
  }
}
