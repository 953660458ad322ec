/**
 * This server as one node of a cluster (REDIS_URL set; docs/deploy.md). It ties the parts
 * of this folder together for the lobby (`Hosting`) and the real-time layer (`Following`):
 * leases decide which tables it owns; requests about tables owned elsewhere go to their
 * owner (`Rpc`); who follows a table through which node is kept in Redis (`Followers`),
 * so that a node taking a table over counts them as present; a node that stops stamping
 * itself alive (`Nodes`) no longer counts its connections at the tables owned here.
 */
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { ClusterConfig } from '../config.js';
import { within } from '../deadline.js';
import type { ServerError } from '../errors.js';
import type { Following } from '../realtime/socket.js';
import type { Store } from '../store/store.js';
import type { Gone, Hosting, Lobby, TableRequest } from '../tables/lobby.js';
import type { SeatClaim } from '../tables/seat-rules.js';
import type { Attendance } from '../tables/summary.js';
import { BatchedBuckets } from './batched-buckets.js';
import { Followers } from './followers.js';
import { Leases } from './leases.js';
import { SharedBuckets, SharedCreationCap } from './limits.js';
import { Nodes } from './nodes.js';
import { connectRedis, type RedisLinks } from './redis.js';
import { balancerSlotOf } from './routing.js';
import { Rpc } from './rpc.js';
import { SharedSessions } from './sessions.js';

/** How long a node waits for the owner of a table to answer a forwarded request. */
const FORWARD_TIMEOUT_MS = 5000;
/** Owners of tables kept in memory at most (all are forgotten beyond). */
const OWNERS_KEPT = 10_000;

/** Whom this node's connections follow. */
export type LocalFollowers = { code: string; connection: string; claim: SeatClaim | null }[];

export class ClusterNode implements Hosting, Following {
  readonly nodeId: string;
  private readonly rpc: Rpc;
  private readonly leases: Leases;
  private readonly nodes: Nodes;
  private readonly followersOf: Followers;
  /**
   * The owners of tables owned elsewhere, as last read from the database, so that a
   * forwarded command costs no query; forgotten when a request to the owner fails.
   */
  private readonly owners = new Map<string, string>();
  /** The nodes alive at the last beat. */
  private alive = new Set<string>();
  /** Connections of other nodes following tables owned here: node → connection → table. */
  private readonly remote = new Map<string, Map<string, string>>();
  /** When each node with connections here was first found missing from the living. */
  private readonly missingSince = new Map<string, number>();
  private lobby: Lobby | null = null;
  private here: (() => LocalFollowers) | null = null;
  private sessionCount: SharedSessions | null = null;
  /** Whether this node has stamped itself alive before. */
  private beaten = false;
  /** Set when shutdown begins: no more claims, beats or adoptions. */
  private stopping = false;
  private beatTimer: NodeJS.Timeout | null = null;

  private constructor(
    private readonly config: ClusterConfig,
    private readonly store: Store,
    private readonly links: RedisLinks,
    private readonly log: FastifyBaseLogger,
  ) {
    this.nodeId = config.nodeId;
    this.rpc = new Rpc(
      links.main,
      links.rpcSub,
      config.redisPrefix,
      this.nodeId,
      (b, from) => this.serve(b, from),
      log,
    );
    this.leases = new Leases(store, this.nodeId, config.leaseMs, {
      lost: (code) => {
        log.warn({ table: code }, 'another node took the table over');
        this.lobby?.drop(code);
      },
      orphan: async (code) => {
        // Loading claims it (or finds that another node just did).
        await this.lobby?.get(code);
      },
      healthy: () => this.healthy(),
      warn: (o, msg) => log.warn(o, msg),
    });
    this.nodes = new Nodes(links.main, config.redisPrefix, this.nodeId, config.leaseMs);
    this.followersOf = new Followers(links.main, config.redisPrefix, this.nodeId);
  }

  static async connect(config: ClusterConfig, store: Store, log: FastifyBaseLogger): Promise<ClusterNode> {
    let node: ClusterNode | null = null;
    const links = await connectRedis(config, {
      error: (e) => log.warn({ err: e }, 'Redis connection problem'),
      warn: (o, msg) => log.warn(o, msg),
      // Updates of this node's tables that other nodes' followers missed: each table tells its current state again.
      back: () => node?.lobby?.tellAgain(),
    });
    node = new ClusterNode(config, store, links, log);
    return node;
  }

