/**
 * The turn clock (docs/protocol.md): a connected player who does not act in time is
 * replaced by a stand-in bot and takes the seat back with `seat:back` or by acting; the
 * passes of a later round start on the clock once the last round's summary is read; with
 * the clock off nobody connected is ever replaced; a stored clock fires after SIGKILL and
 * a restart. Clocks run short here through TURN_CLOCK_SCALE (0.05: normal is 2 s a card,
 * 4 s a pass).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { chooseAction } from './helpers/choose.js';
import { Client } from './helpers/client.js';
import { startServer, type TestServer, tempDataDir } from './helpers/server.js';
import { storedGame, withStore } from './helpers/stored.js';
import { seatTable } from './helpers/tables.js';

const servers: TestServer[] = [];
async function server(env: Record<string, string>, dataDir?: string): Promise<TestServer> {
  const s = await startServer(env, dataDir);
  servers.push(s);
  return s;
}
afterAll(async () => {
  for (const s of servers) if (s.process.exitCode === null && s.process.signalCode === null) await s.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a connected player who does not act', () => {
  it('is replaced when the clock runs out, and takes the seat back by seat:back and by acting', async () => {
    // Bots think for about a second, so that a player can act before its stand-in does.
    const s = await server({ TURN_CLOCK_SCALE: '0.05', BOT_DELAY_MS: '1000' });
    const { humans } = await seatTable(s, { players: 3, rounds: 1, turnClock: 'normal' }, 1);
    const [me] = humans;
    expect(me.table!.options.turnClock).toBe('normal');

    // The pass: every seat's clock starts with the round, twice a card's time (4 s here).
    await me.until(() => me.game!.clocks[0] !== null, 'my clock to run');
    const clockStarted = Date.now();
    expect(me.game!.clocks[0]! - clockStarted).toBeGreaterThan(2_500);
    expect(me.game!.clocks[0]! - clockStarted).toBeLessThanOrEqual(4_000);
    // Nothing happens before it runs out, though the player is connected.
    await me.until(() => me.table!.seats[0].away, 'the seat to be marked away', 10_000);
    expect(Date.now() - clockStarted).toBeGreaterThan(2_500);
    expect(me.table!.seats[0].connected).toBe(true);
    // The stand-in passes for the seat.
    await me.until(() => me.game!.view.passed[0] || me.game!.view.phase !== 'pass', 'the stand-in to pass', 10_000);

    // seat:back: the seat is the player's again, and everyone is told.
    const back = await me.call('seat:back', {});
    expect(back).toEqual({ ok: true });
    expect(me.table!.seats[0].away).toBe(false);
    expect(await me.call('seat:back', {})).toMatchObject({ ok: false, error: { code: 'ERR_NOT_AWAY' } });

    // The player plays its next turn itself, with a fresh clock of a card's time.
    await me.until(() => me.myTurn() && me.game!.view.phase === 'play', 'my turn to play', 20_000);
    expect(me.game!.clocks[0]).not.toBeNull();
    const played = await me.act(chooseAction(me.game!.view, Math.random));
    expect(played.ok).toBe(true);

    // Idle again: replaced again once the clock runs out.
    const over = () => me.game!.view.phase === 'over';
    await me.until(() => me.myTurn() || over(), 'my next turn', 20_000);
    if (over()) return;
    await me.until(() => me.table!.seats[0].away, 'the seat to be marked away again', 10_000);
    // Acting while away takes the seat back (the stand-in waits about a second before it plays).
    let taken = false;
    while (!taken && !over()) {
      await me.until(() => me.myTurn() || over(), 'a turn while away', 20_000);
      if (over()) break;
      taken = (await me.act(chooseAction(me.game!.view, Math.random))).ok;
    }
    expect(taken).toBe(true);
    await me.until(() => !me.table!.seats[0].away, 'the seat to be mine again');
    const mine = (await storedGame(s.dataDir, me.game!.gameId)).actions.find((a) => a.seq === me.acked.at(-1)!.seq);
    expect(mine?.byBot).toBe(false);
    me.close();
  });
});

describe('a round after the first', () => {
  it('starts its pass clocks after the reading time, and nobody is replaced before', async () => {
    // Here a pass has 4 s and the summary 0.75 s (READING_SECONDS, scaled).
    const s = await server({ TURN_CLOCK_SCALE: '0.05' });
    const { humans } = await seatTable(s, { players: 3, rounds: 2, turnClock: 'normal' }, 1);
    const [me] = humans;
    await me.until(() => me.game!.clocks[0] !== null, 'my first pass clock');
    // The first round has no summary before it: its clocks run at once.
    expect(me.game!.reading).toBeNull();
    const round = () => me.game!.view.round;
    while (round() === 0) {
      if (!(await me.playIfMyTurn())) await sleep(10);
    }
    const dealt = Date.now();
    const next = me.game!;
    expect(next.view.phase).toBe('pass');
    // Everyone's pass clock stands still while the summary is read, then has the whole pass.
    expect(next.reading).not.toBeNull();
    expect(next.reading! - dealt).toBeGreaterThan(0);
    expect(next.reading! - dealt).toBeLessThanOrEqual(750);
    expect(next.clocks[0]! - next.reading!).toBe(4_000);
    // The player does not pass: it is replaced only once reading and pass are both over.
    await me.until(() => me.table!.seats[0].away, 'the seat to be marked away', 10_000);
    expect(Date.now()).toBeGreaterThanOrEqual(next.clocks[0]! - 50);
    // Once the clocks run, updates say so. (The bots' passes came during the reading time and
    // said it was on; the stand-in's pass for the player comes after.)
    const seen = me.game!.seq;
    await me.until(() => me.game!.seq > seen, 'the stand-in pass', 10_000);
    expect(me.game!.reading).toBeNull();
    me.close();
  }, 30_000);
});

describe('the clock off', () => {
  // That nobody is replaced however long the clock is off: tables/races.test.ts, on virtual time.
  it('is set by the host in the lobby, not during a game, and shows no clocks', async () => {
    const s = await server({ TURN_CLOCK_SCALE: '0.05' });
    const { humans } = await seatTable(s, { players: 3, rounds: 1 }, 2, { start: false });
    const [host, guest] = humans;
    expect(host.table!.options.turnClock).toBe('normal');
    expect(await guest.call('table:clock', { turnClock: 'off' })).toMatchObject({
      ok: false,
      error: { code: 'ERR_NOT_HOST' },
    });
    expect(await host.call('table:clock', { turnClock: 'slow' })).toMatchObject({
      ok: false,
      error: { code: 'ERR_BAD_REQUEST' },
    });
    expect(await host.call('table:clock', { turnClock: 'off' })).toEqual({ ok: true });
    await guest.until(() => guest.table!.options.turnClock === 'off', 'everyone to see the clock off');
    expect(await host.call('seat:bot', { seat: 2, level: 'easy' })).toEqual({ ok: true });
    expect(await host.call('table:start', {})).toEqual({ ok: true });
    await host.until(() => host.game !== null, 'the game');
    expect(await host.call('table:clock', { turnClock: 'fast' })).toMatchObject({
      ok: false,
      error: { code: 'ERR_GAME_STARTED' },
    });
    expect(await host.call('seat:back', {})).toMatchObject({ ok: false, error: { code: 'ERR_NOT_AWAY' } });
    expect(host.game!.clocks).toEqual([null, null, null]);
    host.close();
    guest.close();
  }, 30_000);
});

describe('a stored clock', () => {
  it('fires after SIGKILL and a restart', async () => {
    const dataDir = tempDataDir();
    // A pass has 8 s here; the server is killed while it runs and is down when it runs out.
    const env = { TURN_CLOCK_SCALE: '0.1' };
    const first = await server(env, dataDir);
    const { code, humans } = await seatTable(first, { players: 3, rounds: 1, turnClock: 'normal' }, 1);
    const [me] = humans;
    await me.until(() => me.game!.clocks[0] !== null, 'my clock to run');
    const gameId = me.game!.gameId;
    await first.kill();
    me.close();
    const stored = await withStore(dataDir, (store) => store.timersOf(code));
    const turn = stored.find((t) => t.kind === 'turn' && t.seat === 0);
    expect(turn?.deadline).toBe(me.game!.clocks[0]);
    await sleep(Math.max(0, turn!.deadline - Date.now()) + 500);

    const second = await server(env, dataDir);
    const ready = Date.now();
    const watcher = new Client(second.url);
    expect((await watcher.watch(code)).ok).toBe(true);
    // The stored clock fires at once: a fresh one would take 8 s.
    await watcher.until(() => watcher.table!.seats[0].away, 'the seat to be marked away', 5_000);
    expect(Date.now() - ready).toBeLessThan(5_000);
    await watcher.until(() => watcher.game!.view.passed[0], 'the stand-in to pass', 10_000);
    const pass = (await storedGame(dataDir, gameId)).actions.find((a) => a.action.seat === 0);
    expect(pass).toMatchObject({ byBot: true, action: { type: 'pass' } });
    // It fired once: it is no longer stored.
    const after = await withStore(dataDir, (store) => store.timersOf(code));
    expect(after.filter((t) => t.kind === 'turn' && t.seat === 0)).toEqual([]);
    watcher.close();
  }, 40_000);
});
