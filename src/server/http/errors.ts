/** Every HTTP refusal as `{ error: { code, message } }`; unexpected failures are logged, not shown. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { INTERNAL_ERROR, ServerError } from '../errors.js';

const NOT_FOUND = { code: 'ERR_NOT_FOUND', message: 'Nothing is served at this address.' } as const;

export function registerErrorReplies(app: FastifyInstance): void {
  app.setErrorHandler((e: FastifyError | ServerError, req, reply) => {
    if (e instanceof ServerError) return reply.code(e.status).send({ error: { code: e.code, message: e.message } });
    const status = e.statusCode ?? 500;
    // A path the static files refuse (e.g. a name too long for the file system) is simply not there.
    if (status === 403) return reply.code(404).send({ error: NOT_FOUND });
    if (status >= 400 && status < 500) {
      // Fastify's own refusals (malformed JSON, body too large, rate limit): their messages name no internals.
      return reply.code(status).send({ error: { code: clientCode(status, e.code), message: e.message } });
    }
    req.log.error({ err: e }, 'request failed');
    return reply.code(500).send({ error: INTERNAL_ERROR });
  });
  // The address is not echoed back: a reply never repeats what a stranger sent.
  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ error: NOT_FOUND }));
}

function clientCode(status: number, code: string | undefined): string {
  if (status === 413) return 'ERR_TOO_LARGE';
  if (status === 429) return 'ERR_RATE_LIMITED';
  if (status === 415) return 'ERR_BAD_CONTENT_TYPE';
  return code?.startsWith('ERR_') ? code : 'ERR_BAD_REQUEST';
}
