/**
 * A strength test: one seat plays the working tree's bot (or a program, `cmd:…`), the
 * others a bot of a frozen baseline (baseline.ts; by default the same bot), on duplicate
 * deals, until the sequential test (sprt.ts) decides or the cap is reached. Deals are fed to the test in deal order, so
 * the stopping point and the report depend only on the seed, not on how many workers
 * ran or which finished first.
 */
import type { Mode } from '../../engine/index.js';
import { type Baseline, prepareBaseline } from './baseline.js';
import { baselineSeat, type DealResult, isProgramSeat, type TournamentSpec } from './match.js';
import { runDeals } from './run.js';
import { SPRT_DEFAULTS, Sprt, type SprtSettings } from './sprt.js';
import { forfeitLines, pointsPerHand, reportOf, type TournamentReport } from './stats.js';

/** A tournament's spec without its seats (the test chooses them), and the test's own settings. */
export interface StrengthOptions extends Omit<TournamentSpec, 'seats' | 'baseline'> {
  /** A bot name or level, or a program (`cmd:COMMAND`): the new side. */
  readonly bot: string;
  /** The bot name or level the baseline plays. */
  readonly against: string;
  readonly baseline: string;
  readonly gain: number;
  /** Hands at most (rounded up to whole deals). */
  readonly maxHands: number;
  readonly workers: number;
}

export interface StrengthReport extends TournamentReport {
  readonly mode: Mode;
  readonly seed: number;
  readonly baseline: { readonly ref: string; readonly commit: string };
  readonly bot: string;
  readonly against: string;
  readonly deals: number;
  readonly sprt: SprtSettings & { readonly llr: number; readonly lower: number; readonly upper: number };
  /** H1: better by the gain; H0: no better; cap: stopped at the cap undecided; interrupted: stopped by Ctrl-C. */
  readonly verdict: 'H1' | 'H0' | 'cap' | 'interrupted';
}

/** Where a strength test stands after the deals taken in order so far. */
export interface Standing {
  readonly deals: number;
  /** New minus baseline, points per hand. */
  readonly mean: number;
  /** Null until the test looks, from deal `firstLook` on. */
  readonly llr: number | null;
  readonly bound: number;
  readonly firstLook: number;
}

export async function runStrength(
  o: StrengthOptions,
  onDeal: (done: number, standing: Standing) => void,
  stop: AbortController,
): Promise<StrengthReport> {
  const { bot, against, baseline: ref, gain, maxHands, workers, ...shared } = o;
  const baseline: Baseline = await prepareBaseline(ref);
  const old = baselineSeat(against, ref);
  const seats = [bot, ...Array.from({ length: o.players - 1 }, () => old)];
  const spec: TournamentSpec = { ...shared, seats, baseline: { ref: baseline.ref, dir: baseline.dir } };
  const settings: SprtSettings = { ...SPRT_DEFAULTS, gain: gain };
  const sprt = new Sprt(settings);
  const finished: DealResult[] = [];
  const inOrder: DealResult[] = [];
  const deals = Math.ceil(maxHands / o.players);
  await runDeals(
    spec,
    deals,
    workers,
    (done, result) => {
      finished[result.deal] = result;
      while (!sprt.verdict && finished[inOrder.length]) {
        const next = finished[inOrder.length];
        inOrder.push(next);
        if (sprt.add(pointsPerHand(next, bot) - pointsPerHand(next, old))) stop.abort();
      }
      onDeal(done, {
        deals: sprt.count,
        mean: sprt.mean,
        llr: sprt.looking ? sprt.llr : null,
        bound: sprt.upper,
        firstLook: sprt.firstLook,
      });
    },
    stop.signal,
  );
  const verdict = sprt.verdict ?? (inOrder.length === deals ? 'cap' : 'interrupted');
  const report = reportOf(o.players, seats, inOrder);
  return {
    ...report,
    mode: o.mode,
    seed: o.seed,
    baseline: { ref: baseline.ref, commit: baseline.commit },
    bot: bot,
    against: against,
    deals: inOrder.length,
    sprt: { ...settings, llr: round3(sprt.llr), lower: round3(sprt.lower), upper: round3(sprt.upper) },
    verdict,
  };
}

export function formatStrength(r: StrengthReport): string {
  const signed = (x: number): string => (x >= 0 ? '+' : '') + x.toFixed(2);
  const d = r.difference!;
  const verdict = {
    H1: `better: the sequential test accepts a gain of ${r.sprt.gain} points per hand (H1)`,
    H0: `not better: the sequential test rejects a gain of ${r.sprt.gain} points per hand (H0)`,
    cap: `undecided at the cap of ${r.hands} hands`,
    interrupted: `undecided: interrupted after ${r.hands} hands`,
  }[r.verdict];
  return (
    [
      `${r.bot}${isProgramSeat(r.bot) ? '' : ' (working tree)'} against ${r.against}@${r.baseline.ref} (${r.baseline.commit.slice(0, 7)}), ${r.players} players, ${r.mode}, seed ${r.seed}`,
      `hands played: ${r.hands} (${r.deals} deals × ${r.players} seat rotations, one seat new, the others the baseline)`,
      `difference: ${signed(d.mean)} points per hand, 95% interval ${d.ci95 ? `[${signed(d.ci95[0])}, ${signed(d.ci95[1])}]` : 'unknown (1 deal)'}`,
      `SPRT (α = ${r.sprt.alpha}, β = ${r.sprt.beta}, H0: ≤ 0, H1: ≥ ${r.sprt.gain}): LLR ${r.sprt.llr.toFixed(2)} in [${r.sprt.lower.toFixed(2)}, ${r.sprt.upper.toFixed(2)}]`,
      `verdict: ${verdict}`,
      `decision ms median / p99: ${r.bots.map((b) => `${b.name} ${b.decisionMs.median.toFixed(2)} / ${b.decisionMs.p99.toFixed(2)}`).join(', ')}`,
      `decision CPU ms median / p99 (the process's; the bot's own with --workers 1): ${r.bots.map((b) => `${b.name} ${b.decisionCpuMs.median.toFixed(2)} / ${b.decisionCpuMs.p99.toFixed(2)}`).join(', ')}`,
      ...forfeitLines(r),
    ].join('\n') + '\n'
  );
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
