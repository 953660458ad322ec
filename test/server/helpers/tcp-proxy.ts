/**
 * A TCP proxy on loopback that a test controls: it forwards to a real service (such as
 * PostgreSQL) until `cut()`, which drops every open connection and refuses new ones,
 * and forwards again after `restore()`. It stands for a network or database outage.
 * `strand()` stands for a client's network vanishing: the client sees its connections
 * drop, while the service's end of each stays open and hears nothing more. `freeze()`
 * stands for a stalled service (as under SIGSTOP): no byte is forwarded either way, open
 * connections stay open and new ones are accepted, until `thaw()` forwards everything held
 * back, as a service does when it resumes (a statement sent during the freeze runs then,
 * even if its client gave up on it and closed the connection).
 */
import net from 'node:net';

export interface TcpProxy {
  readonly port: number;
  cut(): void;
  restore(): void;
  strand(): void;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

interface Pair {
  readonly client: net.Socket;
  readonly upstream: net.Socket;
  stranded: boolean;
}

/** `from`: the loopback address the service sees the proxy's connections come from. */
export async function startTcpProxy(host: string, port: number, from?: string): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let down = false;
  let frozen = false;
  const server = net.createServer((client) => {
    if (down) return void client.destroy();
    const upstream = net.connect({ port, host, ...(from ? { localAddress: from } : {}) });
    const pair: Pair = { client, upstream, stranded: false };
    pairs.add(pair);
    const drop = () => {
      // A stranded pair's service end lives on until the service closes it (or close()).
      if (pair.stranded && !upstream.destroyed) return;
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    if (!frozen) client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const destroyAll = () => {
    for (const { client, upstream } of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
  };
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      down = true;
      destroyAll();
    },
    restore() {
      down = false;
    },
    strand() {
      for (const pair of pairs) {
        pair.stranded = true;
        pair.client.unpipe(pair.upstream);
        pair.upstream.unpipe(pair.client);
        pair.client.destroy();
      }
    },
    freeze() {
      frozen = true;
      // Unpiped and paused, a socket reads nothing: the bytes wait in the kernel's buffers.
      for (const { client, upstream } of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    thaw() {
      frozen = false;
      for (const pair of pairs) if (!pair.stranded) pair.client.pipe(pair.upstream).pipe(pair.client);
    },
    close() {
      destroyAll();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
