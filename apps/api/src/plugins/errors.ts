/** One error handler: domain failures become envelopes with the spec's codes; the rest is logged and a 500. */
import type { FastifyInstance, FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DomainError } from '../lib/errors';

export default fp(function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      return reply.code(error.status).send({ value: null, succeed: false, errors: error.errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = error.validationContext ?? 'request';
      return reply.code(400).send({
        value: null,
        succeed: false,
        errors: error.validation.map((issue) => ({
          key: `${part}${issue.instancePath ? issue.instancePath.replaceAll('/', '.') : ''}`,
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
