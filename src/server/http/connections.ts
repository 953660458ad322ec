/**
 * The node's TCP connections, below HTTP and Socket.IO: how many one address may hold
 * open (MAX_SOCKETS_PER_ADDRESS), and how long one may stay silent (IDLE_CONNECTION_SECONDS).
 * Without them one address held 19,900 idle connections, up to the process's file limit,
 * and every other client was refused with nothing logged.
 *
 * The cap counts the address that connected, the only one known before a request is read:
 * behind a balancer that is the balancer, whose connections carry every player, so the
 * proxies named by TRUST_PROXY are not capped here (nginx caps each client with
 * `limit_conn`, src/server/deploy/nginx.ts). A refused connection gets a 429 in the API's
 * error shape and is closed; it is counted in /metrics, and logged once per address and
 * minute with how many were refused since.
 */
import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Counter } from 'prom-client';
import type { ErrorBody } from '../../protocol/messages.js';
import type { Config } from '../config.js';
import { closingReply } from './errors.js';

/** A refused address is logged at most once in this long. */
const LOG_EVERY_MS = 60_000;
/** Addresses remembered for that (the oldest are forgotten first: a flood of addresses cannot grow it). */
const LOGGED_ADDRESSES = 10_000;

/**
 * How long a connection with a request under way may go without any traffic: a slow
 * reader, a stalled upload. Long-polls are quiet at most a ping interval (25 s) and
 * WebSockets are not counted (ws turns the timer off when it takes the socket over).
 */
const SILENT_REQUEST_MS = 60_000;

/** The refusal of a connection over the cap; nginx words its own the same (deploy/nginx.ts). */
export const TOO_MANY_CONNECTIONS: ErrorBody = {
  code: 'ERR_TOO_MANY_CONNECTIONS',
  message: 'Too many connections from your address.',
};
const REFUSAL = closingReply(429, TOO_MANY_CONNECTIONS);

/**
 * Fastify's timeouts from IDLE_CONNECTION_SECONDS: a new connection must send a request's
 * headers within it (Node's headersTimeout, checked every quarter of it, so a silent
 * socket lives at most 1.25 times as long), the whole request within twice it, and a
 * kept-alive connection is closed after it without a new request.
 */
export function connectionTimeouts(config: Config): {
  connectionTimeout: number;
  keepAliveTimeout: number;
  requestTimeout: number;
  http: ServerOptions;
} {
  const idle = config.idleConnectionMs;
  return {
    connectionTimeout: SILENT_REQUEST_MS,
    keepAliveTimeout: idle,
    requestTimeout: 2 * idle,
    http: { headersTimeout: idle, connectionsCheckingInterval: Math.ceil(idle / 4) },
  };
}

export class ConnectionCap {
  private readonly open = new Map<string, number>();
  /** Per refused address: when it was last logged, and how many were refused since. */
  private readonly logged = new Map<string, { at: number; refused: number }>();

  constructor(
    private readonly max: number,
    /** Addresses not capped: the balancer's (TRUST_PROXY). */
    private readonly exempt: (address: string) => boolean,
    private readonly refusals: Counter,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  attach(server: Server): void {
    server.on('connection', (socket: Socket) => this.admit(socket));
  }

  private admit(socket: Socket): void {
    const address = socket.remoteAddress;
    // Gone already, or a balancer's.
    if (address === undefined || this.exempt(address)) return;
    const n = this.open.get(address) ?? 0;
    if (n >= this.max) {
      this.refuse(address, socket);
      return;
    }
    this.open.set(address, n + 1);
    socket.once('close', () => {
      const left = (this.open.get(address) ?? 1) - 1;
      if (left <= 0) this.open.delete(address);
      else this.open.set(address, left);
    });
  }

  private refuse(address: string, socket: Socket): void {
    this.refusals.inc();
    // Closed as soon as the answer is handed to the kernel: a peer that never reads or
    // closes cannot keep it open.
    socket.write(REFUSAL, () => socket.destroy());
    socket.once('error', () => socket.destroy());
    const t = this.now();
    const last = this.logged.get(address);
    if (last && t - last.at < LOG_EVERY_MS) {
      last.refused++;
      return;
    }
    this.log.warn(
      { address, open: this.max, refusedSinceLastLine: last?.refused ?? 0 },
      'connection refused: this address holds its cap of open connections (MAX_SOCKETS_PER_ADDRESS)',
    );
    this.logged.delete(address);
    this.logged.set(address, { at: t, refused: 0 });
    if (this.logged.size > LOGGED_ADDRESSES) this.logged.delete(this.logged.keys().next().value!);
  }
}
