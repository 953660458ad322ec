/**
 * The daily deal on the server (docs/protocol.md, "The daily deal"): today's deal, a
 * player's one attempt at it (begun on a table of its own, resumed while it runs, refused
 * once it is over), and a day's results, readable once the day is over, and today only by
 * those who have finished, with the requester's standing and the field's choices at each
 * of their decisions; and the same rule for every game of a day not over yet (its record,
 * analysis and view give its cards away). An attempt's score is settled from its stored
 * game when first asked for after the game ended, so no table needs to know about attempts.
 */
import { createHmac } from 'node:crypto';
import {
  DAILY_BOT_LEVEL,
  DAILY_OPTIONS,
  DAILY_SEAT,
  dailyDateOf,
  dailySeed,
  decisionNumber,
  isDailyDate,
} from '../../daily/index.js';
import { type Action, Game, view } from '../../engine/index.js';
import type {
  DailyAction,
  DailyChoices,
  DailyDecision,
  DailyEntry,
  DailyResults,
  DailyStanding,
  DailyStartReply,
  DailySummary,
} from '../../protocol/daily.js';
import type { TableOptions } from '../../protocol/messages.js';
import type { AnalysisQueue } from '../analysis/queue.js';
import { ServerError } from '../errors.js';
import { GameOwner } from '../game-owner/owner.js';
import { hashToken } from '../ids.js';
import type { DailyAttemptRow, DailyFieldRow, DailyStore, GameLog, GameRow } from '../store/store.js';
import type { Lobby } from '../tables/lobby.js';

/** Who plays: an account, or a guest's browser (by its guest cookie). */
export interface DailyPlayer {
  /** `account:` and the account id, or `guest:` and the hash of the guest id. */
  readonly key: string;
  readonly accountId: string | null;
  readonly name: string;
}

/**
 * A daily table: private, no coach (everyone plays alone), no turn clock, and the longest
 * absence before a stand-in (daily tables wait for their player anyway: in-line.ts).
 */
const DAILY_TABLE: TableOptions = {
  players: DAILY_OPTIONS.players,
  mode: DAILY_OPTIONS.mode,
  rounds: DAILY_OPTIONS.rounds,
  public: false,
  turnSeconds: 600,
  coach: false,
  turnClock: 'off',
  rated: false,
};

/** The most results a request may ask for, and the default. */
export const MAX_RESULTS = 100;

export class DailyDeals {
  constructor(
    private readonly lobby: Pick<Lobby, 'create' | 'handle' | 'summary'>,
    private readonly store: DailyStore & GameLog,
    private readonly secret: string,
    private readonly now: () => number,
    /** Where a finished attempt's game is sent to be analysed for the coach (none in tests of play alone). */
    private readonly analyses: Pick<AnalysisQueue, 'request'> | null = null,
  ) {}

  today(): string {
    return dailyDateOf(this.now());
  }

  async summary(): Promise<DailySummary> {
    const date = this.today();
    return { date, players: 4, hands: 3, entries: await this.store.dailyEntries(date) };
  }

  /** The player's attempt at today's deal: begun now, or resumed; ERR_ALREADY_PLAYED once finished. */
  async start(player: DailyPlayer, address: string): Promise<DailyStartReply> {
    const date = this.today();
    const token = this.seatToken(date, player.key);
    const found = await this.store.dailyAttempt(date, player.key);
    const attempt = found ? await this.scored(found) : await this.begin(date, player, token, address);
    if (attempt.score !== null)
      throw new ServerError('ERR_ALREADY_PLAYED', 'You have played today’s daily deal already.', 409);
    return { date, code: attempt.tableCode, seat: 0, token };
  }

  /**
   * A day's results. Today's are for those who have finished today's deal only, so that
   * nobody learns the cards from others' games before playing them; a day to come has none.
   */
  async results(date: string, player: DailyPlayer | null, limit: number): Promise<DailyResults> {
    await this.mustBeReadable(date, player);
    await this.settle(date);
    const [entries, players, guests, field] = await Promise.all([
      this.store.dailyEntries(date),
      this.store.dailyRanking(date, false, limit),
      this.store.dailyRanking(date, true, limit),
      this.store.dailyField(date),
    ]);
    return {
      date,
      entries,
      players: ranked(players),
      guests: ranked(guests),
      mine: player && standing(field, player.key),
      deals: date < this.today() ? this.deals(date) : null,
    };
  }

