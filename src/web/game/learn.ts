/**
 * The guided first game: one scripted 4-player round on a fixed deal, the player in seat
 * 0 and three bots whose passes and cards are written down here. The engine plays it out
 * (every action goes through Game.apply), so the round obeys the real rules; this module
 * only decides which lesson to show when, from facts the engine reports (the view, the
 * completed tricks, the round's result).
 *
 * The script was played once by the heuristic bot for every seat (seed 1) and kept
 * because it shows every lesson: a first trick won by the highest card below 19, tricks
 * where nothing is below the price, the bottle sold on, a follow-suit turn, the player
 * buying the bottle and passing it on, and a bot left holding it at the end. Each of the
 * player's cards comes with the reason to play it (the locale's `learn.why`, by card).
 */
import {
  type CompletedTrick,
  Game,
  type PassChoice,
  type Rank,
  type ReceivedCard,
  type RoundResult,
  START_PRICE,
  type TableView,
  view,
} from '../../engine/index.js';

/** The player's seat; the bots sit in seats 1 to 3. */
export const LEARNER = 0;

const DEAL = {
  dealer: 2,
  hands: [
    [2, 3, 4, 5, 8, 18, 21, 28, 30],
    [1, 6, 9, 13, 20, 23, 24, 25, 37],
    [7, 12, 14, 15, 22, 27, 31, 32, 34],
    [10, 11, 16, 17, 26, 29, 33, 35, 36],
  ],
} as const;

export const SCRIPT_PASSES: readonly PassChoice[] = [
  { left: 4, right: 3, devil: [2] },
  { left: 9, right: 6, devil: [1] },
  { left: 14, right: 12, devil: [7] },
  { left: 16, right: 11, devil: [10] },
];

/** Every card of the round in the order played, the player's included. */
export const SCRIPT_PLAYS: readonly Rank[] = [
  17, 6, 13, 27, 35, 8, 20, 32, 30, 23, 34, 3, 36, 16, 37, 11, 25, 9, 33, 5, 29, 21, 24, 31, 22, 26, 28, 4, 18, 12, 15,
  14,
];

/** A new guided game: dealt, nobody has passed yet. */
export function newLearnGame(): Game {
  const made = Game.awaitingDeals({ players: 4, rounds: 1 });
  if (!made.ok) throw new Error(made.error.message);
  const dealt = made.value.deal({ dealer: DEAL.dealer, hands: DEAL.hands.map((h) => [...h]) });
  if (!dealt.ok) throw new Error(dealt.error.message);
  return made.value;
}

/** What the script has the player do now, or null when it is not the player's move. */
export function expectedMove(game: Game): { type: 'pass'; pass: PassChoice } | { type: 'play'; card: Rank } | null {
  const v = view(game, LEARNER);
  if (!v.toAct.includes(LEARNER)) return null;
  if (v.phase === 'pass') return { type: 'pass', pass: SCRIPT_PASSES[LEARNER] };
  if (v.phase === 'play') return { type: 'play', card: SCRIPT_PLAYS[game.log[0].plays.length] };
  return null;
}

/** The next bot move of the script, or null when it is the player's turn or the round is over. */
export function botMove(
  game: Game,
): { type: 'pass'; seat: number; pass: PassChoice } | { type: 'play'; seat: number; card: Rank } | null {
  if (game.phase === 'pass') {
    const seat = game.toAct().find((s) => s !== LEARNER);
    return seat === undefined ? null : { type: 'pass', seat, pass: SCRIPT_PASSES[seat] };
  }
  if (game.phase !== 'play') return null;
  const seat = game.toAct()[0];
  return seat === LEARNER ? null : { type: 'play', seat, card: SCRIPT_PLAYS[game.log[0].plays.length] };
}

/**
 * The lessons in the order they can come up. "Read" lessons wait for the player to go on;
 * "do" lessons wait for the player's pass or card.
 */
