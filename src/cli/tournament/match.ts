/**
 * One duplicate deal of a tournament: the same deal (same seed, so the same dealer and
 * cards) played once per rotation, the line-up shifted one seat each time, so every bot
 * meets every seat's cards. Runs in a worker thread; nothing here touches the terminal.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Bot, Budget } from '../../bots/index.js';
import { botForLevel, createBot, isBotName, playBotTurns } from '../../bots/index.js';
import { oracleBot } from '../../bots/oracle.js';
import { Game, type Mode, type PlayerCount, visibleEvents } from '../../engine/index.js';
import { recordOf } from '../../record/index.js';
import { isBotLevel } from '../../values/index.js';
import { ProgramFailure } from '../botproto/program.js';
import { Programs } from '../botproto/programs.js';
import { ProgramSeat } from '../botproto/seat.js';
import { type BaselineBots, baselineBotOn } from './baseline.js';

/** Everything a worker needs to play deals: plain data, sent once. */
export interface TournamentSpec {
  readonly players: PlayerCount;
  readonly mode: Mode;
  /** Bot name per seat, before rotation. */
  readonly seats: readonly string[];
  readonly seed: number;
  readonly budget?: Budget;
  /** Directory for one bottle-imp/1 record per hand, or null. */
  readonly records: string | null;
  /** A frozen baseline (baseline.ts) whose bots play the seats named `NAME@REF`. */
  readonly baseline?: { readonly ref: string; readonly dir: string };
  /** Programs (seats `cmd:…`): milliseconds per decision (default 10 s). */
  readonly botTimeoutMs?: number;
  /** A program that fails plays the random bot for the rest of its hand, instead of stopping the run. */
  readonly forfeit?: boolean;
  /** Show the programs' standard error. */
  readonly verbose?: boolean;
}

export interface SeatResult {
  readonly bot: string;
  readonly points: number;
  /** 1 for the only top score of the hand, 1/k when k seats share it, else 0. */
  readonly winShare: number;
  /** Whether the seat ended the hand holding a bottle. */
  readonly bottle: boolean;
}

export interface DealResult {
  readonly deal: number;
  /** Per rotation, per seat. */
  readonly hands: readonly (readonly SeatResult[])[];
  /** Milliseconds of every decision, by bot name. */
  readonly decisionMs: Record<string, number[]>;
  /**
   * CPU milliseconds of every decision, by bot name: the process's CPU time (all threads,
   * GC included) while the bot decided, so it is the bot's own only with one worker. On a
   * shared machine it says what a decision costs a free core, whatever the load.
   */
  readonly decisionCpuMs: Record<string, number[]>;
  /** Hands a program forfeited (--forfeit): one line each, "deal D, rotation R: seat S (cmd:…) …". */
  readonly forfeits: readonly string[];
  /** Without --forfeit, the program failure that stopped this deal; its hands are then incomplete. */
  readonly failure?: string;
}

/** Names accepted in --seats: the bots anyone may create, the levels, and the oracle. */
export function isSeatName(name: string): boolean {
  return isBotName(name) || isBotLevel(name) || name === 'oracle' || isProgramSeat(name);
}

/** A seat spec `cmd:COMMAND`: a program speaking bottle-imp-bot/1 (docs/bot-protocol.md). */
export function isProgramSeat(name: string): boolean {
  return name.startsWith('cmd:') && name.slice(4).trim() !== '';
}

/** The seed of deal d: deals of different tournament seeds do not overlap in practice. */
export function dealSeed(seed: number, deal: number): number {
  return (Math.imul(seed >>> 0, 0x9e3779b1) + Math.imul(deal + 1, 0x85ebca6b)) >>> 0;
}

/** The seat name of a baseline's bot: `heuristic@bots-v1`. */
export function baselineSeat(name: string, ref: string): string {
  return `${name}@${ref}`;
}

/**
 * The deal's hands. `programs` are this thread's running programs (one per `cmd:` entrant,
 * kept from deal to deal); a program's failure ends the deal with `failure`, or with
 * --forfeit marks the hand in `forfeits`.
 */
