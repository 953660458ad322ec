/** `bottle-imp tournament`: bots against bots on duplicate deals, with confidence intervals. */
import { availableParallelism } from 'node:os';
import type { Mode, PlayerCount } from '../../engine/index.js';
import { ProgramFailure } from '../botproto/program.js';
import { ArgError, type Command, parseFlags, positiveNumber, tableFlags, wholeNumber, withArgErrors } from '../io.js';
import { plural } from '../text.js';
import { resolveBaselineCommit } from '../tournament/baseline.js';
import { isProgramSeat, isSeatName, type TournamentSpec } from '../tournament/match.js';
import { ProgressBar, ProgressLines } from '../tournament/progress.js';
import { runDeals } from '../tournament/run.js';
import { forfeitLines, reportOf, type TournamentReport } from '../tournament/stats.js';
import { formatStrength, runStrength, type Standing } from '../tournament/strength.js';

const DEFAULT_GAIN = 3;
const DEFAULT_CAP = 20_000;

const HELP = `Usage: bottle-imp tournament --players N --seats A,B,... --hands H [options]
       bottle-imp tournament --baseline REF --players N [--bot B] [--against A] [--gain G] [options]

Plays hands (single rounds) between bots on duplicate deals: each deal is played once per
seat rotation, so every bot gets every seat's cards, and reports per bot the mean points
per hand with a 95% confidence interval (over deals), the share of hands won, how often it
ends a hand holding a bottle, and its decision time.
  --players N      2 to 6
  --seats LIST     one bot per seat, comma-separated: random, heuristic, ismcts, oracle,
                   a level (easy, medium, hard, expert), or cmd:COMMAND, a program that
                   speaks bottle-imp-bot/1 (docs/bot-protocol.md), e.g. "cmd:python3 bot.py"
                   (each worker starts its own copy; the command has no comma)
  --hands H        hands to play at least (rounded up to whole deals of N rotations)
  --seed S         whole number (default 1); the same seed gives the same deals
  --mode M         individual (default), 2-1-1 (4 players), 2-2-1 (5), 2-2-2 or 2-2-1-1 (6)
  --iterations I   search iterations per decision for ismcts and oracle (default: theirs)
  --ms T           or a time limit per decision in milliseconds (not reproducible)
  --workers W      worker threads (default: one per core)
  --records DIR    save every hand as a bottle-imp/1 record in DIR
  --json           print the report as JSON
  --bot-timeout S  seconds a program has per decision (default 10)
  --forfeit        a program that fails plays the random bot for the rest of that hand,
                   and the hand is marked; without it, a failure stops the run (exit 2)
  --verbose        show the programs' standard error
With fewer than 2 deals the interval is unknown (null in the JSON). The header and the
progress go to standard error: a bar on a terminal, else a line every 10 seconds.
Records name each entrant by its bot and place in --seats ("heuristic #3").
Ctrl-C stops the run and reports the deals finished so far.

A strength test against a frozen baseline (docs/bots.md): --baseline REF (a name in
bench/strength/baselines.json such as bots-v1, or a git revision) plays the working
tree's bot (or a program) in one seat against REF's bot in the others, and stops by a
sequential test (SPRT, alpha = beta = 0.05, H0: no gain, H1: a gain of G) or at the cap:
  --bot B          a bot or level, or cmd:COMMAND, as in --seats (default heuristic)
  --against A      REF's bot or level in the other seats (default: B; heuristic when
                   B is a program)
  --gain G         points per hand that H1 claims (default ${DEFAULT_GAIN})
  --hands H        the cap (default ${DEFAULT_CAP})
It reports the difference in points per hand with its 95% interval, the hands played
and the verdict. --bot-timeout, --forfeit and --verbose work here as well.`;

export const tournament: Command = {
  summary: 'play bots against each other on duplicate deals and compare them',
  run: (argv) => withArgErrors('tournament', () => withProgramFailures(() => play(argv))),
};

/** A program's failure (without --forfeit) ends the run: its one line, exit status 2. */
async function withProgramFailures(body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (e) {
    if (!(e instanceof ProgramFailure)) throw e;
    process.stderr.write(`bottle-imp: tournament: ${e.line}\n`);
    return 2;
  }
}

