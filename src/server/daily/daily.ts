/**
 * The daily deal on the server (docs/protocol.md, "The daily deal"): today's deal, a
 * player's one attempt at it (begun on a table of its own, resumed while it runs, refused
 * once it is over), and a day's results, readable once the day is over, and today only by
 * those who have finished. An attempt's score is settled from its stored game when first
 * asked for after the game ended, so no table needs to know about attempts.
 */
import { createHmac } from 'node:crypto';
import { DAILY_BOT_LEVEL, DAILY_OPTIONS, DAILY_SEAT, dailyDateOf, dailySeed, isDailyDate } from '../../daily/index.js';
import { Game } from '../../engine/index.js';
import type { DailyEntry, DailyResults, DailyStartReply, DailySummary } from '../../protocol/daily.js';
import type { TableOptions } from '../../protocol/messages.js';
import { ServerError } from '../errors.js';
import { GameOwner } from '../game-owner/owner.js';
import { hashToken } from '../ids.js';
import type { DailyAttemptRow, DailyStore, GameLog } from '../store/store.js';
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
};

/** The most results a request may ask for, and the default. */
export const MAX_RESULTS = 100;

export class DailyDeals {
  constructor(
    private readonly lobby: Pick<Lobby, 'create' | 'handle' | 'summary'>,
    private readonly store: DailyStore & GameLog,
    private readonly secret: string,
    private readonly now: () => number,
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
    if (!isDailyDate(date)) throw new ServerError('ERR_BAD_REQUEST', 'A date is written YYYY-MM-DD.');
    const today = this.today();
    if (date > today || (date === today && !(await this.finished(date, player))))
      throw new ServerError('ERR_NOT_FINISHED', 'The results of a daily deal are shown once you have played it.', 403);
    for (const a of await this.store.unscoredDailyAttempts(date)) await this.scored(a);
    const [entries, players, guests] = await Promise.all([
      this.store.dailyEntries(date),
      this.store.dailyRanking(date, false, limit),
      this.store.dailyRanking(date, true, limit),
    ]);
    return {
      date,
      entries,
      players: ranked(players),
      guests: ranked(guests),
      deals: date < today ? this.deals(date) : null,
    };
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
    await this.store.finishDailyAttempt(a.day, a.player, score, game.finishedAt);
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