export function playDeal(
  spec: TournamentSpec,
  deal: number,
  baseline: BaselineBots | null = null,
  programs: Programs = new Programs(spec),
): DealResult {
  const n = spec.players;
  const hands: SeatResult[][] = [];
  const decisionMs: Record<string, number[]> = {};
  const decisionCpuMs: Record<string, number[]> = {};
  const forfeits: string[] = [];
  for (let rotation = 0; rotation < n; rotation++) {
    const seed = dealSeed(spec.seed, deal);
    const created = Game.create({ players: n, mode: spec.mode, rounds: 1 }, seed);
    if (!created.ok) throw new Error(created.error.message);
    const game = created.value;
    const names = Array.from({ length: n }, (_, s) => spec.seats[(s + rotation) % n]);
    const bots = names.map((name, s) => {
      const botSeed = (seed + 7919 * (rotation * n + s + 1)) >>> 0;
      if (!isProgramSeat(name)) return makeBot(spec, name, botSeed, game, baseline);
      return new ProgramSeat(programs.of((s + rotation) % n, name.slice(4)), spec.forfeit ? botSeed : null);
    });
    const seated = bots.flatMap((bot, s) => (bot instanceof ProgramSeat ? [{ bot, s }] : []));
    let cpuBefore = process.cpuUsage();
    try {
      for (const { bot, s } of seated) bot.begin(game, s, seed);
      playBotTurns(game, bots, {
        before: () => {
          cpuBefore = process.cpuUsage();
        },
        after: (seat, _action, events, ms) => {
          const cpu = process.cpuUsage(cpuBefore);
          (decisionMs[names[seat]] ??= []).push(ms);
          (decisionCpuMs[names[seat]] ??= []).push((cpu.user + cpu.system) / 1000);
          for (const { bot, s } of seated) bot.events(visibleEvents(events, s));
        },
      });
      for (const { bot } of seated) bot.end();
    } catch (e) {
      if (!(e instanceof ProgramFailure)) throw e;
      return {
        deal,
        hands,
        decisionMs,
        decisionCpuMs,
        forfeits,
        failure: `deal ${deal + 1}, rotation ${rotation + 1}: ${e.line}`,
      };
    }
    for (const { bot } of seated)
      if (bot.failure !== null) forfeits.push(`deal ${deal + 1}, rotation ${rotation + 1}: ${bot.failure}`);
    const result = game.log[0].result!;
    const top = Math.max(...result.scores);
    const topCount = result.scores.filter((p) => p === top).length;
    hands.push(
      names.map((bot, s) => ({
        bot,
        points: result.scores[s],
        winShare: result.scores[s] === top ? 1 / topCount : 0,
        bottle: result.bottles.some((b) => b.owner === s),
      })),
    );
    if (spec.records) {
      mkdirSync(spec.records, { recursive: true });
      const file = join(spec.records, `deal-${String(deal).padStart(5, '0')}-rotation-${rotation}.json`);
      // Each entrant by its bot and its place in --seats ("heuristic #3"), so a reader can
      // tell equal bots apart and follow one entrant through the rotations.
      const labels = names.map((name, s) => `${name} #${((s + rotation) % n) + 1}`);
      writeFileSync(file, JSON.stringify(recordOf(game, labels)) + '\n');
    }
  }
  return { deal, hands, decisionMs, decisionCpuMs, forfeits };
}

function makeBot(spec: TournamentSpec, name: string, seed: number, game: Game, baseline: BaselineBots | null): Bot {
  if (spec.baseline && baseline && name.endsWith(`@${spec.baseline.ref}`)) {
    const own = name.slice(0, -spec.baseline.ref.length - 1);
    if (isBotLevel(own)) return baselineBotOn(baseline.botForLevel(own, seed), game);
    if (isBotName(own))
      return baselineBotOn(baseline.createBot(own, { seed, budget: own === 'ismcts' ? spec.budget : undefined }), game);
  }
  if (name === 'oracle') return oracleBot({ seed, budget: spec.budget }, () => game.snapshot());
  if (isBotLevel(name)) return botForLevel(name, seed);
  if (isBotName(name)) return createBot(name, { seed, budget: name === 'ismcts' ? spec.budget : undefined });
  throw new Error(`unknown bot "${name}"`);
}
