/**
 * Profiles and histories (docs/protocol.md, "Profile and history") against the real server
 * on loopback, on SQLite and on PostgreSQL: games played by signed-in players are theirs;
 * the profile counts them; the history pages newest first in a stable order, each game with
 * every seat's total and place and its links; bad names, unknown names and bad queries are
 * refused with codes; a deleted account's games stay under the empty name; the export holds
 * the games; and no reply or log line carries a password, a hash or a session id.
 */
import { describe, expect, it } from 'vitest';
import type { PlayerGame, PlayerGamesReply } from '../../src/protocol/players.js';
import { type GameRecord, gameFromRecord } from '../../src/record/index.js';
import { DELETED_NAME } from '../../src/values/index.js';
import { Client, playToEnd } from './helpers/client.js';
import { Jar } from './helpers/jar.js';
import type { TestServer } from './helpers/server.js';
import { SERVER_STORES, serverSuite } from './helpers/server-stores.js';

const PASSWORD = 'violet-otter-marmalade';
const OPTIONS = { players: 3, mode: 'individual', rounds: 1 };

describe.each(SERVER_STORES)('profiles and histories on $name', (kind) => {
  const { skip } = kind;
  let server: TestServer;
  const clients: Client[] = [];
  /** Every reply, to find no secret in any. */
  const replies: string[] = [];
  const secrets = new Set<string>([PASSWORD]);
  let ann: Jar;
  let bea: Jar;
  /** The games played, in the order they ended. */
  const played: string[] = [];

  const get = async <T>(jar: Jar, url: string) => {
    const r = await jar.request<T>('GET', url);
    replies.push(r.raw);
    return r;
  };
  const refusal = async (url: string) => {
    const r = await get<{ error: { code: string } }>(ann, url);
    return [r.status, r.body.error?.code];
  };
  const connect = (jar: Jar) => {
    const client = new Client(server.url, null, undefined, undefined, {
      cookie: `bi_session=${jar.cookie}`,
      origin: server.url,
    });
    clients.push(client);
    return client;
  };

  serverSuite(
    kind,
    // Two scripted players act as fast as the server answers: over a connection's 20 messages
    // a second on a fast store, which is not what this file tests.
    { LOG_LEVEL: 'debug', ANALYSIS_ITERATIONS: '10', SOCKET_RATE_PER_SECOND: '1000' },
    async (started) => {
      server = started;
      await playGames();
    },
    (stopped) => {
      for (const c of clients) c.socket.close();
      const out = [...replies, stopped.output()].join('\n');
      for (const s of secrets) expect(out.includes(s), 'a secret leaked').toBe(false);
      expect(out).not.toMatch(/\$argon2/);
    },
  );

  /** Ann hosts, Bea joins signed in, a bot takes the third seat; three games, each a rematch. */
  async function playGames() {
    ann = new Jar(server, '127.0.9.1');
    bea = new Jar(server, '127.0.9.2');
    expect((await ann.signUp('prof_Ann', PASSWORD)).status).toBe(201);
    expect((await bea.signUp('prof_bea', PASSWORD)).status).toBe(201);
    for (const jar of [ann, bea]) secrets.add(jar.cookie!);

    const { code } = (await ann.request<{ code: string }>('POST', '/api/tables', { name: 'Ann', options: OPTIONS }))
      .body;
    expect((await bea.request('POST', `/api/tables/${code}/seats`, { name: 'Bea' })).status).toBe(201);
    const host = connect(ann);
    const guest = connect(bea);
    expect((await host.watch(code)).seat).toBe(0);
    expect((await guest.watch(code)).seat).toBe(1);
    expect((await host.call('seat:bot', { seat: 2, level: 'easy' })).ok).toBe(true);
    expect((await host.call('table:start', {})).ok).toBe(true);
    for (let game = 0; game < 3; game++) {
      if (game > 0) {
        const before = host.game!.gameId;
        expect((await host.call('table:rematch', {})).ok).toBe(true);
        for (const c of [host, guest]) await c.until(() => c.game?.gameId !== before, 'the rematch');
      }
      await playToEnd([host, guest]);
      played.push(host.game!.gameId);
    }
  }

  it.skipIf(skip)('gives a profile by its name in any case, with the games played', async () => {
    const r = await get<{ username: string; createdAt: number; games: number }>(ann, '/api/players/PROF_ANN');
    expect(r.status).toBe(200);
    // Unrated games: no rating in any pool.
    expect(r.body).toEqual({ username: 'prof_Ann', createdAt: expect.any(Number), games: 3, ratings: {} });
    expect((await get(bea, '/api/players/prof_bea')).body).toMatchObject({ games: 3 });
  });

  it.skipIf(skip)('lists the games newest first, with every seat’s result and the links', async () => {
    const r = await get<PlayerGamesReply>(bea, '/api/players/prof_ann/games');
    expect(r.status).toBe(200);
    expect(r.body.next).toBeNull();
    expect(r.body.games.map((g) => g.id)).toEqual([...played].reverse());
    for (const g of r.body.games) {
      expect(g).toMatchObject({
        names: ['Ann', 'Bea', expect.any(String)],
        bots: [null, null, 'easy'],
        usernames: ['prof_Ann', 'prof_bea', null],
        seat: 0,
        links: { record: `/api/games/${g.id}/record`, analysis: `/api/games/${g.id}/analysis` },
      });
      expect(g.places).toEqual(g.scores.map((s) => 1 + g.scores.filter((o) => o > s).length));
      expect(g.place).toBe(g.places[0]);
      // The totals are the game's own: its record, replayed, ends with them.
      const record = await get<GameRecord>(ann, g.links.record);
      const replayed = gameFromRecord(record.body);
      expect(replayed.ok && replayed.value.totals).toEqual(g.scores);
      const game = await get<{ finishedAt: number }>(ann, `/api/games/${g.id}`);
      expect(game.body.finishedAt).toBe(g.finishedAt);
    }
    const theirs = await get<PlayerGamesReply>(ann, '/api/players/prof_bea/games');
    expect(theirs.body.games.map((g) => [g.id, g.seat])).toEqual([...played].reverse().map((id) => [id, 1]));
  });

  it.skipIf(skip)('pages by `before` in a stable order until `next` is null', async () => {
    const seen: string[] = [];
    let url = '/api/players/prof_ann/games?limit=1';
    for (;;) {
      const page = await get<PlayerGamesReply>(ann, url);
      expect(page.body.games).toHaveLength(1);
      seen.push(page.body.games[0].id);
      if (page.body.next === null) break;
      expect(page.body.next).toBe(page.body.games[0].id);
      url = `/api/players/prof_ann/games?limit=1&before=${page.body.next}`;
    }
    expect(seen).toEqual([...played].reverse());
    const two = await get<PlayerGamesReply>(ann, `/api/players/prof_ann/games?before=${played[2]}&limit=2`);
    expect(two.body).toMatchObject({ next: null });
    expect(two.body.games.map((g) => g.id)).toEqual([played[1], played[0]]);
  });

  it.skipIf(skip)('gives a pool’s rating history and leaderboard, empty without rated games', async () => {
    expect((await get(ann, '/api/players/prof_ann/ratings?pool=4p')).body).toEqual({ pool: '4p', points: [] });
    expect((await get(ann, '/api/leaderboard?pool=5-6p&limit=10')).body).toEqual([]);
    for (const query of ['', '?pool=9p', '?pool=4p&limit=0', '?pool=4p&limit=201', '?pool=4p&page=2'])
      expect(await refusal(`/api/leaderboard${query}`), query).toEqual([400, 'ERR_BAD_REQUEST']);
    for (const query of ['', '?pool=teams&limit=501'])
      expect(await refusal(`/api/players/prof_ann/ratings${query}`), query).toEqual([400, 'ERR_BAD_REQUEST']);
    expect(await refusal('/api/players/nobody_here/ratings?pool=2p')).toEqual([404, 'ERR_NO_PLAYER']);
  });

  it.skipIf(skip)('refuses bad names, unknown names and bad queries with codes', async () => {
    expect(await refusal('/api/players/ab')).toEqual([400, 'ERR_BAD_USERNAME']);
    expect(await refusal('/api/players/no%20one')).toEqual([400, 'ERR_BAD_USERNAME']);
    expect(await refusal(`/api/players/${'a'.repeat(21)}/games`)).toEqual([400, 'ERR_BAD_USERNAME']);
    expect(await refusal('/api/players/nobody_here')).toEqual([404, 'ERR_NO_PLAYER']);
    expect(await refusal('/api/players/nobody_here/games')).toEqual([404, 'ERR_NO_PLAYER']);
    for (const query of ['limit=0', 'limit=51', 'limit=2.5', 'limit=many', 'limit=1&limit=2', 'page=2', 'before='])
      expect(await refusal(`/api/players/prof_ann/games?${query}`), query).toEqual([400, 'ERR_BAD_REQUEST']);
    expect(await refusal('/api/players/prof_ann/games?before=nosuchgame')).toEqual([404, 'ERR_NO_GAME']);
  });

  it.skipIf(skip)('exports the account’s games; a deleted account’s games stay under the empty name', async () => {
    const exported = await get<{ games: PlayerGame[] }>(bea, '/api/me/export');
    const listed = await get<PlayerGamesReply>(bea, '/api/players/prof_bea/games');
    expect(exported.body.games).toEqual(listed.body.games);
    expect(exported.body.games).toHaveLength(3);

    // An analysis made while she had an account names her.
    type Analysed = { status: string; analysis?: { players: { seat: number; name: string }[] } };
    const analysis = `/api/games/${played[0]}/analysis`;
    expect((await ann.request('POST', analysis)).status).toBeLessThan(300);
    await expect
      .poll(async () => (await get<Analysed>(ann, analysis)).body.status, { timeout: 60_000, interval: 200 })
      .toBe('done');
    expect((await get<Analysed>(ann, analysis)).body.analysis?.players[1].name).toBe('Bea');

    // Bea signed up moments ago: a fresh sign-in, so she may delete the account.
    expect((await bea.request('DELETE', '/api/me')).status).toBe(204);
    expect((await get<Analysed>(ann, analysis)).body.analysis?.players.map((p) => p.name).slice(0, 2)).toEqual([
      'Ann',
      DELETED_NAME,
    ]);
    expect(await refusal('/api/players/prof_bea')).toEqual([404, 'ERR_NO_PLAYER']);
    const after = await get<PlayerGamesReply>(ann, '/api/players/prof_ann/games');
    expect(after.body.games.map((g) => g.id)).toEqual([...played].reverse());
    for (const g of after.body.games) {
      expect(g.names.slice(0, 2)).toEqual(['Ann', DELETED_NAME]);
      expect(g.usernames).toEqual(['prof_Ann', null, null]);
      expect((await get<{ names: string[] }>(ann, `/api/games/${g.id}`)).body.names[1]).toBe(DELETED_NAME);
      expect((await get<{ players: string[] }>(ann, g.links.record)).body.players[1]).toBe(DELETED_NAME);
    }
    expect((await get(ann, '/api/players/prof_ann')).body).toMatchObject({ games: 3 });
    // Nothing of her name is left in any reply about the games.
    expect(after.raw).not.toContain('Bea');
    expect(after.raw).not.toContain('prof_bea');
  });
});
