/**
 * A seat belongs to the connections that hold its token now. One person holds seat 1 in
 * two tabs; tab 1 leaves (in the lobby, mid-game, before a rematch). From that moment tab 2
 * gets no private view, cannot act or chat for the seat, and does not count as present.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableReply, JoinTableReply } from '../../src/protocol/messages.js';
import { Client, playToEnd, step } from './helpers/client.js';
import { api, startServer, type TestServer } from './helpers/server.js';
import { seatTable } from './helpers/tables.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

/** A second tab on the same seat token, following the table. */
async function secondTab(code: string, token: string): Promise<Client> {
  const tab = new Client(server.url, token);
  expect((await tab.watch(code)).ok).toBe(true);
  return tab;
}

/** Everything a connection that gave up its seat may and may not do from now on. */
async function expectNoLongerSeated(tab: Client, seat: number): Promise<void> {
  await tab.until(() => tab.lostSeat(), 'the seat:lost message');
  expect(tab.inbox.find((m) => m.kind === 'seatLost')).toEqual({ kind: 'seatLost', seat });
  for (const m of tab.sinceSeatLost()) {
    if (m.kind === 'game') {
      expect(m.update.view.viewer).toBeNull();
      expect(m.update.view.hand).toBeNull();
    }
  }
  for (const [name, payload] of [
    ['game:act', { action: { type: 'play', card: 1 } }],
    ['chat:send', { text: 'I am still here' }],
    ['table:leave', {}],
    ['table:start', {}],
  ] as const) {
    const reply = await tab.call(name, payload);
    expect(!reply.ok && reply.error.code).toBe('ERR_NOT_SEATED');
  }
  // The old token is worth nothing now.
  const again = new Client(server.url, tab.token);
  const r = await again.watch(tab.table!.code);
  expect(!r.ok && r.error.code).toBe('ERR_BAD_TOKEN');
  again.close();
}

async function join(code: string, name: string, seat?: number): Promise<string> {
  const r = await api<JoinTableReply>(server, 'POST', `/api/tables/${code}/seats`, {
    name,
    ...(seat === undefined ? {} : { seat }),
  });
  expect(r.status).toBe(201);
  return r.body.token;
}

