/**
 * What one seat, or a spectator, may know (RULES.md §6), as plain JSON data. A view is
 * built up field by field from public facts plus the viewer's own private facts; it is
 * never the full state with things removed, so a new field of the state cannot leak.
 */
import { type CardId, cardId, deckIds, RANK, type Rank, SUITS, type Suit, suitOf } from './cards.js';
import { bitCount, cardIds } from './cardset.js';
import { coreOf, type Game, type Phase, receivedCards } from './game.js';
import { winningPosition } from './round.js';
import { type TeamLetter, teamsFor } from './setup.js';
import type {
  BottleState,
  CompletedTrick,
  PassChoice,
  PlayedCard,
  ReceivedCard,
  ResolvedOptions,
  RoundResult,
} from './types.js';

export interface TrickInProgress {
  readonly leader: number;
  readonly ledSuit: Suit | null;
  readonly cards: readonly PlayedCard[];
  /** Who would win if the trick ended now, and whether that would take the bottle in play. */
  readonly winning: { readonly seat: number; readonly takesBottle: boolean } | null;
}

export interface TableView {
  /** The seat this view is for, or null for a spectator. */
  readonly viewer: number | null;
  readonly options: ResolvedOptions;
  readonly bottleCount: 1 | 2;
  readonly round: number;
  readonly phase: Phase;
  readonly dealer: number;
  readonly firstPlayer: number;
  readonly teams: readonly TeamLetter[] | null;
  /** Seats that must act now. */
  readonly toAct: readonly number[];
  /** The viewer's hidden hand in rank order (null for a spectator). */
  readonly hand: readonly Rank[] | null;
  /** 2 players: every seat's face-up row; null otherwise. */
  readonly faceUp: readonly (readonly Rank[])[] | null;
  /** How many hidden cards each seat holds. */
  readonly handSizes: readonly number[];
  /** Which seats have chosen their pass this round. */
  readonly passed: readonly boolean[];
  /** The viewer's own pass, once chosen. */
  readonly myPass: PassChoice | null;
  /** What the viewer received, once all passes have arrived. */
  readonly received: readonly ReceivedCard[] | null;
  /** Cards lying face down in the devil's trick. */
  readonly devilSize: number;
  /** The cards of the devil's trick that the viewer put there. */
  readonly myDevil: readonly Rank[];
  readonly trick: TrickInProgress;
  /** This round's completed tricks. */
  readonly tricks: readonly CompletedTrick[];
  readonly bottles: readonly BottleState[];
  /** The bottle that can change hands in this trick (1 or 2). */
  readonly bottleInPlay: 1 | 2;
  readonly wonTricks: readonly number[];
  readonly wonPoints: readonly number[];
  /** Per seat, the suits it has shown it lacks by not following suit this round. */
  readonly voids: readonly (readonly Suit[])[];
  /**
   * The cards of this round's deck still out: not played yet, not held by the viewer (hand
   * or face-up row) and not put in the devil's trick by the viewer. That is the other
   * seats' cards and the rest of the devil's trick, in rank order. It is the deck minus
   * public plays minus the viewer's own cards, so it tells nobody where any card lies.
   */
  readonly outstanding: readonly Rank[];
  /** The cards the viewer may play now. */
  readonly legal: readonly Rank[];
  /** Whether the viewer must act now: its pass is still to choose, or it is its turn to play. */
  readonly mustAct: boolean;
  /** The led suit when the viewer, to play, holds a card of it and so must follow it; else null. */
  readonly mustFollow: Suit | null;
  /** Every finished round, its devil's trick revealed. */
  readonly results: readonly RoundResult[];
  readonly totals: readonly number[];
  readonly winners: readonly number[] | null;
}

/** The view of `viewer`: a seat number, or null for a spectator. */
export function view(game: Game, viewer: number | null): TableView {
  const n = game.players;
  const r = coreOf(game);
  const log = game.log[game.log.length - 1];
  const seat = viewer !== null && Number.isInteger(viewer) && viewer >= 0 && viewer < n ? viewer : null;
  const exchanged = game.phase === 'play' || log?.passes.every((p) => p !== null) === true;
  const myPass = seat !== null && log ? log.passes[seat] : null;
  const seats = Array.from({ length: n }, (_, s) => s);
  const hand = seat === null ? null : ranksOf(r.handLo[seat], r.handHi[seat]);
  const faceUp = n === 2 ? seats.map((s) => ranksOf(r.upLo[s], r.upHi[s])) : null;
  const myDevil = myPass ? [...myPass.devil] : [];
  const gone = new Set<Rank>([
    ...(log?.plays ?? []),
    ...(hand ?? []),
    ...(seat !== null && faceUp ? faceUp[seat] : []),
    ...myDevil,
  ]);

  const trick = game.currentTrick();
  const b = r.bottleInPlay();
  const toAct = game.toAct();
  const legal = seat === null ? [] : game.legalCards(seat);
  const ledSuit = r.ledSuit >= 0 && trick.cards.length > 0 ? SUITS[r.ledSuit] : null;
  let winning: TrickInProgress['winning'] = null;
  if (trick.cards.length > 0) {
    const ids: CardId[] = trick.cards.map((c) => cardId(c.card));
    const pos = winningPosition(ids, ids.length, r.threshold[b]);
    winning = { seat: trick.cards[pos].seat, takesBottle: ids[pos] < r.threshold[b] };
  }

  return {
    viewer: seat,
    options: game.options,
    bottleCount: r.bottles,
    round: game.roundIndex,
    phase: game.phase,
    dealer: r.dealer,
    firstPlayer: r.firstPlayer,
    teams: teamsFor(game.options.mode, n, r.firstPlayer),
    toAct,
    hand,
    faceUp,
    handSizes: seats.map((s) => bitCount(r.handLo[s]) + bitCount(r.handHi[s])),
    passed: seats.map((s) => r.hasPassed(s)),
    myPass,
    received: seat !== null && exchanged && log ? receivedCards(log.passes, seat) : null,
    devilSize: exchanged ? r.setup.devilSize : 0,
    myDevil,
    trick: {
      leader: trick.leader,
      ledSuit,
      cards: trick.cards,
      winning,
    },
    tricks: log ? [...log.tricks] : [],
    bottles: game.bottles(),
    bottleInPlay: (b + 1) as 1 | 2,
    wonTricks: Array.from(r.wonTricks),
    wonPoints: Array.from(r.wonPoints),
    voids: seats.map((s) => SUITS.filter((_, i) => (r.voids[s] & (1 << i)) !== 0)),
    outstanding: deckIds(r.setup.extended)
      .map((id) => RANK[id])
      .filter((c) => !gone.has(c)),
    legal,
    mustAct: seat !== null && toAct.includes(seat),
    // Holding the led suit is what makes every legal card one of it (RULES.md: follow suit).
    mustFollow: ledSuit !== null && legal.length > 0 && legal.every((c) => suitOf(c) === ledSuit) ? ledSuit : null,
    results: game.log.flatMap((l) => (l.result ? [l.result] : [])),
    totals: [...game.totals],
    winners: game.winners ? [...game.winners] : null,
  };
}

function ranksOf(lo: number, hi: number): Rank[] {
  return cardIds(lo, hi).map((id) => RANK[id]);
}
