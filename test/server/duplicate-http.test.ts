/**
 * Duplicate events over HTTP, on the built server (a child process on loopback): a guest
 * makes an event, reads it, begins an entry, and cannot read the results before finishing;
 * only the host closes it, after which the results are everyone's and no entry begins; an
 * entry's game (record, analysis, view) is read as the results are; bad input is refused
 * with a code and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Client, playToEnd } from './helpers/client.js';
import { guestBrowser } from './helpers/guest-browser.js';
import { startServer, type TestServer } from './helpers/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ DAILY_SECRET: '8'.repeat(64) });
});
afterAll(async () => {
  await server.stop();
});

const browser = () => guestBrowser(server);

describe('duplicate events over HTTP', () => {
  test('create, read, enter, close: the results hidden until finished, everyone’s once closed', async () => {
    const host = browser();
    const made = await host('POST', '/api/duplicates', {
      players: 3,
      mode: 'individual',
      hands: 2,
      name: 'Friday night',
      host: 'Hana',
    });
    expect(made.status).toBe(200);
    expect(made.body).toEqual({ code: expect.stringMatching(/^[2-9A-Z]{8}$/) });
    const { code } = made.body;
    expect((await host('GET', `/api/duplicates/${code}`)).body).toEqual({
      code,
      name: 'Friday night',
      players: 3,
      mode: 'individual',
      hands: 2,
      status: 'open',
      host: 'Hana',
      youHost: true,
      entries: 0,
      yours: [],
      results: null,
    });

    const ann = browser();
    const entry = await ann('POST', `/api/duplicates/${code.toLowerCase()}/start`, { name: 'Ann' });
    expect(entry.body).toEqual({ code: expect.any(String), seat: 0, token: expect.any(String) });
    expect((await ann('POST', `/api/duplicates/${code}/start`, {})).body).toEqual(entry.body);
    const table = await ann('GET', `/api/tables/${entry.body.code}`);
    expect(table.body.options).toMatchObject({ duplicate: code, players: 3, rounds: 2, coach: false });
    expect(table.body.seats.map((s: { name: string; bot: string }) => s.bot ?? s.name)).toEqual([
      'Ann',
      'expert',
      'expert',
    ]);
    // Before finishing: nobody reads the results (nor the entry's game), and the seat token is told to nobody else.
    for (const who of [ann, host, browser()]) {
      const read = await who('GET', `/api/duplicates/${code}`);
      expect(read.body.results).toBeNull();
      expect(read.raw).not.toContain(entry.body.token);
    }
    expect((await ann('GET', `/api/duplicates/${code}`)).body).toMatchObject({
      youHost: false,
      entries: 1,
      yours: [{ seat: 0, table: entry.body.code, finished: false }],
    });
    const record = await ann('GET', `/api/games/${table.body.gameId}/record`);
    expect(record.body.error.code).toBe('ERR_GAME_NOT_FINISHED');

    const notHost = await ann('POST', `/api/duplicates/${code}/close`, {});
    expect([notHost.status, notHost.body.error.code]).toEqual([403, 'ERR_NOT_HOST']);
    expect((await host('POST', `/api/duplicates/${code}/close`, {})).body).toEqual({ ok: true });
    expect((await browser()('GET', `/api/duplicates/${code}`)).body).toMatchObject({ status: 'closed', results: [] });
    const late = await browser()('POST', `/api/duplicates/${code}/start`, {});
    expect([late.status, late.body.error.code]).toEqual([409, 'ERR_EVENT_CLOSED']);
  });

  test('an entry’s game is read as the results are: by those who finished an entry, and by all once closed', async () => {
    const host = browser();
    const { code } = (await host('POST', '/api/duplicates', { players: 3, hands: 1, name: 'Leaks', host: 'Hana' }))
      .body;
    const cat = browser();
    const started = (await cat('POST', `/api/duplicates/${code}/start`, { name: 'Cat' })).body;
    const client = new Client(server.url, started.token, undefined, started.code);
    try {
      expect((await client.watch(started.code)).ok).toBe(true);
      await playToEnd([client], 120_000, () => 0);
    } finally {
      client.close();
    }
    const game = (await cat('GET', `/api/tables/${started.code}/games`)).body.games[0].id;
    const dan = browser();
    const running = (await dan('POST', `/api/duplicates/${code}/start`, { name: 'Dan' })).body;
    // Nobody watches an event's table without its seat: neither Cat's game over, nor Dan's under way.
    for (const table of [started.code, running.code]) {
      const spectator = new Client(server.url, null, undefined, table);
      try {
        expect(await spectator.watch(table)).toMatchObject({ ok: false, error: { code: 'ERR_NOT_FINISHED' } });
      } finally {
        spectator.close();
      }
    }
    const secrets = [`/api/games/${game}/record`, `/api/games/${game}/analysis`, `/api/games/${game}/view`];
    // Someone whose entry runs, the host who has none, and a stranger: nothing of Cat's game.
    for (const who of [dan, host, browser()]) {
      for (const url of secrets) {
        const res = await who('GET', url);
        expect([url, res.status, res.body.error?.code]).toEqual([url, 403, 'ERR_NOT_FINISHED']);
      }
      const ask = await who('POST', `/api/games/${game}/analysis`);
      expect([ask.status, ask.body.error?.code]).toEqual([403, 'ERR_NOT_FINISHED']);
      // Nor its id from the event: its results are shut to them, and never name a game.
      expect((await who('GET', `/api/duplicates/${code}`)).raw).not.toContain(game);
    }
    // Cat, finished, reads the game; the results give Cat no game id either.
    expect((await cat('GET', `/api/games/${game}/record`)).body.players[0]).toBe('Cat');
    const event = await cat('GET', `/api/duplicates/${code}`);
    expect(event.body.results).toHaveLength(1);
    expect(event.raw).not.toContain(game);
    // Once closed, everyone reads it.
    expect((await host('POST', `/api/duplicates/${code}/close`, {})).body).toEqual({ ok: true });
    for (const who of [dan, browser()]) expect((await who('GET', `/api/games/${game}/record`)).status).toBe(200);
  }, 150_000);

  test('bad input is refused with a code, and nothing changes', async () => {
    const eve = browser();
    const good = { players: 4, mode: 'individual', hands: 3, name: 'Club' };
    const { code } = (await eve('POST', '/api/duplicates', good)).body;
    const cases: [string, string, unknown, number, string][] = [
      ['POST', '/api/duplicates', { ...good, hands: 0 }, 400, 'ERR_BAD_REQUEST'],
      ['POST', '/api/duplicates', { ...good, hands: 13 }, 400, 'ERR_BAD_REQUEST'],
      ['POST', '/api/duplicates', { ...good, players: 7 }, 400, 'ERR_BAD_REQUEST'],
      ['POST', '/api/duplicates', { ...good, name: '' }, 400, 'ERR_BAD_REQUEST'],
      ['POST', '/api/duplicates', { ...good, extra: 1 }, 400, 'ERR_BAD_REQUEST'],
      ['POST', '/api/duplicates', { ...good, host: 'Ad\u200bam' }, 400, 'ERR_BAD_NAME'],
      ['POST', '/api/duplicates', { ...good, players: 3, mode: '2-1-1' }, 400, 'ERR_BAD_OPTIONS'],
      ['GET', '/api/duplicates/NOSUCH22', undefined, 404, 'ERR_NO_EVENT'],
      ['POST', '/api/duplicates/NOSUCH22/close', {}, 404, 'ERR_NO_EVENT'],
      ['POST', '/api/duplicates/NOSUCH22/start', {}, 404, 'ERR_NO_EVENT'],
      ['POST', `/api/duplicates/${code}/start`, { seat: 'one' }, 400, 'ERR_BAD_REQUEST'],
      ['POST', `/api/duplicates/${code}/start`, { table: 'NOSUCH22', seat: 1 }, 404, 'ERR_NO_TABLE'],
      ['POST', `/api/duplicates/${code}/tables`, { seat: 4 }, 400, 'ERR_BAD_SEAT'],
    ];
    for (const [method, url, body, status, errorCode] of cases) {
      const res = await eve(method, url, body);
      expect([url, res.status, res.body.error?.code]).toEqual([url, status, errorCode]);
    }
    expect((await eve('GET', `/api/duplicates/${code}`)).body).toMatchObject({ entries: 0, status: 'open' });
  });
});
