/**
 * The bots' anchors (docs/ratings.md, "Anchors"; BENCHMARKS.md, "Ratings: the anchors"):
 * the levels, and `random` standing in for a careless person, play each other on duplicate
 * deals through the tournament's machinery (src/cli/tournament: the same deal once per
 * rotation of the line-up), each pool in its own table size: 2p, 3p and 4p by the five
 * line-ups of that many entrants in a row of a ring of them, 5-6p five-handed, teams as 2-1-1 (one round a hand, so
 * its pair is a team for the hand). Every hand's ranking is rated with openskill as the
 * server rates a game, the entrants all starting as newcomers, in a random order of the
 * hands; each level's μ is the mean over `--orders` orders, its interval the 2.5–97.5 %
 * range over `--resamples` bootstrap resamples of the deals. Writes anchors.json (σ: the
 * bootstrap's standard deviation, at least 0.5) and prints the table for BENCHMARKS.md.
 *
 *   npm run bench:ratings                # a short run: a few minutes on a loaded machine
 *   npm run bench:ratings -- --long      # ten times the deals
 *   npm run bench:ratings -- --deals 4   # deals per line-up
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { type Rating, rate } from 'openskill';
import type { DealResult, TournamentSpec } from '../../src/cli/tournament/match.js';
import { runDeals } from '../../src/cli/tournament/run.js';
import { Game, type Mode, type PlayerCount, teamsFor } from '../../src/engine/index.js';
import type { AnchorFile } from '../../src/server/ratings/anchors.js';
import type { Pool } from '../../src/server/ratings/pool.js';
import { displayed, isProvisional } from '../../src/server/ratings/scale.js';
import { type BotLevel, LEVELS, RATING_POOLS } from '../../src/values/index.js';
import { wholeOption } from '../options.js';

const LONG = process.argv.includes('--long');
const DEALS = wholeOption('deals', LONG ? 10 : 1);
const ORDERS = wholeOption('orders', 20);
const RESAMPLES = wholeOption('resamples', 100);
const WORKERS = wholeOption('workers', Math.max(1, Math.min(2, os.availableParallelism() - 1)));
const SEED = 20_261_206;
// dist/bench-build/bench/ratings: four levels up is the repository.
const ANCHORS_FILE = new URL('../../../../src/server/ratings/anchors.json', import.meta.url);

const ENTRANTS = ['random', ...LEVELS] as const;
type Entrant = (typeof ENTRANTS)[number];

/** How each pool is played: table size, mode, and the line-ups. */
const POOLS: Record<Pool, { players: PlayerCount; mode: Mode; lineups: Entrant[][] }> = {
  '2p': { players: 2, mode: 'individual', lineups: windows(2) },
  '3p': { players: 3, mode: 'individual', lineups: windows(3) },
  '4p': { players: 4, mode: 'individual', lineups: windows(4) },
  '5-6p': { players: 5, mode: 'individual', lineups: windows(5).slice(0, 1) },
  teams: { players: 4, mode: '2-1-1', lineups: windows(4) },
};

/** The entrants' line-ups of k: every k in a row of the entrants in a ring (each entrant in k of them). */
function windows(k: number): Entrant[][] {
  return ENTRANTS.map((_, i) => Array.from({ length: k }, (_, j) => ENTRANTS[(i + j) % ENTRANTS.length]));
}

/** One hand as openskill rates it: its teams of entrants and their ranks. */
interface Hand {
  readonly teams: Entrant[][];
  readonly ranks: number[];
}

/** The hands of a deal: per rotation, seats grouped by the hand's teams, ranked by points (ties share). */
function handsOf(deal: DealResult, spec: TournamentSpec): Hand[] {
  const game = Game.create({ players: spec.players, mode: spec.mode, rounds: 1 }, SEED + deal.deal);
  if (!game.ok) throw new Error(game.error.message);
  const letters = teamsFor(spec.mode, spec.players, game.value.snapshot().firstPlayer);
  return deal.hands.map((seats) => {
    const groups = new Map<string, number[]>();
    seats.forEach((_, s) => {
      const key = letters ? letters[s] : String(s);
      groups.set(key, [...(groups.get(key) ?? []), s]);
    });
    const teams = [...groups.values()];
    const points = teams.map((team) => seats[team[0]].points);
    return {
      teams: teams.map((team) => team.map((s) => seats[s].bot as Entrant)),
      ranks: points.map((p) => 1 + points.filter((o) => o > p).length),
    };
  });
}

/** Every entrant's μ after rating the hands in this order, all starting as newcomers. */
function ratedInOrder(hands: readonly Hand[]): Map<Entrant, Rating> {
  const ratings = new Map<Entrant, Rating>(ENTRANTS.map((e) => [e, { mu: 25, sigma: 25 / 3 }]));
  for (const hand of hands) {
    const after = rate(
      hand.teams.map((team) => team.map((e) => ratings.get(e)!)),
      { rank: hand.ranks },
    );
    for (const [t, team] of hand.teams.entries()) for (const [i, e] of team.entries()) ratings.set(e, after[t][i]);
  }
  return ratings;
}

