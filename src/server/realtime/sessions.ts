/**
 * Limits on Engine.IO sessions, below Socket.IO's namespaces: every session counts against
 * its address's cap from its handshake on, whether or not it ever joins the namespace, and
 * one that has not joined within the join timeout is closed (Socket.IO's connectTimeout).
 */
import type { IncomingMessage } from 'node:http';
import type { Server, ServerOptions } from 'socket.io';
import type { Config } from '../config.js';
import { ConnectionCounter } from './rate-limit.js';

export class SessionLimits {
  private readonly counter: ConnectionCounter;

  constructor(private readonly config: Config) {
    this.counter = new ConnectionCounter(config.maxConnectionsPerAddress);
  }

  /** Options for `new Server(...)`. */
  serverOptions(): Partial<ServerOptions> {
    return {
      maxHttpBufferSize: this.config.maxMessageBytes,
      serveClient: false,
      connectTimeout: this.config.joinTimeoutMs,
      // Refused before any session is made (HTTP 403); the count is taken once the session exists.
      allowRequest: (req: IncomingMessage, callback: (err: string | null | undefined, success: boolean) => void) => {
        callback('ERR_TOO_MANY_CONNECTIONS', this.counter.hasRoom(addressOf(req)));
      },
    };
  }

  /** Count every session; handshakes that raced past allowRequest beyond the cap are closed at once. */
  attach(io: Server): void {
    io.engine.on(
      'connection',
      (session: { request: IncomingMessage; close(): void; once(e: 'close', f: () => void): void }) => {
        const address = addressOf(session.request);
        if (!this.counter.open(address)) return session.close();
        session.once('close', () => this.counter.close(address));
      },
    );
  }
}

function addressOf(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}
