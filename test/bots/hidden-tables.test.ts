/**
 * The twin-deal test at every table: for each player count and mode, at a pass and at
 * points during the play, a twin game is built that differs from the real one only in
 * where two cards lie that the deciding seat cannot see (exchanged everywhere: in the
 * dealt hands, in the other seats' passes, in the devil's trick). Both games give the
 * seat the same view, and every bot decides the same in both. The cards exchanged are of
 * one suit and not played yet, so every card played so far stays legal in the twin.
 */
import { describe, expect, test } from 'vitest';
import { type Bot, botForLevel, createBot } from '../../src/bots/index.js';
import {
  type Action,
  cardId,
  Game,
  hasCard,
  type Mode,
  modesFor,
  type PassChoice,
  type PlayerCount,
  type Rank,
  type Round,
  type RoundLog,
  type SidePass,
  suitOf,
  type TableView,
  type TwoPlayerPass,
  view,
} from '../../src/engine/index.js';
import { must, playGame } from './helpers.js';

const TABLES: [PlayerCount, Mode][] = ([2, 3, 4, 5, 6] as PlayerCount[]).flatMap((n) =>
  modesFor(n).map((m): [PlayerCount, Mode] => [n, m]),
);

const BOTS: [string, () => Bot][] = [
  ['heuristic', () => createBot('heuristic', { seed: 5 })],
  ['easy', () => botForLevel('easy', 5)],
  ['ismcts', () => createBot('ismcts', { seed: 5, budget: { iterations: 150 } })],
];

/** Ranks x and y exchanged wherever they occur in a deal's hands, rows and passes. */
function exchange(log: RoundLog, x: Rank, y: Rank) {
  const swap = (r: Rank): Rank => (r === x ? y : r === y ? x : r);
  const passOf = (p: PassChoice | null): PassChoice | null => {
    if (p === null) return null;
    if ('faceUp' in p) {
      const two = p as TwoPlayerPass;
      return { faceUp: swap(two.faceUp), hidden: swap(two.hidden), devil: two.devil.map(swap) };
    }
    const side = p as SidePass;
    return { left: swap(side.left), right: swap(side.right), devil: side.devil.map(swap) };
  };
  return {
    hands: log.hands.map((h) => h.map(swap)),
    faceUp: log.faceUp?.map((row) => row.map(swap)),
    passes: log.passes.map(passOf),
  };
}

/** The same game replayed from a deal: the passes made, then the plays in order. */
function replay(
  players: PlayerCount,
  mode: Mode,
  dealer: number,
  deal: ReturnType<typeof exchange>,
  plays: readonly Rank[],
): Game {
  const g = must(Game.awaitingDeals({ players, mode, rounds: 1 }));
  must(g.deal({ dealer, hands: deal.hands, ...(deal.faceUp ? { faceUp: deal.faceUp } : {}) }));
  deal.passes.forEach((pass, seat) => {
    if (pass) must(g.apply({ type: 'pass', seat, pass }));
  });
  for (const card of plays) must(g.apply({ type: 'play', seat: g.toAct()[0], card }));
  return g;
}

/** Where a card lies in a round: a seat's hand or row, or -1 for the devil's trick. */
function holder(r: Round, rank: Rank): number {
  const id = cardId(rank);
  for (let s = 0; s < r.n; s++) if (hasCard(r.handLo[s] | r.upLo[s], r.handHi[s] | r.upHi[s], id)) return s;
  return -1;
}

/** Cards the seat cannot place: outstanding, not in a face-up row, not passed by the seat. */
function unseen(v: TableView): Rank[] {
  const mine = v.myPass ? Object.values(v.myPass).flat() : [];
  const rows = v.faceUp?.flat() ?? [];
  return v.outstanding.filter((r) => !mine.includes(r) && !rows.includes(r));
}

/** A twin of `real` for the seat to act, or null if no two unseen cards of one suit lie in different places. */
function twinOf(real: Game, players: PlayerCount, mode: Mode, seat: number): Game | null {
  const log = real.log[0];
  const cards = unseen(view(real, seat));
  const truth = real.snapshot();
  for (const x of cards) {
    for (const y of cards) {
      if (x >= y || suitOf(x) !== suitOf(y) || holder(truth, x) === holder(truth, y)) continue;
      return replay(players, mode, log.dealer, exchange(log, x, y), log.plays);
    }
  }
  return null;
}

describe('bots see only their view, at every table', () => {
  test.each(TABLES)('%i players, %s: twin deals give the same view and the same decisions', (players, mode) => {
    let checked = 0;
    const cardsPerRound = must(Game.create({ players, mode, rounds: 1 }, 1)).log[0].hands.flat().length;
    // A pass (step 0), the first lead, and two points later in the play.
    for (const steps of [
      0,
      players,
      players + Math.floor(cardsPerRound / 3),
      players + Math.floor(cardsPerRound / 2),
    ]) {
      const real = playGame(
        { players, mode, rounds: 1 },
        40 + steps,
        (s) => createBot('heuristic', { seed: s }),
        steps,
      );
      if (real.phase === 'over') continue;
      const seat = real.toAct()[0];
      const twin = twinOf(real, players, mode, seat);
      if (!twin) continue;
      expect(twin.snapshot().handLo).not.toEqual(real.snapshot().handLo);
      expect(view(twin, seat)).toEqual(view(real, seat));
      for (const [, make] of BOTS) {
        const decide = (g: Game): Action => make().decide(view(g, seat));
        expect(decide(twin)).toEqual(decide(real));
      }
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(3);
  });
});
