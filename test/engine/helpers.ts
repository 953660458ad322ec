/**
 * Small helpers that let the engine tests read like stories at a table: deal these
 * hands, everyone passes these cards, the tricks go like this. They only drive the public
 * Game API; no rule is decided here.
 */
import {
  type Action,
  type CompletedTrick,
  Game,
  type GameEvent,
  type GameOptions,
  type PassChoice,
  type Rank,
  type Result,
  Rng,
  type RoundResult,
  type SidePass,
  type TwoPlayerPass,
  view,
} from '../../src/engine/index.js';

/** The value of a Result, or a test failure naming the error. */
export function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.detail}`);
  return result.value;
}

/** A game that waits for the deals the test writes out. */
export function tableFor(options: GameOptions): Game {
  return must(Game.awaitingDeals(options));
}

const without = (cards: readonly Rank[], gone: Rank, who: string): Rank[] => {
  if (!cards.includes(gone))
    throw new Error(`fixture: ${who} is said to receive ${gone} but does not hold it after passing`);
  return cards.filter((c) => c !== gone);
};

/**
 * The hands as dealt, worked back from the hands after passing and the passes, so that
 * a story can show the hands that matter for the tricks. The test then checks that the
 * engine's passing really produces the hands the story states.
 */
export function dealtBefore(
  after: readonly (readonly Rank[])[],
  passes: readonly PassChoice[],
  faceUpAfter?: readonly (readonly Rank[])[],
): { hands: Rank[][]; faceUp?: Rank[][] } {
  const n = after.length;
  if (n === 2) {
    const p = passes as readonly TwoPlayerPass[];
    const hands = [0, 1].map((s) => [
      ...without(after[s], p[1 - s].hidden, `seat ${s}`),
      p[s].faceUp,
      p[s].hidden,
      ...p[s].devil,
    ]);
    const faceUp = [0, 1].map((s) => without(faceUpAfter![s], p[1 - s].faceUp, `the face-up row of seat ${s}`));
    return { hands, faceUp };
  }
  const p = passes as readonly SidePass[];
  const hands = after.map((cards, s) => {
    const fromRight = p[(s + n - 1) % n].left;
    const fromLeft = p[(s + 1) % n].right;
    const kept = without(without(cards, fromRight, `seat ${s}`), fromLeft, `seat ${s}`);
    return [...kept, p[s].left, p[s].right, ...p[s].devil];
  });
  return { hands };
}

/** Every seat passes; returns the events of the last pass (the exchange). */
export function passAll(game: Game, passes: readonly PassChoice[]): GameEvent[] {
  let events: GameEvent[] = [];
  passes.forEach((pass, seat) => {
    events = must(game.apply({ type: 'pass', seat, pass }));
  });
  return events;
}

/** Play cards in the order given; the seat of each card is whoever is to play. */
export function playInOrder(game: Game, cards: readonly Rank[]): GameEvent[] {
  const events: GameEvent[] = [];
  for (const card of cards) {
    const [seat] = game.toAct();
    events.push(...must(game.apply({ type: 'play', seat, card })));
  }
  return events;
}

/** Play one trick (3–6 players) written seat by seat: bySeat[s] is the card seat s plays. */
export function playTrickBySeat(game: Game, bySeat: readonly Rank[]): GameEvent[] {
  const n = bySeat.length;
  const leader = game.toAct()[0];
  return playInOrder(
    game,
    bySeat.map((_, i) => bySeat[(leader + i) % n]),
  );
}

/** The trick that a list of events completed. */
export function trickWon(events: readonly GameEvent[]): CompletedTrick {
  const won = events.find((e) => e.type === 'trickWon');
  if (won?.type !== 'trickWon') throw new Error('fixture: no trick was completed');
  return won.trick;
}

/** The round result among a list of events. */
export function roundScored(events: readonly GameEvent[]): RoundResult {
  const scored = events.find((e) => e.type === 'roundScored');
  if (scored?.type !== 'roundScored') throw new Error('fixture: the round was not scored');
  return scored.result;
}

/** A policy for the rest of a round: each seat plays its lowest legal card. */
export function playLowestUntilRoundEnds(game: Game): GameEvent[] {
  const events: GameEvent[] = [];
  const round = game.log.length;
  while (game.phase === 'play' && game.log.length === round) {
    const [seat] = game.toAct();
    events.push(...must(game.apply({ type: 'play', seat, card: game.legalCards(seat)[0] })));
  }
  return events;
}

/** A uniformly random pass for a seat, chosen from its hidden hand. */
export function randomPass(game: Game, seat: number, rng: Rng): PassChoice {
  const hand = [...view(game, seat).hand!];
  const pick = (): Rank => hand.splice(rng.below(hand.length), 1)[0];
  const first = pick();
  const second = pick();
  const devil = Array.from({ length: game.devilCount(seat) }, pick);
  return game.players === 2 ? { faceUp: first, hidden: second, devil } : { left: first, right: second, devil };
}

/** One random legal action: a random seat's random pass, or a random legal card. */
export function randomAction(game: Game, rng: Rng): Action {
  const seats = game.toAct();
  const seat = seats[rng.below(seats.length)];
  if (game.phase === 'pass') return { type: 'pass', seat, pass: randomPass(game, seat, rng) };
  const legal = game.legalCards(seat);
  return { type: 'play', seat, card: legal[rng.below(legal.length)] };
}

/** One random legal step (randomAction, applied). */
export function randomStep(game: Game, rng: Rng): GameEvent[] {
  return must(game.apply(randomAction(game, rng)));
}

/** Everything anyone can observe of a game, to compare before and after an action. */
export function snapshot(game: Game): string {
  const viewers: (number | null)[] = [null, ...Array.from({ length: game.players }, (_, s) => s)];
  return JSON.stringify({
    views: viewers.map((v) => view(game, v)),
    log: game.log,
    toAct: game.toAct(),
    phase: game.phase,
    totals: game.totals,
    winners: game.winners,
    nextDealer: game.nextDealer,
  });
}

/** A random game created from a seed and played with a seeded random policy to its end. */
export function seededRandomGame(options: GameOptions, seed: number): Game {
  const game = must(Game.create(options, seed));
  const rng = new Rng(seed ^ 0x5eed);
  while (game.phase !== 'over') randomStep(game, rng);
  return game;
}
