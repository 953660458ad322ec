/**
 * A whole game: options, rounds one after another, totals and winners. This is the
 * checked, public face of the engine. Every action is validated here and either applied
 * (returning the events it caused) or rejected with an EngineError, leaving the game
 * exactly as it was. The rules themselves are played out by Round (round.ts).
 */
import {
  type CardId,
  cardId,
  deckIds,
  describeCard,
  POINTS,
  RANK,
  type Rank,
  SUIT_INDEX,
  SUITS,
  thresholdPrice,
} from './cards.js';
import { cardIds, hasCard } from './cardset.js';
import { firstTwoOf, passOfSlots } from './pass-slots.js';
import { err, type GameError, ok, type Result } from './result.js';
import type { RandomSource } from './rng.js';
import { PHASE_DONE, PHASE_PLAY, type Round, RoundCore } from './round.js';
import { type Seed, seedRandom } from './seed.js';
import {
  dealtHandSize,
  isMode,
  isPlayerCount,
  leftOf,
  modeFits,
  rightOf,
  setupFor,
  type TeamLetter,
  teamsFor,
} from './setup.js';
import type {
  Action,
  BottleState,
  CompletedTrick,
  Deal,
  GameEvent,
  GameOptions,
  PassChoice,
  PlayedCard,
  ReceivedCard,
  ResolvedOptions,
  RoundResult,
  SidePass,
  TwoPlayerPass,
} from './types.js';

export type Phase = 'deal' | 'pass' | 'play' | 'over';

let readCore: (game: Game) => RoundCore;
/** The live core of a game, for the engine's own modules (view.ts); index.ts does not export it. */
export function coreOf(game: Game): RoundCore {
  return readCore(game);
}

let makeResumed: (options: ResolvedOptions, roundsBefore: number, totals: readonly number[]) => Game;
/**
 * A game that starts at a later round, its earlier rounds known only by their totals (a
 * position, notation.ts): it waits for that round's deal. index.ts does not export it.
 */
export function resumedGame(options: ResolvedOptions, roundsBefore: number, totals: readonly number[]): Game {
  return makeResumed(options, roundsBefore, totals);
}

/** Everything that happened in one round, as a record writes it. */
export interface RoundLog {
  readonly dealer: number;
  /** Who leads the first trick (RULES.md: the dealer's left). */
  readonly firstPlayer: number;
  /** Each seat's team letter in a team mode, else null. */
  readonly teams: readonly TeamLetter[] | null;
  readonly hands: readonly (readonly Rank[])[];
  readonly faceUp: readonly (readonly Rank[])[] | null;
  /** Per seat, its pass once chosen. */
  readonly passes: (PassChoice | null)[];
  readonly plays: Rank[];
  readonly tricks: CompletedTrick[];
  result: RoundResult | null;
}

export function resolveOptions(options: GameOptions): Result<ResolvedOptions, GameError> {
  if (typeof options !== 'object' || options === null) return err('ERR_BAD_OPTIONS', 'Options must be an object.');
  const { players, rounds, targetScore } = options;
  const mode = options.mode ?? 'individual';
  if (!isPlayerCount(players)) return err('ERR_BAD_OPTIONS', 'The game is for 2 to 6 players.');
  if (!isMode(mode)) return err('ERR_BAD_OPTIONS', `Unknown mode "${String(mode)}".`);
  if (!modeFits(mode, players)) return err('ERR_BAD_OPTIONS', `Mode ${mode} is not played with ${players} players.`);
  if (rounds !== undefined && targetScore !== undefined)
    return err('ERR_BAD_OPTIONS', 'Give either a number of rounds or a target score, not both.');
  if (targetScore !== undefined) {
    if (!isWholeAtLeastOne(targetScore))
      return err('ERR_BAD_OPTIONS', 'The target score must be a whole number of at least 1.');
    return ok({ players, mode, targetScore });
  }
  const r = rounds ?? setupFor(players).defaultRounds;
  if (!isWholeAtLeastOne(r))
    return err('ERR_BAD_OPTIONS', 'The number of rounds must be a whole number of at least 1.');
  return ok({ players, mode, rounds: r });
}

