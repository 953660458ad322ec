/**
 * A flood of hints beside a live bot table (issue 29), over a real server. `BotTable`:
 * one person against three bots, timing every bot move. `HintFlood`: tables of one
 * address (every seat held by that address, no bot, the coach on) whose seats each ask a
 * hint at every turn and then play, so that every hint is new work for the bot pool, as
 * fast as the server answers (a refused hint is asked again a second later, without
 * playing). Used by `npm run bench:hints` (bench/server/hints.ts); the order that keeps
 * bot turns ahead of hints is tested job by job (test/server/bots/live-queue.test.ts).
 */
import type { BotLevel, GameUpdate } from '../../../src/protocol/messages.js';
import type { Client } from './client.js';
import type { TestServer } from './server.js';
import { seatTable } from './tables.js';

/** How long a flooding seat waits to ask again after a refusal. */
const REFUSED_RETRY_MS = 1000;

export const median = (xs: readonly number[]): number => percentile(xs, 0.5);

export function percentile(xs: readonly number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/**
 * A 4-player table of many rounds: this client in seat 0 playing at once whenever it is
 * its turn, three bots of `level` in the others. A bot move's time is from the update that
 * made it the bot's turn to the update with its card, both as this client received them:
 * the turn waiting for a thread, the thinking, storing and the broadcast.
 */
export class BotTable {
  private readonly moves: number[] = [];
  private closed = false;

  private constructor(private readonly player: Client) {
    const arrived = new Map<number, { at: number; botToAct: boolean }>();
    player.socket.on('game', (u: GameUpdate) => {
      const at = performance.now();
      const before = arrived.get(u.seq - 1);
      if (before?.botToAct) this.moves.push(at - before.at);
      const toAct = u.view.toAct;
      arrived.set(u.seq, { at, botToAct: u.view.phase === 'play' && toAct.length === 1 && toAct[0] !== 0 });
      arrived.delete(u.seq - 2);
    });
    // Closing mid-move refuses the move: only a failure while open is one.
    this.play().catch((e) => {
      if (!this.closed) throw e;
    });
  }

  static async open(server: Pick<TestServer, 'url'>, level: BotLevel, from?: string): Promise<BotTable> {
    const { humans } = await seatTable(server, { players: 4, rounds: 50, turnClock: 'off' }, 1, { level, from });
    return new BotTable(humans[0]);
  }

  /** The times of the next `n` bot moves, in ms. */
  async next(n: number, ms = 120_000): Promise<number[]> {
    const from = this.moves.length;
    await this.player.until(() => this.moves.length >= from + n || this.over(), `${n} bot moves`, ms);
    if (this.moves.length < from + n) throw new Error('the game ended before the bots made enough moves');
    return this.moves.slice(from, from + n);
  }

  close(): void {
    this.closed = true;
    this.player.close();
  }

  private over(): boolean {
    return this.player.game?.view.phase === 'over';
  }

  private async play(): Promise<void> {
    while (!this.closed && !this.over()) {
      await this.player.until(() => this.closed || this.over() || this.player.myTurn(), 'my turn', 600_000);
      if (!this.closed && this.player.myTurn()) await this.player.playIfMyTurn();
    }
  }
}

export interface FloodFigures {
  /** Hints answered with a hint. */
  readonly answered: number;
  /** Refusals, by code. */
  readonly refused: Readonly<Record<string, number>>;
}

/** Tables of one address asking a hint at every turn, then playing; paused until `resume()`. */
export class HintFlood {
  private running = false;
  private closed = false;
  /** Hints asked and not answered yet. */
  private asking = 0;
  private answered = 0;
  private readonly refused: Record<string, number> = {};

  private constructor(private readonly seats: readonly Client[]) {
    for (const seat of seats)
      this.ask(seat).catch((e) => {
        if (!this.closed) throw e;
      });
  }

  /** `tables` 3-player tables from `from`, every seat that address's, with the coach on. */
  static async open(server: Pick<TestServer, 'url'>, tables: number, from: string): Promise<HintFlood> {
    const seats: Client[] = [];
    for (let i = 0; i < tables; i++) {
      const { humans } = await seatTable(server, { players: 3, rounds: 50, turnClock: 'off' }, 3, {
        bots: false,
        start: false,
        from,
      });
      // A second person at the table turned the coach off; the host turns it back on.
      for (const [event, body] of [
        ['table:coach', { coach: true }],
        ['table:start', {}],
      ] as const) {
        const r = await humans[0].call(event, body);
        if (!r.ok) throw new Error(`${event} failed: ${JSON.stringify(r)}`);
      }
      await Promise.all(humans.map((c) => c.until(() => c.game !== null, 'the first game update')));
      seats.push(...humans);
    }
    return new HintFlood(seats);
  }

  resume(): void {
    this.running = true;
  }

  /** No more hints asked; resolves once those asked are answered, so that nothing of the flood is left running. */
  async pause(): Promise<void> {
    this.running = false;
    while (this.asking > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  /** What the flood got so far. */
  figures(): FloodFigures {
    return { answered: this.answered, refused: { ...this.refused } };
  }

  close(): void {
    this.closed = true;
    for (const s of this.seats) s.close();
  }

  private async ask(seat: Client): Promise<void> {
    const done = () => this.closed || seat.game?.view.phase === 'over';
    while (!done()) {
      await seat.until(() => done() || (this.running && seat.myTurn()), 'a turn to flood', 600_000);
      if (done()) return;
      this.asking++;
      const reply = await seat.call('game:hint', {}).finally(() => this.asking--);
      if (reply.ok) {
        this.answered++;
        if (!this.closed) await seat.playIfMyTurn();
      } else {
        this.refused[reply.error.code] = (this.refused[reply.error.code] ?? 0) + 1;
        // Refused (over the budget): ask again a second later, without playing, so that the flood stays one of hints.
        await new Promise((resolve) => setTimeout(resolve, REFUSED_RETRY_MS));
      }
    }
  }
}
