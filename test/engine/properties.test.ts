/**
 * Properties over random games of every player count and mode (fast-check, fixed seeds):
 * the cards, the points, the turn, rejected actions, what each seat may see, and
 * determinism. Each property walks whole games step by step and checks every step.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  type Action,
  Game,
  type GameEvent,
  type GameOptions,
  modesFor,
  pointsOf,
  type Rank,
  Rng,
  suitOf,
  type TableView,
  view,
  visibleEvents,
} from '../../src/engine/index.js';
import { must, randomPass, randomStep, snapshot } from './helpers.js';

const CONFIGS: GameOptions[] = ([2, 3, 4, 5, 6] as const).flatMap((players) =>
  modesFor(players).map((mode) => ({ players, mode })),
);

const BASE_DECK = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33,
  34, 35, 36, 37,
];
const HALF_CARDS = [
  2.5, 4.5, 6.5, 8.5, 10.5, 12.5, 14.5, 16.5, 18.5, 20.5, 22.5, 24.5, 26.5, 28.5, 30.5, 32.5, 34.5, 36.5,
];
const deckFor = (players: number) => (players >= 5 ? [...BASE_DECK, ...HALF_CARDS].sort((a, b) => a - b) : BASE_DECK);
const TOTAL_POINTS: Record<number, number> = { 2: 127, 3: 127, 4: 127, 5: 190, 6: 190 };

/** Random games: a seed for the deals and the choices, and a length of one or two rounds. */
const games = fc.record({ seed: fc.nat(), rounds: fc.integer({ min: 1, max: 2 }) });
const RUNS = { numRuns: 6, seed: 20261130 };

/** Play a random game from its seed, calling `check` before every step and once at the end. */
function walk(
  options: GameOptions,
  seed: number,
  rounds: number,
  check: (game: Game, rng: Rng, events: readonly GameEvent[]) => void,
): void {
  const game = must(Game.create({ ...options, rounds }, seed));
  const rng = new Rng(seed + 1);
  let events: GameEvent[] = [];
  for (;;) {
    check(game, rng, events);
    if (game.phase === 'over') return;
    events = randomStep(game, rng);
  }
}

/** Where every card of the round in progress lies, read from the views. */
function placesOf(game: Game): Map<string, Rank[]> {
  const n = game.players;
  const places = new Map<string, Rank[]>();
  const spectator = view(game, null);
  const round = game.log[game.log.length - 1];
  for (let s = 0; s < n; s++) {
    const mine = view(game, s);
    places.set(`hand ${s}`, [...mine.hand!]);
    if (spectator.faceUp) places.set(`face-up row ${s}`, [...spectator.faceUp[s]]);
    // Before the exchange a chosen pass is held aside; after it, only the devil cards stay apart.
    if (mine.myPass && game.phase === 'pass') {
      const p = mine.myPass;
      places.set(`pass of ${s}`, ['left' in p ? [p.left, p.right] : [p.faceUp, p.hidden], p.devil].flat());
    } else {
      places.set(`devil cards of ${s}`, [...mine.myDevil]);
    }
    places.set(
      `won pile ${s}`,
      round.tricks.filter((t) => t.winner === s).flatMap((t) => t.cards.map((c) => c.card)),
    );
  }
  places.set(
    'trick',
    spectator.trick.cards.map((c) => c.card),
  );
  return places;
}

