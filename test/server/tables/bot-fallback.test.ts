/**
 * A bot with a bug does not stop its seat: when its choice is refused, or it fails to
 * choose, the table plays the engine's first legal action for it (Game.firstLegalAction,
 * found without listing every pass; with 2 players there are 5,940). For a pass that is
 * the seat's lowest cards in order, which the other player can see from its own view.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { TableView } from '../../../src/engine/index.js';
import { chooseAction } from '../helpers/choose.js';
import { type InProcess, inProcess, lastUpdate } from '../helpers/in-process.js';

let tables: InProcess;

afterEach(async () => {
  tables.pool.breakWith(null);
  await tables.close();
});

const refused = (v: TableView) => ({
  type: 'pass' as const,
  seat: v.viewer!,
  pass: { faceUp: 99, hidden: 98, devil: [97, 96] },
});
const failing = (): never => {
  throw new Error('the bot crashed');
};

describe.each([
  ['chooses an action the game refuses', refused],
  ['fails to choose', failing],
])('a bot that %s', (_what, answer) => {
  it('passes its lowest cards in order instead, and the round goes on', async () => {
    tables = await inProcess();
    tables.pool.breakWith(answer);
    const {
      table,
      players: [host],
    } = await tables.table({ players: 2, rounds: 1, turnClock: 'off' });
    await tables.send(table, { type: 'seat:bot', by: host.claim, message: { seat: 1, level: 'easy' } });
    await tables.send(table, { type: 'table:start', by: host.claim, message: {} });
    await tables.until(() => lastUpdate(host.follower).view.passed[1], 'the bot to pass');
    const before = lastUpdate(host.follower);
    await tables.send(table, {
      type: 'game:act',
      by: host.claim,
      message: { action: chooseAction(before.view, () => 0), seq: before.seq },
    });
    await tables.until(() => lastUpdate(host.follower).view.phase === 'play', 'the exchange');
    const v = lastUpdate(host.follower).view;
    const [intoRow, intoHand] = v.received!;
    expect(intoRow).toMatchObject({ from: 1, into: 'faceUp' });
    expect(intoHand).toMatchObject({ from: 1, into: 'hand' });
    // What the bot still hides of its deal (its other cards and its two in the devil's trick)
    // is the outstanding cards less its face-up row and the card the host passed into its hand.
    const mine = v.myPass as { hidden: number };
    const hidden = v.outstanding.filter((c) => !v.faceUp![1].includes(c) && c !== mine.hidden);
    expect(hidden).toHaveLength(8 + 2);
    expect(intoRow.card).toBeLessThan(intoHand.card);
    expect(hidden.every((c) => c > intoHand.card)).toBe(true);
  });
});
