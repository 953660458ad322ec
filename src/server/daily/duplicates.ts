/**
 * Duplicate events on the server (docs/duplicate.md): a host makes an event (its players,
 * mode and hands), and everyone with its link plays the same deals, dealt from the server's
 * secret and the event's code, until the host closes it. An entry is a player holding one
 * seat's cards: alone, seat 1 against the event's bots (src/daily/bots.ts, alike at every
 * table); or at a table of people the host opened, the seat they take there. Each hand is
 * matchpointed against the entries that held the same seat (src/daily/duplicate.ts). An
 * entry's points are settled from its stored game when first asked for after it ended, so
 * no table needs to know about entries (as a daily attempt's).
 */
import { createHmac } from 'node:crypto';
import { DAILY_BOT_LEVEL, scoreEvent } from '../../daily/index.js';
import { type Mode, type PlayerCount, resolveOptions } from '../../engine/index.js';
import type { CreateDuplicate, DuplicateEntryResult, DuplicateEvent, DuplicateSeat } from '../../protocol/duplicate.js';
import type { TableOptions } from '../../protocol/messages.js';
import { ServerError } from '../errors.js';
import { GameOwner } from '../game-owner/owner.js';
import { hashToken, newTableCode } from '../ids.js';
import type {
  DuplicateEntryRow,
  DuplicateEventRow,
  DuplicateStore,
  GameLog,
  GameRow,
  TableStore,
} from '../store/store.js';
import type { Lobby } from '../tables/lobby.js';
import type { DailyPlayer } from './daily.js';

/** The seat an entry alone holds (seat 1 to a reader); bots hold the others. */
const SOLO_SEAT = 0;

export class DuplicateEvents {
  constructor(
    private readonly lobby: Pick<Lobby, 'create' | 'handle' | 'summary'>,
    private readonly store: DuplicateStore & GameLog & Pick<TableStore, 'loadTable'>,
    private readonly secret: string,
    private readonly now: () => number,
  ) {}

  /** A new event hosted by the player; its code is random (the deals hang on the secret, not on it). */
  async create(host: DailyPlayer, body: CreateDuplicate): Promise<string> {
    const resolved = resolveOptions({ players: body.players as PlayerCount, mode: body.mode, rounds: body.hands });
    if (!resolved.ok) throw new ServerError('ERR_BAD_OPTIONS', resolved.error.message);
    for (;;) {
      const row: DuplicateEventRow = {
        code: newTableCode(),
        name: body.name,
        players: body.players,
        mode: body.mode,
        hands: body.hands,
        host: host.key,
        hostName: host.name,
        createdAt: this.now(),
        closedAt: null,
      };
      if (await this.store.createDuplicate(row)) return row.code;
    }
  }

  /** The event as the player may see it: its results once they finished an entry, or once it is closed. */
  async read(code: string, player: DailyPlayer | null): Promise<DuplicateEvent> {
    const event = await this.event(code);
    const entries = await Promise.all((await this.store.duplicateEntries(event.code)).map((e) => this.scored(e)));
    const yours = entries.filter((e) => player !== null && e.player === player.key);
    const shown = resultsOpen(event, yours);
    return {
      code: event.code,
      name: event.name,
      players: event.players,
      mode: event.mode,
      hands: event.hands,
      status: event.closedAt === null ? 'open' : 'closed',
      host: event.hostName,
      youHost: player?.key === event.host,
      entries: entries.length,
      yours: yours.map((e) => ({ seat: e.seat, table: e.tableCode, finished: e.scores !== null })),
      results: shown ? results(entries, player) : null,
    };
  }

  /**
   * A game of an event gives its deals away (its record holds every hand): it is read as the
   * event's results are, by everyone once the event is closed, and before that only by a
   * player who has finished an entry of it. Games of other tables pass.
   */
  async mustMayRead(game: GameRow, player: DailyPlayer | null): Promise<void> {
    const code = (await this.store.loadTable(game.tableCode))?.table.settings.duplicate;
    if (code === undefined) return;
    const event = await this.event(code);
    const yours = player ? (await this.store.duplicateEntries(event.code)).filter((e) => e.player === player.key) : [];
    if (!resultsOpen(event, await Promise.all(yours.map((e) => this.scored(e)))))
      throw new ServerError(
        'ERR_NOT_FINISHED',
        'An event’s games are shown once you have finished an entry of it.',
        403,
      );
  }