function isWholeAtLeastOne(x: unknown): x is number {
  return typeof x === 'number' && Number.isInteger(x) && x >= 1;
}

export class Game {
  readonly options: ResolvedOptions;
  /** Deals come from this generator; null when the caller supplies each deal. */
  private readonly rng: RandomSource | null;
  private current: RoundCore;
  private readonly rounds: RoundLog[] = [];
  private readonly runningTotals: number[];
  private phaseNow: Phase = 'deal';
  private winnerSeats: number[] | null = null;
  /** Rounds played before the first one in `rounds` (a game resumed from a position). */
  private roundsBefore = 0;

  private constructor(options: ResolvedOptions, rng: RandomSource | null, firstDealer: number) {
    this.options = options;
    this.rng = rng;
    this.runningTotals = new Array(options.players).fill(0);
    this.current = new RoundCore(options.players, options.mode, firstDealer);
  }

  /**
   * A game whose dealer and deals are drawn from the seed: same options and seed, same game.
   * A number seeds xoshiro128** (tests, tournaments, the command line); a wide seed (64
   * hexadecimal digits) seeds ChaCha20, for deals nobody can work out from their hand (seed.ts).
   */
  static create(options: GameOptions, seed: Seed): Result<Game, GameError> {
    const resolved = resolveOptions(options);
    if (!resolved.ok) return resolved;
    const random = seedRandom(seed);
    if (!random.ok) return random;
    const rng = random.value;
    const game = new Game(resolved.value, rng, rng.below(resolved.value.players));
    game.startRandomRound(game.current.dealer);
    return ok(game);
  }

  /** A game whose deals the caller supplies (replaying a record): it waits for `deal`. */
  static awaitingDeals(options: GameOptions): Result<Game, GameError> {
    const resolved = resolveOptions(options);
    if (!resolved.ok) return resolved;
    return ok(new Game(resolved.value, null, 0));
  }

  get players(): number {
    return this.options.players;
  }

  get phase(): Phase {
    return this.phaseNow;
  }

  /** 0-based index of the round being played (or the last one, once the game is over). */
  get roundIndex(): number {
    return this.roundsBefore + Math.max(0, this.rounds.length - 1);
  }

  /**
   * A copy of the round's fast core, hidden cards and all: perfect information, for the
   * oracle and for tests, never for a seat's bot (bots get `view` and searchPosition).
   */
  snapshot(): Round {
    return this.current.clone();
  }

  /** How many cards this seat puts in the devil's trick this round. */
  devilCount(seat: number): number {
    return this.current.devilCount(seat);
  }

  static {
    readCore = (game) => game.current;
    makeResumed = (options, roundsBefore, totals) => {
      const game = new Game(options, null, 0);
      game.roundsBefore = roundsBefore;
      game.runningTotals.splice(0, totals.length, ...totals);
      return game;
    };
  }

  /** Every round played in this game, or (a game resumed from a position) from that round on. */
  get log(): readonly RoundLog[] {
    return this.rounds;
  }

  get totals(): readonly number[] {
    return this.runningTotals;
  }

  /** The seats with the highest total once the game is over, else null. */
  get winners(): readonly number[] | null {
    return this.winnerSeats;
  }

  /** The dealer the next supplied deal must name (RECORD.md: each round the next seat). */
  get nextDealer(): number | null {
    if (this.phaseNow !== 'deal') return null;
    return this.rounds.length === 0 ? null : leftOf(this.current.dealer, this.players);
  }

  /** Seats that must act now: every seat still to pass, or the one seat to play. */
  toAct(): number[] {
    const r = this.current;
    if (this.phaseNow === 'pass') return range(this.players).filter((s) => !r.hasPassed(s));
    if (this.phaseNow === 'play') return [r.turn];
    return [];
  }

