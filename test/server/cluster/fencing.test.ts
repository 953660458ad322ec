/**
 * Fencing: the owner of a table is frozen (SIGSTOP) while a bot of its table is thinking,
 * past its lease; another node takes the table over (a higher fencing number); then the
 * old owner is thawed (SIGCONT) before the new owner's bot has moved. The old owner's bot
 * timer fires at once, but a node that lost its lease cannot write: the bot's move reaches
 * the players only when the new owner makes it, the lease stays with the new owner, and
 * the old owner hands over cleanly (a player who connects to it is served through the
 * new owner).
 */
import { expect, it } from 'vitest';
import { Client } from '../helpers/client.js';
import { clusterAvailable, clusterForFile } from '../helpers/cluster.js';
import { finishAndCheck, playUntil, SeatPlayer } from '../helpers/seat-player.js';
import { seatTable } from '../helpers/tables.js';

// A bot thinks BOT_DELAY_MS × 0.6..1.4 (1.8 to 4.2 s); a lease runs out 5 s after its
// last renewal, which came up to a third of a lease before the freeze, so another node
// may take over from 3.3 s on. The owner stays frozen until its own bot was surely due
// (4.2 s), and the new owner's bot moves at least 1.8 s after it took the table.
const BOT_DELAY_MS = 3000;
const LEASE_MS = 5000;

const run = await clusterAvailable();
const file = clusterForFile(run, { env: { BOT_DELAY_MS: String(BOT_DELAY_MS), LEASE_MS: String(LEASE_MS) } });

it.skipIf(!run)(
  'an owner frozen past its lease writes nothing once thawed, and hands the table over cleanly',
  async () => {
    const { cluster } = file;
    const [a, b, c] = cluster.nodes;
    // Made on node a; the people sit on b and c.
    const seatUrls = [b.url, c.url];
    const { code, humans } = await seatTable(a.server, { players: 3, rounds: 1 }, 2, {
      level: 'easy',
      urls: seatUrls,
    });
    const owner = await cluster.ownerOf(code);
    expect(owner).not.toBeNull();
    const oldOwner = cluster.node(owner!);
    const up = cluster.nodes.filter((n) => n !== oldOwner);
    // A connection on the node to be frozen moves to a node that stays up.
    const players = humans.map((h, seat) => {
      if (seatUrls[seat] === oldOwner.url) h.close();
      return new SeatPlayer(h, up[seat % up.length].url, code, seat);
    });
    const botSeat = 2;
    const view = () => players[0].client.game!.view;

    // Into the first trick, until the bot is to play: its move is being thought about on the owner.
    await playUntil(players, () => view().phase === 'play' && view().toAct.includes(botSeat), "the bot's turn");
    const seqBefore = players[0].client.game!.seq;
    const fenceBefore = await cluster.fenceOf(code);
    const frozenAt = performance.now();
    oldOwner.pause();
    let newOwner: string;
    let takenAt: number;
    try {
      newOwner = await cluster.newOwnerOf(code, owner, 30_000);
      takenAt = performance.now();
      // Thawed only after its own bot was due (and before the new owner's can move).
      const due = frozenAt + BOT_DELAY_MS * 1.4 + 100;
      if (performance.now() < due) await new Promise((r) => setTimeout(r, due - performance.now()));
    } finally {
      oldOwner.resume();
    }
    expect(await cluster.fenceOf(code)).toBeGreaterThan(fenceBefore);

    // The bot's move comes, once, from the new owner: not before its own bot could have thought.
    await Promise.all(
      players.map((p) =>
        p.ensureConnected().then(() => p.client.until(() => p.client.game!.seq > seqBefore, "the bot's move", 30_000)),
      ),
    );
    const movedAt = performance.now();
    // (Less a second for noticing the takeover late on a loaded machine; the old owner's bot would move at once.)
    expect(movedAt - takenAt).toBeGreaterThan(BOT_DELAY_MS * 0.6 - 1000);
    expect(await cluster.ownerOf(code)).toBe(newOwner);
    // The thawed node noticed (its lease renewal or a refused write told it) and dropped the table.
    const said = Date.now() + 10_000;
    while (!oldOwner.output().includes('another node took the table over') && Date.now() < said)
      await new Promise((r) => setTimeout(r, 100));
    expect(oldOwner.output()).toContain('another node took the table over');

    // Handed over cleanly: the thawed node serves a player through the new owner.
    const mover = players[0];
    const viaOld = new Client(oldOwner.url, mover.client.token);
    const watched = await viaOld.watch(code);
    expect(watched.ok).toBe(true);
    mover.client.close();
    players[0] = new SeatPlayer(viaOld, oldOwner.url, code, 0);
    await finishAndCheck(players, cluster.db.url, { earlier: [mover] });
    expect(players[0].acked.length).toBeGreaterThan(0);
    expect(await cluster.ownerOf(code)).not.toBe(owner);
    for (const p of [mover, ...players]) p.close();
  },
  240_000,
);
