/**
 * The "no leaks" checker. It knows the true deal (it replays the server's stored log with
 * the engine) and checks that every card named anywhere in a message is one the
 * receiving seat may know at that point of the game (RULES.md §6).
 */

import { receivedCards } from '../../../src/engine/game.js';
import { type Action, Game, type GameOptions, type Seed, START_PRICE } from '../../../src/engine/index.js';

/** Numeric fields that name cards. */
const CARD_FIELDS = new Set([
  'hand',
  'card',
  'faceUp',
  'devil',
  'myDevil',
  'legal',
  'left',
  'right',
  'hidden',
  'price',
]);
/** Numeric fields that are not cards (seats, counts, points, times...). */
const OTHER_FIELDS = new Set([
  'seat',
  'seq',
  'round',
  'rounds',
  'dealer',
  'firstPlayer',
  'viewer',
  'players',
  'targetScore',
  'turnSeconds',
  'handSizes',
  'devilSize',
  'wonTricks',
  'wonPoints',
  'totals',
  'scores',
  'winners',
  'toAct',
  'index',
  'points',
  'devilPoints',
  'winner',
  'leader',
  'bottle',
  'bottleCount',
  'bottleInPlay',
  'owner',
  'seller',
  'buyer',
  'from',
  'to',
  'deadline',
  'clocks',
  'reading',
  'at',
  'host',
  'spectators',
]);

/**
 * Fields that list the cards a seat does NOT hold or know to be played (the view's
 * `outstanding`): a complement, which names every unseen card by design. They are checked
 * whole against DealKnower.outstanding instead of card by card.
 */
const COMPLEMENT_FIELDS = new Set(['outstanding']);

/** Every card named in a message, with where it was found. Throws on a numeric field it does not know. */
export function cardsIn(message: unknown): { card: number; path: string }[] {
  const found: { card: number; path: string }[] = [];
  const walk = (v: unknown, field: string, path: string): void => {
    if (COMPLEMENT_FIELDS.has(field)) return;
    if (typeof v === 'number') {
      if (CARD_FIELDS.has(field)) found.push({ card: v, path });
      else if (!OTHER_FIELDS.has(field)) throw new Error(`the checker does not know whether ${path} names a card`);
    } else if (Array.isArray(v)) {
      v.forEach((x, i) => {
        walk(x, field, `${path}[${i}]`);
      });
    } else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) walk(x, k, `${path}.${k}`);
    }
  };
  walk(message, '', '$');
  return found;
}

export class DealKnower {
  private readonly actions: Action[];
  private readonly memo = new Map<string, Set<number>>();
  private readonly outMemo = new Map<string, number[]>();

  constructor(
    private readonly options: GameOptions,
    private readonly seed: Seed,
    actions: readonly Action[],
  ) {
    this.actions = [...actions];
  }

  /** The cards `seat` (null: a spectator) may know once `seq` actions have been applied. */
  allowed(seq: number, seat: number | null): Set<number> {
    const key = `${seq}/${seat}`;
    let known = this.memo.get(key);
    if (!known) this.memo.set(key, (known = this.compute(seq, seat)));
    return known;
  }

  /**
   * The cards still out for `seat` once `seq` actions have been applied, from the log: the
   * round's deck less its plays, less the seat's own cards (dealt, minus what it passed,
   * plus what it received) and its own cards in the devil's trick.
   */
  outstanding(seq: number, seat: number | null): number[] {
    const key = `${seq}/${seat}`;
    let out = this.outMemo.get(key);
    if (!out) this.outMemo.set(key, (out = this.computeOutstanding(seq, seat)));
    return out;
  }

  private computeOutstanding(seq: number, seat: number | null): number[] {
    const round = this.replay(seq).log.at(-1)!;
    const deck = [...round.hands.flat(), ...(round.faceUp ?? []).flat()].sort((a, b) => a - b);
    const gone = new Set<number>(round.plays);
    if (seat !== null) {
      const mine = round.passes[seat];
      const passed = new Set<number>(mine ? ([...Object.values(mine)].flat() as number[]) : []);
      for (const c of [...round.hands[seat], ...(round.faceUp?.[seat] ?? [])]) if (!passed.has(c)) gone.add(c);
      for (const c of mine?.devil ?? []) gone.add(c);
      if (round.passes.every((p) => p !== null)) for (const r of receivedCards(round.passes, seat)) gone.add(r.card);
    }
    return deck.filter((c) => !gone.has(c));
  }

  private replay(seq: number): Game {
    const created = Game.create(this.options, this.seed);
    if (!created.ok) throw new Error(created.error.message);
    const game = created.value;
    for (const a of this.actions.slice(0, seq)) {
      const r = game.apply(a);
      if (!r.ok) throw new Error(r.error.detail);
    }
    return game;
  }

  private compute(seq: number, seat: number | null): Set<number> {
    const game = this.replay(seq);
    const ok = new Set<number>([START_PRICE]);
    const add = (cards: readonly number[] | null | undefined) => {
      for (const c of cards ?? []) ok.add(c);
    };
    game.log.forEach((round) => {
      if (round.result) {
        // A finished round is entirely public: every card was played or shown in the devil's trick.
        round.hands.forEach(add);
        round.faceUp?.forEach(add);
        return;
      }
      round.faceUp?.forEach(add);
      add(round.plays);
      if (seat !== null) {
        add(round.hands[seat]);
        const mine = round.passes[seat];
        if (mine) add([...Object.values(mine)].flat() as number[]);
      }
      if (round.passes.every((p) => p !== null)) {
        // After the exchange: the cards passed into face-up rows are public, and each seat knows what it received.
        for (const p of round.passes) if (p && 'faceUp' in p) ok.add(p.faceUp);
        if (seat !== null) add(receivedCards(round.passes, seat).map((r) => r.card));
      }
    });
    return ok;
  }
}
