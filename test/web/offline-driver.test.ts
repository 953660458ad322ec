/**
 * The offline game's driver (src/web/offline/driver.ts), as the worker uses it: a game
 * played to the end by its bots and the person's first legal actions, rebuilt from what
 * was saved at any point, never showing the person another seat's hand, and written as a
 * record that replays to the same result.
 */
import { describe, expect, it } from 'vitest';
import { Game, type GameEvent } from '../../src/engine/index.js';
import { gameFromRecord } from '../../src/record/index.js';
import { OfflineDriver, PERSON } from '../../src/web/offline/driver.js';
import type { OfflineSetup } from '../../src/web/offline/types.js';

const SEED = 'ab'.repeat(32);
const setup = (players: 2 | 3 | 4 | 5 | 6, coach = true): OfflineSetup => ({
  players,
  mode: 'individual',
  rounds: 1,
  levels: [null, ...Array(players - 1).fill('easy')],
  names: ['Keawe', ...Array.from({ length: players - 1 }, (_, i) => `Bot ${i + 2}`)],
  coach,
});

/** The person's first legal action, as the engine lists it for the person's seat (a full game beside the driver). */
function personAction(d: OfflineDriver) {
  const { players, mode, rounds, targetScore } = d.setup;
  const replayed = Game.create(rounds !== undefined ? { players, mode, rounds } : { players, mode, targetScore }, SEED);
  if (!replayed.ok) throw new Error(replayed.error.message);
  for (const a of d.save().actions) replayed.value.apply(a);
  const action = replayed.value.firstLegalAction(PERSON);
  if (!action) throw new Error('no legal action for the person');
  const { seat: _seat, ...client } = action;
  return client;
}

/** Plays bots and the person in turn until the game is over; returns every event the person saw. */
function playOut(d: OfflineDriver, onStep?: (d: OfflineDriver) => void): GameEvent[] {
  const seen: GameEvent[] = [];
  while (!d.over) {
    const bot = d.botToAct();
    if (bot !== null) seen.push(...d.botTurn(bot));
    else {
      const r = d.act(personAction(d) as Parameters<OfflineDriver['act']>[0]);
      if (!r.ok) throw new Error(r.code);
      seen.push(...r.events);
    }
    onStep?.(d);
  }
  return seen;
}

describe('the offline driver', () => {
  for (const players of [2, 3, 5] as const) {
    it(`plays a ${players}-player game to its end, the person from their view only`, () => {
      const d = OfflineDriver.start('g1', setup(players), SEED, Array(players).fill(7), 1000);
      const events = playOut(d, (step) => {
        const v = step.view();
        expect(v.viewer).toBe(PERSON);
        // The person's view holds no other seat's hand.
        expect(JSON.stringify(v)).not.toMatch(/"hands"/);
      });
      expect(d.over).toBe(true);
      // Dealt cards the person sees are their own only.
      for (const e of events) if ('to' in e) expect(e.to).toBe(PERSON);
      const record = gameFromRecord(d.record());
      expect(record.ok && record.value.phase).toBe('over');
      if (record.ok) expect(record.value.totals).toEqual(d.view().totals);
    });
  }

  it('plays to a target score, each bot seat at its own level', () => {
    const game: OfflineSetup = {
      ...setup(3),
      rounds: undefined,
      targetScore: 40,
      levels: [null, 'easy', 'medium'],
    };
    const d = OfflineDriver.start('g-target', game, SEED, [4, 5, 6], 1000);
    let rebuiltOnce = false;
    playOut(d, (step) => {
      // Rebuilt from its save after a few actions, as a reopened page is: the same position.
      if (rebuiltOnce || step.save().actions.length < 20) return;
      rebuiltOnce = true;
      expect(OfflineDriver.restore(step.save()).view()).toEqual(step.view());
    });
    const v = d.view();
    expect(v.options).toMatchObject({ targetScore: 40 });
    expect(v.options.rounds).toBeUndefined();
    expect(Math.max(...v.totals)).toBeGreaterThanOrEqual(40);
    const record = gameFromRecord(d.record());
    expect(record.ok && record.value.totals).toEqual(v.totals);
  });

  it('rebuilds a saved game at the same card, mid-round', () => {
    const d = OfflineDriver.start('g2', setup(3), SEED, [1, 2, 3], 1000);
    let saved = d.save();
    let steps = 0;
    playOut(d, (step) => {
      if (++steps === 12) saved = step.save();
    });
    const back = OfflineDriver.restore(saved);
    expect(back.save().actions).toHaveLength(saved.actions.length);
    const again = OfflineDriver.start('g2', setup(3), SEED, [1, 2, 3], 1000);
    for (const a of saved.actions) {
      if (a.seat === PERSON) again.act(a as never);
      else again.botTurn(a.seat);
    }
    expect(back.view()).toEqual(again.view());
    // JSON-safe, as IndexedDB and postMessage copy it.
    expect(JSON.parse(JSON.stringify(saved))).toEqual(saved);
  });

  it('refuses an illegal action and changes nothing', () => {
    const d = OfflineDriver.start('g3', setup(3), SEED, [1, 2, 3], 1000);
    const before = d.save().actions.length;
    const r = d.act({ type: 'play', card: 99 });
    expect(r.ok).toBe(false);
    expect(d.save().actions).toHaveLength(before);
  });

  it('gives a hint on the person’s turn with the coach on, none with it off', () => {
    const on = OfflineDriver.start('g4', setup(2), SEED, [1, 2], 1000);
    // The pass is simultaneous: the person may pass at once.
    const hint = on.hint();
    expect(hint?.options.length).toBeGreaterThan(0);
    expect(OfflineDriver.start('g5', setup(2, false), SEED, [1, 2], 1000).hint()).toBeNull();
  });

  it('will not rebuild a save that does not replay', () => {
    const d = OfflineDriver.start('g6', setup(3), SEED, [1, 2, 3], 1000);
    const broken = { ...d.save(), actions: [{ type: 'play' as const, seat: 0, card: 99 }] };
    expect(() => OfflineDriver.restore(broken)).toThrow(/does not replay/);
  });
});
