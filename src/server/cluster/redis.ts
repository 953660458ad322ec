/**
 * The node's connections to Redis (ioredis), which carries everything the nodes of a
 * cluster say to each other: the Socket.IO adapter's broadcasts, forwarded commands,
 * presence and the shared rate limits. A subscribed connection can do nothing else, so
 * there are three: one for commands and publishing, one subscribed for the adapter and
 * one subscribed for this node's own channel.
 */
import { Redis } from 'ioredis';
import type { ClusterConfig } from '../config.js';
import { within } from '../deadline.js';
import { ServerError } from '../errors.js';

/** A Redis command that does not answer within this long fails (every wait has a clock). */
const COMMAND_TIMEOUT_MS = 2000;
/** A connection that ioredis gave up is started again after this long. */
const RECONNECT_MS = 1000;
/** After Redis returned, every node's connections are back within this long (retryStrategy: a second at most). */
const BACK_SETTLED_MS = 2000;

export interface RedisLinks {
  /**
   * Commands and our own publishing. While Redis is out of reach a command fails at once
   * (no offline queue), so a request never waits for Redis to come back.
   */
  readonly main: Redis;
  /**
   * The adapter's publisher. It queues nothing: while Redis is away a broadcast for the
   * other nodes is not sent but counted (`unsent`), since one queued for a minute would be
   * stale when Redis returns and a busy node would hold every one in memory; the other
   * nodes' followers catch up when it is back (`back`). Its failures are reported, not
   * thrown (see `reported`).
   */
  readonly adapterPub: Redis;
  readonly adapterSub: Redis;
  readonly rpcSub: Redis;
  /** Whether every connection is up now (for /healthz and for renewing leases). */
  ready(): boolean;
  /** Broadcasts for other nodes not sent (Redis away) since the node started. */
  unsent(): number;
  /** Close every connection: politely (QUIT) if Redis answers within `ms`, else at once. */
  close(ms: number): Promise<void>;
}

/** Redis could not carry out a command a client's request needed. */
export class RedisUnavailableError extends ServerError {
  constructor(message = 'The server cannot reach the other servers just now. Try again in a moment.') {
    super('ERR_UNAVAILABLE', message, 503);
  }
}

/** A command a request needs: any failure of Redis is the request's ERR_UNAVAILABLE. */
export async function viaRedis<T>(command: Promise<T>, message?: string): Promise<T> {
  try {
    return await command;
  } catch {
    throw new RedisUnavailableError(message);
  }
}

/**
 * The commands that code we do not own issues without handling their failure: the
 * Socket.IO adapter publishes and (un)subscribes and ignores the promise, and ioredis
 * itself subscribes again after a reconnection. A client closed with such a command
 * queued rejects it ("Connection is closed."), and an unhandled rejection ends the
 * process. On these connections each of them is reported instead, and still rejects for
 * a caller that waits for it.
 */
const FIRE_AND_FORGET = ['publish', 'subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'] as const;

function reported(client: Redis, onError: (e: Error) => void): void {
  for (const name of FIRE_AND_FORGET) {
    const command = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(client, {
      [name]: (...args: unknown[]) => {
        const sent = command(...args);
        sent.catch(onError);
        return sent;
      },
    });
  }
}

/**
 * The adapter's publishing while Redis is away: not sent (nor queued), counted, and told
 * once per outage; `back` hears how many went unsent once the publisher is ready again.
 */
function unqueued(client: Redis, events: RedisEvents, closing: () => boolean): () => number {
  let total = 0;
  let missed = 0;
  const lost = () => {
    total++;
    if (missed++ === 0) events.warn({}, 'Redis is away: broadcasts for other nodes are not sent until it is back');
  };
  const publish = client.publish.bind(client) as (...args: unknown[]) => Promise<number>;
  Object.assign(client, {
    publish: (...args: unknown[]) => {
      if (client.status !== 'ready') {
        lost();
        // Nobody received it.
        return Promise.resolve(0);
      }
      const sent = publish(...args);
      // Cut off with its connection (not sent again: autoResendUnfulfilledCommands).
      sent.catch(lost);
      return sent;
    },
  });
  client.on('ready', () => {
    if (missed === 0) return;
    events.warn({ unsent: missed }, 'Redis is back: broadcasts for other nodes were not sent meanwhile');
    missed = 0;
    // Once the other nodes' subscribers are back too.
    onceSettled(closing, () => events.back());
  });
  return () => total;
}