  /** The host closes the event: no entry may begin after, and its results are everyone's. */
  async close(code: string, player: DailyPlayer | null): Promise<void> {
    const event = await this.event(code);
    if (player?.key !== event.host) throw new ServerError('ERR_NOT_HOST', 'Only the host may close the event.', 403);
    await this.store.closeDuplicate(event.code, this.now());
  }

  /**
   * The player's entry: alone, seat 1 against the event's bots; or at the table of people
   * named, the seat asked for. Begun now, or resumed; ERR_ALREADY_PLAYED once its game is over.
   */
  async start(
    code: string,
    player: DailyPlayer,
    address: string,
    at?: { readonly table: string; readonly seat: number },
  ): Promise<DuplicateSeat> {
    const event = await this.open(code);
    const seat = at?.seat ?? SOLO_SEAT;
    if (seat >= event.players) throw new ServerError('ERR_BAD_SEAT', `The event has ${event.players} seats.`);
    const token = this.seatToken(event.code, player.key, seat);
    const found = await this.store.duplicateEntry(event.code, player.key, seat);
    if (found) {
      if ((await this.scored(found)).scores !== null)
        throw new ServerError('ERR_ALREADY_PLAYED', 'You have played these cards in this event already.', 409);
      return { code: found.tableCode, seat, token };
    }
    let table: string;
    if (at) {
      const summary = await this.lobby.summary(at.table);
      if (summary.options.duplicate !== event.code)
        throw new ServerError('ERR_NO_TABLE', 'That table is not one of this event’s.', 404);
      const accountId = player.accountId ?? undefined;
      await this.lobby.handle(at.table, { type: 'join', name: player.name, seat, accountId, token });
      table = summary.code;
    } else table = await this.soloTable(event, player, token, address);
    await this.entered(event, player, seat, table);
    return { code: table, seat, token };
  }

  /** The host opens a table of people for the event, sitting at the seat asked for; others join it by `start`. */
  async peopleTable(code: string, host: DailyPlayer, seat: number, address: string): Promise<DuplicateSeat> {
    const event = await this.open(code);
    if (host.key !== event.host)
      throw new ServerError('ERR_NOT_HOST', 'Only the host may open a table of people.', 403);
    if (seat >= event.players) throw new ServerError('ERR_BAD_SEAT', `The event has ${event.players} seats.`);
    if (await this.store.duplicateEntry(event.code, host.key, seat))
      throw new ServerError('ERR_ALREADY_PLAYED', 'You have an entry in that seat already.', 409);
    const token = this.seatToken(event.code, host.key, seat);
    const dealt = { duplicate: event.code, token, seat };
    const options = tableOptions(event, 120);
    const { table } = await this.lobby.create(host.name, options, address, host.accountId ?? undefined, dealt);
    await this.entered(event, host, seat, table.code);
    return { code: table.code, seat, token };
  }

  private async event(code: string): Promise<DuplicateEventRow> {
    const event = await this.store.duplicateEvent(code.toUpperCase());
    if (!event) throw new ServerError('ERR_NO_EVENT', 'There is no event with this code.', 404);
    return event;
  }

  private async open(code: string): Promise<DuplicateEventRow> {
    const event = await this.event(code);
    if (event.closedAt !== null) throw new ServerError('ERR_EVENT_CLOSED', 'The host has closed this event.', 409);
    return event;
  }

  /** A table of one player at seat 1 and the event's bots in the other seats, its game started. */
  private async soloTable(
    event: DuplicateEventRow,
    player: DailyPlayer,
    token: string,
    address: string,
  ): Promise<string> {
    const dealt = { duplicate: event.code, token, seat: SOLO_SEAT };
    const options = tableOptions(event, 600);
    const { table } = await this.lobby.create(player.name, options, address, player.accountId ?? undefined, dealt);
    const by = { seat: SOLO_SEAT, tokenHash: hashToken(token) };
    for (let seat = 0; seat < event.players; seat++)
      if (seat !== SOLO_SEAT)
        await this.lobby.handle(table.code, { type: 'seat:bot', by, message: { seat, level: DAILY_BOT_LEVEL } });
    await this.lobby.handle(table.code, { type: 'table:start', by, message: {} });
    return table.code;
  }

