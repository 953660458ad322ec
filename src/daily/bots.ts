/**
 * The daily deal's bots decide alike at every table: a decision is a function of the
 * day's seed, the hand, the seat, its decision number and what the seat can see, and of
 * nothing else. So two people who play the same cards meet the same bots' cards, and two
 * who differ meet the same bots until their first difference reaches a bot's view.
 *
 * At an ordinary table a bot passes while the others pass too, and its view says which of
 * them have passed already (and so hold fewer cards): a fact of timing, which a person's
 * speed would change. A daily bot passes from the view as dealt instead (`dealtView`).
 */
import { createHash } from 'node:crypto';
import { type Bot, botForLevel } from '../bots/index.js';
import { devilCardsOf, type Seed, setupFor, type TableView } from '../engine/index.js';
import type { BotLevel } from '../values/index.js';

/**
 * During the passes, the view as it was at the deal: no other seat has passed (their
 * hands whole) and every seat is still to pass. Other phases have one seat to act at a
 * time and are returned as they are.
 */
export function dealtView(view: TableView): TableView {
  if (view.phase !== 'pass') return view;
  const setup = setupFor(view.options.players);
  const seats = view.handSizes.map((_, s) => s);
  return {
    ...view,
    toAct: seats,
    passed: seats.map(() => false),
    handSizes: view.handSizes.map((n, s) => (view.passed[s] ? n + 2 + devilCardsOf(setup, s, view.dealer) : n)),
  };
}

/**
 * Which decision of its hand this is for the seat: 0 its pass, then 1 to 8 its cards (a
 * seat plays once in each trick).
 */
export function decisionNumber(view: TableView): number {
  return view.phase === 'pass' ? 0 : 1 + view.tricks.length;
}

/**
 * The seed of one daily bot decision (32 bits): a hash of the day's game seed (itself
 * HMAC-SHA-256 of the date under the secret, so it stands for the date), the hand, the
 * seat, its decision number and the whole view it decides from (`dealtView`'s).
 */
export function dailyBotSeed(gameSeed: Seed, view: TableView): number {
  return createHash('sha256')
    .update(`${gameSeed}/daily/${view.round}/${view.viewer}/${decisionNumber(view)}/`)
    .update(JSON.stringify(view))
    .digest()
    .readUInt32LE(0);
}

/** A bot of the level that decides as a daily bot does, for games played in this thread (the CLI). */
export function dailyBot(level: BotLevel, gameSeed: Seed): Bot {
  return {
    name: level,
    decide(view) {
      const seen = dealtView(view);
      return botForLevel(level, dailyBotSeed(gameSeed, seen)).decide(seen);
    },
  };
}
