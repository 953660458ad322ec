/**
 * The accounts API's contract (docs/protocol.md, "Accounts") against the real server on
 * loopback, on SQLite and on PostgreSQL: every refusal code, the cookie's flags, CSRF
 * refused without our Origin, the sign-in limit per account and per address, an unknown
 * name answered as a wrong password is, sessions ended here and everywhere, and no
 * password, hash or session id in any reply or in the server's log.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Jar } from './helpers/jar.js';
import { freshDatabase, postgresAvailable, type TestDatabase } from './helpers/postgres.js';
import { startServer, type TestServer } from './helpers/server.js';

const pgHere = await postgresAvailable();
const run = promisify(execFile);
const PASSWORD = 'violet-otter-marmalade';

/** Every secret the test sent or was given, to be found nowhere the server answers or logs. */
const secrets = new Set<string>([PASSWORD]);
const expectNoSecrets = (text: string) => {
  for (const s of secrets) expect(text.includes(s), 'a secret leaked').toBe(false);
  expect(text).not.toMatch(/\$argon2/);
};

describe.each([
  { name: 'SQLite', postgres: false },
  { name: 'PostgreSQL', postgres: true },
])('accounts on $name', ({ postgres }) => {
  const skip = postgres && !pgHere;
  let server: TestServer;
  let db: TestDatabase | null = null;
  /** Each test's names and addresses are its own: the limits count per name and address. */
  let n = 0;
  const next = () => {
    n++;
    return { name: `ann_${n}`, from: `127.0.0.${10 + n}` };
  };

  beforeAll(async () => {
    if (skip) return;
    db = postgres ? await freshDatabase() : null;
    server = await startServer({ LOG_LEVEL: 'debug', ...(db ? { DATABASE_URL: db.url } : {}) });
  });
  afterAll(async () => {
    if (skip) return;
    await server.stop();
    expectNoSecrets(server.output());
    await db?.drop();
  });

  const signedUp = async () => {
    const { name, from } = next();
    const jar = new Jar(server, from);
    const made = await jar.signUp(name, PASSWORD);
    expect(made.status).toBe(201);
    secrets.add(jar.cookie!);
    return { jar, name, from };
  };

  it.skipIf(skip)('signs up: 201 with the account, and an HttpOnly, Lax cookie holding only a random id', async () => {
    const { name, from } = next();
    const jar = new Jar(server, from);
    const made = await jar.signUp(name, PASSWORD);
    expect(made.status).toBe(201);
    expect(made.body).toEqual({ account: { username: name, createdAt: expect.any(Number) } });
    const cookie = String(made.headers['set-cookie']);
    expect(cookie).toMatch(/^bi_session=[A-Za-z0-9_-]{43}; Max-Age=\d+; HttpOnly; SameSite=Lax; Path=\/$/);
    expect(cookie).not.toContain(name);
    secrets.add(jar.cookie!);
    expectNoSecrets(made.raw);
    const me = await jar.request('GET', '/api/me');
    expect(me.body).toEqual({ username: name, createdAt: made.body.account.createdAt, passkeys: 0 });
  });

  it.skipIf(skip)('refuses bad names, weak passwords and a taken name in any case', async () => {
    const { name, from } = next();
    const jar = new Jar(server, from);
    const code = async (username: string, password: string) => {
      const r = await jar.request<{ error: { code: string } }>('POST', '/api/accounts', { username, password });
      return [r.status, r.body.error?.code];
    };
    expect(await code('ab', PASSWORD)).toEqual([400, 'ERR_BAD_USERNAME']);
    expect(await code('ann smith', PASSWORD)).toEqual([400, 'ERR_BAD_USERNAME']);
    expect(await code('a'.repeat(21), PASSWORD)).toEqual([400, 'ERR_BAD_USERNAME']);
    expect(await code('änn', PASSWORD)).toEqual([400, 'ERR_BAD_USERNAME']);
    expect(await code(name, 'short1!')).toEqual([400, 'ERR_WEAK_PASSWORD']);
    expect(await code(name, 'Password123')).toEqual([400, 'ERR_WEAK_PASSWORD']);
    expect(await code(name, 'qwertyuiop')).toEqual([400, 'ERR_WEAK_PASSWORD']);
    // Refusals before any hash spend none of the address's five password checks a minute.
    expect((await jar.signUp(name, PASSWORD)).status).toBe(201);
    secrets.add(jar.cookie!);
    const taken = await new Jar(server, '127.0.1.1').signUp(name.toUpperCase(), PASSWORD);
    expect([taken.status, (taken.body as unknown as { error: { code: string } }).error.code]).toEqual([
      409,
      'ERR_USERNAME_TAKEN',
    ]);
  });

  it.skipIf(skip)('answers an unknown name exactly as a wrong password, and signs in with the right one', async () => {
    const { jar, name } = await signedUp();
    const wrong = await new Jar(server, '127.0.2.1').signIn(name, 'not-the-password');
    const unknown = await new Jar(server, '127.0.2.2').signIn(`${name}_x`, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.raw).toBe(wrong.raw);
    expect(JSON.parse(wrong.raw).error.code).toBe('ERR_BAD_LOGIN');
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const phone = new Jar(server, '127.0.2.3');
    const signedIn = await phone.signIn(name.toUpperCase(), PASSWORD);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual({ account: { username: name, createdAt: expect.any(Number) } });
    expect(phone.cookie).not.toBe(jar.cookie);
    secrets.add(phone.cookie!);
    expect((await phone.request('GET', '/api/me')).status).toBe(200);
  });

  it.skipIf(skip)(
    'refuses a signed-in change without our Origin (403 ERR_BAD_ORIGIN), and changes nothing',
    async () => {
      const { jar } = await signedUp();
      for (const origin of [null, 'http://evil.example', server.url.replace('127.0.0.1', 'localhost')]) {
        jar.origin = origin;
        const r = await jar.request<{ error: { code: string } }>('DELETE', '/api/sessions');
        expect([r.status, r.body.error.code]).toEqual([403, 'ERR_BAD_ORIGIN']);
        const table = await jar.request<{ error: { code: string } }>('POST', '/api/tables', {
          name: 'Ann',
          options: { players: 3, mode: 'individual', rounds: 1 },
        });
        expect([table.status, table.body.error.code]).toEqual([403, 'ERR_BAD_ORIGIN']);
      }
      expect((await jar.request('GET', '/api/me')).status).toBe(200);
      // Without the cookie nothing is signed in, so nothing is asked of the Origin.
      const guest = new Jar(server, jar.from, null);
      const table = await guest.request('POST', '/api/tables', {
        name: 'Ann',
        options: { players: 3, mode: 'individual', rounds: 1 },
      });
      expect(table.status).toBe(201);
    },
  );

  it.skipIf(skip)('signs this device out, or every device', async () => {
    const { jar, name } = await signedUp();
    const laptop = new Jar(server, '127.0.3.1');
    expect((await laptop.signIn(name, PASSWORD)).status).toBe(200);
    secrets.add(laptop.cookie!);
    const old = jar.cookie;
    const out = await jar.request('DELETE', '/api/session');
    expect(out.status).toBe(204);
    expect(String(out.headers['set-cookie'])).toBe('bi_session=; Max-Age=0; HttpOnly; SameSite=Lax; Path=/');
    jar.cookie = old;
    const me = await jar.request<{ error: { code: string } }>('GET', '/api/me');
    expect([me.status, me.body.error.code]).toEqual([401, 'ERR_SIGNED_OUT']);
    expect((await laptop.request('GET', '/api/me')).status).toBe(200);

    const phone = new Jar(server, '127.0.3.2');
    await phone.signIn(name, PASSWORD);
    secrets.add(phone.cookie!);
    const laptopCookie = laptop.cookie;
    expect((await laptop.request('DELETE', '/api/sessions')).status).toBe(204);
    laptop.cookie = laptopCookie;
    for (const device of [laptop, phone]) expect((await device.request('GET', '/api/me')).status).toBe(401);
    const again = await phone.request<{ error: { code: string } }>('DELETE', '/api/sessions');
    expect([again.status, again.body.error.code]).toEqual([401, 'ERR_SIGNED_OUT']);
  });

  it.skipIf(skip)('limits sign-ins to five a minute per account, from any address', async () => {
    const { name } = await signedUp();
    for (let i = 0; i < 5; i++)
      expect((await new Jar(server, `127.0.4.${i + 1}`).signIn(name, 'wrong-password')).status).toBe(401);
    const sixth = await new Jar(server, '127.0.4.9').signIn(name, PASSWORD);
    expect([sixth.status, (sixth.body as unknown as { error: { code: string } }).error.code]).toEqual([
      429,
      'ERR_RATE_LIMITED',
    ]);
    expect(sixth.headers['retry-after']).toBe('60');
    // Another name is not held back by it.
    const { name: other } = await signedUp();
    expect((await new Jar(server, '127.0.4.10').signIn(other, PASSWORD)).status).toBe(200);
  });

  it.skipIf(skip)('bottle-imp admin: a ban ends the sessions and refuses sign-in until lifted', async () => {
    const { jar, name } = await signedUp();
    const admin = (...args: string[]) =>
      run(process.execPath, ['dist/cli/main.js', 'admin', ...args], {
        env: { ...process.env, DATA_DIR: server.dataDir, ...(db ? { DATABASE_URL: db.url } : {}) },
      });
    const listed = await admin('sessions', name.toUpperCase());
    expect(listed.stdout).toMatch(new RegExp(`^${name}: 1 session\\(s\\)\n  since .+, last seen .+, \\?\n$`));
    expectNoSecrets(listed.stdout);
    expect((await admin('ban', name)).stdout).toBe(`${name} is banned; its sessions have ended\n`);
    const me = await jar.request<{ error: { code: string } }>('GET', '/api/me');
    expect([me.status, me.body.error.code]).toEqual([401, 'ERR_SIGNED_OUT']);
    const refused = await new Jar(server, '127.0.9.1').signIn(name, PASSWORD);
    expect([refused.status, JSON.parse(refused.raw).error.code]).toEqual([403, 'ERR_BANNED']);
    // A wrong password is still only a wrong password.
    const guess = await new Jar(server, '127.0.9.2').signIn(name, 'wrong-password');
    expect(JSON.parse(guess.raw).error.code).toBe('ERR_BAD_LOGIN');
    expect((await admin('unban', name)).stdout).toBe(`${name} may sign in again\n`);
    expect((await new Jar(server, '127.0.9.3').signIn(name, PASSWORD)).status).toBe(200);
    await expect(admin('ban', 'nobody_at_all')).rejects.toMatchObject({
      code: 1,
      stderr: 'bottle-imp: admin: there is no account named "nobody_at_all"\n',
    });
    expect((await admin('reports')).stdout).toBe('no reports\n');
  });

  it.skipIf(skip)('exports the account’s data, and deletes the account after a fresh sign-in', async () => {
    const { jar, name, from } = await signedUp();
    const exported = await jar.request<Record<string, unknown>>('GET', '/api/me/export');
    expect(exported.status).toBe(200);
    expect(exported.body).toEqual({
      account: { username: name, createdAt: expect.any(Number), password: true },
      sessions: [{ createdAt: expect.any(Number), lastSeenAt: expect.any(Number), userAgent: null }],
      passkeys: [],
      blocked: [],
      tables: [],
      // Finished games: none played here (test/server/players.test.ts exports some).
      games: [],
    });
    expectNoSecrets(exported.raw);
    jar.origin = null;
    expect((await jar.request('DELETE', '/api/me')).status).toBe(403);
    jar.origin = server.url;
    const old = jar.cookie;
    expect((await jar.request('DELETE', '/api/me')).status).toBe(204);
    jar.cookie = old;
    expect((await jar.request('GET', '/api/me')).status).toBe(401);
    expect((await new Jar(server, '127.0.9.5').signIn(name, PASSWORD)).status).toBe(401);
    // The name is free again.
    expect((await new Jar(server, from).signUp(name, PASSWORD)).status).toBe(201);
  });

  it.skipIf(skip)('limits sign-ins to five a minute per address, whatever the names', async () => {
    const from = '127.0.5.1';
    for (let i = 0; i < 5; i++) expect((await new Jar(server, from).signIn(`nobody_${i}`, PASSWORD)).status).toBe(401);
    const { name } = await signedUp();
    const sixth = await new Jar(server, from).signIn(name, PASSWORD);
    expect(sixth.status).toBe(429);
  });
});

describe('the cookie behind HTTPS', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ PUBLIC_URL: 'https://imp.example.org' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('is Secure, and a signed-in change must come from the public origin', async () => {
    const jar = new Jar(server, '127.0.6.1', 'https://imp.example.org');
    const made = await jar.signUp('secure_ann', PASSWORD);
    expect(String(made.headers['set-cookie'])).toMatch(/; HttpOnly; SameSite=Lax; Path=\/; Secure$/);
    jar.origin = server.url;
    expect((await jar.request('DELETE', '/api/sessions')).status).toBe(403);
    jar.origin = 'https://imp.example.org';
    expect((await jar.request('DELETE', '/api/sessions')).status).toBe(204);
  });
});