  /**
   * The field's choices at each decision of seat 1 in a finished attempt of the day: the
   * requester's own, or the one whose game is `gameId` (a game of the ranking). Readable as
   * the results are.
   */
  async choices(date: string, player: DailyPlayer | null, gameId?: string): Promise<DailyChoices> {
    await this.mustBeReadable(date, player);
    await this.settle(date);
    const field = await this.store.dailyField(date);
    const target = field.find((f) => (gameId === undefined ? f.player === player?.key : f.gameId === gameId));
    if (!target)
      throw new ServerError('ERR_NOT_FOUND', 'There is no finished attempt at this daily deal to show.', 404);
    const plays = await Promise.all(field.map((f) => this.playsOf(f)));
    const mine = plays[field.indexOf(target)];
    const places = await this.decisionsOf(date, target.gameId);
    const decisions: DailyDecision[] = [];
    // Those whose seat 1 acted as the target's did so far reached the same position: the
    // bots decide from what they see, so the same actions of seat 1 make the same game.
    let alike = field.map((_, k) => k);
    mine.forEach((chosen, d) => {
      const groups = new Map<string, { action: DailyAction; players: number; total: number }>();
      for (const k of alike) {
        const action = actionOf(plays[k][d]);
        const key = JSON.stringify(action);
        const group = groups.get(key) ?? { action, players: 0, total: 0 };
        groups.set(key, { ...group, players: group.players + 1, total: group.total + field[k].score });
      }
      decisions.push({
        ...places[d],
        chosen: actionOf(chosen),
        field: alike.length,
        choices: [...groups.values()]
          .sort((a, b) => b.players - a.players)
          .map((g) => ({ action: g.action, players: g.players, score: Math.round((100 * g.total) / g.players) / 100 })),
      });
      const key = JSON.stringify(actionOf(chosen));
      alike = alike.filter((k) => JSON.stringify(actionOf(plays[k][d])) === key);
    });
    return { date, gameId: target.gameId, decisions };
  }

  /**
   * A daily game's record, analysis or view gives its cards away: before its day is over,
   * only to a player who has finished that day. Other games pass.
   */
  async mustMayRead(game: GameRow, player: DailyPlayer | null): Promise<void> {
    const day = this.dayOf(game);
    if (day !== null) await this.mustBeReadable(day, player);
  }

  /** Results and others' games of a day: once the day is over, and today for those who have finished it. */
  private async mustBeReadable(date: string, player: DailyPlayer | null): Promise<void> {
    if (!isDailyDate(date)) throw new ServerError('ERR_BAD_REQUEST', 'A date is written YYYY-MM-DD.');
    const today = this.today();
    if (date > today || (date === today && !(await this.finished(date, player))))
      throw new ServerError('ERR_NOT_FINISHED', 'The results of a daily deal are shown once you have played it.', 403);
  }

  /** The day's attempts whose games have ended since they were last seen, scored. */
  private async settle(date: string): Promise<void> {
    for (const a of await this.store.unscoredDailyAttempts(date)) await this.scored(a);
  }

  /**
   * The day a game was dealt for, if it is a daily deal's: its seed is the day's. An attempt
   * starts its game as it begins, so the day is the one it started on (or, begun just
   * before midnight, the one before).
   */
  private dayOf(game: GameRow): string | null {
    const started = dailyDateOf(game.startedAt);
    const before = dailyDateOf(game.startedAt - 24 * 3600 * 1000);
    return [started, before].find((d) => game.seed === dailySeed(this.secret, d)) ?? null;
  }

  /** Where each of seat 1's decisions in the game falls: its hand and decision number, by the engine. */
  private async decisionsOf(date: string, gameId: string): Promise<{ hand: number; decision: number }[]> {
    const created = Game.create(DAILY_OPTIONS, dailySeed(this.secret, date));
    if (!created.ok) throw new Error(created.error.message);
    const game = created.value;
    const places: { hand: number; decision: number }[] = [];
    for (const { action } of await this.store.loadActions(gameId)) {
      if (action.seat === DAILY_SEAT) {
        const seen = view(game, DAILY_SEAT);
        places.push({ hand: seen.round, decision: decisionNumber(seen) });
      }
      game.apply(action);
    }
    return places;
  }

  /** Seat 1's actions of a scored attempt: kept with its score, or read from its game (scored before they were kept). */
  private async playsOf(f: DailyFieldRow): Promise<readonly Action[]> {
    return f.plays ?? seatOnes((await this.store.loadActions(f.gameId)).map((r) => r.action));
  }

  private async finished(date: string, player: DailyPlayer | null): Promise<boolean> {
    const mine = player && (await this.store.dailyAttempt(date, player.key));
    return mine ? (await this.scored(mine)).score !== null : false;
  }

