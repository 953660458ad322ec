/** `bottle-imp tournament`: bots against bots on duplicate deals, with confidence intervals. */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import type { Mode } from '../../engine/index.js';
import { ArgError, type Command, tableFlags, withArgErrors, wholeNumber } from '../io.js';
import { plural } from '../text.js';
import { isSeatName, type TournamentSpec } from '../tournament/match.js';
import { ProgressBar, ProgressLines } from '../tournament/progress.js';
import { runDeals } from '../tournament/run.js';
import { reportOf, type TournamentReport } from '../tournament/stats.js';

const HELP = `Usage: bottle-imp tournament --players N --seats A,B,... --hands H [options]

Plays hands (single rounds) between bots on duplicate deals: each deal is played once per
seat rotation, so every bot gets every seat's cards, and reports per bot the mean points
per hand with a 95% confidence interval (over deals), the share of hands won, how often it
ends a hand holding a bottle, and its decision time.
  --players N      2 to 6
  --seats LIST     one bot per seat, comma-separated: random, heuristic, ismcts, oracle,
                   or a level (easy, medium, hard, expert)
  --hands H        hands to play at least (rounded up to whole deals of N rotations)
  --seed S         whole number (default 1); the same seed gives the same deals
  --mode M         individual (default), 2-1-1 (4 players), 2-2-1 (5), 2-2-2 or 2-2-1-1 (6)
  --iterations I   search iterations per decision for ismcts and oracle (default: theirs)
  --ms T           or a time limit per decision in milliseconds (not reproducible)
  --workers W      worker threads (default: one per core)
  --records DIR    save every hand as a bottle-imp/1 record in DIR
  --json           print the report as JSON
With fewer than 2 deals the interval is unknown (null in the JSON). The header and the
progress go to standard error: a bar on a terminal, else a line every 10 seconds.
Records name each entrant by its bot and place in --seats ("heuristic #3").
Ctrl-C stops the run and reports the deals finished so far.`;

export const tournament: Command = {
  summary: 'play bots against each other on duplicate deals and compare them',
  run: (argv) =>
    withArgErrors('tournament', async () => {
      const { values } = parseArgs({
        args: argv,
        options: {
          players: { type: 'string' },
          seats: { type: 'string' },
          hands: { type: 'string' },
          seed: { type: 'string', default: '1' },
          mode: { type: 'string', default: 'individual' },
          iterations: { type: 'string' },
          ms: { type: 'string' },
          workers: { type: 'string' },
          records: { type: 'string' },
          json: { type: 'boolean', default: false },
          help: { type: 'boolean', short: 'h' },
        },
      });
      if (values.help) {
        process.stdout.write(HELP + '\n');
        return 0;
      }
      const { players, mode } = tableFlags(values);
      if (values.seats === undefined) throw new ArgError('--seats is required (one bot per seat, e.g. ismcts,heuristic,heuristic,heuristic)');
      const seats = values.seats.split(',').map((s) => s.trim());
      if (seats.length !== players) throw new ArgError(`--seats must name ${players} bots, one per seat, not ${seats.length}`);
      const unknown = seats.find((s) => !isSeatName(s));
      if (unknown !== undefined) throw new ArgError(`unknown bot "${unknown}" in --seats (random, heuristic, ismcts, oracle, easy, medium, hard, expert)`);
      const hands = wholeNumber(values.hands, 'hands', 1, 10_000_000);
      const seed = wholeNumber(values.seed, 'seed', 0, 2 ** 32 - 1);
      const budget = {
        ...(values.iterations !== undefined ? { iterations: wholeNumber(values.iterations, 'iterations', 1) } : {}),
        ...(values.ms !== undefined ? { ms: wholeNumber(values.ms, 'ms', 1) } : {}),
      };
      const workers = values.workers === undefined ? availableParallelism() : wholeNumber(values.workers, 'workers', 1, 256);
      const spec: TournamentSpec = { players, mode, seats, seed, budget, records: values.records ?? null };
      const deals = Math.ceil(hands / players);
      // The header at once, then progress: a bar on a terminal, else a line every 10 s.
      process.stderr.write(`bottle-imp: tournament: ${header(players, mode, deals, seed)} on ${plural(Math.min(workers, deals), 'worker')}\n`);
      const bar = process.stderr.isTTY ? new ProgressBar(deals * players, 'hands') : new ProgressLines(deals, 'deals', 'bottle-imp: tournament: ');
      // Ctrl-C stops handing out deals and reports the ones finished.
      const stop = new AbortController();
      const interrupt = (): void => stop.abort();
      process.once('SIGINT', interrupt);
      const results = await runDeals(spec, deals, workers, (done) => (bar instanceof ProgressBar ? bar.update(done * players) : bar.update(done)), stop.signal).finally(() => process.off('SIGINT', interrupt));
      if (bar instanceof ProgressBar) bar.finish();
      if (results.length === 0) throw new ArgError('interrupted before any deal was finished');
      if (stop.signal.aborted) process.stderr.write(`bottle-imp: tournament: interrupted; reporting the ${results.length * players} hands of the ${results.length} deals finished\n`);
      const report = reportOf(players, seats, results);
      process.stdout.write(values.json ? JSON.stringify(report) + '\n' : formatReport(report, mode, seed));
      return 0;
    }),
};

/** "4 players, individual, 200 hands (50 deals × 4 seat rotations), seed 1". */
function header(players: number, mode: Mode, deals: number, seed: number): string {
  return `${players} players, ${mode}, ${plural(deals * players, 'hand')} (${plural(deals, 'deal')} × ${players} seat rotations), seed ${seed}`;
}

/** "[+1.20, +3.40]", or "unknown" when one deal gave no spread to measure. */
function interval(ci: readonly [number, number] | null): string {
  if (ci === null) return 'unknown (1 deal)';
  const signed = (x: number): string => (x >= 0 ? '+' : '') + x.toFixed(2);
  return `[${signed(ci[0])}, ${signed(ci[1])}]`;
}

function formatReport(r: TournamentReport, mode: Mode, seed: number): string {
  const signed = (x: number): string => (x >= 0 ? '+' : '') + x.toFixed(2);
  const pct = (x: number): string => (100 * x).toFixed(1) + '%';
  const lines = [header(r.players, mode, r.hands / r.players, seed), ''];
  lines.push(`${'bot'.padEnd(10)} ${'points/hand'.padStart(11)}  ${'95% interval'.padEnd(18)} ${'won'.padStart(6)} ${'bottle'.padStart(7)}  decision ms median / p99`);
  for (const b of r.bots) {
    lines.push(`${b.name.padEnd(10)} ${signed(b.meanPoints).padStart(11)}  ${interval(b.ci95).padEnd(18)} ${pct(b.winShare).padStart(6)} ${pct(b.bottleRate).padStart(7)}  ${b.decisionMs.median.toFixed(2)} / ${b.decisionMs.p99.toFixed(2)}`);
  }
  if (r.difference) {
    const d = r.difference;
    lines.push('', `${d.a} minus ${d.b}, paired by deal: ${signed(d.mean)} points per hand, 95% interval ${interval(d.ci95)}`);
  }
  return lines.join('\n') + '\n';
}
