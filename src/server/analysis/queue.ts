/**
 * Analyses of finished games, one game at a time from a bounded queue shared fairly
 * between those who ask (by client address; by account, once there are accounts): the
 * next game is the oldest of the requester whose turn it is, in rotation, and each
 * requester may have only a few games waiting, so one address can neither fill the queue
 * nor make everyone else wait behind its games. Each decision of
 * the game is one job on the bot pool's low-priority analysis threads (pool.ts), so live
 * bot turns and hints never wait for it; the result is stored with the game
 * (Store.saveAnalysis) and a game is analysed once. Every request is stored too
 * (Store.requestAnalysis) until its analysis is, and claimed by the node that analyses it
 * for a lease renewed every third of a lease (Store.claimAnalyses): at start-up `resume`
 * queues the requests nobody holds (the last process did not finish them), and whenever
 * the queue is idle it takes up those whose node died. With several nodes on one
 * database each request is analysed by one of them (docs/protocol.md, docs/deploy.md).
 */
import type { FastifyBaseLogger } from 'fastify';
import { momentsOf, summarise } from '../../analysis/index.js';
import type { AnalysisReply } from '../../protocol/messages.js';
import { recordOf } from '../../record/index.js';
import type { BotPool } from '../bots/pool.js';
import { ServerError } from '../errors.js';
import { GameOwner } from '../game-owner/owner.js';
import {
  type AnalysisClaim,
  type AnalysisQueueStore,
  type GameLog,
  type GameRow,
  StoreUnavailableError,
} from '../store/store.js';
import { storedAnalysis } from './stored.js';

/** The seed of every server analysis, so that the stored analysis is reproducible with `bottle-imp analyse --seed 1`. */
export const SERVER_ANALYSIS_SEED = 1;

type AnalysisStatus = AnalysisReply;

/**
 * Who requests taken up from the store are counted as: the store does not say who asked,
 * so after a restart or a node's death they share one turn of the rotation.
 */
const UNKNOWN_REQUESTER = '';

interface Waiting {
  readonly game: GameRow;
  readonly requester: string;
}