export type Lesson =
  | { readonly id: 'welcome'; readonly kind: 'read' }
  | { readonly id: 'pass'; readonly kind: 'do'; readonly pass: PassChoice }
  | {
      readonly id: 'received';
      readonly kind: 'read';
      readonly leader: number;
      readonly received: readonly ReceivedCard[];
    }
  | {
      readonly id: 'firstTrick';
      readonly kind: 'read';
      readonly trick: CompletedTrick;
      readonly card: Rank;
      readonly before: Rank;
    }
  | {
      readonly id: 'noBelow';
      readonly kind: 'read';
      readonly trick: CompletedTrick;
      readonly card: Rank;
      readonly price: Rank;
      readonly owner: number | null;
    }
  | {
      readonly id: 'sold';
      readonly kind: 'read';
      readonly trick: CompletedTrick;
      readonly card: Rank;
      readonly before: Rank;
      readonly seller: number;
    }
  | {
      readonly id: 'soldOn';
      readonly kind: 'read';
      readonly trick: CompletedTrick;
      readonly card: Rank;
      readonly before: Rank;
      readonly seller: number;
    }
  | { readonly id: 'last'; readonly kind: 'read'; readonly price: Rank; readonly owner: number | null }
  | { readonly id: 'follow'; readonly kind: 'do'; readonly card: Rank; readonly suit: string; readonly leader: number }
  | { readonly id: 'lead'; readonly kind: 'do'; readonly card: Rank }
  | { readonly id: 'play'; readonly kind: 'do'; readonly card: Rank }
  | { readonly id: 'end'; readonly kind: 'read'; readonly result: RoundResult };

export type LessonId = Lesson['id'];

/** The lesson to show now, given the read lessons already gone through. */
export function lessonNow(game: Game, read: ReadonlySet<LessonId>): Lesson | null {
  const v = view(game, LEARNER);
  const tricks = v.tricks;
  if (v.phase === 'over') return { id: 'end', kind: 'read', result: v.results[0] };
  if (v.phase === 'pass') {
    if (!read.has('welcome')) return { id: 'welcome', kind: 'read' };
    return v.passed[LEARNER] ? null : { id: 'pass', kind: 'do', pass: SCRIPT_PASSES[LEARNER] };
  }
  if (tricks.length === 0 && v.trick.cards.length === 0 && !read.has('received'))
    return { id: 'received', kind: 'read', leader: v.trick.leader, received: v.received ?? [] };

  // Right after a trick: what it taught, once per kind of trick.
  if (v.trick.cards.length === 0 && tricks.length > 0) {
    const k = tricks.length - 1;
    const trick = tricks[k];
    const card = trick.cards.find((c) => c.seat === trick.winner)?.card ?? 0;
    const before = priceBefore(tricks, k);
    if (!read.has('firstTrick') && trick.bottle !== null)
      return { id: 'firstTrick', kind: 'read', trick, card, before };
    if (!read.has('noBelow') && trick.bottle === null)
      return { id: 'noBelow', kind: 'read', trick, card, price: before, owner: ownerBefore(tricks, k + 1) };
    const seller = ownerBefore(tricks, k);
    if (seller !== null && soldOn(tricks, k)) {
      if (read.has('firstTrick') && !read.has('sold')) return { id: 'sold', kind: 'read', trick, card, before, seller };
      // The next sale after the one 'sold' told of (here Doris buys the bottle back).
      if (read.has('sold') && !read.has('soldOn') && k > tricks.findIndex((_, i) => soldOn(tricks, i)))
        return { id: 'soldOn', kind: 'read', trick, card, before, seller };
    }
    if (!read.has('last') && v.handSizes[LEARNER] === 1)
      return { id: 'last', kind: 'read', price: v.bottles[0].price, owner: v.bottles[0].owner };
  }

  const move = expectedMove(game);
  if (move?.type !== 'play') return null;
  if (v.trick.cards.length === 0) return { id: 'lead', kind: 'do', card: move.card };
  if (v.mustFollow && !read.has('follow'))
    return { id: 'follow', kind: 'do', card: move.card, suit: v.trick.ledSuit ?? '', leader: v.trick.leader };
  return { id: 'play', kind: 'do', card: move.card };
}

/** Whether trick k sold the bottle on: it had an owner, and another seat won it. */
function soldOn(tricks: readonly CompletedTrick[], k: number): boolean {
  const seller = ownerBefore(tricks, k);
  return tricks[k].bottle !== null && seller !== null && seller !== tricks[k].winner;
}

/** The bottle's price before trick k (19 until the first sale). */
function priceBefore(tricks: readonly CompletedTrick[], k: number): Rank {
  for (let i = k - 1; i >= 0; i--) if (tricks[i].price !== null) return tricks[i].price as Rank;
  return START_PRICE;
}

/** Who held the bottle before trick k (null until the first sale). */
function ownerBefore(tricks: readonly CompletedTrick[], k: number): number | null {
  for (let i = k - 1; i >= 0; i--) if (tricks[i].bottle !== null) return tricks[i].winner;
  return null;
}

/** The player's view, for the table. */
export function learnerView(game: Game): TableView {
  return view(game, LEARNER);
}
