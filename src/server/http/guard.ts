/**
 * What every HTTP request goes through before a route: security headers (@fastify/helmet,
 * with a Content-Security-Policy that the built web client works under), a cap on the
 * URL's length, a per-address rate limit for the API (the web client's static files
 * do not count against it), and the API's check of where a signed-in request comes from.
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { ServerError } from '../errors.js';
import type { Limiter } from '../limits/limiter.js';
import { sessionIdOf } from './session-cookie.js';

/** Longer URLs are refused before routing (no route of ours comes near it). */
const MAX_URL_LENGTH = 1024;

export async function registerHeaders(app: FastifyInstance, config: Config): Promise<void> {
  app.addHook('onRequest', async (req) => {
    if (req.url.length > MAX_URL_LENGTH)
      throw new ServerError('ERR_URL_TOO_LONG', `Addresses longer than ${MAX_URL_LENGTH} characters are refused.`, 414);
  });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        // Scripts, styles and the Socket.IO connection (ws: included) come from this origin only.
        defaultSrc: ["'self'"],
        // The favicon is an inline SVG.
        imgSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        scriptSrcAttr: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    // Browsers heed HSTS only over HTTPS; it is sent only when the public address is one.
    strictTransportSecurity: config.publicUrl?.startsWith('https:') ? undefined : false,
  });
}

/**
 * Adds the API's rate limit to every route registered in `api` (an encapsulated context):
 * each request spends one of its client address's points (limits/limits.ts).
 */
export function limitRequests(api: FastifyInstance, limiter: Limiter, retryAfterSeconds: number): void {
  api.addHook('onRequest', async (req, reply) => {
    // The balancer's health checks are not limited: they must be answered most when Redis (which
    // keeps a cluster's shared limits) is away.
    if (req.url === '/healthz') return;
    if (await limiter.take(req.ip)) return;
    // The longest wait: the window the address spent.
    reply.header('retry-after', retryAfterSeconds);
    throw new ServerError('ERR_RATE_LIMITED', 'Too many requests. Wait a moment.', 429);
  });
}

/** Methods that change nothing. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The server's own origin: PUBLIC_URL's, else the scheme and Host the request came to. */
export function serverOrigin(config: Pick<Config, 'publicUrl'>, protocol: string, host: string): string {
  return config.publicUrl ? new URL(config.publicUrl).origin : `${protocol}://${host}`;
}

/**
 * Cross-site request forgery: a request to `api` that carries the session cookie and may
 * change something (any method but GET, HEAD and OPTIONS) must carry an Origin equal to
 * the server's own, else it is refused with 403 ERR_BAD_ORIGIN before its route. Browsers
 * send Origin with every such request, and no other site can make them send ours.
 */
export function checkOrigin(api: FastifyInstance, config: Pick<Config, 'publicUrl'>): void {
  api.addHook('onRequest', async (req) => {
    if (SAFE_METHODS.has(req.method) || sessionIdOf(req.headers.cookie) === null) return;
    if (req.headers.origin !== serverOrigin(config, req.protocol, req.host))
      throw new ServerError('ERR_BAD_ORIGIN', 'A signed-in request must come from this site (its Origin).', 403);
  });
}
