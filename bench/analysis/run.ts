/**
 * `npm run bench:analysis`: how long `bottle-imp analyse` takes and how stable its
 * verdicts are. A 4-player game of 8 rounds is played by the hard bots (seed 1); it is
 * analysed at the default budget for all seats and for one seat (this thread only, so
 * one core; CPU seconds are given beside wall-clock seconds because the machine may be
 * shared), and again for all seats with a second seed; prints JSON with the times and
 * the share of decisions whose class differs between the two seeds.
 *
 * Options: --rounds R (8) --iterations N (the default budget).
 */
import { loadavg } from 'node:os';
import { ANALYSIS_DEFAULT_ITERATIONS, type Analysis, analyseRecord } from '../../src/analysis/index.js';
import { botForLevel } from '../../src/bots/index.js';
import { Game, view } from '../../src/engine/index.js';
import { type GameRecord, recordOf } from '../../src/record/index.js';
import { wholeOption } from '../options.js';

const ROUNDS = wholeOption('rounds', 8);
const ITERATIONS = wholeOption('iterations', ANALYSIS_DEFAULT_ITERATIONS);

function botGame(): GameRecord {
  const created = Game.create({ players: 4, rounds: ROUNDS }, 1);
  if (!created.ok) throw new Error(created.error.message);
  const game = created.value;
  const bots = [0, 1, 2, 3].map((s) => botForLevel('hard', 10 + s));
  while (game.phase !== 'over') {
    const s = game.toAct()[0];
    const applied = game.apply(bots[s].decide(view(game, s)));
    if (!applied.ok) throw new Error(applied.error.message);
  }
  return recordOf(game, ['A', 'B', 'C', 'D']);
}

/** Wall-clock seconds, and CPU seconds of this process (what one uncontended core would take, on a shared machine). */
function timed(
  record: GameRecord,
  seat: number | undefined,
  seed: number,
): { analysis: Analysis; seconds: number; cpuSeconds: number } {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = analyseRecord(record, { seat, iterations: ITERATIONS, seed });
  if (!result.ok) throw new Error(result.error);
  const used = process.cpuUsage(cpu);
  return {
    analysis: result.value,
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: (used.user + used.system) / 1e6,
  };
}

const record = botGame();
const all = timed(record, undefined, 1);
const one = timed(record, 0, 1);
const again = timed(record, undefined, 2);
const unforced = all.analysis.decisions
  .map((d, i) => ({ a: d.class, b: again.analysis.decisions[i].class }))
  .filter((p) => p.a !== 'forced');
const changed = unforced.filter((p) => p.a !== p.b);
const classes = (a: Analysis): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (const d of a.decisions) counts[d.class] = (counts[d.class] ?? 0) + 1;
  return counts;
};
const [load1] = loadavg();
console.log(
  JSON.stringify(
    {
      game: `4 players, ${ROUNDS} rounds, hard bots (seed 1)`,
      iterations: ITERATIONS,
      decisions: all.analysis.decisions.length,
      allSeatsSeconds: Number(all.seconds.toFixed(1)),
      allSeatsCpuSeconds: Number(all.cpuSeconds.toFixed(1)),
      oneSeatSeconds: Number(one.seconds.toFixed(1)),
      oneSeatCpuSeconds: Number(one.cpuSeconds.toFixed(1)),
      secondSeedSeconds: Number(again.seconds.toFixed(1)),
      secondSeedCpuSeconds: Number(again.cpuSeconds.toFixed(1)),
      classesSeed1: classes(all.analysis),
      classesSeed2: classes(again.analysis),
      unforced: unforced.length,
      classChanged: changed.length,
      classChangedShare: Number((changed.length / unforced.length).toFixed(3)),
      changes: changed.map((p) => `${p.a}→${p.b}`),
      loadAverage1m: load1,
    },
    null,
    2,
  ),
);