  /** Broadcasts for other nodes not sent (Redis away) since the node started. */
  unsentBroadcasts(): number {
    return this.links.unsent();
  }

  /** The Socket.IO adapter that carries room broadcasts between the nodes. */
  adapter(): ReturnType<typeof createAdapter> {
    return createAdapter(this.links.adapterPub, this.links.adapterSub, { key: `${this.config.redisPrefix}socket.io` });
  }

  creationCap(max: number): SharedCreationCap {
    return new SharedCreationCap(this.links.main, this.config.redisPrefix, max);
  }

  /** Engine.IO sessions per address over every node (counted from this node's first beat, in start()). */
  sessions(max: number): SharedSessions {
    this.sessionCount ??= new SharedSessions(
      this.links.main,
      this.config.redisPrefix,
      this.nodeId,
      max,
      this.config.leaseMs,
    );
    return this.sessionCount;
  }

  apiBuckets(perSecond: number, burst: number): SharedBuckets {
    return new SharedBuckets(this.links.main, `${this.config.redisPrefix}api:`, perSecond, burst);
  }

  /** Hints per address over every node: one Redis round trip per hint, which costs a thread far longer. */
  hintBuckets(perSecond: number, burst: number): SharedBuckets {
    return new SharedBuckets(this.links.main, `${this.config.redisPrefix}hints:`, perSecond, burst);
  }

  /** Socket.IO messages per address over every node, taken from Redis in batches. */
  messageBuckets(perSecond: number, burst: number): BatchedBuckets {
    const shared = new SharedBuckets(this.links.main, `${this.config.redisPrefix}messages:`, perSecond, burst);
    return new BatchedBuckets(shared, perSecond, burst, (o, msg) => this.log.warn(o, msg));
  }

  /** Whether this node can serve tables now: every Redis connection is up. */
  healthy(): boolean {
    return this.links.ready();
  }

  /**
   * Start serving: answer other nodes, stamp this node alive, hold and adopt tables.
   * `here` lists this node's connections (for Redis, should it restart empty).
   */
  async start(lobby: Lobby, here: () => LocalFollowers): Promise<void> {
    this.lobby = lobby;
    this.here = here;
    await this.rpc.start();
    const released = `${this.config.redisPrefix}released`;
    this.links.rpcSub.on('message', (channel: string, node: string) => {
      if (channel !== released || node === this.nodeId) return;
      // It has left (nodes.leave): its connections follow nothing here any more, and the
      // tables it gave up are taken over as having no followers there.
      this.alive.delete(node);
      this.leases.kick();
    });
    await this.links.rpcSub.subscribe(released);
    await this.beat();
    this.leases.start();
  }

  // ---- Hosting (for the lobby) ----

  async claim(code: string): Promise<number | null> {
    // A node shutting down takes nothing on (a table it claimed now would wait for its lease to run out).
    if (this.stopping) return null;
    return this.leases.claim(code);
  }

  routesHere(code: string): boolean {
    const slot = this.config.balancerSlot;
    return slot === null || balancerSlotOf(code, slot.count) === slot.index;
  }

  async ownerElsewhere(code: string): Promise<string | null> {
    const known = this.owners.get(code);
    if (known) return known;
    const owner = await this.store.ownerOf(code);
    if (!owner?.live || owner.node === this.nodeId) return null;
    if (this.owners.size >= OWNERS_KEPT) this.owners.clear();
    this.owners.set(code, owner.node);
    return owner.node;
  }

  async forward(node: string, request: TableRequest): Promise<unknown> {
    try {
      return await this.rpc.request(node, request, FORWARD_TIMEOUT_MS);
    } catch (e) {
      // Not answered, or not the owner any more (both 503; a refusal by the rules is not): the next request asks the database again.
      if ((e as ServerError).status === 503) this.owners.delete(request.code);
      throw e;
    }
  }

  async followers(code: string): Promise<{ connection: string; claim: SeatClaim | null; here: boolean }[]> {
    const all = await this.followersOf.of(code, this.alive);
    for (const f of all) if (f.node !== this.nodeId) this.remember(f.node, f.connection, code);
    return all.map((f) => ({ ...f, here: f.node === this.nodeId }));
  }

