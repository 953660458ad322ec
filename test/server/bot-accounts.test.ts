/**
 * Bot accounts (docs/protocol.md, "Bot accounts") on the real server on loopback, on SQLite,
 * on PostgreSQL and on two cluster nodes behind nginx (the bot connects to one node, the
 * table lives on the other): made by `bottle-imp admin bot`, a bot account plays a whole
 * game at a server table through `bottle-imp connect` with the example bots (Node, and
 * Python on SQLite) against the server's bots; what its program and its connection are told
 * holds no card of another seat; it is marked as a bot in the table's summaries, the public
 * tables, the finished game, its profile and the histories; a wrong or replaced token is
 * refused at the handshake; it cannot sign in with a password; a host's invitation is
 * refused by code; it spends its own message budget, over every node.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyTablesReply } from '../../src/protocol/accounts.js';
import type { FinishedGame, TableSummary } from '../../src/protocol/messages.js';
import type { PlayerGamesReply, PlayerReply } from '../../src/protocol/players.js';
import { mayJoinPeoplesPools } from '../../src/server/accounts/kind.js';
import { bot as botCommand } from '../../src/server/admin.js';
import { Client } from './helpers/client.js';
import { type Cluster, clusterAvailable, startCluster } from './helpers/cluster.js';
import { Jar } from './helpers/jar.js';
import { cardsIn, DealKnower } from './helpers/leak-checker.js';
import { freshDatabase, postgresAvailable, type TestDatabase } from './helpers/postgres.js';
import { startServer, type TestServer } from './helpers/server.js';
import { type StoredGame, storedGame, withStore } from './helpers/stored.js';

const run = promisify(execFile);
// No turn clock: on a loaded machine a slow program must not lose its turn to the stand-in bot.
// Three rounds, so that the bot's own action is followed by its turn (it wins a trick and
// leads, or its pass completes the exchange and it leads) many times over: `connect` once
// took the update that shows its action as already acted on, and stalled there.
const OPTIONS = { players: 4, mode: 'individual', rounds: 3, turnClock: 'off' };
// A bot account's message budget: 10 a second, a burst of 20 (the last test spends it).
const ENV = { BOT_RATE_PER_SECOND: '10' };

/**
 * Where a suite runs: the host's server (the table's owner), the server the bot account
 * connects to (in the cluster, the other node), and the store `admin` and the checks read.
 */
interface Place {
  readonly host: TestServer;
  readonly bot: TestServer;
  /** The store's settings for `bottle-imp admin`, and where `withStore` finds it. */
  readonly store: { readonly env: Record<string, string>; readonly where: string };
  /** The table's owner, in the cluster (else null: there is one server). */
  ownerOf(code: string): Promise<string | null>;
  readonly hostNode: string | null;
  stop(): Promise<void>;
}

async function alone(postgres: boolean): Promise<Place> {
  const db: TestDatabase | null = postgres ? await freshDatabase() : null;
  const server = await startServer({ ...ENV, ...(db ? { DATABASE_URL: db.url } : {}) });
  return {
    host: server,
    bot: server,
    store: db
      ? { env: { DATABASE_URL: db.url }, where: db.url }
      : { env: { DATA_DIR: server.dataDir }, where: server.dataDir },
    ownerOf: async () => null,
    hostNode: null,
    async stop() {
      await server.stop();
      await db?.drop();
    },
  };
}

async function twoNodes(): Promise<Place> {
  const cluster: Cluster = await startCluster({ nodes: 2, env: ENV });
  const [a, b] = cluster.nodes;
  return {
    host: a.server,
    bot: b.server,
    store: { env: { DATABASE_URL: cluster.db.url }, where: cluster.db.url },
    ownerOf: (code) => cluster.ownerOf(code),
    hostNode: a.id,
    stop: () => cluster.stop(),
  };
}

