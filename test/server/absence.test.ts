/** Dropped connections: reconnecting mid-trick, and a bot standing in for an absent player. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, playToEnd, step } from './helpers/client.js';
import { startServer, type TestServer } from './helpers/server.js';
import { storedGame } from './helpers/stored.js';
import { seatTable } from './helpers/tables.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.stop();
});

describe('reconnection', () => {
  it('a player who drops mid-trick comes back with its token and gets every update it missed', async () => {
    const { code, humans, tokens } = await seatTable(server, { players: 4, rounds: 1 }, 4);
    const [, , dropper] = humans;
    // Play until a trick is under way and seat 2 is not the next to play.
    while (
      !(
        dropper.game!.view.phase === 'play' &&
        dropper.game!.view.trick.cards.length > 0 &&
        !dropper.game!.view.toAct.includes(2)
      )
    )
      await step(humans);
    const lastSeq = dropper.game!.seq;
    const gameId = dropper.game!.gameId;
    dropper.close();
    const others = humans.filter((c) => c !== dropper);
    // The others play on until it is seat 2's turn again.
    await Promise.all(others.map((c) => c.until(() => c.game!.seq >= lastSeq, 'the others to catch up')));
    while (!others[0].game!.view.toAct.includes(2)) await step(others);
    expect(others[0].game!.seq).toBeGreaterThan(lastSeq);

    const back = new Client(server.url, tokens[2]);
    const reply = await back.watch(code, { lastSeq, gameId });
    if (!reply.ok) throw new Error(JSON.stringify(reply));
    expect(reply.seat).toBe(2);
    const missed = reply.missed!;
    expect(missed.map((u) => u.seq)).toEqual(
      Array.from({ length: reply.game!.seq - lastSeq }, (_, i) => lastSeq + 1 + i),
    );
    // Only the events of what it missed come with the one current view, as seat 2 sees it.
    expect(missed[missed.length - 1].seq).toBe(reply.game!.seq);
    expect(reply.game!.view.viewer).toBe(2);
    expect(reply.game!.view.hand).toEqual(dropper.game!.view.hand);
    expect(missed.flatMap((u) => u.events.map((e) => e.type))).toContain('cardPlayed');
    expect(reply.table!.seats[2].connected).toBe(true);

    // A reload without lastSeq gets a fresh full view instead.
    const reload = new Client(server.url, tokens[2]);
    const fresh = await reload.watch(code);
    expect(fresh.ok && fresh.missed).toBeNull();
    expect(fresh.ok && fresh.game!.view).toEqual(reply.game!.view);
    reload.close();

    humans[2] = back;
    await playToEnd(humans);
    expect(back.game!.view.phase).toBe('over');
    for (const c of humans) c.close();
  });
});

describe('absence', () => {
  it('a disconnected seat is played by a bot after the turn timer and handed back on return', async () => {
    // Seat 1 is a person who never connects after joining; seat 0 plays; seats 2-3 are bots.
    const { code, humans, tokens } = await seatTable(server, { players: 4, rounds: 2, turnSeconds: 5 }, 2);
    const [host, absent] = humans;
    absent.close();
    await host.until(() => host.table!.seats[1].connected === false, 'seat 1 to show as disconnected');
    // The summary comes first, then the update that shows when a bot takes over.
    await host.until(() => host.game!.deadline !== null, 'the absence deadline to show');
    // The turn timer runs out: seat 1 is marked away and a bot passes and plays for it.
    await host.until(() => host.table!.seats[1].away, 'seat 1 to be marked away', 15_000);
    const seqAway = host.game!.seq;
    while (host.game!.view.phase !== 'over') {
      await host.playIfMyTurn();
      const passedOrPlayed =
        host.game!.view.passed[1] || host.game!.view.tricks.some((t) => t.cards.some((c) => c.seat === 1));
      if (passedOrPlayed && host.game!.seq > seqAway + 8) break;
      if (!host.myTurn()) await host.until(() => host.myTurn() || host.game!.seq > seqAway + 8, 'progress');
    }

    // Back again: the seat is handed back, and the person plays it to the end. (That the
    // game waits for the person however long, on virtual time: tables/absence.test.ts.)
    const back = new Client(server.url, tokens[1]);
    const reply = await back.watch(code);
    expect(reply.ok && reply.table!.seats[1]).toMatchObject({ away: false, connected: true });
    const players = [host, back];
    while (back.game!.view.phase !== 'over') await step(players);

    // The log says who chose each of seat 1's actions: the bot while away, the person after.
    const seat1 = (await storedGame(server.dataDir, back.game!.gameId)).actions.filter((a) => a.action.seat === 1);
    const byBot = seat1.filter((a) => a.byBot);
    expect(byBot.length).toBeGreaterThan(0);
    const returnedAt = back.acked[0].seq;
    expect(seat1.filter((a) => a.seq >= returnedAt).every((a) => !a.byBot)).toBe(true);
    expect(byBot.every((a) => a.seq < returnedAt)).toBe(true);
    host.close();
    back.close();
  });
});
