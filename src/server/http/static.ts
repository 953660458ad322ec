/**
 * The built web client (dist/web): the brotli or gzip copy Vite wrote beside each file
 * when the browser accepts it (`preCompressed`), hashed assets cached for a year as
 * immutable (a new build has new names), and every other file revalidated on every visit
 * so a deploy reaches players at once: index.html, and the service worker (sw.js) and web
 * app manifest that make the client installable (src/web/pwa.config.ts), which keep their
 * names from build to build. Registered outside the API's context: static files do not
 * count against the per-address rate limit.
 */
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Files under assets/ carry a content hash in their name (Vite's default output). */
const HASHED = `${path.sep}assets${path.sep}`;

export async function registerStatic(app: FastifyInstance, webDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDir,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, file) {
      reply.header('cache-control', file.includes(HASHED) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
