/**
 * Analyses of finished games, one game at a time from a bounded queue. Each decision of
 * the game is one job on the bot pool's low-priority analysis threads (pool.ts), so live
 * bot turns and hints never wait for it; the result is stored with the game
 * (Store.saveAnalysis) and a game is analysed once. Every request is stored too
 * (Store.requestAnalysis) until its analysis is: at start-up `resume` queues again the
 * requests the last process did not finish (docs/protocol.md).
 */
import type { FastifyBaseLogger } from 'fastify';
import { type Analysis, momentsOf, summarise } from '../../analysis/index.js';
import type { AnalysisReply } from '../../protocol/messages.js';
import { recordOf } from '../../record/index.js';
import type { BotPool } from '../bots/pool.js';
import { ServerError } from '../errors.js';
import { GameOwner } from '../game-owner/owner.js';
import type { GameRow, Store } from '../store/store.js';

/** The seed of every server analysis, so that the stored analysis is reproducible with `bottle-imp analyse --seed 1`. */
export const SERVER_ANALYSIS_SEED = 1;

type AnalysisStatus = AnalysisReply;

export class AnalysisQueue {
  private readonly waiting: GameRow[] = [];
  private running: string | null = null;
  private stopped = false;

  constructor(
    private readonly store: Store,
    private readonly pool: BotPool,
    private readonly capacity: number,
    private readonly iterations: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  async status(gameId: string): Promise<AnalysisStatus> {
    const stored = await this.store.loadAnalysis(gameId);
    if (stored !== null) return { status: 'done', analysis: JSON.parse(stored) as Analysis };
    if (this.running === gameId) return { status: 'running' };
    const k = this.waiting.findIndex((g) => g.id === gameId);
    return k >= 0 ? { status: 'queued', position: k + 1 } : { status: 'none' };
  }

  /** Queue a finished game (the caller checked that it is) unless it is analysed, queued or running. */
  async request(game: GameRow): Promise<AnalysisStatus> {
    const now = await this.status(game.id);
    if (now.status !== 'none') return now;
    if (this.waiting.length >= this.capacity)
      throw new ServerError(
        'ERR_ANALYSIS_BUSY',
        'Too many games are waiting to be analysed. Please try again in a few minutes.',
        503,
      );
    // Stored before it is acknowledged, so that a request answered "queued" survives a crash.
    await this.store.requestAnalysis(game.id, Date.now());
    // A second request for the same game may have queued it while this one was storing.
    const queued = await this.status(game.id);
    if (queued.status !== 'none') return queued;
    this.waiting.push(game);
    const position = this.waiting.length;
    this.next();
    return { status: 'queued', position };
  }

  /**
   * At start-up: queue the stored requests, oldest first (all of them, even past the
   * queue's capacity, since each was acknowledged). Requests whose game is gone, not
   * finished, or already analysed are forgotten.
   */
  async resume(): Promise<number> {
    for (const id of await this.store.analysisRequests()) {
      const game = await this.store.loadGame(id);
      if (game?.status !== 'finished' || (await this.store.loadAnalysis(id)) !== null)
        await this.store.dropAnalysisRequest(id);
      else this.waiting.push(game);
    }
    const resumed = this.waiting.length;
    this.next();
    return resumed;
  }

  /** No new analyses start; the pool's closing ends the running one. */
  stop(): void {
    this.stopped = true;
  }

  private next(): void {
    if (this.running !== null || this.stopped) return;
    const game = this.waiting.shift();
    if (!game) return;
    this.running = game.id;
    this.analyse(game)
      .catch(async (e) => {
        // Stopping ends the running analysis: its request stays for the next start.
        if (this.stopped) return;
        this.log.error({ err: e, game: game.id }, 'analysis failed');
        await this.store.dropAnalysisRequest(game.id).catch(() => undefined);
      })
      .finally(() => {
        this.running = null;
        this.next();
      });
  }

  private async analyse(game: GameRow): Promise<void> {
    const started = performance.now();
    const owner = await GameOwner.restore(game, this.store);
    const record = recordOf(owner.engineGame, game.names);
    const moments = momentsOf(record);
    if (!moments.ok) throw new Error(`the stored game does not replay: ${moments.error}`);
    const decisions = await Promise.all(
      moments.value.map((moment) =>
        this.pool.submit({ kind: 'analyse', moment, iterations: this.iterations, seed: SERVER_ANALYSIS_SEED }),
      ),
    );
    const analysis = summarise(
      record.players,
      decisions.map((d) => d.result),
      this.iterations,
      SERVER_ANALYSIS_SEED,
    );
    await this.store.saveAnalysis(game.id, JSON.stringify(analysis), Date.now());
    this.log.info(
      { game: game.id, decisions: decisions.length, ms: Math.round(performance.now() - started) },
      'game analysed',
    );
  }
}