  /** The cards a seat may play right now (empty when it is not its turn to play). */
  legalCards(seat: number): Rank[] {
    const r = this.current;
    if (this.phaseNow !== 'play' || seat !== r.turn) return [];
    r.computeLegal();
    return cardIds(r.legalLo, r.legalHi).map((id) => RANK[id]);
  }

  /**
   * Every legal action of a seat. During passing that is every way to choose its pass,
   * which can run to thousands (2 players: 5,940); bots usually choose passes their own way.
   */
  legalActions(seat: number): Action[] {
    if (this.phaseNow === 'play') return this.legalCards(seat).map((card) => ({ type: 'play', seat, card }));
    if (this.phaseNow !== 'pass' || !isSeat(seat, this.players) || this.current.hasPassed(seat)) return [];
    const r = this.current;
    return passActions(
      seat,
      this.players,
      cardIds(r.handLo[seat], r.handHi[seat]).map((id) => RANK[id]),
      r.devilCount(seat),
    );
  }

  /**
   * One legal action of a seat, found without listing them all: the first of
   * `legalActions` (its lowest cards, in order), or null when the seat has nothing to do.
   * What a caller plays when a bot fails.
   */
  firstLegalAction(seat: number): Action | null {
    if (this.phaseNow === 'play') {
      const card = this.legalCards(seat)[0];
      return card === undefined ? null : { type: 'play', seat, card };
    }
    if (this.phaseNow !== 'pass' || !isSeat(seat, this.players) || this.current.hasPassed(seat)) return null;
    const r = this.current;
    const lowest = cardIds(r.handLo[seat], r.handHi[seat]).slice(0, 2 + r.devilCount(seat));
    return { type: 'pass', seat, pass: passOfSlots(this.players, [...lowest, -1, -1]) };
  }

  /** Apply an action; on error nothing changes. */
  apply(action: Action): Result<GameEvent[], GameError> {
    if (typeof action !== 'object' || action === null) return err('ERR_BAD_ACTION', 'An action must be an object.');
    if (!isSeat(action.seat, this.players))
      return err(
        'ERR_BAD_SEAT',
        `There is no seat ${typeof action.seat === 'number' && Number.isInteger(action.seat) ? action.seat + 1 : String(action.seat)} at this table.`,
      );
    if (this.phaseNow === 'over') return err('ERR_GAME_OVER', 'The game is over.');
    if (action.type === 'pass') return this.applyPass(action.seat, action.pass);
    if (action.type === 'play') return this.applyPlay(action.seat, action.card);
    return err('ERR_BAD_ACTION', 'An action is either a pass or a play.');
  }

  /** Start the next round with a deal the caller supplies (games made by awaitingDeals). */
  deal(deal: Deal): Result<GameEvent[], GameError> {
    if (this.phaseNow === 'over') return err('ERR_GAME_OVER', 'The game is over.');
    if (this.phaseNow !== 'deal') return err('ERR_NOT_DEALING_TIME', 'The round in progress has not ended.');
    const checked = this.checkDeal(deal);
    if (!checked.ok) return checked;
    this.current = new RoundCore(this.options.players, this.options.mode, deal.dealer);
    this.current.deal(checked.value.hands, checked.value.faceUp);
    return ok(this.beginRound(checked.value.hands, checked.value.faceUp));
  }

  /** An independent copy, for search and what-ifs. */
  clone(): Game {
    const g: Game = Object.create(Game.prototype);
    Object.assign(g, this, {
      rng: this.rng ? this.rng.clone() : null,
      current: this.current.clone(),
      rounds: this.rounds.map((r) => ({ ...r, passes: [...r.passes], plays: [...r.plays], tricks: [...r.tricks] })),
      runningTotals: [...this.runningTotals],
      winnerSeats: this.winnerSeats && [...this.winnerSeats],
    });
    return g;
  }

