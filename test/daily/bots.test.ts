/**
 * The daily deal's bots decide alike at every table: the same plays by the person meet the
 * same bots' cards, whenever the person passes, and a different play changes nothing
 * before it.
 */
import { describe, expect, test } from 'vitest';
import { randomAction } from '../../src/bots/random.js';
import { DAILY_OPTIONS, dailyBot, dailyBotSeed, dailySeed, dealtView, decisionNumber } from '../../src/daily/index.js';
import { type Action, Game, Rng, type TableView, view } from '../../src/engine/index.js';
import { must } from '../bots/helpers.js';

const SEED = dailySeed('s'.repeat(64), '2026-12-03');

type Person = (view: TableView, decision: number) => Action;

/** A person who chooses at random, each decision from their seed and its number. */
function person(seed: number): Person {
  return (v, k) => randomAction(v, new Rng(seed * 1000 + k));
}

/**
 * The day's game with seat 1 played by `play` and the bots (medium: quick) in the other
 * seats; `personFirst` says whether the person passes before or after the bots.
 */
function playDay(play: Person, personFirst: boolean): Action[] {
  const game = must(Game.create(DAILY_OPTIONS, SEED));
  const bot = dailyBot('medium', SEED);
  const actions: Action[] = [];
  let decisions = 0;
  const act = (a: Action) => {
    must(game.apply(a));
    actions.push(a);
  };
  while (game.phase !== 'over') {
    const due = game.toAct();
    const bots = due.filter((s) => s !== 0);
    const turns = due.includes(0) ? (personFirst ? [0, ...bots] : [...bots, 0]) : bots;
    for (const s of turns) act(s === 0 ? play(view(game, 0), decisions++) : bot.decide(view(game, s)));
  }
  return actions;
}

describe('daily bots', () => {
  test('a bot passes from the view as dealt, whoever passed before it', () => {
    const game = must(Game.create(DAILY_OPTIONS, SEED));
    const before = view(game, 2);
    must(game.apply(randomAction(view(game, 0), new Rng(1))));
    must(game.apply(randomAction(view(game, 1), new Rng(2))));
    const after = view(game, 2);
    expect(after).not.toEqual(before);
    expect(dealtView(after)).toEqual(dealtView(before));
    expect(dailyBotSeed(SEED, dealtView(after))).toBe(dailyBotSeed(SEED, dealtView(before)));
    expect(dailyBot('expert', SEED).decide(after)).toEqual(dailyBot('expert', SEED).decide(before));
  });

  test('each decision has its own seed: by seat, by decision, by day', () => {
    const game = must(Game.create(DAILY_OPTIONS, SEED));
    const seeds = [1, 2, 3].map((s) => dailyBotSeed(SEED, dealtView(view(game, s))));
    expect(new Set(seeds).size).toBe(3);
    expect(decisionNumber(view(game, 1))).toBe(0);
    const other = dailySeed('s'.repeat(64), '2026-12-04');
    expect(dailyBotSeed(other, dealtView(view(game, 1)))).not.toBe(seeds[0]);
  });

  test('the same plays by the person give the same game, bots’ cards included, however the passes interleave', () => {
    const a = playDay(person(7), true);
    const b = playDay(person(7), false);
    const sorted = (xs: Action[]) => xs.map((x) => JSON.stringify(x)).sort();
    // Only the order of the passes within a round may differ; every choice is the same.
    expect(sorted(b)).toEqual(sorted(a));
    expect(a.filter((x) => x.type === 'play')).toEqual(b.filter((x) => x.type === 'play'));
  });

  test('two people who differ get games that differ only after their first difference', () => {
    const base = person(7);
    const a = playDay(base, true);
    // The same person, but for one card in the second hand: the first with a choice.
    let changed = false;
    const b = playDay((v, k) => {
      const usual = base(v, k);
      if (changed || k < 10 || usual.type !== 'play' || v.legal.length < 2) return usual;
      changed = true;
      return { type: 'play', seat: 0, card: v.legal.find((c) => c !== usual.card)! };
    }, true);
    expect(changed).toBe(true);
    const first = a.findIndex((x, i) => JSON.stringify(x) !== JSON.stringify(b[i]));
    expect(first).toBeGreaterThan(0);
    expect(b.slice(0, first)).toEqual(a.slice(0, first));
    expect(a[first].seat).toBe(0);
  });
});