export class AnalysisQueue {
  /** In the order asked. */
  private readonly waiting: Waiting[] = [];
  /** The requesters with games waiting, in the order their turns come. */
  private readonly rotation: string[] = [];
  /** Requests being stored, per requester: counted against the limits before they are queued. */
  private readonly storing = new Map<string, number>();
  private running: string | null = null;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: AnalysisQueueStore & GameLog,
    private readonly pool: BotPool,
    private readonly capacity: number,
    /** Games one requester may have waiting. */
    private readonly perRequester: number,
    private readonly iterations: number,
    private readonly log: FastifyBaseLogger,
    /** This node, and how long its claim on a request lasts unrenewed. */
    private readonly claim: AnalysisClaim,
  ) {}

  async status(gameId: string): Promise<AnalysisStatus> {
    const stored = await this.store.loadAnalysis(gameId);
    // Checked, not trusted: a malformed one is refused (a logged ERR_INTERNAL), never sent.
    if (stored !== null) return { status: 'done', analysis: storedAnalysis(gameId, stored) };
    if (this.running === gameId) return { status: 'running' };
    const k = this.order().findIndex((w) => w.game.id === gameId);
    return k >= 0 ? { status: 'queued', position: k + 1 } : { status: 'none' };
  }

  /**
   * Queue a finished game (the caller checked that it is) for `requester` (the client's
   * address) unless it is analysed, queued or running.
   */
  async request(game: GameRow, requester: string): Promise<AnalysisStatus> {
    const now = await this.status(game.id);
    if (now.status !== 'none') return now;
    const storing = [...this.storing.values()].reduce((a, b) => a + b, 0);
    if (
      this.waiting.filter((w) => w.requester === requester).length + (this.storing.get(requester) ?? 0) >=
      this.perRequester
    )
      throw new ServerError(
        'ERR_TOO_MANY_ANALYSES',
        `You already have ${this.perRequester} games waiting to be analysed. Ask again once one of them has started.`,
        429,
      );
    if (this.waiting.length + storing >= this.capacity)
      throw new ServerError(
        'ERR_ANALYSIS_BUSY',
        'Too many games are waiting to be analysed. Please try again in a few minutes.',
        503,
      );
    this.storing.set(requester, (this.storing.get(requester) ?? 0) + 1);
    try {
      // Stored before it is acknowledged, so that a request answered "queued" survives a crash.
      await this.store.requestAnalysis(game.id, Date.now());
      // A second request for the same game may have queued it while this one was storing.
      const queued = await this.status(game.id);
      if (queued.status !== 'none') return queued;
      // Another node's claim: it waits there (where this node cannot tell its place).
      if ((await this.store.claimAnalyses(this.claim, 1, game.id)).length === 0)
        return { status: 'queued', position: 1 };
    } finally {
      const left = (this.storing.get(requester) ?? 1) - 1;
      if (left > 0) this.storing.set(requester, left);
      else this.storing.delete(requester);
    }
    // A second request for the same game, stored meanwhile, may have queued it first.
    if (this.running === game.id || this.waiting.some((w) => w.game.id === game.id)) return this.status(game.id);
    this.enqueue(game, requester);
    // Its place as it was queued, even if it starts at once.
    const position = this.order().findIndex((w) => w.game.id === game.id) + 1;
    this.next();
    return { status: 'queued', position };
  }

  private enqueue(game: GameRow, requester: string): void {
    if (!this.waiting.some((w) => w.requester === requester)) this.rotation.push(requester);
    this.waiting.push({ game, requester });
  }

  /** The waiting games in the order they will run: round by round, each requester's oldest in the rotation's order. */
  private order(): Waiting[] {
    const byRequester = this.rotation.map((r) => this.waiting.filter((w) => w.requester === r));
    const out: Waiting[] = [];
    for (let round = 0; out.length < this.waiting.length; round++)
      for (const games of byRequester) if (round < games.length) out.push(games[round]);
    return out;
  }

  /**
   * At start-up: queue the stored requests nobody else holds, oldest first (all of them,
   * even past the queue's capacity, since each was acknowledged); then, every third of a
   * lease, renew this node's claims and, when idle, take up requests whose claim ran out.
   */
  async resume(): Promise<number> {
    const resumed = await this.adopt(Number.MAX_SAFE_INTEGER);
    this.timer = setTimeout(() => void this.beat(), this.claim.leaseMs / 3);
    return resumed;
  }

  private async beat(): Promise<void> {
    try {
      await this.store.renewAnalysisClaims(this.claim);
      if (this.running === null && this.waiting.length === 0) await this.adopt(this.capacity);
    } catch (e) {
      this.log.warn({ err: e }, 'analysis claims not renewed');
    }
    if (!this.stopped) this.timer = setTimeout(() => void this.beat(), this.claim.leaseMs / 3);
  }

  /**
   * Claim up to `limit` stored requests and queue them. Requests whose game is gone, not
   * finished, or already analysed are forgotten. The number queued.
   */
  private async adopt(limit: number): Promise<number> {
    let queued = 0;
    for (const id of await this.store.claimAnalyses(this.claim, limit)) {
      if (this.stopped) break;
      if (this.running === id || this.waiting.some((w) => w.game.id === id)) continue;
      const game = await this.store.loadGame(id);
      if (game?.status !== 'finished' || (await this.store.loadAnalysis(id)) !== null)
        await this.store.dropAnalysisRequest(id);
      else {
        this.enqueue(game, UNKNOWN_REQUESTER);
        queued++;
      }
    }
    this.next();
    return queued;
  }

  /** No new analyses start; the pool's closing ends the running one, whose claim runs out. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private next(): void {
    if (this.running !== null || this.stopped) return;
    const requester = this.rotation.shift();
    if (requester === undefined) return;
    const k = this.waiting.findIndex((w) => w.requester === requester);
    const { game } = this.waiting.splice(k, 1)[0];
    // Its next game, if any, waits for the others' turns.
    if (this.waiting.some((w) => w.requester === requester)) this.rotation.push(requester);
    this.running = game.id;
    this.analyse(game)
      .catch(async (e) => {
        // Stopping ends the running analysis: its request stays for the next start.
        if (this.stopped) return;
        // The database away: the request stays, claimed by this node, and is taken up again when idle.
        if (e instanceof StoreUnavailableError)
          return void this.log.warn({ err: e, game: game.id }, 'analysis put off');
        this.log.error({ err: e, game: game.id }, 'analysis failed');
        await this.store.dropAnalysisRequest(game.id).catch(() => undefined);
      })
      .finally(() => {
        this.running = null;
        this.next();
      });
  }

  private async analyse(game: GameRow): Promise<void> {
    // Claimed again before the work starts: while it waited here, another node may have taken it.
    if ((await this.store.claimAnalyses(this.claim, 1, game.id)).length === 0) return;
    const started = performance.now();
    this.log.info({ game: game.id }, 'analysing game');
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
