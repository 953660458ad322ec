/** The public vocabulary of the engine: options, actions, events, in the game's words. */
import type { Rank } from './cards.js';
import type { Mode, PlayerCount, TeamLetter } from './setup.js';

export interface GameOptions {
  readonly players: PlayerCount;
  /** Defaults to "individual". */
  readonly mode?: Mode;
  /** Exactly one of rounds and targetScore; neither means the player count's default rounds. */
  readonly rounds?: number;
  readonly targetScore?: number;
}

/** Options with every default filled in: exactly one length. */
export type ResolvedOptions =
  | { readonly players: PlayerCount; readonly mode: Mode; readonly rounds: number; readonly targetScore?: undefined }
  | { readonly players: PlayerCount; readonly mode: Mode; readonly targetScore: number; readonly rounds?: undefined };

/** 3–6 players: one card to each neighbour and one (none for the 5-player dealer) to the devil's trick. */
export interface SidePass {
  readonly left: Rank;
  readonly right: Rank;
  readonly devil: readonly Rank[];
}

/** 2 players: one into the opponent's face-up row, one into its hidden hand, two to the devil's trick. */
export interface TwoPlayerPass {
  readonly faceUp: Rank;
  readonly hidden: Rank;
  readonly devil: readonly Rank[];
}

export type PassChoice = SidePass | TwoPlayerPass;

export type Action =
  | { readonly type: 'pass'; readonly seat: number; readonly pass: PassChoice }
  | { readonly type: 'play'; readonly seat: number; readonly card: Rank };

/** A deal as written in a record: hidden hands and (2 players) face-up rows, by rank. */
export interface Deal {
  readonly dealer: number;
  readonly hands: readonly (readonly Rank[])[];
  readonly faceUp?: readonly (readonly Rank[])[];
}

export interface PlayedCard {
  readonly seat: number;
  readonly card: Rank;
}

export interface CompletedTrick {
  readonly leader: number;
  readonly cards: readonly PlayedCard[];
  readonly winner: number;
  /** The bottle sold in this trick (1 or 2), also when its owner buys it again, or null. */
  readonly bottle: 1 | 2 | null;
  /** That bottle's price after the trick, or null. */
  readonly price: Rank | null;
  readonly points: number;
}

export interface BottleState {
  readonly owner: number | null;
  readonly price: Rank;
}

/** A finished round as everyone sees it once the devil's trick is turned over. */
export interface RoundResult {
  readonly round: number;
  readonly dealer: number;
  readonly teams: readonly TeamLetter[] | null;
  readonly bottles: readonly BottleState[];
  readonly devil: readonly Rank[];
  readonly devilPoints: number;
  readonly wonPoints: readonly number[];
  /** Credited to each seat (team totals in team modes). */
  readonly scores: readonly number[];
  readonly totals: readonly number[];
}

export interface ReceivedCard {
  readonly from: number;
  readonly card: Rank;
  readonly into: 'hand' | 'faceUp';
}

/**
 * What an action caused. Events with a `to` field are private to that seat; all others
 * are public (see visibleEvents).
 */
export type GameEvent =
  | {
      readonly type: 'roundStarted';
      readonly round: number;
      readonly dealer: number;
      readonly firstPlayer: number;
      readonly teams: readonly TeamLetter[] | null;
      readonly faceUp: readonly (readonly Rank[])[] | null;
    }
  | { readonly type: 'handDealt'; readonly to: number; readonly hand: readonly Rank[] }
  | { readonly type: 'passChosen'; readonly seat: number }
  | { readonly type: 'passesExchanged'; readonly faceUpAdded: readonly PlayedCard[] }
  | { readonly type: 'cardsReceived'; readonly to: number; readonly cards: readonly ReceivedCard[] }
  | { readonly type: 'cardPlayed'; readonly seat: number; readonly card: Rank; readonly fromFaceUp: boolean }
  | { readonly type: 'trickWon'; readonly trick: CompletedTrick; readonly index: number }
  | {
      readonly type: 'bottleSold';
      readonly bottle: 1 | 2;
      readonly seller: number | null;
      readonly buyer: number;
      readonly price: Rank;
    }
  | { readonly type: 'roundScored'; readonly result: RoundResult }
  | { readonly type: 'gameOver'; readonly totals: readonly number[]; readonly winners: readonly number[] };

/** The events a seat (or a spectator, null) may see. */
export function visibleEvents(events: readonly GameEvent[], seat: number | null): GameEvent[] {
  return events.filter((e) => !('to' in e) || e.to === seat);
}