describe('two tabs on one seat', () => {
  it('leaving in the lobby: the other tab loses the seat, and the newcomer’s seat is theirs alone', async () => {
    const created = await api<CreateTableReply>(server, 'POST', '/api/tables', {
      name: 'Host',
      options: { players: 3, rounds: 1, turnSeconds: 5 },
    });
    const { code } = created.body;
    const host = new Client(server.url, created.body.token);
    await host.watch(code);
    const token = await join(code, 'Twin');
    const [tab1, tab2] = [new Client(server.url, token), new Client(server.url, token)];
    await tab1.watch(code);
    await tab2.watch(code);
    expect(await tab1.call('table:leave', {})).toEqual({ ok: true });
    await expectNoLongerSeated(tab2, 1);
    await host.until(
      () => host.table!.seats[1].name === null && !host.table!.seats[1].connected,
      'seat 1 to be empty and unconnected',
    );

    // A newcomer takes seat 1; the game starts; the old tabs see only what spectators see.
    const newcomer = new Client(server.url, await join(code, 'Newcomer', 1));
    await newcomer.watch(code);
    expect((await host.call('seat:bot', { seat: 2, level: 'easy' })).ok).toBe(true);
    expect((await host.call('table:start', {})).ok).toBe(true);
    await newcomer.until(() => newcomer.game !== null, 'the first update');
    await tab2.until(() => tab2.game !== null, 'the spectators’ first update');
    expect(tab2.game!.view.viewer).toBeNull();
    await expectNoLongerSeated(tab2, 1);
    await expectNoLongerSeated(tab1, 1);

    // The newcomer goes away: the old tabs do not keep seat 1 present, so the stand-in bot comes.
    newcomer.close();
    await host.until(() => host.table!.seats[1].away, 'a stand-in bot for seat 1', 20_000);
    expect(host.table!.seats[1].connected).toBe(false);
    await playToEnd([host]);
    for (const m of tab2.sinceSeatLost()) if (m.kind === 'game') expect(m.update.view.viewer).toBeNull();
    for (const c of [host, tab1, tab2]) c.close();
  });

  it('leaving mid-game: the other tab reads no more of the seat’s hands while the bot plays it', async () => {
    const { code, humans, tokens } = await seatTable(server, { players: 4, rounds: 2 }, 2);
    const [host, tab1] = humans;
    const tab2 = await secondTab(code, tokens[1]);
    for (let i = 0; i < 6; i++) await step([host, tab1]);
    expect(await tab1.call('table:leave', {})).toEqual({ ok: true });
    await expectNoLongerSeated(tab2, 1);
    await expectNoLongerSeated(tab1, 1);
    await host.until(
      () => host.table!.seats[1].away && !host.table!.seats[1].connected,
      'seat 1 played by a bot and not present',
    );
    await playToEnd([host]);
    await tab2.until(() => tab2.game?.view.phase === 'over', 'the end, as a spectator');
    // It followed the game to the end, always with the spectators' view.
    const after = tab2.sinceSeatLost().filter((m) => m.kind === 'game');
    expect(after.length).toBeGreaterThan(0);
    for (const m of after) expect(m.kind === 'game' && m.update.view.viewer).toBeNull();
    for (const c of [host, tab1, tab2]) c.close();
  });

  it('at a rematch: the seat given up mid-game goes to a newcomer, and the old tab stays a spectator', async () => {
    const { code, humans, tokens } = await seatTable(server, { players: 3, rounds: 1 }, 2);
    const [host, tab1] = humans;
    const tab2 = await secondTab(code, tokens[1]);
    await step([host, tab1]);
    expect(await tab1.call('table:leave', {})).toEqual({ ok: true });
    await playToEnd([host]);
    expect((await host.call('table:rematch', {})).ok).toBe(true);
    await host.until(
      () => host.table!.status === 'lobby' && host.table!.seats[1].name === null,
      'seat 1 free for someone new',
    );
    const newcomer = new Client(server.url, await join(code, 'Newcomer', 1));
    await newcomer.watch(code);
    expect((await host.call('table:start', {})).ok).toBe(true);
    await newcomer.until(
      () => newcomer.game !== null && newcomer.game.gameId !== host.table!.finishedGames[0],
      'the rematch',
    );
    await tab2.until(() => tab2.game?.gameId === newcomer.game!.gameId, 'the rematch, as a spectator');
    expect(await newcomer.call('chat:send', { text: 'my seat now' })).toEqual({ ok: true });
    await expectNoLongerSeated(tab2, 1);
    await playToEnd([host, newcomer]);
    // Chat from the old tab never went out under the newcomer's name.
    const chat = host.inbox
      .filter((m) => m.kind === 'chat')
      .map((m) => m.kind === 'chat' && (m.message as { text?: string }).text);
    expect(chat).toEqual(['my seat now']);
    for (const c of [host, tab1, tab2, newcomer]) c.close();
  });
});

describe('spectators and chat', () => {
  it('spectators read the players’ chat, can never send, and players see that they are watching', async () => {
    const { code, humans } = await seatTable(server, { players: 3 }, 2, { start: false });
    const [a] = humans;
    expect(a.table!.spectators).toBe(0);
    const spectator = new Client(server.url);
    const history = await spectator.watch(code);
    expect(history.ok && history.chat).toEqual([]);
    await a.until(() => a.table!.spectators === 1, 'the players to see one spectator');
    expect(await a.call('chat:send', { text: 'hello, all' })).toEqual({ ok: true });
    await spectator.until(() => spectator.inbox.some((m) => m.kind === 'chat'), 'the chat message, read-only');
    expect(spectator.inbox.find((m) => m.kind === 'chat')).toMatchObject({ message: { seat: 0, text: 'hello, all' } });
    const refused = await spectator.call('chat:send', { text: 'me too' });
    expect(!refused.ok && refused.error.code).toBe('ERR_NOT_SEATED');
    expect((await spectator.call('chat:send', { reaction: '👍' })).ok).toBe(false);
    spectator.close();
    await a.until(() => a.table!.spectators === 0, 'the spectator to be gone');
    // Nothing the spectator tried was stored.
    const late = new Client(server.url);
    const reply = await late.watch(code);
    expect(reply.ok && reply.chat!.map((m) => m.text)).toEqual(['hello, all']);
    for (const c of [...humans, late]) c.close();
  });
});
