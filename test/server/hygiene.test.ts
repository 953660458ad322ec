/**
 * Input hygiene and HTTP edges: names and chat are cleaned and never invisible, names
 * that could pass for another are refused and change nothing; the page
 * carries security headers; invite links come from PUBLIC_URL, else from a Host this
 * server may trust, else are relative; /metrics is not public;
 * refusals never echo what was sent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableReply, JoinTableReply } from '../../src/protocol/messages.js';
import { Client } from './helpers/client.js';
import { api, requestFrom, startServer, type TestServer, tempDataDir } from './helpers/server.js';
import { withStore } from './helpers/stored.js';

let server: TestServer;
beforeAll(async () => {
  const web = tempDataDir();
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Bottle Imp</title>');
  server = await startServer({ WEB_DIR: web, PUBLIC_URL: 'https://imp.example.org/', METRICS_TOKEN: 'metrics-secret' });
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

describe('names and chat', () => {
  it('are normalised, lose control and direction-override characters, and are never invisible', async () => {
    const created = await api<CreateTableReply>(server, 'POST', '/api/tables', {
      name: ' Ann\u0000\u202Eexe.png ',
      options: { players: 3 },
    });
    expect(created.status).toBe(201);
    // The invite link is built from PUBLIC_URL, whatever Host the request named.
    expect(created.body.invite).toBe(`https://imp.example.org/#/t/${created.body.code}`);
    const forged = await requestFrom(
      server,
      '127.0.0.1',
      'POST',
      '/api/tables',
      { host: 'evil.example' },
      { name: 'Eve', options: { players: 2 } },
    );
    expect(JSON.parse(forged.body).invite).toMatch(/^https:\/\/imp\.example\.org\/#\/t\//);

    const { code } = created.body;
    const table = await api<{ seats: { name: string | null }[] }>(server, 'GET', `/api/tables/${code}`);
    expect(table.body.seats[0].name).toBe('Annexe.png');
    // "e" + combining acute is stored as the one character "é".
    const joined = await api<JoinTableReply>(server, 'POST', `/api/tables/${code}/seats`, { name: 'Rene\u0301' });
    expect(joined.status).toBe(201);
    expect(
      (await api<{ seats: { name: string | null }[] }>(server, 'GET', `/api/tables/${code}`)).body.seats[1].name,
    ).toBe('René');
    // Nothing left once cleaned: a bad request; left but showing nothing: a bad name.
    for (const [name, refusal] of [
      ['\u202E', 'ERR_BAD_REQUEST'],
      [' \u0000 ', 'ERR_BAD_REQUEST'],
      ['\u200B\u200B', 'ERR_BAD_NAME'],
      ['\u3164', 'ERR_BAD_NAME'],
      ['\u2060\uFEFF', 'ERR_BAD_NAME'],
    ]) {
      const r = await api<{ error: { code: string; message: string } }>(server, 'POST', `/api/tables/${code}/seats`, {
        name,
      });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe(refusal);
    }

    const host = new Client(server.url, created.body.token);
    await host.watch(code);
    expect(await host.call('chat:send', { text: 'hi\nthere\u202E\u0007 👨‍👩‍👧' })).toEqual({ ok: true });
    for (const text of ['\u200B', '\u202E\u202D', '\u0000']) {
      const r = await host.call('chat:send', { text });
      expect(!r.ok && r.error.code).toBe('ERR_BAD_REQUEST');
    }
    const reader = new Client(server.url);
    const reply = await reader.watch(code);
    expect(reply.ok && reply.chat!.map((m) => m.text)).toEqual(['hi there 👨‍👩‍👧']);
    for (const c of [host, reader]) c.close();
  });
});

describe('names that could pass for another', () => {
  it('are refused with ERR_BAD_NAME, and the refusal changes nothing', async () => {
    const created = await api<CreateTableReply>(server, 'POST', '/api/tables', {
      name: 'Ann',
      options: { players: 4 },
    });
    const { code } = created.body;
    const before = await api(server, 'GET', `/api/tables/${code}`);
    const tables = await withStore(server.dataDir, (store) => store.openTableCodes());
    // Tag characters hiding text, a zero-width space, a struck-through name, a Cyrillic "А".
    for (const name of ['Ann\u{E0041}\u{E0042}', 'A\u200Bnn', 'Ann\u0336', '\u0410nn']) {
      const joined = await api<{ error: { code: string; message: string } }>(
        server,
        'POST',
        `/api/tables/${code}/seats`,
        { name },
      );
      expect(joined.status).toBe(400);
      expect(joined.body.error.code).toBe('ERR_BAD_NAME');
      // The message names the field and the rule, never the name sent.
      expect(joined.body.error.message).toMatch(/^Invalid request\. name: must /);
      const made = await api<{ error: { code: string } }>(server, 'POST', '/api/tables', {
        name,
        options: { players: 2 },
      });
      expect(made.status).toBe(400);
      expect(made.body.error.code).toBe('ERR_BAD_NAME');
    }
    expect(await api(server, 'GET', `/api/tables/${code}`)).toEqual(before);
    expect(await withStore(server.dataDir, (store) => store.openTableCodes())).toEqual(tables);
  });
});

describe('invite links without PUBLIC_URL', () => {
  let open: TestServer;
  beforeAll(async () => {
    open = await startServer({ ALLOWED_HOSTS: 'imp.example.org, Play.Example.net' });
  });
  afterAll(async () => {
    expect(await open?.stop()).toBe(0);
  });

  const inviteFor = async (host: string) => {
    const r = await requestFrom(
      open,
      '127.0.0.1',
      'POST',
      '/api/tables',
      { host },
      { name: 'Ann', options: { players: 2 } },
    );
    expect(r.status).toBe(201);
    const { code, invite } = JSON.parse(r.body) as CreateTableReply;
    return invite.replace(code, 'CODE');
  };

  it('name the Host only when it is this machine, localhost or allowed; else they are relative', async () => {
    expect(await inviteFor(`127.0.0.1:${open.port}`)).toBe(`http://127.0.0.1:${open.port}/#/t/CODE`);
    expect(await inviteFor('localhost:8080')).toBe('http://localhost:8080/#/t/CODE');
    expect(await inviteFor('imp.example.org')).toBe('http://imp.example.org/#/t/CODE');
    expect(await inviteFor('PLAY.example.net:8443')).toBe('http://PLAY.example.net:8443/#/t/CODE');
    // A forged Host, an address that is not this machine's, or junk after an allowed name.
    for (const host of [
      'evil.example',
      'imp.example.org.evil.example',
      '203.0.113.9',
      'imp.example.org/x',
      'a@imp.example.org',
    ])
      expect(await inviteFor(host)).toBe('/#/t/CODE');
    // Said once per Host, not once per table.
    await inviteFor('evil.example');
    const said = open
      .output()
      .split('\n')
      .filter((l) => l.includes('invite links for this Host are relative') && l.includes('"host":"evil.example"'));
    expect(said).toHaveLength(1);
  });
});

describe('HTTP', () => {
  it('the page carries security headers, with a policy that allows only this origin', async () => {
    const page = await requestFrom(server, '127.0.0.1', 'GET', '/');
    expect(page.status).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('DENY');
    // PUBLIC_URL is https, so browsers are told to stay on https.
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('/metrics answers this machine or the token, nobody else', async () => {
    expect((await requestFrom(server, '127.0.0.1', 'GET', '/metrics')).status).toBe(200);
    const stranger = await requestFrom(server, '127.0.0.2', 'GET', '/metrics');
    expect(stranger.status).toBe(403);
    expect(JSON.parse(stranger.body).error.code).toBe('ERR_FORBIDDEN');
    expect((await requestFrom(server, '127.0.0.2', 'GET', '/metrics', { authorization: 'Bearer wrong' })).status).toBe(
      403,
    );
    const withToken = await requestFrom(server, '127.0.0.2', 'GET', '/metrics', {
      authorization: 'Bearer metrics-secret',
    });
    expect(withToken.status).toBe(200);
    expect(withToken.body).toContain('bottle_imp_open_tables');
  });

  it('unknown and overlong addresses get a plain refusal that repeats nothing', async () => {
    const missing = await api<{ error: { code: string; message: string } }>(server, 'GET', '/no-such-page-<script>');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual({ code: 'ERR_NOT_FOUND', message: 'Nothing is served at this address.' });
    // A name too long for a file is simply not there.
    const longName = await api<{ error: { code: string } }>(server, 'GET', `/${'a'.repeat(600)}`);
    expect(longName.status).toBe(404);
    expect(longName.body.error.code).toBe('ERR_NOT_FOUND');
    for (const url of [`/${'a'.repeat(2000)}`, `/api/tables/${'A'.repeat(5000)}`]) {
      const long = await api<{ error: { code: string; message: string } }>(server, 'GET', url);
      expect(long.status).toBe(414);
      expect(long.body.error.code).toBe('ERR_URL_TOO_LONG');
      expect(long.body.error.message).not.toContain('aaaa');
    }
  });
});