  /** The current trick so far. */
  currentTrick(): { leader: number; cards: PlayedCard[] } {
    const r = this.current;
    const cards: PlayedCard[] = [];
    if (this.phaseNow === 'play') {
      for (let i = 0; i < r.trickLen; i++)
        cards.push({ seat: (r.leader + i) % this.players, card: RANK[r.trickCards[i]] });
    }
    return { leader: r.leader, cards };
  }

  /** Each bottle's owner and price as the round stands. */
  bottles(): BottleState[] {
    const r = this.current;
    const out: BottleState[] = [];
    for (let b = 0; b < r.bottles; b++)
      out.push({ owner: r.owner[b] < 0 ? null : r.owner[b], price: thresholdPrice(r.threshold[b]) });
    return out;
  }

  private startRandomRound(dealer: number): GameEvent[] {
    const r = new RoundCore(this.options.players, this.options.mode, dealer);
    r.dealRandom(this.rng!);
    this.current = r;
    const seats = range(this.players);
    const hands = seats.map((s) => cardIds(r.handLo[s], r.handHi[s]));
    const faceUp = r.setup.faceUpSize > 0 ? seats.map((s) => cardIds(r.upLo[s], r.upHi[s])) : null;
    return this.beginRound(hands, faceUp);
  }

  private beginRound(hands: readonly CardId[][], faceUp: readonly CardId[][] | null): GameEvent[] {
    const r = this.current;
    const toRanks = (ids: readonly CardId[]) => ids.map((id) => RANK[id]);
    const log: RoundLog = {
      dealer: r.dealer,
      firstPlayer: r.firstPlayer,
      teams: teamsFor(this.options.mode, this.players, r.firstPlayer),
      hands: hands.map(toRanks),
      faceUp: faceUp ? faceUp.map(toRanks) : null,
      passes: new Array(this.players).fill(null),
      plays: [],
      tricks: [],
      result: null,
    };
    this.rounds.push(log);
    this.phaseNow = 'pass';
    const events: GameEvent[] = [
      {
        type: 'roundStarted',
        round: this.roundIndex,
        dealer: r.dealer,
        firstPlayer: log.firstPlayer,
        teams: log.teams,
        faceUp: log.faceUp,
      },
    ];
    for (let s = 0; s < this.players; s++) events.push({ type: 'handDealt', to: s, hand: log.hands[s] });
    return events;
  }

  private checkDeal(deal: Deal): Result<{ hands: CardId[][]; faceUp: CardId[][] | null }, GameError> {
    const n = this.players;
    const setup = setupFor(this.options.players);
    const bad = (message: string) => err('ERR_BAD_DEAL', message);
    if (typeof deal !== 'object' || deal === null) return bad('a deal must be an object');
    if (!isSeat(deal.dealer, n)) return bad(`dealer must be a seat index from 0 to ${n - 1}`);
    const expectedDealer = this.nextDealer;
    if (expectedDealer !== null && deal.dealer !== expectedDealer)
      return bad(
        `dealer must be seat ${expectedDealer + 1} (index ${expectedDealer}), the seat after the previous dealer, not seat ${deal.dealer + 1} (index ${deal.dealer})`,
      );
    const want = new Set(deckIds(setup.extended));
    const seen = new Set<CardId>();
    const take = (cards: unknown, size: number, what: string): Result<CardId[], GameError> => {
      if (!Array.isArray(cards) || cards.length !== size) return bad(`${what} must hold ${size} cards`);
      const ids: CardId[] = [];
      for (const rank of cards) {
        const id = typeof rank === 'number' ? cardId(rank) : -1;
        if (id < 0 || !want.has(id))
          return bad(
            `${what} holds ${JSON.stringify(rank)}, which is not a card of the ${setup.extended ? 'extended' : 'base'} deck`,
          );
        if (seen.has(id)) return bad(`${describeCard(rank)} is dealt twice`);
        seen.add(id);
        ids.push(id);
      }
      return ok(ids);
    };
    if (!Array.isArray(deal.hands) || deal.hands.length !== n) return bad(`hands must list ${n} hands, one per seat`);
    const hands: CardId[][] = [];
    for (let s = 0; s < n; s++) {
      const h = take(deal.hands[s], dealtHandSize(setup, s, deal.dealer), `the hand of seat ${s + 1}`);
      if (!h.ok) return h;
      hands.push(h.value);
    }
    let faceUp: CardId[][] | null = null;
    if (setup.faceUpSize > 0) {
      if (!Array.isArray(deal.faceUp) || deal.faceUp.length !== n)
        return bad(`faceUp must list ${n} face-up rows, one per seat`);
      faceUp = [];
      for (let s = 0; s < n; s++) {
        const h = take(deal.faceUp[s], setup.faceUpSize, `the face-up row of seat ${s + 1}`);
        if (!h.ok) return h;
        faceUp.push(h.value);
      }
    } else if (deal.faceUp !== undefined) {
      return bad(`faceUp is only dealt with 2 players`);
    }
    // Every size was right and no card came twice: the deal is exactly the deck, which is always dealt out whole.
    return ok({ hands, faceUp });
  }

