/**
 * Rooms across nodes. Through the Redis adapter every room broadcast reaches the room's
 * connections on every node. What differs from one process: a table's owner subscribes a
 * connection held by another node through the adapter (published on the same Redis
 * connection as the updates after it, so it is in the room before they arrive); a seat
 * taken away is taken on every node; and the owner cannot see other nodes' rooms, so it
 * builds every seat's update.
 */
import { type Following, type IoServer, RoomBroadcaster, rooms } from '../realtime/socket.js';
import type { SeatClaim } from '../tables/seat-rules.js';

export class ClusterBroadcaster extends RoomBroadcaster {
  constructor(
    io: IoServer,
    private readonly following: Following,
  ) {
    super(io);
    // Another node's table took a seat away: the connections here that held it lose it too.
    io.on('seat:lost', (code, seat) => this.lost(code, seat));
  }

  override follow(code: string, connection: string, claim: SeatClaim | null): boolean {
    if (this.io.sockets.sockets.has(connection)) return super.follow(code, connection, claim);
    this.io
      .in(connection)
      .socketsJoin(
        claim === null
          ? [rooms.table(code), rooms.spectators(code)]
          : [rooms.table(code), rooms.seat(code, claim.seat)],
      );
    // Its node counts it; if it closed meanwhile, its node tells the table so.
    return true;
  }

  override hasAudience(): boolean {
    return true;
  }

  override seatLost(code: string, seat: number): void {
    this.lost(code, seat);
    this.io.serverSideEmit('seat:lost', code, seat);
  }

  private lost(code: string, seat: number): void {
    for (const id of this.loseSeatHere(code, seat)) this.following.follow(code, id, null);
  }
}
