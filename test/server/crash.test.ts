/**
 * Crash recovery: the server process is killed with SIGKILL in the middle of a game,
 * started again on the same data, and the game goes on to its end with every
 * acknowledged action kept.
 */
import { afterAll, expect, it } from 'vitest';
import { chooseAction } from './helpers/choose.js';
import { Client, playToEnd, step } from './helpers/client.js';
import { startServer, type TestServer, tempDataDir } from './helpers/server.js';
import { storedDeadlines, storedGame } from './helpers/stored.js';
import { seatTable } from './helpers/tables.js';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) if (s.process.exitCode === null && s.process.signalCode === null) await s.stop();
});

it('a game survives SIGKILL mid-game: bots resume and no acknowledged action is lost', async () => {
  const dataDir = tempDataDir();
  const env = { BOT_DELAY_MS: '5' };
  const first = await startServer(env, dataDir);
  servers.push(first);
  const { code, humans, tokens } = await seatTable(first, { players: 4, rounds: 2 }, 2, { level: 'easy' });
  const gameId = humans[0].game!.gameId;
  while (humans.reduce((n, c) => n + c.acked.length, 0) < 12) await step(humans);

  // One more action on its way as the process dies: kept if and only if it was acknowledged.
  const mover = humans.find((c) => c.myTurn());
  const inFlight = mover ? mover.act(chooseAction(mover.game!.view, Math.random)) : null;
  await first.kill();
  await inFlight;
  const acked = humans.flatMap((c) => c.acked.map((a) => ({ ...a, seat: tokens.indexOf(c.token!) })));
  const seqAtCrash = Math.max(...humans.map((c) => c.game!.seq));
  for (const c of humans) c.close();

  const second = await startServer(env, dataDir);
  servers.push(second);
  expect(second.output()).toMatch(/"resumed":1/);
  const back = tokens.map((t) => new Client(second.url, t));
  for (const c of back) {
    const r = await c.watch(code);
    if (!r.ok) throw new Error(JSON.stringify(r));
    expect(r.game!.gameId).toBe(gameId);
    expect(r.game!.seq).toBeGreaterThanOrEqual(seqAtCrash);
  }
  await playToEnd(back);

  const stored = await storedGame(dataDir, gameId);
  expect(stored.status).toBe('finished');
  expect(stored.actions.map((a) => a.seq)).toEqual(Array.from({ length: stored.actions.length }, (_, i) => i + 1));
  for (const a of acked) {
    const kept = stored.actions[a.seq - 1];
    expect(kept.action).toEqual({ ...a.action, seat: a.seat });
    expect(kept.byBot).toBe(false);
  }
  // The bots played on after the restart.
  expect(stored.actions.some((a) => a.seq > seqAtCrash && a.byBot)).toBe(true);
  for (const c of back) c.close();
  expect(await second.stop()).toBe(0);
});

it('absence deadlines are stored, and a restart keeps them', async () => {
  const dataDir = tempDataDir();
  const first = await startServer({}, dataDir);
  servers.push(first);
  const { code, humans } = await seatTable(first, { players: 3, turnSeconds: 120 }, 2);
  humans[1].close();
  await humans[0].until(() => humans[0].table!.seats[1].connected === false, 'seat 1 to drop');
  const before = (await storedDeadlines(dataDir, code)).get(1);
  expect(before).toBeGreaterThan(Date.now());
  await first.kill();
  humans[0].close();

  const second = await startServer({}, dataDir);
  servers.push(second);
  const after = await storedDeadlines(dataDir, code);
  // Seat 1 keeps its deadline; seat 0, which lost its connection in the crash, gets one of its own.
  expect(after.get(1)).toBe(before);
  expect(after.get(0)).toBeGreaterThan(before!);
  expect(await second.stop()).toBe(0);
});
