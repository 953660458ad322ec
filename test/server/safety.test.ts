/**
 * Blocks, reports and bans (docs/protocol.md, "Blocks and reports") against the real
 * server on loopback, on SQLite and on PostgreSQL: the endpoints' refusals and the report
 * limit; a blocked player's chat and reactions never reach the blocker's connections while
 * a third player gets them; and a ban by the operator's admin function cuts the banned
 * account's live connection with a code, after which its cookie is signed out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ban, reports } from '../../src/server/admin.js';
import { REPORTS_PER_HOUR } from '../../src/server/limits/limits.js';
import { Client } from './helpers/client.js';
import { Jar } from './helpers/jar.js';
import { freshDatabase, postgresAvailable, type TestDatabase } from './helpers/postgres.js';
import { startServer, type TestServer } from './helpers/server.js';
import { withStore } from './helpers/stored.js';

const pgHere = await postgresAvailable();
const PASSWORD = 'violet-otter-marmalade';

type Refusal = { error: { code: string } };

describe.each([
  { name: 'SQLite', postgres: false },
  { name: 'PostgreSQL', postgres: true },
])('blocks, reports and bans on $name', ({ postgres }) => {
  const skip = postgres && !pgHere;
  let server: TestServer;
  let db: TestDatabase | null = null;
  const clients: Client[] = [];
  let n = 0;
  /** A new account signed in from an address of its own (the limits count per address). */
  const player = async (prefix: string) => {
    n++;
    const name = `${prefix}_${n}`;
    const jar = new Jar(server, `127.0.12.${n}`);
    expect((await jar.signUp(name, PASSWORD)).status).toBe(201);
    return { name, jar };
  };
  /** A Socket.IO connection whose handshake carries the jar's cookie, from our origin. */
  const connect = (jar: Jar) => {
    const client = new Client(server.url, null, undefined, undefined, {
      cookie: `bi_session=${jar.cookie}`,
      origin: server.url,
    });
    clients.push(client);
    return client;
  };
  /** A three-seat table made by the player, who sits in seat 0: its code. */
  const table = async (host: { name: string; jar: Jar }) => {
    const made = await host.jar.request<{ code: string }>('POST', '/api/tables', {
      name: host.name,
      options: { players: 3, mode: 'individual', rounds: 1 },
    });
    expect(made.status).toBe(201);
    return made.body.code;
  };
  const where = () => db?.url ?? server.dataDir;
  const refusal = (r: { status: number; body: unknown }) => [r.status, (r.body as Refusal).error?.code];

  beforeAll(async () => {
    if (skip) return;
    db = postgres ? await freshDatabase() : null;
    // Each signed-in connection's session is checked every second: a ban from the command line finds it.
    server = await startServer({ SESSION_CHECK_SECONDS: '1', ...(db ? { DATABASE_URL: db.url } : {}) });
  });
  afterAll(async () => {
    if (skip) return;
    for (const c of clients) c.socket.close();
    await server.stop();
    await db?.drop();
  });

  it.skipIf(skip)('blocks and unblocks by name, lists the blocks, and refuses with codes', async () => {
    const ann = await player('ann');
    const bob = await player('bob');
    const list = async () => (await ann.jar.request<{ blocked: string[] }>('GET', '/api/me/blocks')).body;
    expect(await list()).toEqual({ blocked: [] });

    expect(refusal(await ann.jar.request('PUT', `/api/me/blocks/${ann.name.toUpperCase()}`))).toEqual([
      400,
      'ERR_YOURSELF',
    ]);
    expect(refusal(await ann.jar.request('PUT', '/api/me/blocks/nobody_here'))).toEqual([404, 'ERR_NO_PLAYER']);
    expect(refusal(await ann.jar.request('PUT', '/api/me/blocks/no%20such'))).toEqual([404, 'ERR_NO_PLAYER']);
    // A signed-in change from another site, or none: refused before anything is done.
    ann.jar.origin = 'http://evil.example';
    expect(refusal(await ann.jar.request('PUT', `/api/me/blocks/${bob.name}`))).toEqual([403, 'ERR_BAD_ORIGIN']);
    ann.jar.origin = server.url;
    expect(await list()).toEqual({ blocked: [] });
    const guest = new Jar(server, '127.0.13.1');
    expect(refusal(await guest.request('PUT', `/api/me/blocks/${bob.name}`))).toEqual([401, 'ERR_SIGNED_OUT']);
    expect(refusal(await guest.request('GET', '/api/me/blocks'))).toEqual([401, 'ERR_SIGNED_OUT']);

    // Blocking twice is blocking once; the name in any case.
    expect((await ann.jar.request('PUT', `/api/me/blocks/${bob.name}`)).status).toBe(204);
    expect((await ann.jar.request('PUT', `/api/me/blocks/${bob.name.toUpperCase()}`)).status).toBe(204);
    expect(await list()).toEqual({ blocked: [bob.name] });
    const exported = await ann.jar.request<{ blocked: string[] }>('GET', '/api/me/export');
    expect(exported.body.blocked).toEqual([bob.name]);
    expect((await ann.jar.request('DELETE', `/api/me/blocks/${bob.name}`)).status).toBe(204);
    expect((await ann.jar.request('DELETE', `/api/me/blocks/${bob.name}`)).status).toBe(204);
    expect(await list()).toEqual({ blocked: [] });
  });

  it.skipIf(skip)('stores a report with its reason for the operator, and limits reports per account', async () => {
    const ann = await player('ann');
    const bob = await player('bob');
    const report = (name: string, body: unknown) => ann.jar.request('POST', `/api/players/${name}/reports`, body);
    expect(refusal(await report(bob.name, {}))).toEqual([400, 'ERR_BAD_REQUEST']);
    expect(refusal(await report(bob.name, { reason: '   ' }))).toEqual([400, 'ERR_BAD_REQUEST']);
    expect(refusal(await report(bob.name, { reason: 'x'.repeat(501) }))).toEqual([400, 'ERR_BAD_REQUEST']);
    expect(refusal(await report(bob.name, { reason: 'rude', extra: 1 }))).toEqual([400, 'ERR_BAD_REQUEST']);
    const guest = new Jar(server, '127.0.13.2');
    expect(refusal(await guest.request('POST', `/api/players/${bob.name}/reports`, { reason: 'rude' }))).toEqual([
      401,
      'ERR_SIGNED_OUT',
    ]);

    expect((await report(bob.name, { reason: '  insults\nevery  trick ' })).status).toBe(204);
    const stored = await withStore(where(), (store) => reports(store, 5));
    expect(stored[0]).toMatch(new RegExp(`  ${ann.name} reported ${bob.name}: insults every  trick$`));

    // Unknown names and oneself spend a report too, and are refused all the same.
    expect(refusal(await report('nobody_here', { reason: 'rude' }))).toEqual([404, 'ERR_NO_PLAYER']);
    expect(refusal(await report(ann.name, { reason: 'rude' }))).toEqual([400, 'ERR_YOURSELF']);
    for (let i = 3; i < REPORTS_PER_HOUR; i++)
      expect((await report(bob.name, { reason: `again ${i}` })).status).toBe(204);
    const over = await report(bob.name, { reason: 'one too many' });
    expect(refusal(over)).toEqual([429, 'ERR_RATE_LIMITED']);
    expect(over.headers['retry-after']).toBe('3600');
    // Another account still may.
    const cyd = await player('cyd');
    expect((await cyd.jar.request('POST', `/api/players/${bob.name}/reports`, { reason: 'rude' })).status).toBe(204);
  });

  it.skipIf(skip)("hides a blocked player's chat and reactions from the blocker's connections only", async () => {
    const ann = await player('ann');
    const bob = await player('bob');
    const cyd = await player('cyd');
    const code = await table(ann);
    for (const p of [bob, cyd])
      expect((await p.jar.request('POST', `/api/tables/${code}/seats`, { name: p.name })).status).toBe(201);
    const [toAnn, toBob, toCyd] = [connect(ann.jar), connect(bob.jar), connect(cyd.jar)];
    for (const [c, seat] of [
      [toAnn, 0],
      [toBob, 1],
      [toCyd, 2],
    ] as const)
      expect(await c.watch(code)).toMatchObject({ ok: true, seat });
    const chat = (c: Client) =>
      c.inbox.flatMap((m) => (m.kind === 'chat' ? [m.message as { text?: string; reaction?: string }] : []));
    const said = (c: Client, text: string) => chat(c).some((m) => m.text === text);

    expect(await toBob.call('chat:send', { text: 'before' })).toMatchObject({ ok: true });
    await toAnn.until(() => said(toAnn, 'before'), "Bob's chat before the block");
    expect(chat(toAnn).at(-1)).toEqual({
      seat: 1,
      name: bob.name,
      account: bob.name,
      text: 'before',
      at: expect.any(Number),
    });

    // Ann blocks Bob while connected: from then on Bob's chat is not sent to her connection.
    expect((await ann.jar.request('PUT', `/api/me/blocks/${bob.name}`)).status).toBe(204);
    expect(await toBob.call('chat:send', { text: 'hidden words' })).toMatchObject({ ok: true });
    expect(await toBob.call('chat:send', { reaction: '👿' })).toMatchObject({ ok: true });
    expect(await toCyd.call('chat:send', { text: 'after' })).toMatchObject({ ok: true });
    // Cyd's message went out after Bob's: once Ann has it, Bob's would have come before it.
    await toAnn.until(() => said(toAnn, 'after'), "Cyd's chat after the block");
    await toCyd.until(() => said(toCyd, 'after'), 'Cyd sees her own');
    expect(said(toAnn, 'hidden words')).toBe(false);
    expect(chat(toAnn).some((m) => m.reaction === '👿')).toBe(false);
    expect(said(toCyd, 'hidden words')).toBe(true);
    expect(chat(toCyd).some((m) => m.reaction === '👿')).toBe(true);

    // A new connection of Ann's (another device) gets the history without Bob's chat.
    const again = connect(ann.jar);
    const watched = await again.watch(code);
    expect(watched.chat?.map((m) => m.text ?? m.reaction)).toEqual(['after']);
    expect((await connect(cyd.jar).watch(code)).chat?.map((m) => m.text ?? m.reaction)).toEqual([
      'before',
      'hidden words',
      '👿',
      'after',
    ]);

    // Unblocked: Bob's next words reach Ann again, on both her connections.
    expect((await ann.jar.request('DELETE', `/api/me/blocks/${bob.name}`)).status).toBe(204);
    expect(await toBob.call('chat:send', { text: 'friends again' })).toMatchObject({ ok: true });
    await toAnn.until(() => said(toAnn, 'friends again'), "Bob's chat after the unblock");
    await again.until(() => said(again, 'friends again'), "Bob's chat on Ann's other device");
  });

  it.skipIf(skip)(
    "the history leaves out a blocked player's chat by its sender, after the seat changed hands",
    async () => {
      const ann = await player('ann');
      const bob = await player('bob');
      const cyd = await player('cyd');
      const dee = await player('dee');
      const code = await table(ann);
      const sit = async (p: { name: string; jar: Jar }) => {
        const taken = await p.jar.request<{ seat: number }>('POST', `/api/tables/${code}/seats`, {
          name: p.name,
          seat: 1,
        });
        expect(taken.status).toBe(201);
        const socket = connect(p.jar);
        expect(await socket.watch(code)).toMatchObject({ ok: true, seat: 1 });
        return socket;
      };
      expect((await ann.jar.request('PUT', `/api/me/blocks/${bob.name}`)).status).toBe(204);

      // Bob chats from seat 1 and leaves; Cyd takes seat 1 and chats.
      const toBob = await sit(bob);
      expect(await toBob.call('chat:send', { text: 'from bob' })).toMatchObject({ ok: true });
      expect(await toBob.call('table:leave', {})).toMatchObject({ ok: true });
      const toCyd = await sit(cyd);
      expect(await toCyd.call('chat:send', { text: 'from cyd' })).toMatchObject({ ok: true });

      const history = async (jar: Jar) =>
        (await connect(jar).watch(code)).chat?.map((m) => [m.seat, m.text, 'account' in m]);
      // Ann (who blocks Bob) gets Cyd's words in seat 1 and not Bob's; Dee gets both. Neither
      // names an account: the history does not say who was signed in.
      expect(await history(ann.jar)).toEqual([[1, 'from cyd', false]]);
      expect(await history(dee.jar)).toEqual([
        [1, 'from bob', false],
        [1, 'from cyd', false],
      ]);
    },
  );

  it.skipIf(skip)(
    'a ban by the admin function cuts the live connection with a code; its cookie is then signed out',
    async () => {
      const dan = await player('dan');
      const code = await table(dan);
      const socket = connect(dan.jar);
      expect(await socket.watch(code)).toMatchObject({ ok: true, seat: 0 });
      const ended = new Promise<unknown>((resolve) => socket.socket.once('session:ended', resolve));
      const closed = new Promise<string>((resolve) => socket.socket.once('disconnect', resolve));

      expect(await withStore(where(), (store) => ban(store, dan.name, Date.now()))).toEqual([
        `${dan.name} is banned; its sessions have ended`,
      ]);
      expect(await ended).toEqual({ code: 'ERR_BANNED' });
      expect(await closed).toBe('io server disconnect');
      expect(refusal(await dan.jar.request('GET', '/api/me'))).toEqual([401, 'ERR_SIGNED_OUT']);
      expect(refusal(await dan.jar.signIn(dan.name, PASSWORD))).toEqual([403, 'ERR_BANNED']);
    },
  );
});
