/**
 * This server as one node of a cluster (REDIS_URL set; docs/deploy.md). It ties the parts
 * of this folder together for the lobby (`Hosting`) and the real-time layer (`Following`):
 * leases decide which tables it owns; requests about tables owned elsewhere go to their
 * owner (`Rpc`); who follows a table through which node is kept in Redis (`Followers`),
 * so that a node taking a table over counts them as present; a node that stops stamping
 * itself alive (`Nodes`) no longer counts its connections at the tables owned here.
 *
 * Liveness and presence belong to this node's process (`process`: NODE_ID and a part new
 * at every start), not to its name: a node killed and started again under the same
 * NODE_ID (as docs/deploy.md advises) starts with no connections, and those of its old
 * process stop counting once its stamp runs out, like a dead node's.
 */
import { randomBytes } from 'node:crypto';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { ACCOUNT_ENDED_CHANNEL, accountEndedMessage, type EndedCode, readAccountEnded } from '../accounts/ended.js';
import type { ClusterConfig } from '../config.js';
import { within } from '../deadline.js';
import { check } from '../decode.js';
import type { ServerError } from '../errors.js';
import { type Limit, type Limiter, sharedLimiter, type WhileAway } from '../limits/limiter.js';
import type { Following } from '../realtime/socket.js';
import type { LeaseStore, TableStore } from '../store/store.js';
import type { TableContext } from '../tables/context.js';
import type { Gone, Hosting, Lobby, TableRequest } from '../tables/lobby.js';
import type { SeatClaim } from '../tables/seat-rules.js';
import type { Attendance } from '../tables/summary.js';
import { SharedCreationCap } from './creation-cap.js';
import { FencedStore } from './fenced-store.js';
import { Followers } from './followers.js';
import { Leases } from './leases.js';
import { Nodes } from './nodes.js';
import { ProcessIdSchema, TableRequestSchema } from './payloads.js';
import { RedisQueue } from './play-now-queue.js';
import { connectRedis, type RedisLinks } from './redis.js';
import { balancerSlotOf } from './routing.js';
import { Rpc } from './rpc.js';
import { SharedSessions } from './sessions.js';

/** What a node reads and writes itself: leases, and the seats as stored (its connections' claims). */
type NodeStore = LeaseStore & Pick<TableStore, 'loadTable'>;

/** How long a node waits for the owner of a table to answer a forwarded request. */
const FORWARD_TIMEOUT_MS = 5000;
/** Owners of tables kept in memory at most (all are forgotten beyond). */
const OWNERS_KEPT = 10_000;

/** Whom this node's connections follow. */
export type LocalFollowers = { code: string; connection: string; claim: SeatClaim | null }[];

/** This node's connections, as the cluster sees them (broadcaster.ts). */
export interface Gateway {
  /** Whom this node's connections follow, with their claims. */
  followers(): LocalFollowers;
  /** Every connection here holding the seat by this claim loses it (and is told so). */
  lose(code: string, claim: SeatClaim): void;
}

export class ClusterNode implements Hosting, Following {
  readonly nodeId: string;
  /** This process of the node: what the other nodes count alive, and whose connections they count. */
  private readonly process: string;
  private readonly rpc: Rpc;
  private readonly leases: Leases;
  private readonly nodes: Nodes;
  private readonly followersOf: Followers;
  /**
   * The owners of tables owned elsewhere, as last read from the database, so that a
   * forwarded command costs no query; forgotten when a request to the owner fails.
   */
  private readonly owners = new Map<string, string>();
  /** The node processes alive at the last beat. */
  private alive = new Set<string>();
  /** Connections of other nodes following tables owned here: process → connection → table. */
  private readonly remote = new Map<string, Map<string, string>>();
  /** When each process with connections here was first found missing from the living. */
  private readonly missingSince = new Map<string, number>();
  private lobby: Lobby | null = null;
  private gateway: Gateway | null = null;
  /** A check of this node's seat claims against the store failed (`recheck`): it is tried again at every beat. */
  private unchecked = false;
  private sessionCount: SharedSessions | null = null;
  /** Whether this node has stamped itself alive before. */
  private beaten = false;
  /** Set when shutdown begins: no more claims, beats or adoptions. */
  private stopping = false;
  private beatTimer: NodeJS.Timeout | null = null;

