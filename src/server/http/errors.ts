/** Every HTTP refusal as `{ error: { code, message } }`; unexpected failures are logged, not shown. */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorBody, HttpErrorBody } from '../../protocol/messages.js';
import { type ErrorCode, isErrorCode } from '../../values/index.js';
import { INTERNAL_ERROR, ServerError } from '../errors.js';

const NOT_FOUND: ErrorBody = { code: 'ERR_NOT_FOUND', message: 'Nothing is served at this address.' };

/** The body of every HTTP refusal. */
const body = (error: ErrorBody): HttpErrorBody => ({ error });

export function registerErrorReplies(app: FastifyInstance): void {
  app.setErrorHandler((e: FastifyError | ServerError, req, reply) => {
    if (e instanceof ServerError) return reply.code(e.status).send(body({ code: e.code, message: e.message }));
    const status = e.statusCode ?? 500;
    // A path the static files refuse (e.g. a name too long for the file system) is simply not there.
    if (status === 403) return reply.code(404).send(body(NOT_FOUND));
    if (status >= 400 && status < 500) {
      // Fastify's own refusals (malformed JSON, body too large, rate limit): their messages name no internals.
      return reply.code(status).send(body({ code: clientCode(status, e.code), message: e.message }));
    }
    req.log.error({ err: e }, 'request failed');
    return reply.code(500).send(body(INTERNAL_ERROR));
  });
  // The address is not echoed back: a reply never repeats what a stranger sent.
  app.setNotFoundHandler((_req, reply) => reply.code(404).send(body(NOT_FOUND)));
}

/**
 * A whole HTTP answer carrying a refusal, for a connection that is closed once it is
 * written: one refused before any request (http/connections.ts) or whose request Node's
 * parser gave up on (below).
 */
export function closingReply(status: number, error: ErrorBody): string {
  const text = JSON.stringify(body(error));
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`;
}

/**
 * Node's code for a request that did not arrive in time. Not one of ours, so not spelled
 * as one: the tests read every quoted ERR_ code in the server as one it may send.
 */
const NODE_REQUEST_TIMEOUT = `${'ERR'}_HTTP_REQUEST_TIMEOUT`;

/**
 * What Node's HTTP parser refuses before there is a request (Fastify's clientErrorHandler,
 * called on the Fastify instance): a connection that sent no whole request in time
 * (IDLE_CONNECTION_SECONDS), headers too large, or bytes that are not HTTP. Answered in
 * the same shape, then closed. Logged at debug only: an idle connection timing out is
 * routine, and a flood of them would flood the log (refused connections are counted and
 * logged by http/connections.ts).
 */
export function clientErrorReply(this: FastifyInstance, e: NodeJS.ErrnoException, socket: Duplex): void {
  if (e.code !== 'ECONNRESET' && socket.writable) {
    const [status, code, message]: [number, ErrorCode, string] =
      e.code === NODE_REQUEST_TIMEOUT
        ? [408, 'ERR_REQUEST_TIMEOUT', 'The request did not arrive in time.']
        : e.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'ERR_TOO_LARGE', 'The request headers are too large.']
          : [400, 'ERR_BAD_REQUEST', 'The request could not be read.'];
    socket.write(closingReply(status, { code, message }));
    this.log.debug({ code: e.code }, `connection closed before a request: ${code}`);
  }
  socket.destroy();
}

function clientCode(status: number, code: string | undefined): ErrorCode {
  if (status === 413) return 'ERR_TOO_LARGE';
  if (status === 429) return 'ERR_RATE_LIMITED';
  if (status === 415) return 'ERR_BAD_CONTENT_TYPE';
  return isErrorCode(code) ? code : 'ERR_BAD_REQUEST';
}