  private applyPass(seat: number, pass: PassChoice): Result<GameEvent[], GameError> {
    if (this.phaseNow !== 'pass')
      return err(
        'ERR_NOT_PASSING_TIME',
        'It is not the time to pass cards.',
        `seat ${seat + 1} passed cards outside the passing step`,
      );
    const r = this.current;
    if (r.hasPassed(seat))
      return err(
        'ERR_ALREADY_PASSED',
        'You have already passed your cards this round.',
        `seat ${seat + 1} passed twice`,
      );
    const checked = this.checkPass(seat, pass);
    if (!checked.ok) return checked;
    const ids = checked.value;
    r.pass(seat, ids[0], ids[1], ids[2] ?? -1, ids[3] ?? -1);
    const log = this.rounds[this.rounds.length - 1];
    log.passes[seat] =
      this.players === 2
        ? { faceUp: RANK[ids[0]], hidden: RANK[ids[1]], devil: ids.slice(2).map((id) => RANK[id]) }
        : { left: RANK[ids[0]], right: RANK[ids[1]], devil: ids.slice(2).map((id) => RANK[id]) };
    const events: GameEvent[] = [{ type: 'passChosen', seat }];
    if (r.phase === PHASE_PLAY) {
      this.phaseNow = 'play';
      const faceUpAdded: PlayedCard[] = [];
      if (this.players === 2)
        for (let s = 0; s < 2; s++) faceUpAdded.push({ seat: 1 - s, card: (log.passes[s] as TwoPlayerPass).faceUp });
      events.push({ type: 'passesExchanged', faceUpAdded });
      for (let s = 0; s < this.players; s++)
        events.push({ type: 'cardsReceived', to: s, cards: receivedCards(log.passes, s) });
    }
    return ok(events);
  }