let random = 0x9e3779b9;
/** A small deterministic generator (mulberry32), so that a run can be repeated. */
function next(): number {
  random = (random + 0x6d2b79f5) >>> 0;
  let t = random;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}

function shuffled<T>(xs: readonly T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Mean μ per entrant over ORDERS random orders of the hands. */
function meanMu(hands: readonly Hand[]): Map<Entrant, number> {
  const sums = new Map<Entrant, number>(ENTRANTS.map((e) => [e, 0]));
  for (let o = 0; o < ORDERS; o++)
    for (const [e, r] of ratedInOrder(shuffled(hands))) sums.set(e, sums.get(e)! + r.mu / ORDERS);
  return sums;
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function measure(pool: Pool) {
  const { players, mode, lineups } = POOLS[pool];
  const deals: Hand[][] = [];
  for (const [i, seats] of lineups.entries()) {
    const spec: TournamentSpec = { players, mode, seats, seed: SEED + 1000 * i, records: null };
    for (const d of await runDeals(spec, DEALS, WORKERS, () => undefined))
      deals.push(handsOf({ ...d, deal: d.deal + 1000 * i }, spec));
  }
  const mu = meanMu(deals.flat());
  // Fewer orders per resample: the resamples' spread is the interval, not the orders'.
  const boot = new Map<Entrant, number[]>(ENTRANTS.map((e) => [e, []]));
  for (let b = 0; b < RESAMPLES; b++) {
    const sample = deals.map(() => deals[Math.floor(next() * deals.length)]);
    for (const [e, r] of ratedInOrder(shuffled(sample.flat()))) boot.get(e)!.push(r.mu);
  }
  const rows = ENTRANTS.map((e) => {
    const xs = boot.get(e)!.sort((a, b) => a - b);
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / xs.length);
    return { entrant: e, mu: mu.get(e)!, sd, lo: quantile(xs, 0.025), hi: quantile(xs, 0.975) };
  });
  return { pool, hands: deals.flat().length, rows };
}

const started = Date.now();
const results = [];
for (const pool of RATING_POOLS) {
  const r = await measure(pool);
  results.push(r);
  process.stderr.write(`${pool}: ${r.hands} hands, ${((Date.now() - started) / 1000).toFixed(0)} s so far\n`);
}

const file: AnchorFile = {
  measured: `npm run bench:ratings${LONG ? ' -- --long' : ''} (${DEALS} deal${DEALS === 1 ? '' : 's'} a line-up), ${new Date().toISOString().slice(0, 10)}`,
  pools: Object.fromEntries(
    results.map((r) => [
      r.pool,
      Object.fromEntries(
        r.rows
          .filter((row) => (LEVELS as readonly string[]).includes(row.entrant))
          .map((row) => [
            row.entrant,
            { mu: Number(row.mu.toFixed(3)), sigma: Number(Math.max(0.5, row.sd).toFixed(3)) },
          ]),
      ) as Record<BotLevel, Rating>,
    ]),
  ) as AnchorFile['pools'],
};
writeFileSync(ANCHORS_FILE, `${JSON.stringify(file, null, 2)}\n`);

const show = (mu: number) => displayed({ mu, sigma: 0 });
console.log(`| pool | hands | ${ENTRANTS.join(' | ')} |`);
console.log(`|---|---|${ENTRANTS.map(() => '---').join('|')}|`);
for (const r of results)
  console.log(
    `| ${r.pool} | ${r.hands} | ${r.rows.map((row) => `${show(row.mu)} (${show(row.lo)}–${show(row.hi)})`).join(' | ')} |`,
  );
// A new player's figure over a sequence of 4-player games against the medium, hard and
// expert anchors just measured: always first, always last, first and last in turn, second.
const four = file.pools['4p'];
const opponents = [four.medium, four.hard, four.expert];
const sequences: [string, (game: number) => number][] = [
  ['always first', () => 1],
  ['always last', () => 4],
  ['first, last, first…', (g) => (g % 2 === 0 ? 1 : 4)],
  ['second every game', () => 2],
];
for (const [name, place] of sequences) {
  let me: Rating = { mu: 25, sigma: 25 / 3 };
  const figures: string[] = [];
  for (let g = 0; g < 20; g++) {
    const mine = place(g);
    const others = [1, 2, 3, 4].filter((p) => p !== mine);
    me = rate([[me], ...opponents.map((o) => [o])], { rank: [mine, ...others] })[0][0];
    if ([0, 1, 2, 4, 9, 19].includes(g)) figures.push(`${g + 1}: ${displayed(me)}${isProvisional(me) ? '?' : ''}`);
  }
  console.log(`4p, ${name}: ${figures.join(', ')}`);
}
console.log(
  `\n${((Date.now() - started) / 1000).toFixed(0)} s, ${WORKERS} worker threads, ${os.cpus()[0]?.model ?? 'unknown CPU'}`,
);