  attendance(codes: readonly string[]): Promise<Map<string, Attendance>> {
    return this.followersOf.attendance(codes, this.alive);
  }

  gone(code: string, why: Gone): void {
    if (why === 'lost') this.leases.forget(code);
    // On shutdown every lease is released at once (stop()).
    if (why === 'lost' || why === 'released') return;
    this.leases.release([code]).catch((e) => this.log.warn({ err: e, table: code }, 'lease not released'));
    if (why === 'closed')
      this.followersOf.clear(code).catch((e) => this.log.warn({ err: e, table: code }, 'followers not cleared'));
  }

  // ---- Following (this node's connections) ----

  follow(code: string, connection: string, claim: SeatClaim | null): void {
    this.followersOf.add(code, connection, claim).catch((e) => this.log.warn({ err: e }, 'follower not recorded'));
  }

  unfollow(code: string, connection: string): void {
    this.followersOf.remove(code, connection).catch((e) => this.log.warn({ err: e }, 'follower not removed'));
  }

  // ---- between nodes ----

  /** A request from another node about a table owned here. */
  private async serve(body: unknown, from: string): Promise<unknown> {
    const request = body as TableRequest;
    const reply = await this.lobby!.serve(request);
    if ('command' in request) {
      const c = request.command;
      if (c.type === 'watch') this.remember(from, c.connection, request.code);
      else if (c.type === 'unwatch') this.remote.get(from)?.delete(c.connection);
    }
    return reply;
  }

  private remember(node: string, connection: string, code: string): void {
    const connections = this.remote.get(node) ?? new Map<string, string>();
    connections.set(connection, code);
    this.remote.set(node, connections);
  }

  /**
   * Stamp this node alive; the connections of nodes missing from the living for a whole
   * lease leave the tables owned here. (Missing once is not enough: after Redis restarted
   * empty, every node is missing until its next stamp.)
   */
  private async beat(): Promise<void> {
    try {
      const now = Date.now();
      if (this.healthy()) {
        const { alive, missing } = await this.nodes.beat(now);
        this.alive = alive;
        // Redis came back empty (restarted without saving): write again what this node had told it.
        if (missing && this.beaten) await this.retell();
        await this.sessionCount?.beat(now, missing && this.beaten);
        this.beaten = true;
      }
      for (const [node, connections] of this.remote) {
        if (this.alive.has(node)) {
          this.missingSince.delete(node);
          continue;
        }
        const since = this.missingSince.get(node) ?? now;
        this.missingSince.set(node, since);
        if (now - since < this.config.leaseMs) continue;
        this.missingSince.delete(node);
        this.remote.delete(node);
        for (const [connection, code] of connections)
          await this.lobby?.local(code)?.handle({ type: 'unwatch', connection });
      }
    } catch (e) {
      this.log.warn({ err: e }, 'node heartbeat failed');
    }
    if (!this.stopping) this.beatTimer = setTimeout(() => void this.beat(), this.config.leaseMs / 3);
  }

  /** Who follows which table through this node, written again to Redis. */
  private async retell(): Promise<void> {
    const here = this.here?.();
    if (!here) return;
    this.log.warn('Redis lost what this node had told it; telling it again');
    for (const f of here) await this.followersOf.add(f.code, f.connection, f.claim);
  }

  /** Shutdown begins: this node takes no table on from now (before the lobby stops its tables). */
  stopTaking(): void {
    this.stopping = true;
    if (this.beatTimer) clearTimeout(this.beatTimer);
    this.beatTimer = null;
    this.leases.stop();
  }

  /**
   * Shutting down, after the lobby stopped its tables: release them so other nodes take
   * them at once. Within `ms` whatever PostgreSQL and Redis do: what is not done by then
   * is left (a lease not released runs out; other nodes then take its table).
   */
  async stop(ms: number): Promise<void> {
    this.stopTaking();
    this.rpc.stop();
    const handover = async () => {
      await this.leases.release(this.leases.heldCodes());
      await this.nodes.leave();
      await this.sessionCount?.leave();
      await this.links.main.publish(`${this.config.redisPrefix}released`, this.nodeId);
    };
    await within(handover(), (ms * 2) / 3, 'handing the tables over').catch((e) =>
      this.log.warn({ err: e }, 'could not hand tables over (other nodes take them when their leases run out)'),
    );
    await this.links.close(ms / 3);
  }
}
