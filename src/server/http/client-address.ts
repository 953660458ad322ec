/**
 * Who a request comes from, for every per-address limit: the HTTP API (Fastify's `req.ip`)
 * and Socket.IO (the handshake's request) decide it by the one rule made here. Without
 * TRUST_PROXY it is the connection's own address. Behind a balancer every connection comes
 * from the balancer, so TRUST_PROXY names the proxies whose X-Forwarded-For is believed:
 * the client is the nearest address in that header's chain that is not a trusted proxy
 * (@fastify/proxy-addr, the library Fastify uses itself). A header sent by anyone else,
 * e.g. a client that reaches a node directly, is ignored.
 */
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** Whether the address `hop` steps from the node is a trusted proxy (Fastify's `trustProxy` function). */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY: comma-separated addresses or CIDR ranges (`10.0.0.2`, `10.0.0.0/24`, `::1`),
 * or proxy-addr's names `loopback`, `linklocal`, `uniquelocal`. Empty or unset: no proxy
 * is trusted. Throws a one-line error on anything else.
 */
export function proxyTrust(raw: string | undefined): ProxyTrust | null {
  const entries = (raw ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  if (entries.length === 0) return null;
  try {
    return proxyAddr.compile(entries);
  } catch (e) {
    throw new Error(
      `TRUST_PROXY must list addresses or CIDR ranges (or loopback, linklocal, uniquelocal), separated by commas, not "${raw}" (${(e as Error).message})`,
    );
  }
}

/** The client's address of a request (an HTTP request or a Socket.IO handshake) under `trust`. */
export function clientAddress(req: IncomingMessage, trust: ProxyTrust | null): string {
  if (!trust) return req.socket.remoteAddress ?? 'unknown';
  return proxyAddr(req, trust);
}
