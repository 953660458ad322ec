/**
 * A TCP proxy on loopback that a test controls: it forwards to a real service (such as
 * PostgreSQL) until `cut()`, which drops every open connection and refuses new ones,
 * and forwards again after `restore()`. It stands for a network or database outage.
 */
import net from 'node:net';

export interface TcpProxy {
  readonly port: number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(host: string, port: number): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let down = false;
  const server = net.createServer((client) => {
    if (down) return void client.destroy();
    const upstream = net.connect(port, host);
    open.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      down = true;
      for (const s of open) s.destroy();
      open.clear();
    },
    restore() {
      down = false;
    },
    close() {
      for (const s of open) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
