/**
 * A program in a seat for one hand, as a `Bot`: its decisions come from the program; with
 * forfeit on, a failure hands the seat to the `random` bot for the rest of the hand and is
 * kept (`failure`) so that the hand can be marked; without, the failure is thrown.
 */
import { type Bot, createBot } from '../../bots/index.js';
import type { Game, GameEvent, TableView } from '../../engine/index.js';
import { ProgramFailure, type ProgramHost } from './program.js';

export class ProgramSeat implements Bot {
  /** The failure's line, once the program failed and the random bot took over. */
  failure: string | null = null;
  private fallback: Bot | null = null;

  /** `forfeitSeed` seeds the random bot that takes over; null: failures are thrown. */
  constructor(
    private readonly host: ProgramHost,
    private readonly forfeitSeed: number | null,
  ) {}

  get name(): string {
    return this.host.label;
  }

  /** Opens the hand (`hello`, `ready`). */
  begin(game: Game, seat: number, seed: number): void {
    this.guard(() => this.host.begin(game.options, seat, seed));
  }

  decide(view: TableView): ReturnType<Bot['decide']> {
    if (this.fallback) return this.fallback.decide(view);
    return this.guard(() => this.host.decide(view)) ?? this.fallback!.decide(view);
  }

  /** The seat's visible events of one action. */
  events(events: readonly GameEvent[]): void {
    if (!this.fallback) this.host.events(events);
  }

  /** Closes the hand (`bye`), unless the program has failed. */
  end(): void {
    if (!this.fallback) this.host.end();
  }

  private guard<T>(body: () => T): T | undefined {
    try {
      return body();
    } catch (e) {
      if (!(e instanceof ProgramFailure) || this.forfeitSeed === null) throw e;
      this.failure = e.line;
      this.fallback = createBot('random', { seed: this.forfeitSeed });
      return undefined;
    }
  }
}
