/**
 * The daily deal over HTTP, on the built server (a child process on loopback): today's
 * summary, a guest's attempt begun and resumed by its cookie, the results refused (and
 * nothing of anyone's game told) before the player has finished; an attempt played through
 * over Socket.IO, then refused a second time, its standing, the field's choices, record and
 * analysis given to its player and refused to everyone else; bad input refused, and the
 * secret made in the data folder when DAILY_SECRET is unset.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Client, playToEnd } from './helpers/client.js';
import { guestBrowser } from './helpers/guest-browser.js';
import { startServer, type TestServer } from './helpers/server.js';

const SECRET = '9'.repeat(64);
let server: TestServer;

beforeAll(async () => {
  // The coach's analysis of a finished attempt is asked for at once: a light one here.
  server = await startServer({ DAILY_SECRET: SECRET, ANALYSIS_ITERATIONS: '10' });
});
afterAll(async () => {
  await server.stop();
});

const browser = () => guestBrowser(server);

const today = () => new Date().toISOString().slice(0, 10);

describe('the daily deal over HTTP', () => {
  test('a guest begins today’s attempt, resumes it with its cookie, and cannot read the results before finishing', async () => {
    const ann = browser();
    expect((await ann('GET', '/api/daily')).body).toEqual({ date: today(), players: 4, hands: 3, entries: 0 });
    const first = await ann('POST', '/api/daily/start', { name: 'Ann' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ date: today(), code: expect.any(String), seat: 0, token: expect.any(String) });
    expect(first.headers['set-cookie']?.[0]).toMatch(
      /^bi_daily=[\w-]{43}; Max-Age=34560000; HttpOnly; SameSite=Lax; Path=\/$/,
    );
    expect((await ann('POST', '/api/daily/start', {})).body).toEqual(first.body);
    expect((await ann('GET', '/api/daily')).body.entries).toBe(1);

    const bob = browser();
    const other = await bob('POST', '/api/daily/start', {});
    expect(other.body.code).not.toBe(first.body.code);
    expect((await bob('GET', '/api/daily')).body.entries).toBe(2);

    const table = await ann('GET', `/api/tables/${first.body.code}`);
    expect(table.body.options).toMatchObject({ daily: today(), players: 4, rounds: 3, coach: false, turnClock: 'off' });
    // Neither the results nor the game's record, before the end: nothing of anyone's cards.
    for (const who of [ann, bob, browser()]) {
      const results = await who('GET', `/api/daily/${today()}/results?limit=10`);
      expect(results.status).toBe(403);
      expect(results.body).toEqual({ error: { code: 'ERR_NOT_FINISHED', message: expect.any(String) } });
    }
    const record = await ann('GET', `/api/games/${table.body.gameId}/record`);
    expect(record.status).toBe(409);
    expect(record.body.error.code).toBe('ERR_GAME_NOT_FINISHED');
  });

  test('a finished attempt: refused again; its standing, choices, record and analysis for its player alone today', async () => {
    const cat = browser();
    const started = (await cat('POST', '/api/daily/start', { name: 'Cat' })).body;
    const client = new Client(server.url, started.token, undefined, started.code);
    try {
      expect((await client.watch(started.code)).ok).toBe(true);
      await playToEnd([client], 280_000, () => 0);
    } finally {
      client.close();
    }
    const game = (await cat('GET', `/api/tables/${started.code}`)).body.gameId;
    const day = today();
    const dan = browser();
    await dan('POST', '/api/daily/start', {});
    // Someone whose attempt runs, and someone who has none: nothing of Cat's game, nor of the field.
    const secrets = [
      `/api/daily/${day}/results`,
      `/api/daily/${day}/choices`,
      `/api/daily/${day}/choices?game=${game}`,
      `/api/games/${game}/record`,
      `/api/games/${game}/analysis`,
      `/api/games/${game}/view`,
    ];
    for (const who of [dan, browser()]) {
      for (const url of secrets) {
        const res = await who('GET', url);
        expect([url, res.status, res.body.error?.code]).toEqual([url, 403, 'ERR_NOT_FINISHED']);
        expect(res.raw).not.toContain(game);
      }
      const ask = await who('POST', `/api/games/${game}/analysis`);
      expect([ask.status, ask.body.error?.code]).toEqual([403, 'ERR_NOT_FINISHED']);
    }

    const again = await cat('POST', '/api/daily/start', {});
    expect([again.status, again.body.error?.code]).toEqual([409, 'ERR_ALREADY_PLAYED']);
    const results = (await cat('GET', `/api/daily/${day}/results`)).body;
    expect(results.guests).toEqual([{ rank: 1, name: 'Cat', score: expect.any(Number), gameId: game }]);
    expect(results.mine).toEqual({
      rank: 1,
      of: 1,
      percentile: 100,
      score: results.guests[0].score,
      gameId: game,
      guest: true,
    });
    const choices = (await cat('GET', `/api/daily/${day}/choices`)).body;
    expect(choices).toMatchObject({ date: day, gameId: game });
    expect(choices.decisions).toHaveLength(27);
    for (const d of choices.decisions)
      expect(d).toMatchObject({ field: 1, choices: [{ action: d.chosen, players: 1 }] });
    expect((await cat('GET', `/api/games/${game}/record`)).body.players[0]).toBe('Cat');
    // The coach's analysis was asked for as the attempt was scored.
    expect(['queued', 'running', 'done']).toContain((await cat('GET', `/api/games/${game}/analysis`)).body.status);
  }, 300_000);

  test('bad input is refused with a code, and nothing changes', async () => {
    const eve = browser();
    const before = (await eve('GET', '/api/daily')).body.entries;
    const cases: [string, string, unknown, number, string][] = [
      ['POST', '/api/daily/start', { name: 'Ann', extra: 1 }, 400, 'ERR_BAD_REQUEST'],
      ['POST', '/api/daily/start', { name: 'Ad\u200bam' }, 400, 'ERR_BAD_NAME'],
      ['GET', '/api/daily/2026-02-30/results', undefined, 400, 'ERR_BAD_REQUEST'],
      ['GET', `/api/daily/${today()}/results?limit=0`, undefined, 400, 'ERR_BAD_REQUEST'],
      ['GET', `/api/daily/${today()}/results?limit=101`, undefined, 400, 'ERR_BAD_REQUEST'],
      ['GET', '/api/daily/2026-13-01/choices', undefined, 400, 'ERR_BAD_REQUEST'],
      ['GET', `/api/daily/${today()}/choices?game=${'x'.repeat(33)}`, undefined, 400, 'ERR_BAD_REQUEST'],
      ['GET', '/api/daily/2999-01-01/results', undefined, 403, 'ERR_NOT_FINISHED'],
    ];
    for (const [method, url, body, status, code] of cases) {
      const res = await eve(method, url, body);
      expect([url, res.status, res.body.error?.code]).toEqual([url, status, code]);
    }
    expect((await eve('GET', '/api/daily')).body.entries).toBe(before);
  });

  test('without DAILY_SECRET the secret is made in the data folder, owner-only, and kept across restarts', async () => {
    const plain = await startServer({ DAILY_SECRET: '' });
    const file = path.join(plain.dataDir, 'daily-secret');
    let secret = '';
    try {
      secret = fs.readFileSync(file, 'utf8');
      expect(secret).toMatch(/^[0-9a-f]{64}\n$/);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      await plain.stop();
    }
    const again = await startServer({ DAILY_SECRET: '' }, plain.dataDir);
    try {
      expect(fs.readFileSync(file, 'utf8')).toBe(secret);
    } finally {
      await again.stop();
    }
  });
});
