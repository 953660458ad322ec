/** From hands to the figures the tournament reports: means with 95% intervals over deals, shares, decision times. */
import type { DealResult } from './match.js';

export interface BotReport {
  readonly name: string;
  readonly meanPoints: number;
  /** null with fewer than 2 deals: one deal says nothing about the spread. */
  readonly ci95: [number, number] | null;
  readonly winShare: number;
  readonly bottleRate: number;
  readonly decisionMs: { readonly median: number; readonly p99: number };
  /** CPU time per decision (the process's, so the bot's own only with one worker: match.ts). */
  readonly decisionCpuMs: { readonly median: number; readonly p99: number };
}

export interface TournamentReport {
  readonly players: number;
  readonly hands: number;
  readonly bots: BotReport[];
  readonly difference?: {
    readonly a: string;
    readonly b: string;
    readonly mean: number;
    readonly ci95: [number, number] | null;
  };
  /** Hands a program forfeited (--forfeit), one line each, in deal order. */
  readonly forfeits: readonly string[];
}

/**
 * Deals are the independent samples: within one deal the rotations share the cards, which
 * is what makes the comparison fair, so each bot's points are averaged per deal first
 * and the interval is taken over deals (normal approximation, 1.96 standard errors).
 */
export function reportOf(players: number, seats: readonly string[], deals: readonly DealResult[]): TournamentReport {
  const names = [...new Set(seats)];
  const perDeal = new Map<string, number[]>(names.map((n) => [n, []]));
  const bots: BotReport[] = names.map((name) => {
    let hands = 0;
    let wins = 0;
    let bottles = 0;
    for (const d of deals) {
      for (const hand of d.hands) {
        for (const seat of hand) {
          if (seat.bot !== name) continue;
          hands++;
          wins += seat.winShare;
          if (seat.bottle) bottles++;
        }
      }
      perDeal.get(name)!.push(pointsPerHand(d, name));
    }
    const { mean, ci95 } = meanWithInterval(perDeal.get(name)!);
    const times = sortedTimes(deals, name, 'decisionMs');
    const cpu = sortedTimes(deals, name, 'decisionCpuMs');
    return {
      name,
      meanPoints: round2(mean),
      ci95,
      winShare: round4(wins / hands),
      bottleRate: round4(bottles / hands),
      decisionMs: { median: round2(quantile(times, 0.5)), p99: round2(quantile(times, 0.99)) },
      decisionCpuMs: { median: round2(quantile(cpu, 0.5)), p99: round2(quantile(cpu, 0.99)) },
    };
  });
  const forfeits = deals.flatMap((d) => d.forfeits);
  const report: TournamentReport = { players, hands: deals.length * players, bots, forfeits };
  if (names.length !== 2) return report;
  const [a, b] = names;
  const diffs = perDeal.get(a)!.map((x, i) => x - perDeal.get(b)![i]);
  const { mean, ci95 } = meanWithInterval(diffs);
  return { ...report, difference: { a, b, mean: round2(mean), ci95 } };
}

/** The text report's list of forfeited hands (a blank line first), or nothing. */
export function forfeitLines(r: Pick<TournamentReport, 'forfeits'>): string[] {
  if (r.forfeits.length === 0) return [];
  return [
    '',
    `Forfeited hands (the program's seat played random from its failure on): ${r.forfeits.length}`,
    ...r.forfeits.map((f) => `  ${f}`),
  ];
}

function sortedTimes(deals: readonly DealResult[], name: string, key: 'decisionMs' | 'decisionCpuMs'): number[] {
  return deals.flatMap((d) => d[key][name] ?? []).sort((x, y) => x - y);
}

/** A bot's mean points over its seats in every rotation of one deal. */
export function pointsPerHand(d: DealResult, name: string): number {
  let sum = 0;
  let count = 0;
  for (const hand of d.hands) {
    for (const seat of hand) {
      if (seat.bot !== name) continue;
      sum += seat.points;
      count++;
    }
  }
  return sum / count;
}

/** The mean and its 95% interval; the interval is unknown (null) with fewer than 2 samples. */
export function meanWithInterval(xs: readonly number[]): { mean: number; ci95: [number, number] | null } {
  const n = xs.length;
  if (n === 0) return { mean: 0, ci95: null };
  const mean = xs.reduce((s, x) => s + x, 0) / n;
  if (n < 2) return { mean, ci95: null };
  const variance = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1);
  const half = 1.96 * Math.sqrt(variance / n);
  return { mean, ci95: [round2(mean - half), round2(mean + half)] };
}

/** The q-quantile of sorted values (nearest rank), 0 when there are none. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? sorted[0];
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

function round4(x: number): number {
  return Math.round(x * 10000) / 10000;
}
