/**
 * A seated player that outlives the node it is connected to, as the web client does:
 * when its connection drops it reconnects through the balancer and catches up by
 * `lastSeq`; an action that is refused for a passing reason (the owner is being taken
 * over, the database is away, no answer in time) is tried again from the latest view.
 * Each action names the `seq` of the view it was chosen from, as the web client's do: one
 * whose acknowledgement went down with a dead owner is acknowledged again as `repeated`
 * if it is chosen again, or refused ERR_STALE; either way the view is behind, and it
 * watches again to catch up. It keeps every acknowledgement it ever got, across connections.
 */
import { expect } from 'vitest';
import type { ClientAction, WatchReply } from '../../../src/protocol/messages.js';
import { chooseAction } from './choose.js';
import { type AckReply, Client } from './client.js';
import { expectSoundLog } from './log-check.js';
import { type StoredGame, storedGame } from './stored.js';

/** Refusals that say "not now" rather than "never": the action is tried again. */
export const PASSING = new Set([
  'ERR_UNAVAILABLE',
  'TIMEOUT',
  'DISCONNECTED',
  'ERR_NOT_YOUR_TURN',
  'ERR_RATE_LIMITED',
  // Chosen from a view the game had left (the updates after it went down with a dead owner).
  'ERR_STALE',
  // Only after a failed watch (see tryTurn); these tests never give a seat up.
  'ERR_NOT_SEATED',
]);

export class SeatPlayer {
  private readonly clients: Client[];
  /** Every refusal code seen, in order. */
  readonly refusals: string[] = [];
  /** When each acknowledged action was acknowledged (performance.now()), by seq. */
  readonly ackedAt = new Map<number, number>();

  constructor(
    first: Client,
    /** Where to reconnect: the balancer (or any node). */
    private readonly url: string,
    private readonly code: string,
    readonly seat: number,
  ) {
    this.clients = [first];
  }

  get client(): Client {
    return this.clients[this.clients.length - 1];
  }

  /** Every acknowledged action, across connections. */
  get acked(): { seq: number; action: ClientAction }[] {
    return this.clients.flatMap((c) => c.acked);
  }

  get connections(): number {
    return this.clients.length;
  }

  /** Reconnect if the connection dropped, watching again with the last step seen; retried until a node answers. */
  async ensureConnected(ms = 20_000): Promise<void> {
    if (this.client.socket.connected) return;
    const last = this.client.game;
    const deadline = Date.now() + ms;
    for (;;) {
      const next = new Client(this.url, this.client.token);
      const reply = await next.watch(this.code, last ? { lastSeq: last.seq, gameId: last.gameId } : {});
      if (reply.ok) {
        if (!next.game && last) next.game = last;
        this.clients.push(next);
        return;
      }
      next.close();
      this.refusals.push(`reconnect:${reply.error.code}`);
      if (Date.now() > deadline) throw new Error(`seat ${this.seat} could not reconnect: ${JSON.stringify(reply)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /** If it is this seat's turn, try one random legal action once; the reply (null if not its turn). */
  async tryTurn(random: () => number = Math.random, ms = 5000): Promise<AckReply | null> {
    await this.ensureConnected();
    const c = this.client;
    if (!c.myTurn()) return null;
    const action = chooseAction(c.game!.view, random);
    const reply = await c.callWithin(ms, 'game:act', { action, seq: c.game!.seq });
    if (reply.ok) {
      c.acked.push({ seq: reply.seq as number, action });
      this.ackedAt.set(reply.seq as number, performance.now());
      if (reply.repeated) {
        await this.rewatch(ms);
        return reply;
      }
      await c
        .until(() => c.game!.seq >= (reply.seq as number), 'the update after our action', ms)
        .catch(() => {
          // The update may have gone with a dropped connection; the next watch catches up.
        });
      return reply;
    }
    this.refusals.push(`act:${reply.error.code}`);
    if (!PASSING.has(reply.error.code)) {
      // Legal in our view, refused by the table: fine only if our view was out of date (updates
      // lost while Redis was away are told again a moment after it is back), never on a fresh view.
      const seen = c.game!.seq;
      const told = c.socket.connected && (await this.rewatch(ms));
      if (told && c.game!.seq === seen)
        throw new Error(
          `seat ${this.seat}: a legal action was refused: ${JSON.stringify(reply)} (refusals so far: ${this.refusals.join(' ')}; connections: ${this.connections})`,
        );
      this.refusals.push(`stale:${seen}`);
      return reply;
    }
    // A connection whose watch failed (the table was moving) follows nothing, and a view the game
    // left (ERR_STALE) is behind: either way it watches again.
    if (['ERR_NOT_SEATED', 'ERR_STALE'].includes(reply.error.code) && c.socket.connected) await this.rewatch(ms);
    await new Promise((r) => setTimeout(r, 200));
    return reply;
  }

  /** Follow the table again on the same connection, taking the current state from the reply; whether it answered. */
  private async rewatch(ms: number): Promise<boolean> {
    const c = this.client;
    const reply = await c.callWithin(ms, 'table:watch', {
      code: this.code,
      token: c.token,
      lastSeq: c.game!.seq,
      gameId: c.game!.gameId,
    });
    if (!reply.ok) {
      this.refusals.push(`watch:${reply.error.code}`);
      return false;
    }
    const game = (reply as unknown as WatchReply).game;
    if (game && game.seq >= c.game!.seq) c.game = game;
    return true;
  }

  close(): void {
    for (const c of this.clients) c.close();
  }
}

/** Everyone plays whenever it is their turn until `done` holds; fails after `ms`. */
export async function playUntil(
  players: readonly SeatPlayer[],
  done: () => boolean,
  what: string,
  ms = 120_000,
  random: () => number = Math.random,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out playing until ${what}`);
    let acted = false;
    for (const p of players) if ((await p.tryTurn(random))?.ok) acted = true;
    if (!acted) await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Play on to the end of the game, then check what was stored: the game finished, and its
 * log is sound and holds every action any of `players` (or of `earlier`, players they
 * replaced) got acknowledged. Returns the stored game.
 */
export async function finishAndCheck(
  players: readonly SeatPlayer[],
  store: string,
  { earlier = [] as readonly SeatPlayer[], ms = 180_000 } = {},
): Promise<StoredGame> {
  await playUntil(players, () => players.every((p) => p.client.game?.view.phase === 'over'), 'the end of the game', ms);
  const stored = await storedGame(store, players[0].client.game!.gameId);
  expect(stored.status).toBe('finished');
  expectSoundLog(
    stored,
    [...earlier, ...players].flatMap((p) => p.acked.map((a) => ({ ...a, seat: p.seat }))),
  );
  return stored;
}