const pgHere = await postgresAvailable();
const clusterHere = await clusterAvailable();
const PLACES = [
  // The second table (`again`) does not depend on the store: once is enough.
  { name: 'SQLite', start: () => alone(false), skip: false, programs: ['Node', 'Python'], again: true },
  { name: 'PostgreSQL', start: () => alone(true), skip: !pgHere, programs: ['Node'], again: false },
  { name: 'two cluster nodes behind nginx', start: twoNodes, skip: !clusterHere, programs: ['Node'], again: false },
];
const PROGRAMS = [
  { name: 'Node', bot: 'NodeRandom', program: 'node examples/node/random-bot.mjs' },
  { name: 'Python', bot: 'PyRandom', program: 'python3 examples/python/random_bot.py' },
];

describe.each(PLACES)('bot accounts on $name', ({ start, skip, programs, again }) => {
  let place: Place;
  const clients: Client[] = [];
  /** The example bots' tokens, by account. */
  const tokens = new Map<string, string>();
  const admin = async (...args: string[]) =>
    (
      await run(process.execPath, ['dist/cli/main.js', 'admin', ...args], {
        env: { ...process.env, ...place.store.env },
      })
    ).stdout;
  /** A new bot account's token, as `admin bot` prints it (its last line). */
  const adminBot = async (name: string) => (await admin('bot', name)).trim().split('\n').at(-1)!;
  /** The same, through the command's own function on the store: a process start less on a loaded machine. */
  const makeBot = async (name: string) =>
    (await withStore(place.store.where, (store) => botCommand(store, name, Date.now()))).at(-1)!;
  const client = (url: string, token: string | null, headers?: Record<string, string>) => {
    const c = new Client(url, token, undefined, undefined, headers);
    clients.push(c);
    return c;
  };
  /** A connection of the bot account, to the server bots connect to. */
  const asBot = (token: string) => client(place.bot.url, null, { authorization: `Bearer ${token}` });
  const get = async <T>(path: string) => (await (await fetch(`${place.bot.url}${path}`)).json()) as T;

  /** A table whose host seats the bot account `bot` in seat 1 and medium bots in 2 and 3. */
  async function tableWithBot(bot: string, options: object = OPTIONS): Promise<{ code: string; host: Client }> {
    const created = await fetch(`${place.host.url}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Host', options }),
    });
    const { code, token } = (await created.json()) as { code: string; token: string };
    const host = client(place.host.url, token);
    expect((await host.watch(code)).seat).toBe(0);
    expect(await host.call('seat:invite', { seat: 1, name: bot })).toEqual({ ok: true });
    for (const seat of [2, 3]) expect((await host.call('seat:bot', { seat, level: 'medium' })).ok).toBe(true);
    // In the cluster the table lives on the host's node, the bot's connections on the other.
    expect(await place.ownerOf(code)).toBe(place.hostNode);
    return { code, host };
  }

  /**
   * `bottle-imp connect` with `program` for one game at a new table: the host starts once
   * the bot's connection holds its seat and gives its own seat to a stand-in, so that the
   * program plays against the server's bots. Returns what the program read (its standard
   * input, kept by tee), the game and the summaries the host saw.
   */
  async function playThroughConnect(bot: string, token: string, program: string) {
    const { code, host } = await tableWithBot(bot);
    const log = join(mkdtempSync(join(tmpdir(), 'bottle-imp-connect-')), 'input.jsonl');
    const bridge = spawn(
      process.execPath,
      [
        'dist/cli/main.js',
        'connect',
        '--server',
        place.bot.url,
        '--token',
        token,
        '--games',
        '1',
        '--verbose',
        '--',
        'sh',
        '-c',
        `tee ${log} | ${program}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    bridge.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => bridge.once('exit', resolve));
    // The bot's connection holds its seat before the game starts, so it sees every action.
    await host.until(() => host.table?.seats[1].connected === true, 'the bot at its seat', 20_000);
    expect(host.table?.seats[1]).toMatchObject({ name: bot, bot: null, botAccount: true });
    // A second connection of the same account holds the seat too: what it is sent is checked for leaks.
    const watcher = asBot(token);
    expect((await watcher.watch(code)).seat).toBe(1);
    expect((await host.call('table:start', {})).ok).toBe(true);
    expect((await host.call('table:leave', {})).ok).toBe(true);
    expect(await exited, stderr).toBe(0);
    await watcher.until(() => watcher.game?.view.phase === 'over', 'the end');
    const gameId = watcher.game!.gameId;
    const stored = await storedGame(place.store.where, gameId);
    const summaries = host.inbox.flatMap((m) => (m.kind === 'table' ? [m.table] : []));
    const input = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    return { code, gameId, stored, input, watcher, summaries, stderr };
  }

  /** Every card the program read and the bot's other connection was sent is one seat 1 may know then. */
  function expectNoLeaks(stored: StoredGame, input: { type: string; [k: string]: unknown }[], watcher: Client): void {
    const knower = new DealKnower(
      stored.options,
      stored.seed,
      stored.actions.map((a) => a.action),
    );
    let seq = 0;
    let cards = 0;
    for (const m of input) {
      if (m.type === 'hello') expect(m.seat).toBe(1);
      if (m.type === 'events') seq++;
      if (m.type !== 'decide' && m.type !== 'events') continue;
      const { id: _id, ...sent } = m;
      const allowed = knower.allowed(seq, 1);
      for (const { card, path } of cardsIn(sent)) {
        expect(allowed.has(card), `${m.type} ${path}: ${card}`).toBe(true);
        cards++;
      }
      if (m.type === 'decide')
        expect((m.view as { outstanding: number[] }).outstanding).toEqual(knower.outstanding(seq, 1));
    }
    // An events line after every action of the game.
    expect(seq).toBe(stored.actions.length);
    for (const m of watcher.inbox) {
      if (m.kind !== 'game') continue;
      expect(m.update.view.viewer).toBe(1);
      const allowed = knower.allowed(m.update.seq, 1);
      for (const { card, path } of cardsIn(m.update)) {
        expect(allowed.has(card), `update ${m.update.seq} ${path}: ${card}`).toBe(true);
        cards++;
      }
    }
    expect(cards).toBeGreaterThan(100);
  }

  beforeAll(async () => {
    if (!skip) place = await start();
  }, 120_000);
  afterAll(async () => {
    for (const c of clients) c.socket.close();
    await place?.stop();
  });

  it.skipIf(skip).each(PROGRAMS.filter((p) => programs.includes(p.name)))(
    'plays a whole game through bottle-imp connect with the $name example bot, leaking nothing, marked as a bot',
    async ({ bot, program }) => {
      const token = await adminBot(bot);
      expect(token).toMatch(/^bib_[\w-]{43}$/);
      tokens.set(bot, token);
      const { code, gameId, stored, input, watcher, summaries, stderr } = await playThroughConnect(bot, token, program);
      expect(stored.status).toBe('finished');
      // The program chose every action of its seat: none was a stand-in's.
      const mine = stored.actions.filter((a) => a.action.seat === 1);
      expect(mine.length).toBeGreaterThanOrEqual(9);
      expect(
        mine.filter((a) => a.byBot),
        stderr,
      ).toEqual([]);
      expect(input[0]).toMatchObject({ type: 'hello', protocol: 'bottle-imp-bot/1', seat: 1, options: { players: 4 } });
      expect(input.at(-1)).toEqual({ type: 'bye' });
      expect(input.filter((m) => m.type === 'decide')).toHaveLength(mine.length);
      expectNoLeaks(stored, input, watcher);
      // Marked as a bot in every summary that shows it seated.
      const seated = summaries.filter((t: TableSummary) => t.seats[1].name === bot);
      expect(seated.length).toBeGreaterThan(0);
      expect(seated.every((t) => t.seats[1].botAccount === true && t.seats[1].bot === null)).toBe(true);
      expect(summaries.every((t) => t.seats.filter((s) => s.seat !== 1).every((s) => s.botAccount === undefined))).toBe(
        true,
      );
      // The finished game, alone and among its table's, marks its seat as the table did.
      const finished = await get<FinishedGame>(`/api/games/${gameId}`);
      expect(finished).toMatchObject({ names: ['Host', bot, expect.any(String), expect.any(String)] });
      expect(finished.botAccounts).toEqual([false, true, false, false]);
      expect((await get<{ games: FinishedGame[] }>(`/api/tables/${code}/games`)).games).toEqual([finished]);
      // Its profile says it is a bot; its history lists the game with its seat marked.
      expect(await get<PlayerReply>(`/api/players/${bot}`)).toMatchObject({
        username: bot,
        botAccount: true,
        games: 1,
      });
      const history = await get<PlayerGamesReply>(`/api/players/${bot}/games`);
      expect(history.games.map((g) => [g.id, g.seat, g.usernames[1], g.botAccounts])).toEqual([
        [gameId, 1, bot, [false, true, false, false]],
      ]);
    },
    180_000,
  );

  it.skipIf(skip || !again)(
    'leaves the table of its finished game, still open for a rematch, for the next it is invited to',
    async () => {
      const token = tokens.get('NodeRandom')!;
      // The last game's table stays open a while: connect finds it first, and must not wait there.
      const held = await fetch(`${place.bot.url}/api/me/tables`, { headers: { authorization: `Bearer ${token}` } });
      expect(((await held.json()) as MyTablesReply).tables.map((t) => t.status)).toEqual(['finished']);
      const { stored, input } = await playThroughConnect('NodeRandom', token, 'node examples/node/random-bot.mjs');
      expect(stored.status).toBe('finished');
      expect(input.filter((m) => m.type === 'hello')).toHaveLength(1);
    },
    180_000,
  );

  it.skipIf(skip)('is marked as a bot among the public tables', async () => {
    await makeBot('Listed');
    const { code } = await tableWithBot('Listed', { ...OPTIONS, public: true });
    const listed = (await get<TableSummary[]>('/api/tables')).find((t) => t.code === code);
    expect(listed?.seats.map((s) => [s.name, s.bot, s.botAccount])).toEqual([
      ['Host', null, undefined],
      ['Listed', null, true],
      [expect.any(String), 'medium', undefined],
      [expect.any(String), 'medium', undefined],
    ]);
  });

  it.skipIf(skip)('refuses a wrong or replaced token at the handshake, with its code', async () => {
    const token = await makeBot('Revoked_1');
    const codeOf = async (t: string) => {
      const c = asBot(t);
      const e = await new Promise<Error & { data?: { code: string } }>((resolve) => {
        c.socket.once('connect_error', resolve);
        c.socket.once('connect', () => resolve(Object.assign(new Error('connected'), { data: { code: 'none' } })));
      });
      return [e.message, e.data?.code];
    };
    expect(await codeOf(token)).toEqual(['connected', 'none']);
    expect(await codeOf('bib_not-a-token')).toEqual(['ERR_BAD_BOT_TOKEN', 'ERR_BAD_BOT_TOKEN']);
    expect(await codeOf(`${token.slice(0, -2)}AA`)).toEqual(['ERR_BAD_BOT_TOKEN', 'ERR_BAD_BOT_TOKEN']);
    const replaced = (await admin('bot', 'Revoked_1', '--new-token')).trim().split('\n').at(-1)!;
    expect(await codeOf(token)).toEqual(['ERR_BAD_BOT_TOKEN', 'ERR_BAD_BOT_TOKEN']);
    expect(await codeOf(replaced)).toEqual(['connected', 'none']);
    // Over HTTP too: who it is, and a refusal by code.
    const me = await fetch(`${place.bot.url}/api/me`, { headers: { authorization: `Bearer ${replaced}` } });
    expect(await me.json()).toMatchObject({ username: 'Revoked_1', passkeys: 0, bot: true });
    const old = await fetch(`${place.bot.url}/api/me/tables`, { headers: { authorization: `Bearer ${token}` } });
    expect([old.status, ((await old.json()) as { error: { code: string } }).error.code]).toEqual([
      401,
      'ERR_BAD_BOT_TOKEN',
    ]);
    // connect says so in one line, exit status 1.
    const refused = await run(process.execPath, [
      'dist/cli/main.js',
      'connect',
      '--server',
      place.bot.url,
      '--token',
      token,
      '--',
      'true',
    ]).catch((e: { code: number; stderr: string }) => e);
    expect(refused).toMatchObject({
      code: 1,
      stderr: 'bottle-imp: connect: the server refused the connection: ERR_BAD_BOT_TOKEN\n',
    });
  });

  it.skipIf(skip)('never signs a bot account in with a password, nor lets it into people’s pools', async () => {
    await makeBot('No_Password');
    const tried = await new Jar(place.bot, '127.0.11.1').signIn('No_Password', 'violet-otter-marmalade');
    expect([tried.status, JSON.parse(tried.raw).error.code]).toEqual([401, 'ERR_BAD_LOGIN']);
    const account = await withStore(place.store.where, (store) => store.accountNamed('no_password'));
    expect(account).toMatchObject({ kind: 'bot', passwordHash: null });
    expect(mayJoinPeoplesPools(account!)).toBe(false);
    expect(mayJoinPeoplesPools({ ...account!, kind: 'person' })).toBe(true);
  });

  it.skipIf(skip)('refuses invitations by code: unknown, a person, a taken seat, twice at one table', async () => {
    const jar = new Jar(place.host, '127.0.11.2');
    expect((await jar.signUp('a_person', 'violet-otter-marmalade')).status).toBe(201);
    // A person's profile does not say bot.
    expect(await get<PlayerReply>('/api/players/a_person')).toEqual({
      username: 'a_person',
      createdAt: expect.any(Number),
      games: 0,
      ratings: {},
    });
    await makeBot('Twice');
    const { host } = await tableWithBot('Twice');
    const invite = async (seat: number, name: string) => {
      const r = await host.call('seat:invite', { seat, name });
      return r.ok ? 'ok' : r.error.code;
    };
    expect(await invite(2, 'nobody_here')).toBe('ERR_NO_BOT_ACCOUNT');
    expect(await invite(2, 'a_person')).toBe('ERR_NOT_BOT_ACCOUNT');
    expect(await invite(0, 'Twice')).toBe('ERR_SEAT_TAKEN');
    expect(await invite(2, 'twice')).toBe('ERR_BOT_SEATED');
    expect(await invite(9, 'Twice')).toBe('ERR_BAD_REQUEST');
    // The host takes it out as any bot; another connection cannot invite.
    expect((await host.call('seat:clear', { seat: 1 })).ok).toBe(true);
    expect(host.table?.seats[1]).toMatchObject({ name: null });
    const guest = client(place.host.url, null);
    expect((await guest.call('seat:invite', { seat: 1, name: 'Twice' })).ok).toBe(false);
  });

  it.skipIf(skip)(
    'spends its own message budget, over all its connections (on any node), not its address’s',
    async () => {
      const token = await makeBot('Chatty');
      // In the cluster one connection on each node: the budget is counted in Redis.
      const a = client(place.host.url, null, { authorization: `Bearer ${token}` });
      const b = asBot(token);
      // Each message is refused (no seat), but counted: 10 a second, a burst of 20, for the account.
      const codes = await Promise.all([...Array(15)].flatMap(() => [a.call('seat:back', {}), b.call('seat:back', {})]));
      const limited = codes.filter((r) => !r.ok && r.error.code === 'ERR_RATE_LIMITED').length;
      expect(limited).toBe(10);
      // A person at the same address is not held back by it.
      const person = client(place.bot.url, null);
      expect((await person.call('seat:back', {})) as unknown).toMatchObject({
        ok: false,
        error: { code: 'ERR_NOT_SEATED' },
      });
    },
  );
});