  /** Store the entry; a second start of the same entry at the same moment keeps the first (its table closes unused). */
  private async entered(event: DuplicateEventRow, player: DailyPlayer, seat: number, tableCode: string): Promise<void> {
    await this.store.startDuplicateEntry({
      event: event.code,
      player: player.key,
      seat,
      accountId: player.accountId,
      name: player.name,
      tableCode,
      startedAt: this.now(),
      scores: null,
      finishedAt: null,
    });
  }

  /**
   * The entry with its points per hand once its game is over (stored the first time it is
   * seen over). Only while its seat is still the entry's: a player who left a table of
   * people before its game began has no game there.
   */
  private async scored(e: DuplicateEntryRow): Promise<DuplicateEntryRow> {
    if (e.scores !== null) return e;
    const table = await this.store.loadTable(e.tableCode);
    const gameId = table?.table.gameId;
    if (!table || !gameId) return e;
    if (table.seats[e.seat]?.tokenHash !== hashToken(this.seatToken(e.event, e.player, e.seat))) return e;
    const game = await this.store.loadGame(gameId);
    if (game?.status !== 'finished' || game.finishedAt === null) return e;
    const log = (await GameOwner.restore(game, this.store)).engineGame.log;
    const scores = log.map((round) => round.result?.scores[e.seat] ?? 0);
    await this.store.finishDuplicateEntry(e.event, e.player, e.seat, scores, game.finishedAt);
    return { ...e, scores, finishedAt: game.finishedAt };
  }

  /**
   * The seat token of an entry: derived from the secret, the event, the player and the seat,
   * so that it is given again on every resume without being stored (the seat keeps its hash).
   */
  private seatToken(event: string, player: string, seat: number): string {
    return createHmac('sha256', this.secret).update(`duplicate-seat/${event}/${seat}/${player}`).digest('base64url');
  }
}

/** An event's results (and games) are open to a player once it is closed, or once they have finished an entry (`yours`, settled). */
function resultsOpen(event: DuplicateEventRow, yours: readonly DuplicateEntryRow[]): boolean {
  return event.closedAt !== null || yours.some((e) => e.scores !== null);
}

/**
 * An event's table: private, no coach (each entry is played on its own merits), no turn
 * clock; `turnSeconds`, how long an absent person's seat waits before a bot stands in.
 */
function tableOptions(event: DuplicateEventRow, turnSeconds: number): TableOptions {
  return {
    players: event.players,
    mode: event.mode as Mode,
    rounds: event.hands,
    public: false,
    turnSeconds,
    coach: false,
    turnClock: 'off',
    rated: false,
  };
}

/** The finished entries' lines, the most matchpoints first (then the most points). */
function results(entries: readonly DuplicateEntryRow[], asker: DailyPlayer | null): DuplicateEntryResult[] {
  const finished = entries.filter((e) => e.scores !== null);
  const scored = scoreEvent(finished.map((e) => ({ seat: e.seat, hands: e.scores! })));
  const lines = finished.map((e, i) => ({
    name: e.name,
    seat: e.seat,
    guest: e.player.startsWith('guest:'),
    yours: e.player === asker?.key,
    points: e.scores!,
    matchpoints: scored[i].hands,
    totalPoints: scored[i].points,
    totalMatchpoints: scored[i].matchpoints,
  }));
  const order = (a: (typeof lines)[number]) => [a.totalMatchpoints, a.totalPoints] as const;
  const better = (a: (typeof lines)[number], b: (typeof lines)[number]) =>
    order(b)[0] - order(a)[0] || order(b)[1] - order(a)[1];
  lines.sort(better);
  return lines.map((l) => ({ ...l, rank: 1 + lines.findIndex((o) => better(o, l) === 0) }));
}