/** What the node hears from its Redis connections. */
export interface RedisEvents {
  /** A connection failed, or a command fired without waiting failed. */
  error(e: Error): void;
  warn(o: object, msg: string): void;
  /** The adapter's publisher is back after broadcasts were not sent: followers elsewhere must catch up. */
  back(): void;
  /**
   * The adapter's subscriber is back after its connection was lost: what the other nodes
   * said meanwhile (a seat taken away: `seat:lost`) went unheard here.
   */
  deafened(): void;
}

/** Once every node's connections are back after Redis returned (each retries every second at most). */
function onceSettled(closing: () => boolean, then: () => void): void {
  setTimeout(() => {
    if (!closing()) then();
  }, BACK_SETTLED_MS);
}

export async function connectRedis(config: ClusterConfig, events: RedisEvents): Promise<RedisLinks> {
  const onError = (e: Error) => events.error(e);
  let closing = false;
  /** `queue`: commands wait while Redis is away (the subscribers' subscriptions); `retry`: those cut off are sent again. */
  const make = (queue: boolean, retry = queue) => {
    const client = new Redis(config.redisUrl, {
      lazyConnect: true,
      enableOfflineQueue: queue,
      maxRetriesPerRequest: queue ? null : 1,
      // A publish cut off by a lost connection is not sent again a moment later, out of date.
      autoResendUnfulfilledCommands: retry,
      commandTimeout: queue ? undefined : COMMAND_TIMEOUT_MS,
      connectTimeout: COMMAND_TIMEOUT_MS,
      // Back again within a second of Redis returning, however long it was away.
      retryStrategy: (times) => Math.min(100 * times, 1000),
    });
    // Lost connections are retried by ioredis; the node reports them and carries on.
    client.on('error', onError);
    // ioredis gives a connection up for good ("end") only when told to, or when a reconnection
    // is cut short at the wrong moment; then it is started again, unless the node is closing.
    client.on('end', () => {
      if (closing) return;
      onError(new Error('a Redis connection ended; connecting again'));
      setTimeout(() => {
        if (!closing) client.connect().catch(() => undefined);
      }, RECONNECT_MS);
    });
    return client;
  };
  const main = make(false);
  const adapterPub = make(false, false);
  reported(adapterPub, onError);
  const unsent = unqueued(adapterPub, events, () => closing);
  const adapterSub = make(true);
  const rpcSub = make(true);
  for (const sub of [adapterSub, rpcSub]) reported(sub, onError);
  // Its first 'ready' is the first connection; every later one follows a lost connection. Told
  // once ioredis has subscribed again (it does on 'ready'), so a seat lost after that is heard.
  adapterSub.once('ready', () =>
    adapterSub.on('ready', () =>
      onceSettled(
        () => closing,
        () => events.deafened(),
      ),
    ),
  );
  const all = [main, adapterPub, adapterSub, rpcSub];
  const cut = () => {
    closing = true;
    for (const c of all) c.disconnect();
  };
  try {
    await within(Promise.all(all.map((c) => c.connect())), COMMAND_TIMEOUT_MS * 2, 'connecting to Redis');
  } catch (e) {
    cut();
    throw new Error(`cannot reach Redis at REDIS_URL (${(e as Error).message})`);
  }
  return {
    main,
    adapterPub,
    adapterSub,
    rpcSub,
    ready: () => all.every((c) => c.status === 'ready'),
    unsent,
    async close(ms) {
      closing = true;
      // QUIT waits for what each connection still has to send; Redis away, that is forever.
      await within(Promise.all(all.map((c) => c.quit())), ms, 'closing the Redis connections').catch(cut);
    },
  };
}
