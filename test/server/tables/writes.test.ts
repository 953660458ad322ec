/**
 * Every action is one write to the store: a bot's as a person's, its turn clocks stored
 * with it (appendAction's `also`), not committed after it in a second write; the last one
 * also carries the game's end (the game and the table finished, every clock stopped).
 * Counted in process, on the real SQLite store, over a whole game with the turn clock on
 * (so that most actions start or stop someone's clock).
 */
import fs from 'node:fs';
import { afterEach, expect, it } from 'vitest';
import { SqliteStore } from '../../../src/server/store/sqlite.js';
import type { Store } from '../../../src/server/store/store.js';
import { chooseAction } from '../helpers/choose.js';
import { type InProcess, inProcess, lastUpdate } from '../helpers/in-process.js';
import { tempDataDir } from '../helpers/server.js';

const WRITES = new Set(['saveTable', 'commitTable', 'appendAction', 'setTimer', 'addChat']);

/** The real store, with every write it is asked for noted (its method, and for an action whether a bot's). */
function counted(store: Store, writes: string[]): Store {
  return new Proxy(store, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof name !== 'string' || !WRITES.has(name) || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const byBot = name === 'appendAction' && (args[1] as { byBot: boolean }).byBot;
        writes.push(name === 'appendAction' ? `${name}:${byBot ? 'bot' : 'person'}` : name);
        return value.apply(target, args);
      };
    },
  });
}

let tables: InProcess;
let dir: string;
let store: SqliteStore;
afterEach(async () => {
  await tables.close();
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it("each action, a bot's as a person's, is one write with its clocks, the game's end too", async () => {
  dir = tempDataDir();
  store = new SqliteStore(dir, { checkpoints: false });
  const writes: string[] = [];
  tables = await inProcess({}, counted(store, writes));
  const {
    table,
    players: [host],
  } = await tables.table({ players: 3, rounds: 1, turnClock: 'normal' });
  for (const seat of [1, 2])
    await tables.send(table, { type: 'seat:bot', by: host.claim, message: { seat, level: 'easy' } });
  await tables.send(table, { type: 'table:start', by: host.claim, message: {} });
  const started = writes.length;
  for (;;) {
    const u = lastUpdate(host.follower);
    if (u.view.phase === 'over') break;
    if (u.view.mustAct) {
      const action = chooseAction(u.view, () => 0);
      await tables.send(table, { type: 'game:act', by: host.claim, message: { action, seq: u.seq } });
    } else await tables.until(() => lastUpdate(host.follower).seq > u.seq, 'a bot to act');
  }
  await tables.until(() => table.status === 'finished', 'the game to finish');
  const played = writes.slice(started);
  const actions = played.filter((w) => w.startsWith('appendAction'));
  expect(actions.length).toBe(lastUpdate(host.follower).seq);
  expect(actions.filter((w) => w === 'appendAction:bot').length).toBeGreaterThan(actions.length / 2);
  // One write per action, and nothing after the last: it stored the table as finished.
  expect(played).toEqual(actions);
  expect((await store.loadTable(table.code))?.table.status).toBe('finished');
  expect(await store.timersOf(table.code)).toEqual([]);
});
