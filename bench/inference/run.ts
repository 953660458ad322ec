/**
 * `npm run bench:inference`: how near the searches' deals come to the truth. Games of
 * `medium` bots (seeds 1000 + g) are played; at each of seat 1's play decisions in the
 * first seven tricks, 200 plain samples and 200 samples fitted to the passes
 * (PassEvidence) are drawn, both weighed by the other seats' plays (playLikelihood), as
 * the searches draw them. Prints JSON, per trick: the devil's trick's points in each kind
 * of deal and in truth, how many of the unseen cards of rank 12 or less each kind places where they
 * really are, and the fitted pool's effective size (Σw)²/Σw².
 *
 * Options: --players N (3) --games G (40).
 */

import { type Bot, botForLevel, playBotTurns } from '../../src/bots/index.js';
import { PassEvidence, playLikelihood } from '../../src/bots/inference.js';
import { Sampler } from '../../src/bots/sampler.js';
import {
  type CardId,
  Game,
  hasCard,
  type PlayerCount,
  RANK,
  Rng,
  type Round,
  searchPosition,
  setPoints,
  type TableView,
} from '../../src/engine/index.js';
import { wholeOption } from '../options.js';

const PLAYERS = wholeOption('players', 3) as PlayerCount;
const GAMES = wholeOption('games', 40);
const DEALS = 200;
const TRICKS = 7;
/** Cards of this rank or lower buy bottles: where they are matters most. */
const LOW_RANK = 12;

/** Where a card is in a round: a seat's hidden hand, or -1 (the devil's trick). */
function holder(r: Round, id: CardId): number {
  for (let s = 0; s < r.n; s++) if (hasCard(r.handLo[s], r.handHi[s], id)) return s;
  return -1;
}

/** Normalised weights from log-likelihoods, and their effective sample size. */
function weights(logs: number[]): { w: number[]; ess: number } {
  const top = Math.max(...logs);
  const raw = logs.map((l) => Math.exp(l - top));
  const sum = raw.reduce((a, b) => a + b, 0);
  return { w: raw.map((x) => x / sum), ess: sum ** 2 / raw.reduce((a, b) => a + b * b, 0) };
}

interface Row {
  positions: number;
  lowUnseen: number;
  devil: { plain: number; fitted: number; truth: number };
  placedRight: { plain: number; fitted: number };
  fittedEss: number;
}

const rows: Row[] = Array.from({ length: TRICKS }, () => ({
  positions: 0,
  lowUnseen: 0,
  devil: { plain: 0, fitted: 0, truth: 0 },
  placedRight: { plain: 0, fitted: 0 },
  fittedEss: 0,
}));

for (let g = 0; g < GAMES; g++) {
  const created = Game.create({ players: PLAYERS, mode: 'individual', rounds: 1 }, 1000 + g);
  if (!created.ok) throw new Error(created.error.message);
  const game = created.value;
  const bots = Array.from({ length: PLAYERS }, (_, s) => botForLevel('medium', 77 + 10 * g + s));
  const watched: Bot = {
    name: 'watched',
    decide(v) {
      if (v.phase === 'play' && v.tricks.length < TRICKS) measure(v, game.snapshot(), rows[v.tricks.length], g);
      return bots[0].decide(v);
    },
  };
  playBotTurns(game, [watched, ...bots.slice(1)]);
}

function measure(v: TableView, truth: Round, row: Row, g: number): void {
  const known = searchPosition(v);
  const sampler = new Sampler(known);
  const evidence = PassEvidence.of(known, sampler);
  const rng = new Rng(5 + g);
  const replay = known.round.clone();
  const deal = known.round.clone();
  const assignment = new Int8Array(sampler.cards.length);
  const low = sampler.cards.filter((id) => RANK[id] <= LOW_RANK);
  const kinds = { plain: [] as number[][], fitted: [] as number[][] };
  for (let k = 0; k < DEALS; k++) {
    for (const kind of ['plain', 'fitted'] as const) {
      sampler.assign(rng, assignment);
      if (kind === 'fitted') evidence?.fit(assignment);
      sampler.place(assignment, deal);
      const right = low.filter((id) => holder(deal, id) === holder(truth, id)).length;
      kinds[kind].push([playLikelihood(known, deal, replay, rng), setPoints(deal.devilLo, deal.devilHi), right]);
    }
  }
  row.positions++;
  row.lowUnseen += low.length;
  row.devil.truth += setPoints(truth.devilLo, truth.devilHi);
  for (const kind of ['plain', 'fitted'] as const) {
    const { w, ess } = weights(kinds[kind].map((x) => x[0]));
    row.devil[kind] += kinds[kind].reduce((sum, x, i) => sum + x[1] * w[i], 0);
    row.placedRight[kind] += kinds[kind].reduce((sum, x, i) => sum + x[2] * w[i], 0);
    if (kind === 'fitted') row.fittedEss += ess;
  }
}

const mean = (x: number, n: number) => Math.round((x / n) * 100) / 100;
console.log(
  JSON.stringify({
    players: PLAYERS,
    games: GAMES,
    deals: DEALS,
    tricks: rows.map((r, trick) => ({
      trick: trick + 1,
      positions: r.positions,
      lowUnseen: mean(r.lowUnseen, r.positions),
      devilPoints: {
        plain: mean(r.devil.plain, r.positions),
        fitted: mean(r.devil.fitted, r.positions),
        truth: mean(r.devil.truth, r.positions),
      },
      placedRight: { plain: mean(r.placedRight.plain, r.positions), fitted: mean(r.placedRight.fitted, r.positions) },
      fittedEss: mean(r.fittedEss, r.positions),
    })),
  }),
);
