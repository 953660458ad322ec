/**
 * The turn clock (docs/protocol.md) in the server process: the server arms it (a short one,
 * through TURN_CLOCK_SCALE: 0.005 makes a normal pass 0.4 s), and the host sets it over the
 * protocol. What the clock does (a stand-in, `seat:back`, the reading time, a stored clock
 * after a restart, the clock off) is tested on virtual time in tables/turn-clock.test.ts
 * and tables/races.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.js';
import { storedGame } from './helpers/stored.js';
import { seatTable } from './helpers/tables.js';

const servers: TestServer[] = [];
async function server(env: Record<string, string>): Promise<TestServer> {
  const s = await startServer(env);
  servers.push(s);
  return s;
}
afterAll(async () => {
  for (const s of servers) if (s.process.exitCode === null && s.process.signalCode === null) await s.stop();
});

describe('the server', () => {
  it('arms the turn clock: a connected player who does not act is replaced, and the stand-in acts', async () => {
    const s = await server({ TURN_CLOCK_SCALE: '0.005' });
    const { humans } = await seatTable(s, { players: 3, rounds: 1, turnClock: 'normal' }, 1);
    const [me] = humans;
    await me.until(() => me.game!.clocks[0] !== null, 'my clock to run');
    await me.until(() => me.table!.seats[0].away, 'the seat to be marked away');
    expect(me.table!.seats[0].connected).toBe(true);
    await me.until(() => me.game!.view.passed[0] || me.game!.view.phase !== 'pass', 'the stand-in to pass');
    const pass = (await storedGame(s.dataDir, me.game!.gameId)).actions.find((a) => a.action.seat === 0);
    expect(pass).toMatchObject({ byBot: true, action: { type: 'pass' } });
    me.close();
  });
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
