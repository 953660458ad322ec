/**
 * Limits on Engine.IO sessions, below Socket.IO's namespaces: every session counts against
 * its address's cap from its handshake on, whether or not it ever joins the namespace, and
 * one that has not joined within the join timeout is closed (Socket.IO's connectTimeout).
 */
import type { IncomingMessage } from 'node:http';
import type { Server, ServerOptions } from 'socket.io';
import type { Config } from '../config.js';
import { ConnectionCounter } from './rate-limit.js';

/** Sessions counted per address against MAX_CONNECTIONS_PER_ADDRESS. */
export interface SessionCounter {
  /** Whether the address may open one more. */
  hasRoom(address: string): Promise<boolean>;
  /** Count a new session; false (and not counted) when the address is over its cap. */
  open(address: string): Promise<boolean>;
  close(address: string): void;
}

/** This process's sessions only (a single node). */
export class LocalSessions implements SessionCounter {
  private readonly counter: ConnectionCounter;

  constructor(max: number) {
    this.counter = new ConnectionCounter(max);
  }

  async hasRoom(address: string): Promise<boolean> {
    return this.counter.hasRoom(address);
  }

  async open(address: string): Promise<boolean> {
    return this.counter.open(address);
  }

  close(address: string): void {
    this.counter.close(address);
  }
}

export class SessionLimits {
  /** `counter`: this process's count, unless a cluster counts every node's (cluster/limits.ts). */
  constructor(
    private readonly config: Config,
    private readonly counter: SessionCounter = new LocalSessions(config.maxConnectionsPerAddress),
  ) {}

  /** Options for `new Server(...)`. */
  serverOptions(): Partial<ServerOptions> {
    return {
      maxHttpBufferSize: this.config.maxMessageBytes,
      serveClient: false,
      connectTimeout: this.config.joinTimeoutMs,
      // Refused before any session is made (HTTP 403); the count is taken once the session exists.
      allowRequest: (req: IncomingMessage, callback: (err: string | null | undefined, success: boolean) => void) => {
        this.counter.hasRoom(addressOf(req)).then(
          (room) => callback('ERR_TOO_MANY_CONNECTIONS', room),
          // The count cannot be read (a cluster without Redis): refused, not let through uncounted.
          () => callback('ERR_UNAVAILABLE', false),
        );
      },
    };
  }

  /** Count every session; handshakes that raced past allowRequest beyond the cap are closed at once. */
  attach(io: Server): void {
    io.engine.on(
      'connection',
      (session: { request: IncomingMessage; close(): void; once(e: 'close', f: () => void): void }) => {
        const address = addressOf(session.request);
        let closed = false;
        let counted = false;
        session.once('close', () => {
          closed = true;
          if (counted) this.counter.close(address);
        });
        this.counter.open(address).then(
          (ok) => {
            if (!ok) return session.close();
            counted = true;
            // Closed while it was being counted.
            if (closed) this.counter.close(address);
          },
          () => session.close(),
        );
      },
    );
  }
}

function addressOf(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}
