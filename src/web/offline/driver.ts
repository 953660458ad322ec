/**
 * One offline game against bots, as the worker (worker.ts) holds it: the engine's game,
 * the bots of the other seats and what is saved of it (its seed, its setup and every
 * action so far, enough to rebuild it card for card). The person always sits at seat 0
 * and is shown only that seat's view; each bot decides from its own seat's view, as the
 * server's bot driver has them do. Pure: the seeds come from the caller.
 */

import { HINT_ITERATIONS, type Hint, hintFor } from '../../analysis/index.js';
import type { Bot } from '../../bots/bot.js';
import { decisionSeed } from '../../bots/decision.js';
import { botForLevel } from '../../bots/levels.js';
import {
  type Action,
  Game,
  type GameErrorCode,
  type GameEvent,
  type Seed,
  type TableView,
  view,
  visibleEvents,
} from '../../engine/index.js';
import type { ClientAction } from '../../protocol/messages.js';
import { type GameRecord, recordOf } from '../../record/index.js';
import type { OfflineSetup, SavedGame } from './types.js';

/** The person's seat in every offline game. */
export const PERSON = 0;

export class OfflineDriver {
  private readonly bots: readonly (Bot | null)[];

  private constructor(
    private readonly game: Game,
    private readonly saved: SavedGame,
    private readonly actions: Action[],
  ) {
    this.bots = saved.setup.levels.map((level, seat) =>
      level === null ? null : botForLevel(level, saved.botSeeds[seat]),
    );
  }

  /** A new game: its deals from `seed`, each bot thinking from its own seed. */
  static start(id: string, setup: OfflineSetup, seed: Seed, botSeeds: readonly number[], now: number): OfflineDriver {
    return OfflineDriver.restore({ id, setup, seed, botSeeds, actions: [], startedAt: now });
  }

  /** The game as saved, its actions applied again; throws if the save does not replay (a broken save). */
  static restore(saved: SavedGame): OfflineDriver {
    const { players, mode, rounds, targetScore } = saved.setup;
    const created = Game.create(
      { players, mode, ...(rounds !== undefined ? { rounds } : { targetScore }) },
      saved.seed,
    );
    if (!created.ok) throw new Error(`offline game ${saved.id}: ${created.error.message}`);
    for (const action of saved.actions) {
      const applied = created.value.apply(action);
      if (!applied.ok) throw new Error(`offline game ${saved.id} does not replay: ${applied.error.message}`);
    }
    return new OfflineDriver(created.value, saved, [...saved.actions]);
  }

  get id(): string {
    return this.saved.id;
  }

  get setup(): OfflineSetup {
    return this.saved.setup;
  }

  get over(): boolean {
    return this.game.phase === 'over';
  }

  /** What to save now: the same seed and setup, every action so far. */
  save(): SavedGame {
    return { ...this.saved, actions: [...this.actions] };
  }

  /** The person's view: all the page is ever shown of the game. */
  view(): TableView {
    return view(this.game, PERSON);
  }

  /** The person's action; on success the events the person may see, else the engine's refusal, nothing changed. */
  act(action: ClientAction): { ok: true; events: GameEvent[] } | { ok: false; code: GameErrorCode } {
    return this.apply({ ...action, seat: PERSON } as Action);
  }

  /** The seat of a bot that must act now, or null (the person's turn, or the game is over). */
  botToAct(): number | null {
    if (this.over) return null;
    return this.game.toAct().find((s) => this.bots[s] !== null) ?? null;
  }

  /** One bot's turn, decided from its seat's view: the events the person may see of it. */
  botTurn(seat: number): GameEvent[] {
    const bot = this.bots[seat];
    if (!bot) throw new Error(`seat ${seat + 1} is not a bot`);
    const result = this.apply(bot.decide(view(this.game, seat)));
    if (!result.ok) throw new Error(`${bot.name} at seat ${seat + 1} chose an illegal action (${result.code})`);
    return result.events;
  }

  /** The coach's hint for the person's move, from the person's view; null when the coach is off or it is not their turn. */
  hint(): Hint | null {
    const v = this.view();
    if (!this.saved.setup.coach || !this.game.toAct().includes(PERSON) || this.over) return null;
    return hintFor(v, HINT_ITERATIONS, decisionSeed(this.saved.botSeeds[PERSON], v));
  }

  /** The game so far as a `bottle-imp/1` record, its seats named as the person saw them. */
  record(): GameRecord {
    return recordOf(this.game, this.saved.setup.names);
  }

  private apply(action: Action): { ok: true; events: GameEvent[] } | { ok: false; code: GameErrorCode } {
    const applied = this.game.apply(action);
    if (!applied.ok) return { ok: false, code: applied.error.code };
    this.actions.push(action);
    return { ok: true, events: visibleEvents(applied.value, PERSON) };
  }
}