  /** The pass as card ids in slot order, or why it is not a legal pass. */
  private checkPass(seat: number, pass: PassChoice): Result<CardId[], GameError> {
    const r = this.current;
    const devils = r.devilCount(seat);
    const shape =
      this.players === 2
        ? 'Pass one card into your opponent’s face-up row, one into their hand and two to the devil’s trick.'
        : devils === 0
          ? 'As the dealer, pass one card to the left and one to the right.'
          : 'Pass one card to the left, one to the right and one to the devil’s trick.';
    const bad = () => err('ERR_BAD_PASS', shape, `seat ${seat + 1} passed the wrong cards: ${shape.toLowerCase()}`);
    if (typeof pass !== 'object' || pass === null || !Array.isArray(pass.devil) || pass.devil.length !== devils)
      return bad();
    const ranks: unknown[] = [...firstTwoOf(this.players, pass), ...pass.devil];
    const ids: CardId[] = [];
    for (const rank of ranks) {
      if (typeof rank !== 'number') return bad();
      const id = cardId(rank);
      if (id < 0 || !hasCard(r.handLo[seat], r.handHi[seat], id)) {
        const where =
          this.players === 2 && id >= 0 && hasCard(r.upLo[seat], r.upHi[seat], id)
            ? ' Cards are passed from your hidden hand, not your face-up row.'
            : '';
        return err(
          'ERR_CARD_NOT_HELD',
          `You do not hold ${rank} in your hand.${where}`,
          `seat ${seat + 1} passed ${rank}, which it does not hold in its hand`,
        );
      }
      if (ids.includes(id))
        return err('ERR_BAD_PASS', `You cannot pass ${rank} twice.`, `seat ${seat + 1} passed ${rank} twice`);
      ids.push(id);
    }
    return ok(ids);
  }

  private applyPlay(seat: number, card: Rank): Result<GameEvent[], GameError> {
    if (this.phaseNow === 'deal')
      return err(
        'ERR_NOT_PLAYING_TIME',
        'The cards have not been dealt yet.',
        `seat ${seat + 1} played before the cards were dealt`,
      );
    if (this.phaseNow !== 'play')
      return err(
        'ERR_NOT_PLAYING_TIME',
        'Cards are still being passed; play starts when everyone has passed.',
        `seat ${seat + 1} played before the passing was over`,
      );
    const r = this.current;
    if (seat !== r.turn)
      return err(
        'ERR_NOT_YOUR_TURN',
        `It is not your turn: seat ${r.turn + 1} plays next.`,
        `seat ${seat + 1} played out of turn (seat ${r.turn + 1} was to play)`,
      );
    const id = typeof card === 'number' ? cardId(card) : -1;
    const inHand = id >= 0 && hasCard(r.handLo[seat], r.handHi[seat], id);
    const inRow = id >= 0 && hasCard(r.upLo[seat], r.upHi[seat], id);
    if (!inHand && !inRow)
      return err(
        'ERR_CARD_NOT_HELD',
        `You do not hold ${String(card)}.`,
        `seat ${seat + 1} played ${String(card)}, which it does not hold`,
      );
    if (!r.isLegal(id)) {
      const led = SUITS[r.ledSuit];
      return err(
        'ERR_MUST_FOLLOW_SUIT',
        `You must follow ${led}: ${card} is ${SUITS[SUIT_INDEX[id]]}.`,
        `seat ${seat + 1} must follow ${led} but played ${describeCard(card)}`,
      );
    }
    const log = this.rounds[this.rounds.length - 1];
    const leader = r.leader;
    const ownerBefore = [r.owner[0], r.owner[1]];
    r.play(id);
    log.plays.push(card);
    const events: GameEvent[] = [{ type: 'cardPlayed', seat, card, fromFaceUp: !inHand }];
    if (r.trickLen > 0) return ok(events);

    const cards: PlayedCard[] = [];
    let points = 0;
    for (let i = 0; i < r.setup.trickSize; i++) {
      cards.push({ seat: (leader + i) % this.players, card: RANK[r.trickCards[i]] });
      points += POINTS[r.trickCards[i]];
    }
    const bottle = r.lastBottle === 0 ? null : (r.lastBottle as 1 | 2);
    const price = bottle === null ? null : RANK[r.threshold[bottle - 1]];
    const trick: CompletedTrick = { leader, cards, winner: r.lastWinner, bottle, price, points };
    log.tricks.push(trick);
    events.push({ type: 'trickWon', trick, index: log.tricks.length - 1 });
    if (bottle !== null && price !== null) {
      const seller = ownerBefore[bottle - 1];
      events.push({ type: 'bottleSold', bottle, seller: seller < 0 ? null : seller, buyer: r.lastWinner, price });
    }
    if (r.phase === PHASE_DONE) events.push(...this.endRound(log));
    return ok(events);
  }

