/**
 * The node's connections to Redis (ioredis), which carries everything the nodes of a
 * cluster say to each other: the Socket.IO adapter's broadcasts, forwarded commands,
 * presence and the shared rate limits. A subscribed connection can do nothing else, so
 * there are three: one for commands and publishing, one subscribed for the adapter and
 * one subscribed for this node's own channel.
 */
import { Redis } from 'ioredis';
import type { ClusterConfig } from '../config.js';

/** A Redis command that does not answer within this long fails (every wait has a clock). */
const COMMAND_TIMEOUT_MS = 2000;

export interface RedisLinks {
  /**
   * Commands and our own publishing. While Redis is out of reach a command fails at once
   * (no offline queue), so a request never waits for Redis to come back.
   */
  readonly main: Redis;
  /**
   * The adapter's publisher. The adapter publishes without handling failures, so this
   * one queues while Redis is away and sends once it is back (a failure here would be an
   * unhandled rejection).
   */
  readonly adapterPub: Redis;
  readonly adapterSub: Redis;
  readonly rpcSub: Redis;
  /** Whether every connection is up now (for /healthz and for renewing leases). */
  ready(): boolean;
  close(): Promise<void>;
}

export async function connectRedis(config: ClusterConfig, onError: (e: Error) => void): Promise<RedisLinks> {
  const make = (queue: boolean) => {
    const client = new Redis(config.redisUrl, {
      lazyConnect: true,
      enableOfflineQueue: queue,
      maxRetriesPerRequest: queue ? null : 1,
      commandTimeout: queue ? undefined : COMMAND_TIMEOUT_MS,
      connectTimeout: COMMAND_TIMEOUT_MS,
      // Back again within a second of Redis returning, however long it was away.
      retryStrategy: (times) => Math.min(100 * times, 1000),
    });
    // Lost connections are retried by ioredis; the node reports them and carries on.
    client.on('error', onError);
    return client;
  };
  const main = make(false);
  const adapterPub = make(true);
  const adapterSub = make(true);
  const rpcSub = make(true);
  const all = [main, adapterPub, adapterSub, rpcSub];
  try {
    await Promise.all(all.map((c) => c.connect()));
  } catch (e) {
    for (const c of all) c.disconnect();
    throw new Error(`cannot reach Redis at REDIS_URL (${(e as Error).message})`);
  }
  return {
    main,
    adapterPub,
    adapterSub,
    rpcSub,
    ready: () => all.every((c) => c.status === 'ready'),
    async close() {
      await Promise.all(all.map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}
