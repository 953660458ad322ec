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
import type { Following } from '../realtime/socket.js';
import type { Store } from '../store/store.js';
import type { Gone, Hosting, Lobby, TableRequest } from '../tables/lobby.js';
import type { SeatClaim } from '../tables/seat-rules.js';
import { Followers } from './followers.js';
import { Leases } from './leases.js';
import { SharedBuckets, SharedCreationCap } from './limits.js';
import { Nodes } from './nodes.js';
import { connectRedis, type RedisLinks } from './redis.js';
import { Rpc } from './rpc.js';

/** How long a node waits for the owner of a table to answer a forwarded request. */
const FORWARD_TIMEOUT_MS = 5000;

export class ClusterNode implements Hosting, Following {
  readonly nodeId: string;
  private readonly rpc: Rpc;
  private readonly leases: Leases;
  private readonly nodes: Nodes;
  private readonly followersOf: Followers;
  /** The nodes alive at the last beat. */
  private alive = new Set<string>();
  /** Connections of other nodes following tables owned here: node → connection → table. */
  private readonly remote = new Map<string, Map<string, string>>();
  private lobby: Lobby | null = null;
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
    const links = await connectRedis(config, (e) => log.warn({ err: e }, 'Redis connection problem'));
    return new ClusterNode(config, store, links, log);
  }

  /** The Socket.IO adapter that carries room broadcasts between the nodes. */
  adapter(): ReturnType<typeof createAdapter> {
    return createAdapter(this.links.adapterPub, this.links.adapterSub, { key: `${this.config.redisPrefix}socket.io` });
  }

  creationCap(max: number): SharedCreationCap {
    return new SharedCreationCap(this.links.main, this.config.redisPrefix, max);
  }

  apiBuckets(perSecond: number, burst: number): SharedBuckets {
    return new SharedBuckets(this.links.main, `${this.config.redisPrefix}api:`, perSecond, burst);
  }

  /** Whether this node can serve tables now: every Redis connection is up. */
  healthy(): boolean {
    return this.links.ready();
  }

  /** Start serving: answer other nodes, stamp this node alive, hold and adopt tables. */
  async start(lobby: Lobby): Promise<void> {
    this.lobby = lobby;
    await this.rpc.start();
    const released = `${this.config.redisPrefix}released`;
    this.links.rpcSub.on('message', (channel: string) => {
      if (channel === released) this.leases.kick();
    });
    await this.links.rpcSub.subscribe(released);
    await this.beat();
    this.leases.start();
  }

  // ---- Hosting (for the lobby) ----

  claim(code: string): Promise<number | null> {
    return this.leases.claim(code);
  }

  async ownerElsewhere(code: string): Promise<string | null> {
    const owner = await this.store.ownerOf(code);
    return owner?.live && owner.node !== this.nodeId ? owner.node : null;
  }

  forward(node: string, request: TableRequest): Promise<unknown> {
    return this.rpc.request(node, request, FORWARD_TIMEOUT_MS);
  }

  async followers(code: string): Promise<{ connection: string; claim: SeatClaim | null }[]> {
    const all = await this.followersOf.of(code, this.alive);
    for (const f of all) if (f.node !== this.nodeId) this.remember(f.node, f.connection, code);
    return all;
  }

  gone(code: string, why: Gone): void {
    if (why === 'lost') this.leases.forget(code);
    // On shutdown every lease is released at once (stop()).
    if (why !== 'closed') return;
    this.leases.release([code]).catch((e) => this.log.warn({ err: e, table: code }, 'lease not released'));
    this.followersOf.clear(code).catch(() => undefined);
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

  /** Stamp this node alive; the connections of nodes that are no longer alive leave the tables owned here. */
  private async beat(): Promise<void> {
    try {
      if (this.healthy()) this.alive = await this.nodes.beat(Date.now());
      for (const [node, connections] of this.remote) {
        if (this.alive.has(node)) continue;
        this.remote.delete(node);
        for (const [connection, code] of connections)
          await this.lobby?.local(code)?.handle({ type: 'unwatch', connection });
      }
    } catch (e) {
      this.log.warn({ err: e }, 'node heartbeat failed');
    }
    this.beatTimer = setTimeout(() => void this.beat(), this.config.leaseMs / 3);
  }

  /** Shutting down, after the lobby stopped its tables: release them so other nodes take them at once. */
  async stop(): Promise<void> {
    if (this.beatTimer) clearTimeout(this.beatTimer);
    this.beatTimer = null;
    this.leases.stop();
    this.rpc.stop();
    try {
      await this.leases.release(this.leases.heldCodes());
      await this.nodes.leave();
      await this.links.main.publish(`${this.config.redisPrefix}released`, this.nodeId);
    } catch (e) {
      this.log.warn({ err: e }, 'could not hand tables over (other nodes take them when their leases run out)');
    }
    await this.links.close();
  }
}