  /** A new attempt: its table, three expert bots, the game started; if another start won meanwhile, that one. */
  private async begin(date: string, player: DailyPlayer, token: string, address: string): Promise<DailyAttemptRow> {
    const daily = { daily: date, token };
    const { table } = await this.lobby.create(player.name, DAILY_TABLE, address, player.accountId ?? undefined, daily);
    const by = { seat: DAILY_SEAT, tokenHash: hashToken(token) };
    for (let seat = 1; seat < DAILY_OPTIONS.players; seat++)
      await this.lobby.handle(table.code, { type: 'seat:bot', by, message: { seat, level: DAILY_BOT_LEVEL } });
    await this.lobby.handle(table.code, { type: 'table:start', by, message: {} });
    const { gameId } = await this.lobby.summary(table.code);
    const row: DailyAttemptRow = {
      day: date,
      player: player.key,
      accountId: player.accountId,
      name: player.name,
      tableCode: table.code,
      gameId: gameId!,
      startedAt: this.now(),
      score: null,
      finishedAt: null,
    };
    if (await this.store.startDailyAttempt(row)) return row;
    // A second start of the same player at the same moment: the stored one is the attempt
    // (this table, opened by nobody, closes by itself).
    return (await this.store.dailyAttempt(date, player.key))!;
  }

  /** The attempt with its score once its game is over (stored the first time it is seen over). */
  private async scored(a: DailyAttemptRow): Promise<DailyAttemptRow> {
    if (a.score !== null) return a;
    const game = await this.store.loadGame(a.gameId);
    if (game?.status !== 'finished' || game.finishedAt === null) return a;
    const score = (await GameOwner.restore(game, this.store)).engineGame.totals[DAILY_SEAT];
    const plays = seatOnes((await this.store.loadActions(a.gameId)).map((r) => r.action));
    await this.store.finishDailyAttempt(a.day, a.player, score, game.finishedAt, plays);
    // The coach's analysis of the game, ready when the player opens it (a full queue: asked for again from the replay).
    await this.analyses?.request(game, `daily:${a.player}`).catch(() => undefined);
    return { ...a, score, finishedAt: game.finishedAt };
  }

  /**
   * The seat token of a player's attempt: derived from the secret, the day and the player,
   * so that it is given again on every resume without being stored (the seat keeps its hash).
   */
  private seatToken(date: string, player: string): string {
    return createHmac('sha256', this.secret).update(`daily-seat/${date}/${player}`).digest('base64url');
  }

  /** The day's deals, published once the day is over. */
  private deals(date: string): DailyResults['deals'] {
    const created = Game.create(DAILY_OPTIONS, dailySeed(this.secret, date));
    if (!created.ok) throw new Error(created.error.message);
    const game = created.value;
    const deals = [{ dealer: game.log[0].dealer, hands: game.log[0].hands }];
    // Later hands are dealt as earlier ones end: deal them by playing each seat's first legal action.
    while (deals.length < DAILY_OPTIONS.rounds) {
      const round = game.log.length;
      while (game.log.length === round) game.apply(game.firstLegalAction(game.toAct()[0])!);
      deals.push({ dealer: game.log[round].dealer, hands: game.log[round].hands });
    }
    return deals;
  }
}

/** Competition ranking of rows best first: equal scores share a rank, and the next rank skips (1, 2, 2, 4). */
function ranked(rows: readonly DailyAttemptRow[]): DailyEntry[] {
  return rows.map((r) => ({
    rank: 1 + rows.findIndex((o) => o.score === r.score),
    name: r.name,
    score: r.score!,
    gameId: r.gameId,
  }));
}

/** Seat 1's actions among a game's, in order. */
function seatOnes(actions: readonly Action[]): Action[] {
  return actions.filter((a) => a.seat === DAILY_SEAT);
}

/** An action as the field's choices name it: a card's rank, or the pass. */
function actionOf(a: Action): DailyAction {
  return a.type === 'play' ? a.card : a.pass;
}

/** The player's scored attempt among those of its group (accounts, or guests), or null without one. */
function standing(field: readonly DailyFieldRow[], player: string): DailyStanding | null {
  const mine = field.find((f) => f.player === player);
  if (!mine) return null;
  const guest = player.startsWith('guest:');
  const group = field.filter((f) => f.player.startsWith('guest:') === guest);
  const below = group.filter((f) => f.score < mine.score).length;
  const tied = group.filter((f) => f.score === mine.score).length - 1;
  const others = group.length - 1;
  return {
    rank: 1 + group.filter((f) => f.score > mine.score).length,
    of: group.length,
    percentile: others === 0 ? 100 : Math.round((1000 * (below + tied / 2)) / others) / 10,
    score: mine.score,
    gameId: mine.gameId,
    guest,
  };
}
