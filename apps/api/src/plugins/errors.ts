/**
 * One error handler: domain failures become envelopes with the spec's codes; the rest is logged and a 500.
 * Fastify's router errors and Node's HTTP parser errors never reach it: `frameworkErrors` and
 * `clientErrorHandler` (Fastify options, see app.ts) answer those in the same envelope.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DomainError } from '../lib/errors';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../lib/db-errors';

/** The failure envelope with one error. */
function failure(key: string, status: number, message: string) {
  return { value: null, succeed: false, errors: [{ key, code: status, message }] };
}

/**
 * Fastify's router errors, raised before a route is matched: a path that is not valid %-encoding
 * (FST_ERR_BAD_URL) and a path parameter longer than maxParamLength (FST_ERR_MAX_PARAM_LENGTH, Fastify's own
 * answer is a 414). Both are bad input, so a 400 like any other bad parameter.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 400 : 500;
  if (status === 500) request.log.error({ err: error }, 'router error');
  const message =
    error.code === 'FST_ERR_BAD_URL'
      ? 'The path is not valid percent-encoding'
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? 'A path parameter is too long'
        : 'Internal server error';
  // Fastify's frameworkErrors hook returns nothing: the reply is sent, not returned (a reply is thenable).
  void reply
    .code(status)
    .send(failure(status === 500 ? 'Internal' : (error.code ?? 'BadRequest'), status, message));
}

/**
 * Errors of Node's HTTP parser (headers too large: 431; request timeout: 408; a malformed request line,
 * header or chunk: 400), raised before Fastify has a request. Written to the socket as Node and Fastify do by
 * default, but in the envelope; the connection is closed since the parser cannot resume on it.
 */
export function clientErrorHandler(error: ConnectionError, socket: Socket) {
  // A reset connection has no one to answer (https://nodejs.org/api/http.html#event-clienterror).
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message =
    status === 431
      ? 'The request headers are too large'
      : status === 408
        ? 'The request took too long to arrive'
        : 'The request is not valid HTTP';
  const body = JSON.stringify(failure(error.code || 'BadRequest', status, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export default fp(function errorsPlugin(app: FastifyInstance) {
  // Node answers an Expect header other than 100-continue itself, with a bare 417, unless the server listens.
  app.server.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) => {
    const body = JSON.stringify(failure('ExpectationFailed', 417, 'Only Expect: 100-continue is supported'));
    response.writeHead(417, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      return reply
        .code(error.status)
        .headers(error.headers)
        .send({ value: null, succeed: false, errors: error.errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = error.validationContext ?? 'request';
      return reply.code(400).send({
        value: null,
        succeed: false,
        errors: error.validation.map((issue) => ({
          // '/items/0/name' -> 'body.items.0.name'; the whole body ('/') -> 'body'.
          key: [part, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
          code: 400,
          message: issue.message,
        })),
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({
        value: null,
        succeed: false,
        errors: [{ key: 'Internal', code: 500, message: 'Internal server error' }],
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type, rate limits.
      return reply.code(status).send({
        value: null,
        succeed: false,
        errors: [{ key: error.code ?? 'BadRequest', code: status, message: error.message }],
      });
    }
    if (isDatabaseUnavailable(error)) {
      // The database is away or saturated (lib/db-errors.ts): nothing was done, try again shortly.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({
          value: null,
          succeed: false,
          errors: [
            { key: 'ServiceUnavailable', code: 503, message: 'The service is briefly unavailable; retry' },
          ],
        });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({
      value: null,
      succeed: false,
      errors: [{ key: 'Internal', code: 500, message: 'Internal server error' }],
    });
  });

  app.setNotFoundHandler((request, reply) => {
    return reply.code(404).send({
      value: null,
      succeed: false,
      errors: [
        {
          key: 'NotFound',
          code: 404,
          message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
        },
      ],
    });
  });
});
