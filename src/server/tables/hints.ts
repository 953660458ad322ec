/**
 * Hints at a table: for a seated person whose turn it is, from that seat's view only,
 * worked out in the bot pool outside the table's queue (so that bot turns and actions go
 * on meanwhile). One hint per seat per decision, however often it is asked: asked again
 * for the same decision (also while it is still being worked out) it is the same promise,
 * at no new cost. A hint that failed is forgotten, so that asking again tries again.
 */
import type { Hint } from '../../protocol/messages.js';
import { ServerError } from '../errors.js';
import type { GameOwner } from '../game-owner/owner.js';
import { decisionSeed } from '../ids.js';
import type { TableContext } from './context.js';

export class TableHints {
  /** Per seat, its latest hint and the decision it is for, kept while it is worked out and after. */
  private readonly hints = new Map<number, { readonly decision: string; readonly hint: Promise<Hint> }>();

  constructor(private readonly ctx: Pick<TableContext, 'pool' | 'config' | 'metrics'>) {}

  /**
   * The seat's hint for its decision now (inside the table's queue: it reads the game);
   * the promise resolves outside the queue. Refused unless the seat must act.
   */
  ask(owner: GameOwner, seat: number): Promise<Hint> {
    const view = owner.view(seat);
    if (!view.toAct.includes(seat) || (view.phase === 'pass' && view.passed[seat]))
      throw new ServerError('ERR_NOT_YOUR_TURN', 'Hints are given when it is your turn.', 409);
    // The seat's decision, not the game's seq: while passing, others' passes move the seq on but not the decision.
    const decision = `${owner.row.id}:${view.round}:${view.phase}:${view.tricks.length}`;
    const known = this.hints.get(seat);
    if (known?.decision === decision) return known.hint;
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
    hint.catch(() => {
      if (this.hints.get(seat) === entry) this.hints.delete(seat);
    });
    return hint;
  }
}
