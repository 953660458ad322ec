/**
 * Limits on Engine.IO sessions, below Socket.IO's namespaces: every session counts against
 * its address's cap from its handshake on, whether or not it ever joins the namespace, and
 * one that has not joined within the join timeout is closed (Socket.IO's connectTimeout).
 *
 * A client whose network dropped reconnects before the server has noticed that its old
 * session is dead (that takes up to a ping interval plus timeout): counted twice, a client
 * at its address's cap would be refused. So a reconnecting client names its old session in
 * the handshake (`previous`, docs/protocol.md); a session of the same address so named
 * stops counting and is closed, and the new one takes its place whatever the count.
 * Naming a session of one's own address is all it can do: no address gains a session by it.
 */
import type { IncomingMessage } from 'node:http';
import type { ServerOptions } from 'socket.io';
import type { Config } from '../config.js';
import type { IoServer } from './socket.js';

/** Open sessions per address, against a cap: this process's (`LocalSessions`) or every node's (cluster/sessions.ts). */
export interface SessionCount {
  /** Whether the address may open one more, or replace its session `previous`. */
  hasRoom(address: string, previous: string | null): Promise<boolean>;
  /**
   * Count session `id`, in place of the address's session `previous` if there is one:
   * `refused` (not counted: the address is at its cap), `counted`, or `replaced` (the
   * previous session no longer counts and is to be closed).
   */
  open(address: string, id: string, previous: string | null): Promise<'refused' | 'counted' | 'replaced'>;
  /** The session closed (closing one that no longer counts changes nothing). */
  close(address: string, id: string): void;
}

/** This process's sessions, per address. */
export class LocalSessions implements SessionCount {
  private readonly byAddress = new Map<string, Set<string>>();

  constructor(private readonly max: number) {}

  async hasRoom(address: string, previous: string | null): Promise<boolean> {
    const ids = this.byAddress.get(address);
    return !ids || ids.size < this.max || (previous !== null && ids.has(previous));
  }

  async open(address: string, id: string, previous: string | null): Promise<'refused' | 'counted' | 'replaced'> {
    const ids = this.byAddress.get(address) ?? new Set<string>();
    const replaced = previous !== null && ids.delete(previous);
    if (!replaced && ids.size >= this.max) return 'refused';
    ids.add(id);
    this.byAddress.set(address, ids);
    return replaced ? 'replaced' : 'counted';
  }

  close(address: string, id: string): void {
    const ids = this.byAddress.get(address);
    if (!ids?.delete(id)) return;
    if (ids.size === 0) this.byAddress.delete(address);
  }
}

/** An Engine.IO session as its `connection` event gives it. */
interface EngineSession {
  readonly id: string;
  readonly request: IncomingMessage;
  close(): void;
  once(e: 'close', f: () => void): void;
}

/** Session ids are Engine.IO's (base64id: 20 characters); anything else named as `previous` is ignored. */
const SESSION_ID = /^[\w-]{1,64}$/;

/** The session a reconnecting client names as its old one (the handshake's `previous`), if any. */
function previousOf(req: IncomingMessage): string | null {
  const previous = new URL(req.url ?? '/', 'http://x').searchParams.get('previous');
  return previous && SESSION_ID.test(previous) ? previous : null;
}

export class SessionLimits {
  /** This process's sessions by id. */
  private readonly here = new Map<string, EngineSession>();

  constructor(
    private readonly config: Config,
    /** The client's address of a handshake (http/client-address.ts). */
    private readonly addressOf: (req: IncomingMessage) => string,
    private readonly count: SessionCount = new LocalSessions(config.maxConnectionsPerAddress),
  ) {}

  /** Options for `new Server(...)`. */
  serverOptions(): Partial<ServerOptions> {
    return {
      maxHttpBufferSize: this.config.maxMessageBytes,
      serveClient: false,
      connectTimeout: this.config.joinTimeoutMs,
      // Refused before any session is made (HTTP 403); the count is taken once the session exists.
      allowRequest: (req: IncomingMessage, callback: (err: string | null | undefined, success: boolean) => void) => {
        this.count.hasRoom(this.addressOf(req), previousOf(req)).then(
          (room) => callback('ERR_TOO_MANY_CONNECTIONS', room),
          // The count cannot be read (a cluster node without Redis): refused, not let in uncounted.
          () => callback('ERR_UNAVAILABLE', false),
        );
      },
    };
  }

  /**
   * Count every session; handshakes that raced past allowRequest beyond the cap are closed
   * at once, and a replaced session is closed wherever it is: here, or through
   * `closeElsewhere` (another node of a cluster).
   */
  attach(io: IoServer, closeElsewhere: ((id: string) => void) | null = null): void {
    io.engine.on('connection', (session: EngineSession) => {
      const address = this.addressOf(session.request);
      const previous = previousOf(session.request);
      let closed = false;
      this.here.set(session.id, session);
      session.once('close', () => {
        closed = true;
        this.here.delete(session.id);
        this.count.close(address, session.id);
      });
      this.count.open(address, session.id, previous).then(
        (result) => {
          // Closed while it was being counted: the count is taken back.
          if (closed) return this.count.close(address, session.id);
          if (result === 'refused') return session.close();
          if (result === 'replaced' && previous !== null && !this.closeHere(previous)) closeElsewhere?.(previous);
        },
        () => session.close(),
      );
    });
  }

  /** Close this process's session `id`, if it has it; whether it had. */
  closeHere(id: string): boolean {
    const session = this.here.get(id);
    session?.close();
    return session !== undefined;
  }
}