describe.each(CONFIGS)('$players players, $mode', (options) => {
  test('every card is in exactly one place at every step', () => {
    fc.assert(
      fc.property(games, ({ seed, rounds }) => {
        walk(options, seed, rounds, (game) => {
          const places = placesOf(game);
          const all = [...places.values()].flat().sort((a, b) => a - b);
          expect(all).toEqual(deckFor(game.players));
          // What everyone is told about the places agrees with them.
          const spectator = view(game, null);
          const seats = Array.from({ length: game.players }, (_, s) => s);
          expect(spectator.handSizes).toEqual(seats.map((s) => places.get(`hand ${s}`)!.length));
          expect(spectator.wonTricks).toEqual(seats.map((s) => spectator.tricks.filter((t) => t.winner === s).length));
        });
      }),
      RUNS,
    );
  });

  test('points are conserved: won piles and the devil’s trick hold all of them', () => {
    fc.assert(
      fc.property(games, ({ seed, rounds }) => {
        walk(options, seed, rounds, (game, _rng, events) => {
          const places = placesOf(game);
          const spectator = view(game, null);
          for (let s = 0; s < game.players; s++) {
            const pile = places.get(`won pile ${s}`)!;
            expect(spectator.wonPoints[s]).toBe(pile.reduce((sum, c) => sum + pointsOf(c), 0));
          }
          for (const e of events) {
            if (e.type !== 'roundScored') continue;
            const { result } = e;
            expect(result.wonPoints.reduce((a, b) => a + b, 0) + result.devilPoints).toBe(TOTAL_POINTS[game.players]);
            expect(result.devilPoints).toBe(result.devil.reduce((sum, c) => sum + pointsOf(c), 0));
          }
        });
      }),
      RUNS,
    );
  });

  test('a seat with cards always has a legal action until the round ends', () => {
    fc.assert(
      fc.property(games, ({ seed, rounds }) => {
        walk(options, seed, rounds, (game, _rng, events) => {
          const n = game.players;
          const toAct = game.toAct();
          if (game.phase === 'over') {
            expect(toAct).toEqual([]);
            for (let s = 0; s < n; s++) expect(view(game, s).hand).toEqual([]);
            return;
          }
          if (events.some((e) => e.type === 'roundScored')) expect(game.log[game.log.length - 2].result).not.toBeNull();
          if (game.phase === 'pass') {
            expect(toAct.length).toBeGreaterThan(0);
            for (const s of toAct) expect(view(game, s).hand!.length).toBeGreaterThanOrEqual(2 + game.devilCount(s));
            return;
          }
          expect(game.phase).toBe('play');
          expect(toAct).toHaveLength(1);
          const [seat] = toAct;
          const mine = view(game, seat);
          const held = [...mine.hand!, ...(mine.faceUp ? mine.faceUp[seat] : [])].sort((a, b) => a - b);
          const led = mine.trick.ledSuit;
          const following = led ? held.filter((c) => suitOf(c) === led) : [];
          // RULES.md §3.2: the led suit if the seat has it (hand and row together), else anything.
          expect(game.legalCards(seat)).toEqual(following.length > 0 ? following : held);
          expect(mine.legal).toEqual(game.legalCards(seat));
          for (let s = 0; s < n; s++) if (s !== seat) expect(game.legalCards(s)).toEqual([]);
        });
      }),
      RUNS,
    );
  });

  test('the first legal action, found without listing them all, is the first of the list', () => {
    fc.assert(
      fc.property(games, ({ seed, rounds }) => {
        walk(options, seed, rounds, (game) => {
          for (let s = 0; s < game.players; s++) {
            const first = game.firstLegalAction(s);
            expect(first).toEqual(game.legalActions(s)[0] ?? null);
            expect(first !== null).toBe(game.toAct().includes(s));
          }
        });
      }),
      { ...RUNS, numRuns: 2 },
    );
  });

  test('an illegal action is rejected and changes nothing', () => {
    fc.assert(
      fc.property(games, ({ seed, rounds }) => {
        walk(options, seed, rounds, (game, rng) => {
          const action = illegalAction(game, rng);
          if (!action) return;
          const before = snapshot(game);
          const result = game.apply(action);
          expect(result.ok, JSON.stringify(action)).toBe(false);
          expect(snapshot(game)).toBe(before);
        });
      }),
      RUNS,
    );
  });

  test('a view never shows another seat’s hidden cards, passes or the devil’s trick', () => {
    fc.assert(
      fc.property(games, ({ seed, rounds }) => {
        walk(options, seed, rounds, (game) => {
          for (const viewer of [null, ...Array.from({ length: game.players }, (_, s) => s)]) {
            const seen = view(game, viewer);
            expect(Object.keys(seen).sort()).toEqual(VIEW_FIELDS);
            const secret = secretsOf(game, viewer);
            const shown = cardsShown(seen);
            expect(
              shown.filter((c) => secret.has(c)),
              `viewer ${viewer}`,
            ).toEqual([]);
            if (viewer !== null) expect(seen.hand).toEqual([...seen.hand!].sort((a, b) => a - b));
            expect(seen.outstanding, `viewer ${viewer}`).toEqual(stillOut(game, viewer));
            for (const c of secret) expect(seen.outstanding).toContain(c);
            expect(seen.results).toEqual(game.log.flatMap((r) => (r.result ? [r.result] : [])));
          }
        });
      }),
      RUNS,
    );
  });

  test('a view says whether its seat must act, and which suit it must follow', () => {
    fc.assert(
      fc.property(games, ({ seed, rounds }) => {
        walk(options, seed, rounds, (game) => {
          for (const viewer of [null, ...Array.from({ length: game.players }, (_, s) => s)]) {
            const seen = view(game, viewer);
            expect(seen.mustAct).toBe(viewer !== null && game.toAct().includes(viewer));
            const held = viewer === null ? [] : [...(seen.hand ?? []), ...(seen.faceUp?.[viewer] ?? [])];
            const led = seen.trick.ledSuit;
            const follows =
              seen.phase === 'play' && seen.mustAct && led !== null && held.some((c) => suitOf(c) === led);
            expect(seen.mustFollow, `viewer ${viewer}`).toBe(follows ? led : null);
          }
        });
      }),
      RUNS,
    );
  });

  test('the events sent to a seat hold only its own private events, and no hidden card', () => {
    fc.assert(
      fc.property(games, ({ seed, rounds }) => {
        const game = must(Game.create({ ...options, rounds }, seed));
        const rng = new Rng(seed + 1);
        while (game.phase !== 'over') {
          // What a spectator could not know before the step: only the card just played
          // (and, with 2 players, the cards passed into face-up rows) may come out of it.
          const hidden = secretsOf(game, null);
          const events = randomStep(game, rng);
          const revealed = new Set<Rank>();
          for (const e of events) {
            if (e.type === 'cardPlayed') revealed.add(e.card);
            if (e.type === 'passesExchanged') for (const c of e.faceUpAdded) revealed.add(c.card);
          }
          for (const viewer of [null, ...Array.from({ length: game.players }, (_, s) => s)]) {
            const visible = visibleEvents(events, viewer);
            for (const e of visible) if ('to' in e) expect(e.to).toBe(viewer);
            const named = visible.flatMap((e) =>
              e.type === 'trickWon' ? e.trick.cards.map((c) => c.card) : e.type === 'bottleSold' ? [e.price] : [],
            );
            expect(named.filter((c) => hidden.has(c) && !revealed.has(c))).toEqual([]);
          }
        }
      }),
      RUNS,
    );
  });

  test('the same options and seed give the same game', () => {
    fc.assert(
      fc.property(games, ({ seed, rounds }) => {
        const play = () => {
          const game = must(Game.create({ ...options, rounds }, seed));
          const rng = new Rng(seed);
          const seen: string[] = [];
          while (game.phase !== 'over') seen.push(JSON.stringify(randomStep(game, rng)));
          return { log: JSON.stringify(game.log), seen };
        };
        expect(play()).toEqual(play());
      }),
      { ...RUNS, numRuns: 3 },
    );
  });
});