async function play(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, {
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
    baseline: { type: 'string' },
    bot: { type: 'string' },
    against: { type: 'string' },
    gain: { type: 'string' },
    'bot-timeout': { type: 'string' },
    forfeit: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    process.stdout.write(HELP + '\n');
    return 0;
  }
  const { players, mode } = tableFlags(values);
  if (values.baseline !== undefined) return strength(values, players, mode);
  if (values.bot !== undefined || values.against !== undefined || values.gain !== undefined)
    throw new ArgError('--bot, --against and --gain belong to a strength test: give --baseline REF');
  if (values.seats === undefined)
    throw new ArgError('--seats is required (one bot per seat, e.g. ismcts,heuristic,heuristic,heuristic)');
  const seats = values.seats.split(',').map((s) => s.trim());
  if (seats.length !== players)
    throw new ArgError(`--seats must name ${players} bots, one per seat, not ${seats.length}`);
  const unknown = seats.find((s) => !isSeatName(s));
  if (unknown !== undefined)
    throw new ArgError(
      `unknown bot "${unknown}" in --seats (random, heuristic, ismcts, oracle, easy, medium, hard, expert, cmd:COMMAND)`,
    );
  const hands = wholeNumber(values.hands, 'hands', 1, 10_000_000);
  const { workers, ...shared } = runFlags(values);
  const spec: TournamentSpec = { players, mode, seats, ...shared };
  const { seed } = spec;
  const deals = Math.ceil(hands / players);
  // The header at once, then progress: a bar on a terminal, else a line every 10 s.
  process.stderr.write(
    `bottle-imp: tournament: ${header(players, mode, deals, seed)} on ${plural(Math.min(workers, deals), 'worker')}\n`,
  );
  const bar = process.stderr.isTTY
    ? new ProgressBar(deals * players, 'hands')
    : new ProgressLines(deals, 'deals', 'bottle-imp: tournament: ');
  // Ctrl-C stops handing out deals and reports the ones finished.
  const stop = new AbortController();
  const interrupt = (): void => stop.abort();
  process.once('SIGINT', interrupt);
  const results = await runDeals(
    spec,
    deals,
    workers,
    (done) => {
      if (bar instanceof ProgressBar) bar.update(done * players);
      else bar.update(done);
    },
    stop.signal,
  ).finally(() => {
    process.off('SIGINT', interrupt);
    if (bar instanceof ProgressBar) bar.finish();
  });
  if (results.length === 0) throw new ArgError('interrupted before any deal was finished');
  if (stop.signal.aborted)
    process.stderr.write(
      `bottle-imp: tournament: interrupted; reporting the ${results.length * players} hands of the ${results.length} deals finished\n`,
    );
  const report = reportOf(players, seats, results);
  process.stdout.write(values.json ? JSON.stringify(report) + '\n' : formatReport(report, mode, seed));
  return 0;
}

interface Flags {
  seed: string;
  iterations?: string;
  ms?: string;
  workers?: string;
  seats?: string;
  hands?: string;
  records?: string;
  json: boolean;
  bot?: string;
  against?: string;
  gain?: string;
  baseline?: string;
  'bot-timeout'?: string;
  forfeit: boolean;
  verbose: boolean;
}

/**
 * The flags every tournament shares: workers, and what goes into the spec (seed, search
 * budget, records, and for programs, `cmd:…`, their time limit, --forfeit and --verbose).
 */
function runFlags(
  values: Flags,
): { workers: number } & Omit<TournamentSpec, 'players' | 'mode' | 'seats' | 'baseline'> {
  const seed = wholeNumber(values.seed, 'seed', 0, 2 ** 32 - 1);
  const budget = {
    ...(values.iterations !== undefined ? { iterations: wholeNumber(values.iterations, 'iterations', 1) } : {}),
    ...(values.ms !== undefined ? { ms: wholeNumber(values.ms, 'ms', 1) } : {}),
  };
  const workers =
    values.workers === undefined ? availableParallelism() : wholeNumber(values.workers, 'workers', 1, 256);
  const timeout = values['bot-timeout'];
  return {
    workers,
    seed,
    budget,
    records: values.records ?? null,
    botTimeoutMs: 1000 * (timeout === undefined ? 10 : positiveNumber(timeout, 'bot-timeout')),
    forfeit: values.forfeit,
    verbose: values.verbose,
  };
}

const STRENGTH_BOTS = 'random, heuristic, ismcts, easy, medium, hard, expert';

