/**
 * Rooms across nodes. Through the Redis adapter every room broadcast reaches the room's
 * connections on every node. What differs from one process: a table's owner subscribes a
 * connection held by another node through the adapter (published on the same Redis
 * connection as the updates after it, so it is in the room before they arrive); a seat
 * taken away is taken on every node; and the owner cannot see other nodes' rooms, so it
 * builds every seat's update.
 *
 * A seat's updates go to the room of the claim that holds it now (realtime/socket.ts,
 * `rooms.seat`), so a connection whose node missed `seat:lost` (Redis was away) never gets
 * the seat's next holder's updates; it is told it lost the seat once its node has checked
 * its claim against the store again (node.ts, `recheck`).
 *
 * Most tables never need the adapter: a table whose players all reach this node (the
 * balancer routes them by table code: docs/deploy.md) has nobody elsewhere to tell. Such a
 * table broadcasts to this node's rooms only (`localFirst`), so no update is published to
 * Redis and received back by every node, until a connection of another node follows it;
 * from then on it goes through the adapter like any other. That is every table made here,
 * and every table loaded here (taken over, or after a restart) whose followers, as the
 * live nodes recorded them (followers.ts), are all on this node.
 */
import type { ChatMessage, GameUpdate, TableSummary } from '../../protocol/messages.js';
import { check } from '../decode.js';
import { claimOf, type Following, type IoServer, RoomBroadcaster, rooms } from '../realtime/socket.js';
import type { Broadcaster } from '../tables/context.js';
import type { SeatClaim } from '../tables/seat-rules.js';
import type { Gateway, LocalFollowers } from './node.js';
import { SeatLostSchema } from './payloads.js';

export class ClusterBroadcaster extends RoomBroadcaster implements Gateway {
  constructor(
    io: IoServer,
    private readonly following: Following,
    private readonly log: { error(o: object, msg: string): void },
  ) {
    super(io);
    // Another node's table took a seat away: the connections here that held it lose it too.
    // What the adapter brings is checked first: a malformed message is logged and takes nothing.
    io.on('seat:lost', (...message: unknown[]) => {
      let lost: [string, SeatClaim];
      try {
        lost = check('seat:lost from another node', SeatLostSchema, message);
      } catch (e) {
        return this.log.error({ err: e }, 'message between nodes refused');
      }
      this.lose(...lost);
    });
  }

  override follow(code: string, connection: string, claim: SeatClaim | null): boolean {
    if (this.io.sockets.sockets.has(connection)) return super.follow(code, connection, claim);
    this.io.in(connection).socketsJoin(rooms.of(code, claim));
    // Its node counts it; if it closed meanwhile, its node tells the table so.
    return true;
  }

  localFirst(): Broadcaster {
    return new LocalFirstBroadcaster(this, new RoomBroadcaster(this.io, true), (connection) =>
      this.io.sockets.sockets.has(connection),
    );
  }

  override hasAudience(): boolean {
    return true;
  }

  override seatLost(code: string, claim: SeatClaim): void {
    this.lose(code, claim);
    this.io.serverSideEmit('seat:lost', code, claim);
  }

  lose(code: string, claim: SeatClaim): void {
    for (const id of this.loseSeatHere(code, claim)) this.following.follow(code, id, null);
  }

  followers(): LocalFollowers {
    return [...this.io.of('/').sockets.values()].flatMap(({ id, data }) =>
      data.code === null ? [] : [{ code: data.code, connection: id, claim: claimOf(data) }],
    );
  }
}

/**
 * One table that nobody follows through another node: its news reaches this node's
 * connections only (`here`), until a connection of another node follows it; then, and for
 * good, every node's (`everywhere`). The switch happens inside the table's queue, before
 * that connection is subscribed, so no later update misses it.
 */
class LocalFirstBroadcaster implements Broadcaster {
  private shared = false;

  constructor(
    private readonly everywhere: Broadcaster,
    private readonly here: Broadcaster,
    private readonly isLocal: (connection: string) => boolean,
  ) {}

  private get out(): Broadcaster {
    return this.shared ? this.everywhere : this.here;
  }

  follow(code: string, connection: string, claim: SeatClaim | null): boolean {
    if (!this.isLocal(connection)) this.shared = true;
    return this.everywhere.follow(code, connection, claim);
  }

  table(summary: TableSummary): void {
    this.out.table(summary);
  }

  game(code: string, to: SeatClaim | null, update: GameUpdate): void {
    this.out.game(code, to, update);
  }

  hasAudience(code: string, to: SeatClaim | null): boolean {
    return this.out.hasAudience(code, to);
  }

  chat(code: string, message: ChatMessage, from: string | null = null): void {
    this.out.chat(code, message, from);
  }

  seatLost(code: string, claim: SeatClaim): void {
    // Rare, and also keeps the Redis record of who follows the table right.
    this.everywhere.seatLost(code, claim);
  }
}