test('different seeds deal different games', () => {
  const deals = new Set<string>();
  for (let seed = 0; seed < 20; seed++) deals.add(JSON.stringify(must(Game.create({ players: 4 }, seed)).log[0].hands));
  expect(deals.size).toBe(20);
});

test('a clone is independent of its original', () => {
  const game = must(Game.create({ players: 5 }, 3));
  const rng = new Rng(3);
  for (let k = 0; k < 20; k++) randomStep(game, rng);
  const before = snapshot(game);
  const copy = game.clone();
  expect(snapshot(copy)).toBe(before);
  for (let k = 0; k < 20; k++) randomStep(copy, rng);
  expect(snapshot(game)).toBe(before);
});

const VIEW_FIELDS = [
  'bottleCount',
  'bottleInPlay',
  'bottles',
  'dealer',
  'devilSize',
  'faceUp',
  'firstPlayer',
  'hand',
  'handSizes',
  'legal',
  'myDevil',
  'myPass',
  'mustAct',
  'mustFollow',
  'options',
  'passed',
  'phase',
  'received',
  'results',
  'round',
  'teams',
  'toAct',
  'totals',
  'trick',
  'tricks',
  'outstanding',
  'viewer',
  'voids',
  'wonPoints',
  'wonTricks',
  'winners',
].sort();

/** Every card a view names in the round in progress (results of past rounds aside). */
function cardsShown(v: TableView): Rank[] {
  const pass = v.myPass
    ? ('left' in v.myPass ? [v.myPass.left, v.myPass.right] : [v.myPass.faceUp, v.myPass.hidden]).concat(v.myPass.devil)
    : [];
  return [
    ...(v.hand ?? []),
    ...(v.faceUp ?? []).flat(),
    ...pass,
    ...(v.received ?? []).map((r) => r.card),
    ...v.myDevil,
    ...v.trick.cards.map((c) => c.card),
    ...v.tricks.flatMap((t) => t.cards.map((c) => c.card)),
    ...v.legal,
    ...v.bottles.map((b) => b.price),
  ];
}