  private endRound(log: RoundLog): GameEvent[] {
    const r = this.current;
    const n = this.players;
    const scores = new Array<number>(n);
    r.score(scores);
    for (let s = 0; s < n; s++) this.runningTotals[s] += scores[s];
    const devil: Rank[] = [];
    for (const pass of log.passes) devil.push(...pass!.devil);
    const result: RoundResult = {
      round: this.roundIndex,
      dealer: r.dealer,
      teams: log.teams,
      bottles: this.bottles(),
      devil,
      devilPoints: r.devilPoints(),
      wonPoints: Array.from(r.wonPoints),
      scores,
      totals: [...this.runningTotals],
    };
    log.result = result;
    const events: GameEvent[] = [{ type: 'roundScored', result }];
    if (this.isGameOver()) {
      this.phaseNow = 'over';
      const best = Math.max(...this.runningTotals);
      this.winnerSeats = range(n).filter((s) => this.runningTotals[s] === best);
      events.push({ type: 'gameOver', totals: [...this.runningTotals], winners: this.winnerSeats });
    } else if (this.rng) {
      events.push(...this.startRandomRound(leftOf(r.dealer, n)));
    } else {
      this.phaseNow = 'deal';
    }
    return events;
  }

  /** RULES.md §5: a fixed number of rounds, or whole rounds until a total reaches the target. */
  private isGameOver(): boolean {
    const o = this.options;
    if (o.rounds !== undefined) return this.roundsBefore + this.rounds.length >= o.rounds;
    return this.runningTotals.some((t) => t >= o.targetScore);
  }
}

/** What a seat received in the exchange, from the passes of its neighbours. */
export function receivedCards(passes: readonly (PassChoice | null)[], seat: number): ReceivedCard[] {
  const n = passes.length;
  if (n === 2) {
    const p = passes[1 - seat] as TwoPlayerPass | null;
    return p
      ? [
          { from: 1 - seat, card: p.faceUp, into: 'faceUp' },
          { from: 1 - seat, card: p.hidden, into: 'hand' },
        ]
      : [];
  }
  const fromRight = passes[rightOf(seat, n)] as SidePass | null;
  const fromLeft = passes[leftOf(seat, n)] as SidePass | null;
  const out: ReceivedCard[] = [];
  if (fromRight) out.push({ from: rightOf(seat, n), card: fromRight.left, into: 'hand' });
  if (fromLeft) out.push({ from: leftOf(seat, n), card: fromLeft.right, into: 'hand' });
  return out;
}

/**
 * Every pass `seat` may make from its hidden `hand` (in rank order) with `devils` cards to
 * the devil's trick: `Game.legalActions` while passing, and the same list for whoever knows
 * only the seat's view (a bot program on a server: src/cli/botproto/).
 */
export function passActions(seat: number, players: number, hand: readonly Rank[], devils: number): Action[] {
  const actions: Action[] = [];
  for (const a of hand) {
    for (const b of hand) {
      if (b === a) continue;
      const rest = hand.filter((c) => c !== a && c !== b);
      for (const devil of combinations(rest, devils)) {
        const pass: PassChoice = players === 2 ? { faceUp: a, hidden: b, devil } : { left: a, right: b, devil };
        actions.push({ type: 'pass', seat, pass });
      }
    }
  }
  return actions;
}

export function isSeat(seat: unknown, players: number): seat is number {
  return typeof seat === 'number' && Number.isInteger(seat) && seat >= 0 && seat < players;
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

function combinations<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  const out: T[][] = [];
  items.forEach((item, i) => {
    for (const rest of combinations(items.slice(i + 1), k - 1)) out.push([item, ...rest]);
  });
  return out;
}
