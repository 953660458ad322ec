/** Whole games against a real server: people only, and people with bots. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameUpdate } from '../../src/protocol/messages.js';
import { parseRecord, replayRecord } from '../../src/record/index.js';
import { chooseAction } from './helpers/choose.js';
import { type Client, playToEnd } from './helpers/client.js';
import { api, startServer, type TestServer } from './helpers/server.js';
import { seatTable } from './helpers/tables.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

function updates(c: Client): GameUpdate[] {
  return c.inbox.flatMap((m) => (m.kind === 'game' ? [m.update] : []));
}

describe('a full game', () => {
  it('four clients play a 4-player game to the end, every update in sequence', async () => {
    const { code, humans } = await seatTable(server, { players: 4, rounds: 2 }, 4);
    const gameId = humans[0].game!.gameId;
    const early = await api(server, 'GET', `/api/games/${gameId}/record`);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ error: { code: 'ERR_GAME_NOT_FINISHED' } });
    const earlyPlayers = await api(server, 'GET', `/api/games/${gameId}`);
    expect(earlyPlayers.status).toBe(409);
    expect(earlyPlayers.body).toMatchObject({ error: { code: 'ERR_GAME_NOT_FINISHED' } });
    expect((await api(server, 'GET', '/api/games/nosuchgame')).body).toMatchObject({ error: { code: 'ERR_NO_GAME' } });

    await playToEnd(humans);

    const last = humans[0].game!;
    for (const c of humans) {
      // Every client saw every sequence number once, in order, starting from the deal (0).
      const seqs = updates(c).map((u) => u.seq);
      expect(seqs).toEqual(Array.from({ length: last.seq + 1 }, (_, i) => i));
      expect(c.game!.view.totals).toEqual(last.view.totals);
      expect(c.game!.view.phase).toBe('over');
    }
    // The acknowledged actions are exactly the log: 2 rounds × (4 passes + 8 tricks of 4 cards).
    const acked = humans.flatMap((c) => c.acked.map((a) => a.seq)).sort((a, b) => a - b);
    expect(acked).toEqual(Array.from({ length: 72 }, (_, i) => i + 1));

    const table = await api<{ status: string; finishedGames: string[] }>(server, 'GET', `/api/tables/${code}`);
    expect(table.body.status).toBe('finished');
    expect(table.body.finishedGames).toEqual([gameId]);
    const record = await api(server, 'GET', `/api/games/${gameId}/record`);
    expect(record.status).toBe(200);
    const parsed = parseRecord(JSON.stringify(record.body));
    if (!parsed.ok) throw new Error(parsed.error);
    const replay = replayRecord(parsed.value);
    expect(replay.ok && replay.value.totals).toEqual(last.view.totals);
    expect(parsed.value.players).toEqual(['Host', 'Player 1', 'Player 2', 'Player 3']);

    const games = await api<{ games: { id: string }[] }>(server, 'GET', `/api/tables/${code}/games`);
    expect(games.body.games.map((g) => g.id)).toEqual([gameId]);

    // Rematch with the same seats: a new game starts at once.
    expect(await humans[0].call('table:rematch', {})).toEqual({ ok: true });
    await humans[1].until(() => humans[1].game!.gameId !== gameId, 'the rematch');
    expect(humans[1].game!.seq).toBe(0);
    expect(humans[1].table!.status).toBe('playing');
    for (const c of humans) c.close();
  });

  for (const players of [2, 6]) {
    it(`a ${players}-player game with one person and bots runs to the end`, async () => {
      const { humans } = await seatTable(server, { players, rounds: 1 }, 1, { level: 'medium' });
      const [me] = humans;
      expect(me.table!.seats.map((s) => s.bot)).toEqual([null, ...Array(players - 1).fill('medium')]);
      await playToEnd(humans);
      const seqs = updates(me).map((u) => u.seq);
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i));
      expect(me.game!.view.winners).not.toBeNull();
      const record = await api<{ players: string[] }>(server, 'GET', `/api/games/${me.game!.gameId}/record`);
      expect(record.status).toBe(200);
      expect(record.body.players).toEqual(['Host', ...Array(players - 1).fill('Medium bot')]);
      // Who played, with the bots' levels: the replay names the seats as the table did.
      const game = await api(server, 'GET', `/api/games/${me.game!.gameId}`);
      expect(game.body).toEqual({
        id: me.game!.gameId,
        names: ['Host', ...Array(players - 1).fill('Medium bot')],
        bots: [null, ...Array(players - 1).fill('medium')],
        botAccounts: Array(players).fill(false),
        startedAt: expect.any(Number),
        finishedAt: expect.any(Number),
      });
      me.close();
    });
  }

  it('refuses a rejected action with a clear message, to that client only, and changes nothing', async () => {
    const { humans } = await seatTable(server, { players: 3, rounds: 1 }, 3);
    const [a, b, c] = humans;
    const before = a.game!.seq;
    const inboxes = humans.map((h) => h.inbox.length);
    const reply = await a.act({ type: 'play', card: a.game!.view.hand![0] });
    expect(reply).toEqual({
      ok: false,
      error: { code: 'ERR_NOT_PLAYING_TIME', message: expect.stringMatching(/passed/) },
    });
    const notHeld = await a.act({ type: 'pass', pass: { left: 99, right: 98, devil: [97] } });
    expect(notHeld.ok).toBe(false);
    // A round trip later, nobody has received anything and the game did not move.
    await b.call('chat:send', { text: 'hi' });
    await a.until(() => a.inbox.length > inboxes[0], 'the chat message');
    for (const [i, h] of humans.entries()) expect(h.inbox.slice(inboxes[i]).every((m) => m.kind === 'chat')).toBe(true);
    const view = await api<{ seq: number }>(server, 'GET', `/api/games/${a.game!.gameId}/view`);
    expect(view.body.seq).toBe(before);
    for (const h of [a, b, c]) h.close();
  });

  it('an action sent again after its acknowledgement was lost is acknowledged as repeated; one from a view the game left is stale', async () => {
    const { humans } = await seatTable(server, { players: 3, rounds: 1 }, 3);
    const [a, b, c] = humans;
    // Everyone passes; a's pass names the view it was chosen from.
    const seen = a.game!.seq;
    const chosenFrom = a.game!.view;
    const pass = chooseAction(chosenFrom, () => 0);
    const first = await a.call('game:act', { action: pass, seq: seen });
    expect(first).toEqual({ ok: true, seq: seen + 1 });
    // Its answer lost (the owner died, in a cluster), a sends it again from the same view: applied once, told so.
    expect(await a.call('game:act', { action: pass, seq: seen })).toEqual({ ok: true, seq: seen + 1, repeated: true });
    // Another action of a's from that view is refused: a has acted since (and nothing changes).
    const other = chooseAction(chosenFrom, () => 0.99);
    expect(other).not.toEqual(pass);
    const stale = await a.call('game:act', { action: other, seq: seen });
    expect(stale).toMatchObject({ ok: false, error: { code: 'ERR_STALE' } });
    // A view ahead of the game's (another game's) is not the game's either.
    const bPass = chooseAction(b.game!.view, () => 0);
    expect(await b.call('game:act', { action: bPass, seq: seen + 5 })).toMatchObject({
      ok: false,
      error: { code: 'ERR_STALE' },
    });
    const view = await api<{ seq: number }>(server, 'GET', `/api/games/${a.game!.gameId}/view`);
    expect(view.body.seq).toBe(seen + 1);
    // b has not acted since the view it chose from: a's pass meanwhile changes nothing for its own.
    expect(await b.call('game:act', { action: bPass, seq: seen })).toEqual({ ok: true, seq: seen + 2 });
    // Without `seq`, as before: the engine's refusal (a has passed).
    expect(await a.act(pass)).toMatchObject({ ok: false, error: { code: 'ERR_ALREADY_PASSED' } });
    for (const h of [a, b, c]) h.close();
  });
});