async function strength(values: Flags, players: PlayerCount, mode: Mode): Promise<number> {
  if (values.seats !== undefined)
    throw new ArgError('--baseline chooses the seats itself: give --bot instead of --seats');
  const bot = values.bot ?? 'heuristic';
  if (!isSeatName(bot) || bot === 'oracle')
    throw new ArgError(`unknown bot "${bot}" in --bot (${STRENGTH_BOTS}, cmd:COMMAND)`);
  // A program has no frozen self: it plays the baseline's heuristic unless told otherwise.
  const against = values.against ?? (isProgramSeat(bot) ? 'heuristic' : bot);
  if (!isSeatName(against) || against === 'oracle' || isProgramSeat(against))
    throw new ArgError(`unknown bot "${against}" in --against (${STRENGTH_BOTS})`);
  const gain = values.gain === undefined ? DEFAULT_GAIN : positiveNumber(values.gain, 'gain');
  const maxHands = values.hands === undefined ? DEFAULT_CAP : wholeNumber(values.hands, 'hands', 1, 10_000_000);
  const { workers, ...shared } = runFlags(values);
  const { seed } = shared;
  // An unknown baseline is a one-line error, before the header says what would be played.
  resolveBaselineCommit(values.baseline!);
  const stop = new AbortController();
  const interrupt = (): void => stop.abort();
  process.once('SIGINT', interrupt);
  const maxDeals = Math.ceil(maxHands / players);
  process.stderr.write(
    `bottle-imp: tournament: ${bot} against ${against}@${values.baseline}, ${header(players, mode, maxDeals, seed)} at most, on ${plural(Math.min(workers, maxDeals), 'worker')}\n`,
  );
  const bar = process.stderr.isTTY
    ? new ProgressBar(maxDeals * players, 'hands (at most)')
    : new ProgressLines(maxDeals, 'deals (at most)', 'bottle-imp: tournament: ');
  const report = await runStrength(
    { players, mode, bot, against, baseline: values.baseline!, gain, maxHands, workers, ...shared },
    (done, standing) => {
      const detail = standingText(standing);
      if (bar instanceof ProgressBar) bar.update(done * players, detail);
      else bar.update(done, detail);
    },
    stop,
  ).finally(() => {
    process.off('SIGINT', interrupt);
    if (bar instanceof ProgressBar) bar.finish();
  });
  if (report.deals === 0) throw new ArgError('interrupted before any deal was finished');
  process.stdout.write(values.json ? JSON.stringify(report) + '\n' : formatStrength(report));
  return 0;
}

/** "; new − baseline +1.20 points/hand over 40 deals, LLR +0.85 of ±2.94", once the test has a deal. */
function standingText(s: Standing): string {
  if (s.deals === 0) return '';
  const signed = (x: number): string => (x >= 0 ? '+' : '') + x.toFixed(2);
  const llr =
    s.llr === null ? `the test looks from deal ${s.firstLook} on` : `LLR ${signed(s.llr)} of ±${s.bound.toFixed(2)}`;
  return `; new − baseline ${signed(s.mean)} points/hand over ${plural(s.deals, 'deal')}, ${llr}`;
}

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
  // Wide enough for a program's seat spec ("cmd:python3 bot.py").
  const width = Math.max(10, ...r.bots.map((b) => b.name.length));
  lines.push(
    `${'bot'.padEnd(width)} ${'points/hand'.padStart(11)}  ${'95% interval'.padEnd(18)} ${'won'.padStart(6)} ${'bottle'.padStart(7)}  decision ms median / p99 (CPU ms)`,
  );
  for (const b of r.bots) {
    lines.push(
      `${b.name.padEnd(width)} ${signed(b.meanPoints).padStart(11)}  ${interval(b.ci95).padEnd(18)} ${pct(b.winShare).padStart(6)} ${pct(b.bottleRate).padStart(7)}  ${b.decisionMs.median.toFixed(2)} / ${b.decisionMs.p99.toFixed(2)} (${b.decisionCpuMs.median.toFixed(2)} / ${b.decisionCpuMs.p99.toFixed(2)})`,
    );
  }
  if (r.difference) {
    const d = r.difference;
    lines.push(
      '',
      `${d.a} minus ${d.b}, paired by deal: ${signed(d.mean)} points per hand, 95% interval ${interval(d.ci95)}`,
    );
  }
  lines.push(...forfeitLines(r));
  return lines.join('\n') + '\n';
}