/**
 * The cards of the round in progress that a seat (or a spectator) may not know, worked
 * out from the true deal and passes in the log (RULES.md §6).
 */
function secretsOf(game: Game, viewer: number | null): Set<Rank> {
  const round = game.log[game.log.length - 1];
  const known = new Set<Rank>(round.plays);
  for (const row of round.faceUp ?? []) for (const c of row) known.add(c);
  const exchanged = round.passes.every((p) => p !== null);
  round.passes.forEach((p, s) => {
    if (p && 'faceUp' in p && exchanged) known.add(p.faceUp);
    if (p && round.result) for (const c of p.devil) known.add(c);
    if (viewer === null || !p) return;
    const n = game.players;
    if (exchanged && 'left' in p && (s + 1) % n === viewer) known.add(p.left);
    if (exchanged && 'left' in p && (s + n - 1) % n === viewer) known.add(p.right);
    if (exchanged && 'hidden' in p && s !== viewer) known.add(p.hidden);
  });
  if (viewer !== null) for (const c of round.hands[viewer]) known.add(c);
  return new Set(deckFor(game.players).filter((c) => !known.has(c)));
}

/**
 * The cards still out for a viewer, worked out from the log: the deck less the round's
 * plays, the viewer's dealt hand and face-up row as they stand, and its own devil cards.
 */
function stillOut(game: Game, viewer: number | null): Rank[] {
  const round = game.log[game.log.length - 1];
  const own = new Set<Rank>(round.plays);
  if (viewer !== null) {
    const mine = view(game, viewer);
    for (const c of [...mine.hand!, ...(mine.faceUp?.[viewer] ?? []), ...(round.passes[viewer]?.devil ?? [])])
      own.add(c);
  }
  return deckFor(game.players).filter((c) => !own.has(c));
}

/** An action the rules forbid right now, of a randomly chosen kind, or null if that kind does not apply. */
function illegalAction(game: Game, rng: Rng): Action | null {
  const n = game.players;
  const toAct = game.toAct();
  const seat = toAct.length > 0 ? toAct[rng.below(toAct.length)] : rng.below(n);
  const mine = view(game, seat);
  const held = [...mine.hand!, ...(mine.faceUp ? mine.faceUp[seat] : [])];
  const notHeld = deckFor(n).filter((c) => !held.includes(c));
  switch (rng.below(7)) {
    case 0: {
      // Someone whose turn it is not plays one of its own cards.
      const others = Array.from({ length: n }, (_, s) => s).filter((s) => !toAct.includes(s) || game.phase !== 'play');
      if (others.length === 0) return null;
      const other = others[rng.below(others.length)];
      const hand = view(game, other).hand!;
      return hand.length > 0 ? { type: 'play', seat: other, card: hand[0] } : { type: 'play', seat: other, card: 1 };
    }
    case 1:
      return { type: 'play', seat, card: notHeld[rng.below(notHeld.length)] };
    case 2: {
      // A card off the led suit while holding it.
      if (game.phase !== 'play' || !mine.trick.ledSuit) return null;
      const off = held.filter((c) => suitOf(c) !== mine.trick.ledSuit);
      if (off.length === 0 || off.length === held.length) return null;
      return { type: 'play', seat, card: off[rng.below(off.length)] };
    }
    case 3:
      // A pass outside the passing step, or a second pass, or a pass of a card not held.
      if (game.phase === 'pass' && !mine.passed[seat] && mine.hand!.length > 0) {
        const pass = randomPass(game, seat, rng);
        return { type: 'pass', seat, pass: { ...pass, devil: [...pass.devil.slice(1), notHeld[0]] } };
      }
      return {
        type: 'pass',
        seat,
        pass:
          n === 2
            ? { faceUp: held[0] ?? 1, hidden: held[1] ?? 2, devil: [3, 4] }
            : { left: held[0] ?? 1, right: held[1] ?? 2, devil: [3] },
      };
    case 4:
      return { type: 'play', seat: n, card: held[0] ?? 1 };
    case 5:
      // A pass with the wrong number of devil cards.
      if (game.phase !== 'pass' || mine.passed[seat]) return null;
      return {
        type: 'pass',
        seat,
        pass: { ...randomPass(game, seat, rng), devil: game.devilCount(seat) === 0 ? [mine.hand![0]] : [] },
      };
    default:
      // During passing nobody plays; during play only legal cards.
      if (game.phase === 'pass') return { type: 'play', seat, card: mine.hand![0] };
      return null;
  }
}
