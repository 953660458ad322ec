/**
 * The store's accounts, sessions, passkeys, blocks and reports, on SQLite and on
 * PostgreSQL alike: names unique without regard to case, a ban ends the sessions, and a
 * deleted account takes its sessions, passkeys and blocks with it while reports keep the
 * name they were about.
 */
import { describe, expect, it } from 'vitest';
import type { AccountRow, PasskeyRow, SessionRow, Store } from '../../../src/server/store/store.js';
import { storeKinds, storeSuite } from '../helpers/store-backings.js';

let ids = 0;
const account = (username: string, extra: Partial<AccountRow> = {}): AccountRow => ({
  id: `acc${ids++}`,
  username,
  createdAt: 1_796_036_421_826,
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
  bannedAt: null,
  kind: 'person',
  ...extra,
});
const session = (accountId: string, idHash: string, lastSeenAt = 1_796_036_500_000): SessionRow => ({
  idHash,
  accountId,
  createdAt: 1_796_036_500_000,
  lastSeenAt,
  userAgent: 'Mozilla/5.0 (test)',
});

describe.each(storeKinds)('the $name store’s accounts', (kind) => {
  const { skip } = kind;
  let store: Store;
  storeSuite(kind, (opened) => {
    store = opened.store;
  });

  it.skipIf(skip)('gives an account back by its name in any case, and refuses the name twice', async () => {
    const ann = account('Ann_42');
    expect(await store.createAccount(ann)).toBe(true);
    expect(await store.createAccount(account('ann_42'))).toBe(false);
    expect(await store.createAccount(account('ANN_42', { passwordHash: null }))).toBe(false);
    expect(await store.accountNamed('aNN_42')).toEqual(ann);
    expect(await store.account(ann.id)).toEqual(ann);
    expect(await store.accountNamed('nobody')).toBeNull();
    const keyless = account('passkey_only', { passwordHash: null });
    expect(await store.createAccount(keyless)).toBe(true);
    expect(await store.account(keyless.id)).toEqual(keyless);
  });

  it.skipIf(skip)('keeps a bot account with its kind, found by its token’s hash, which can be replaced', async () => {
    const bot = account('Robo_1', { passwordHash: null, kind: 'bot' });
    expect(await store.createBotAccount(bot, 'tokenHashA')).toBe(true);
    expect(await store.createBotAccount(account('robo_1', { passwordHash: null, kind: 'bot' }), 'tokenHashB')).toBe(
      false,
    );
    expect(await store.accountNamed('robo_1')).toEqual(bot);
    expect(await store.botByToken('tokenHashA')).toEqual(bot);
    expect(await store.botByToken('tokenHashB')).toBeNull();
    expect(await store.setBotToken(bot.id, 'tokenHashC')).toBe(true);
    expect(await store.botByToken('tokenHashA')).toBeNull();
    expect(await store.botByToken('tokenHashC')).toEqual(bot);
    // A person's account has no token to set.
    const person = account('not_a_bot');
    await store.createAccount(person);
    expect(await store.setBotToken(person.id, 'tokenHashD')).toBe(false);
    expect(await store.botByToken('tokenHashD')).toBeNull();
  });

  it.skipIf(skip)('keeps sessions by their hash; one or all of an account end', async () => {
    const bea = account('bea');
    await store.createAccount(bea);
    await store.createSession(session(bea.id, 'hashA', 10));
    await store.createSession(session(bea.id, 'hashB', 20));
    expect(await store.session('hashA')).toEqual({ session: session(bea.id, 'hashA', 10), account: bea });
    await store.touchSession('hashA', 30);
    expect((await store.sessionsOf(bea.id)).map((s) => [s.idHash, s.lastSeenAt])).toEqual([
      ['hashA', 30],
      ['hashB', 20],
    ]);
    await store.endSession('hashA');
    expect(await store.session('hashA')).toBeNull();
    await store.createSession(session(bea.id, 'hashC'));
    expect(await store.endSessions(bea.id)).toBe(2);
    expect(await store.sessionsOf(bea.id)).toEqual([]);
  });

  it.skipIf(skip)('a ban ends every session and is kept until lifted', async () => {
    const cy = account('cy');
    await store.createAccount(cy);
    await store.createSession(session(cy.id, 'hashCy'));
    expect(await store.setBanned(cy.id, 5_000)).toBe(true);
    expect((await store.account(cy.id))?.bannedAt).toBe(5_000);
    expect(await store.session('hashCy')).toBeNull();
    expect(await store.setBanned(cy.id, null)).toBe(true);
    expect((await store.account(cy.id))?.bannedAt).toBeNull();
    expect(await store.setBanned('no-such-account', 5_000)).toBe(false);
  });

  it.skipIf(skip)('keeps passkeys with their counter and transports', async () => {
    const di = account('di', { passwordHash: null });
    await store.createAccount(di);
    const key: PasskeyRow = {
      credentialId: 'cred-1',
      accountId: di.id,
      publicKey: 'pQECAyYgASFYIA',
      counter: 0,
      transports: ['internal', 'hybrid'],
      createdAt: 7,
    };
    expect(await store.addPasskey(key)).toBe(true);
    expect(await store.addPasskey({ ...key, counter: 9 })).toBe(false);
    await store.setPasskeyCounter('cred-1', 3);
    expect(await store.passkey('cred-1')).toEqual({ ...key, counter: 3 });
    expect(await store.passkeysOf(di.id)).toEqual([{ ...key, counter: 3 }]);
    expect(await store.passkey('cred-2')).toBeNull();
  });

  it.skipIf(skip)('blocks and reports; deleting an account takes its own rows and keeps reports', async () => {
    const [ed, fay] = [account('ed'), account('fay')];
    await store.createAccount(ed);
    await store.createAccount(fay);
    await store.block(ed.id, fay.id, 1);
    await store.block(ed.id, fay.id, 2);
    expect(await store.blockedBy(ed.id)).toEqual([fay.id]);
    await store.unblock(ed.id, fay.id);
    expect(await store.blockedBy(ed.id)).toEqual([]);
    await store.block(ed.id, fay.id, 3);
    await store.block(fay.id, ed.id, 3);
    await store.addReport({ reporterId: ed.id, reportedId: fay.id, reportedName: 'fay', reason: 'rude', at: 10 });
    await store.addReport({ reporterId: fay.id, reportedId: ed.id, reportedName: 'ed', reason: 'spam', at: 11 });
    await store.createSession(session(fay.id, 'hashFay'));
    await store.addPasskey({
      credentialId: 'cred-fay',
      accountId: fay.id,
      publicKey: 'k',
      counter: 0,
      transports: [],
      createdAt: 1,
    });

    await store.deleteAccount(fay.id);
    expect(await store.account(fay.id)).toBeNull();
    expect(await store.session('hashFay')).toBeNull();
    expect(await store.passkey('cred-fay')).toBeNull();
    expect(await store.blockedBy(ed.id)).toEqual([]);
    expect(await store.reports(10)).toEqual([
      { reporterId: null, reportedId: ed.id, reportedName: 'ed', reason: 'spam', at: 11, reporterName: null },
      { reporterId: ed.id, reportedId: null, reportedName: 'fay', reason: 'rude', at: 10, reporterName: 'ed' },
    ]);
    // The name is free again.
    expect(await store.createAccount(account('FAY'))).toBe(true);
  });

  it.skipIf(skip)('keeps the account a chat message came from; the history leaves out the hidden ones', async () => {
    const [gil, hal] = [account('gil'), account('hal')];
    await store.createAccount(gil);
    await store.createAccount(hal);
    const said = (seat: number, text: string, accountId: string | null, at: number) =>
      store.addChat({ tableCode: 'CHATAC', gameId: null, seat, name: text, text, reaction: null, at, accountId });
    await said(1, 'gil in seat 1', gil.id, 1);
    await said(1, 'a guest in seat 1', null, 2);
    await said(2, 'hal in seat 2', hal.id, 3);
    await said(2, 'gil in seat 2', gil.id, 4);
    const texts = async (limit: number, hide?: string[]) =>
      (await store.recentChat('CHATAC', limit, hide)).map((c) => [c.text, c.accountId]);
    expect(await texts(10)).toEqual([
      ['gil in seat 1', gil.id],
      ['a guest in seat 1', null],
      ['hal in seat 2', hal.id],
      ['gil in seat 2', gil.id],
    ]);
    // Hidden by the sender, whatever the seat; the limit counts what is given back.
    expect(await texts(2, [gil.id])).toEqual([
      ['a guest in seat 1', null],
      ['hal in seat 2', hal.id],
    ]);
    expect(await texts(10, [gil.id, hal.id])).toEqual([['a guest in seat 1', null]]);
    expect(await texts(10, [])).toHaveLength(4);
    // A deleted account's messages stay, no longer its.
    await store.deleteAccount(gil.id);
    expect(await texts(10, [gil.id])).toEqual([
      ['gil in seat 1', null],
      ['a guest in seat 1', null],
      ['hal in seat 2', hal.id],
      ['gil in seat 2', null],
    ]);
  });

  it.skipIf(skip)('hands a WebAuthn challenge out once, until it expires', async () => {
    const row = { challenge: 'chal-1', purpose: 'login', accountId: null, username: null, expiresAt: 100 } as const;
    await store.saveChallenge(row, 0);
    await store.saveChallenge({ ...row, challenge: 'chal-2', purpose: 'register', username: 'gus' }, 0);
    expect(await store.takeChallenge('chal-1', 50)).toEqual(row);
    expect(await store.takeChallenge('chal-1', 50)).toBeNull();
    // Expired: taken, but not given.
    expect(await store.takeChallenge('chal-2', 101)).toBeNull();
    await store.saveChallenge({ ...row, challenge: 'chal-3' }, 0);
    // A later save drops what expired meanwhile.
    await store.saveChallenge({ ...row, challenge: 'chal-4', expiresAt: 500 }, 200);
    expect(await store.takeChallenge('chal-3', 0)).toBeNull();
    expect((await store.takeChallenge('chal-4', 300))?.challenge).toBe('chal-4');
  });
});
