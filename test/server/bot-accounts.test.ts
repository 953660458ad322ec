/**
 * Bot accounts (docs/protocol.md, "Bot accounts") on the real server on loopback: made by
 * `bottle-imp admin bot`, a bot account plays a whole game at a server table through
 * `bottle-imp connect` with the example bots (Node and Python) against the server's bots;
 * what its program and its connection are told holds no card of another seat; a wrong or
 * replaced token is refused at the handshake; it cannot sign in with a password; a host's
 * invitation is refused by code; it spends its own message budget.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableSummary } from '../../src/protocol/messages.js';
import { mayJoinPeoplesPools } from '../../src/server/accounts/kind.js';
import { Client } from './helpers/client.js';
import { Jar } from './helpers/jar.js';
import { cardsIn, DealKnower } from './helpers/leak-checker.js';
import { startServer, type TestServer } from './helpers/server.js';
import { type StoredGame, storedGame, withStore } from './helpers/stored.js';

const run = promisify(execFile);
// No turn clock: on a loaded machine a slow program must not lose its turn to the stand-in bot.
// Three rounds, so that the bot's own action is followed by its turn (it wins a trick and
// leads, or its pass completes the exchange and it leads) many times over: `connect` once
// took the update that shows its action as already acted on, and stalled there.
const OPTIONS = { players: 4, mode: 'individual', rounds: 3, turnClock: 'off' };

describe('bot accounts on a real server', () => {
  let server: TestServer;
  const clients: Client[] = [];
  const admin = async (...args: string[]) =>
    (
      await run(process.execPath, ['dist/cli/main.js', 'admin', ...args], {
        env: { ...process.env, DATA_DIR: server.dataDir },
      })
    ).stdout;
  /** A new bot account's token, as `admin bot` prints it (its last line). */
  const makeBot = async (name: string) => (await admin('bot', name)).trim().split('\n').at(-1)!;
  const client = (token: string | null, headers?: Record<string, string>) => {
    const c = new Client(server.url, token, undefined, undefined, headers);
    clients.push(c);
    return c;
  };
  const asBot = (token: string) => client(null, { authorization: `Bearer ${token}` });

  /** A table whose host seats the bot account `bot` in seat 1 and medium bots in 2 and 3. */
  async function tableWithBot(bot: string): Promise<{ code: string; host: Client }> {
    const created = await fetch(`${server.url}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Host', options: OPTIONS }),
    });
    const { code, token } = (await created.json()) as { code: string; token: string };
    const host = client(token);
    expect((await host.watch(code)).seat).toBe(0);
    expect(await host.call('seat:invite', { seat: 1, name: bot })).toEqual({ ok: true });
    for (const seat of [2, 3]) expect((await host.call('seat:bot', { seat, level: 'medium' })).ok).toBe(true);
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
        server.url,
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
    const stored = await storedGame(server.dataDir, gameId);
    const summaries = host.inbox.flatMap((m) => (m.kind === 'table' ? [m.table] : []));
    const input = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    return { stored, input, watcher, summaries, stderr };
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
    server = await startServer({ BOT_RATE_PER_SECOND: '10' });
  });
  afterAll(async () => {
    for (const c of clients) c.socket.close();
    await server?.stop();
  });

  it.each([
    { name: 'Node', bot: 'NodeRandom', program: 'node examples/node/random-bot.mjs' },
    { name: 'Python', bot: 'PyRandom', program: 'python3 examples/python/random_bot.py' },
  ])(
    'plays a whole game through bottle-imp connect with the $name example bot, leaking nothing',
    async ({ bot, program }) => {
      const token = await makeBot(bot);
      expect(token).toMatch(/^bib_[\w-]{43}$/);
      const { stored, input, watcher, summaries, stderr } = await playThroughConnect(bot, token, program);
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
    },
    180_000,
  );

  it('refuses a wrong or replaced token at the handshake, with its code', async () => {
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
    const me = await fetch(`${server.url}/api/me`, { headers: { authorization: `Bearer ${replaced}` } });
    expect(await me.json()).toMatchObject({ username: 'Revoked_1', passkeys: 0, bot: true });
    const old = await fetch(`${server.url}/api/me/tables`, { headers: { authorization: `Bearer ${token}` } });
    expect([old.status, ((await old.json()) as { error: { code: string } }).error.code]).toEqual([
      401,
      'ERR_BAD_BOT_TOKEN',
    ]);
    // connect says so in one line, exit status 1.
    const refused = await run(process.execPath, [
      'dist/cli/main.js',
      'connect',
      '--server',
      server.url,
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

  it('never signs a bot account in with a password, nor lets it into people’s pools', async () => {
    await makeBot('No_Password');
    const tried = await new Jar(server, '127.0.11.1').signIn('No_Password', 'violet-otter-marmalade');
    expect([tried.status, JSON.parse(tried.raw).error.code]).toEqual([401, 'ERR_BAD_LOGIN']);
    const account = await withStore(server.dataDir, (store) => store.accountNamed('no_password'));
    expect(account).toMatchObject({ kind: 'bot', passwordHash: null });
    expect(mayJoinPeoplesPools(account!)).toBe(false);
    expect(mayJoinPeoplesPools({ ...account!, kind: 'person' })).toBe(true);
  });

  it('refuses invitations by code: unknown, a person, a taken seat, twice at one table', async () => {
    const jar = new Jar(server, '127.0.11.2');
    expect((await jar.signUp('a_person', 'violet-otter-marmalade')).status).toBe(201);
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
    const guest = client(null);
    expect((await guest.call('seat:invite', { seat: 1, name: 'Twice' })).ok).toBe(false);
  });

  it('spends its own message budget, over all its connections, not its address’s', async () => {
    const token = await makeBot('Chatty');
    const [a, b] = [asBot(token), asBot(token)];
    // Each message is refused (no seat), but counted: 10 a second, a burst of 20, for the account.
    const codes = await Promise.all([...Array(15)].flatMap(() => [a.call('seat:back', {}), b.call('seat:back', {})]));
    const limited = codes.filter((r) => !r.ok && r.error.code === 'ERR_RATE_LIMITED').length;
    expect(limited).toBe(10);
    // A person at the same address is not held back by it.
    const person = client(null);
    expect((await person.call('seat:back', {})) as unknown).toMatchObject({
      ok: false,
      error: { code: 'ERR_NOT_SEATED' },
    });
  });
});