  private constructor(
    private readonly config: ClusterConfig,
    private readonly store: NodeStore,
    private readonly links: RedisLinks,
    private readonly log: FastifyBaseLogger,
  ) {
    this.nodeId = config.nodeId;
    this.process = `${config.nodeId}/${randomBytes(6).toString('hex')}`;
    this.rpc = new Rpc(
      links.main,
      links.rpcSub,
      config.redisPrefix,
      this.nodeId,
      this.process,
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
    this.nodes = new Nodes(links.main, config.redisPrefix, this.process, config.leaseMs);
    this.followersOf = new Followers(links.main, config.redisPrefix, this.process, log);
  }

  static async connect(config: ClusterConfig, store: NodeStore, log: FastifyBaseLogger): Promise<ClusterNode> {
    let node: ClusterNode | null = null;
    const links = await connectRedis(config, {
      error: (e) => log.warn({ err: e }, 'Redis connection problem'),
      warn: (o, msg) => log.warn(o, msg),
      // Updates of this node's tables that other nodes' followers missed: each table tells its
      // current state again, and the other nodes check their connections' claims (a seat lost meanwhile).
      back: () => {
        node?.lobby?.tellAgain();
        node?.links.main.publish(node.unsentChannel, node.process).catch(() => undefined);
      },
      // A `seat:lost` may have been missed here.
      deafened: () => void node?.recheck(),
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

  /** Play now's tickets, shared by every node (play-now-queue.ts). */
  playNowQueue(): RedisQueue {
    return new RedisQueue(this.links.main, this.config.redisPrefix, this.nodeId, (o, msg) => this.log.warn(o, msg));
  }

  /** Engine.IO sessions per address over every node (counted from this node's first beat, in start()). */
  sessions(max: number): SharedSessions {
    this.sessionCount ??= new SharedSessions(
      this.links.main,
      this.config.redisPrefix,
      this.process,
      max,
      this.config.leaseMs,
    );
    return this.sessionCount;
  }

  /** A rate limit per client address counted over every node, under this cluster's prefix (limits/limiter.ts). */
  limiter(name: string, limit: Limit, whileAway: WhileAway): Limiter {
    return sharedLimiter(this.links.main, `${this.config.redisPrefix}${name}`, limit, whileAway, (o, msg) =>
      this.log.warn(o, msg),
    );
  }

  /**
   * Accounts whose sessions ended, told between the nodes (accounts/ended.ts): `here` cuts
   * this node's connections of one, whoever published it (a node, this one too, or the
   * operator's `bottle-imp admin ban`); the function returned publishes one.
   */
  accountsEnded(here: (accountId: string, code: EndedCode) => void): (accountId: string, code: EndedCode) => void {
    const channel = `${this.config.redisPrefix}${ACCOUNT_ENDED_CHANNEL}`;
    this.links.rpcSub.on('message', (from: string, text: string) => {
      if (from !== channel) return;
      const ended = readAccountEnded(text);
      if (!ended) return this.log.error({ channel, text: text.slice(0, 200) }, 'malformed account-ended refused');
      here(ended.account, ended.code);
    });
    this.links.rpcSub.subscribe(channel).catch((e) => this.log.warn({ err: e }, 'account-ended not subscribed'));
    return (accountId, code) => {
      // Redis away: the sessions are gone from the store all the same, and every node's check finds them.
      this.links.main
        .publish(channel, accountEndedMessage(accountId, code))
        .catch((e) => this.log.warn({ err: e }, 'account-ended not published'));
    };
  }

  /** Whether this node can serve tables now: every Redis connection is up. */
  healthy(): boolean {
    return this.links.ready();
  }

  /** Where a node says its broadcasts were not sent (Redis was away): a `seat:lost` among them is missed. */
  private get unsentChannel(): string {
    return `${this.config.redisPrefix}unsent`;
  }

  /**
   * Start serving: answer other nodes, stamp this node alive, hold and adopt tables.
   * `gateway` holds this node's connections (listed for Redis, should it restart empty).
   */
  async start(lobby: Lobby, gateway: Gateway): Promise<void> {
    this.lobby = lobby;
    this.gateway = gateway;
    await this.rpc.start();
    const released = `${this.config.redisPrefix}released`;
    this.links.rpcSub.on('message', (channel: string, text: string) => {
      if (channel !== released && channel !== this.unsentChannel) return;
      const process = ProcessIdSchema.safeParse(text);
      if (!process.success)
        return this.log.error({ channel, text: text.slice(0, 200) }, 'malformed process id refused');
      if (process.data === this.process) return;
      if (channel === this.unsentChannel) void this.recheck();
      if (channel !== released) return;
      // It has left (nodes.leave): its connections follow nothing here any more, and the
      // tables it gave up are taken over as having no followers there.
      this.alive.delete(process.data);
      this.leases.kick();
    });
    await this.links.rpcSub.subscribe(released, this.unsentChannel);
    await this.beat();
    this.leases.start();
  }

  // ---- Hosting (for the lobby) ----

  async claim(code: string): Promise<number | null> {
    // A node shutting down takes nothing on (a table it claimed now would wait for its lease to run out).
    if (this.stopping) return null;
    return this.leases.claim(code);
  }

  guard(store: TableContext['store'], code: string, fence: number | null, lost: (code: string) => void): FencedStore {
    return new FencedStore(store, code, fence, { claim: (c) => this.claim(c), stale: lost });
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
    for (const f of all) if (f.process !== this.process) this.remember(f.process, f.connection, code);
    return all.map((f) => ({ connection: f.connection, claim: f.claim, here: f.process === this.process }));
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

  /** A request from another node's process about a table owned here; a malformed one is refused (ERR_INTERNAL). */
  private async serve(body: unknown, from: string): Promise<unknown> {
    const request = check('a table request from another node', TableRequestSchema, body);
    const reply = await this.lobby!.serve(request);
    if ('command' in request) {
      const c = request.command;
      if (c.type === 'watch') this.remember(from, c.connection, request.code);
      else if (c.type === 'unwatch') this.remote.get(from)?.delete(c.connection);
    }
    return reply;
  }

  private remember(process: string, connection: string, code: string): void {
    const connections = this.remote.get(process) ?? new Map<string, string>();
    connections.set(connection, code);
    this.remote.set(process, connections);
  }

  /**
   * The claims of this node's seated connections, against the seats as stored: a claim
   * whose token no longer holds its seat loses it here. An owner stores a change of seat as
   * it says so (`seat:lost`), and this runs seconds after this node hears again (redis.ts),
   * so a seat lost while it was deaf is read here, and one lost later is heard. (Updates
   * never reached those connections anyway: they go to the new claim's room.) A store
   * that fails leaves the check for the next beat.
   */
  private async recheck(): Promise<void> {
    this.unchecked = false;
    const held = new Map<string, Map<string, SeatClaim>>();
    for (const { code, claim } of this.gateway?.followers() ?? []) {
      if (claim === null) continue;
      const claims = held.get(code) ?? new Map<string, SeatClaim>();
      claims.set(`${claim.seat} ${claim.tokenHash}`, claim);
      held.set(code, claims);
    }
    try {
      for (const [code, claims] of held) {
        const seats = (await this.store.loadTable(code))?.seats ?? [];
        for (const claim of claims.values())
          if (seats[claim.seat]?.tokenHash !== claim.tokenHash) this.gateway?.lose(code, claim);
      }
    } catch (e) {
      this.unchecked = true;
      this.log.warn({ err: e }, 'seat claims not checked against the database; trying again at the next beat');
    }
  }

  /**
   * Stamp this node alive; the connections of processes missing from the living for a whole
   * lease leave the tables owned here. (Missing once is not enough: after Redis restarted
   * empty, every node is missing until its next stamp.)
   */
  private async beat(): Promise<void> {
    if (this.unchecked) await this.recheck();
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
      for (const [process, connections] of this.remote) {
        if (this.alive.has(process)) {
          this.missingSince.delete(process);
          continue;
        }
        const since = this.missingSince.get(process) ?? now;
        this.missingSince.set(process, since);
        if (now - since < this.config.leaseMs) continue;
        this.missingSince.delete(process);
        this.remote.delete(process);
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
    const here = this.gateway?.followers();
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
      await this.links.main.publish(`${this.config.redisPrefix}released`, this.process);
    };
    await within(handover(), (ms * 2) / 3, 'handing the tables over').catch((e) =>
      this.log.warn({ err: e }, 'could not hand tables over (other nodes take them when their leases run out)'),
    );
    await this.links.close(ms / 3);
  }
}
