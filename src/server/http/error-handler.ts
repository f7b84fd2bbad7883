// The one error handler: every failure becomes { error, message } with a status a client can act
// on. Validation failures are 400s with a readable message; unexpected errors are logged with the
// request id and answered with a generic 500 that leaks nothing.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, RateLimited } from '#server/errors';
import { messages } from '#shared/messages';

const DATABASE_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
]);

function isDatabaseDown(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const c = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof c.code === 'string' && (DATABASE_DOWN_CODES.has(c.code) || c.code.startsWith('08')))
      return true;
    if (
      typeof c.message === 'string' &&
      /Connection terminated|connection timeout|timeout exceeded when trying to connect/i.test(
        c.message,
      )
    ) {
      return true;
    }
    current = c.cause;
  }
  return false;
}

const fastifyCodeMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: messages.generic.payloadTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: messages.generic.unsupportedMediaType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length is wrong.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: messages.generic.invalidJson,
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0];
      const path = issue?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      const message =
        !issue || !path
          ? `The request ${err.validationContext ?? 'body'} must be a JSON object with the expected fields.`
          : issue.message;
      return reply.code(400).send({ error: 'validation', message });
    }
    if (err instanceof AppError) {
      if (err instanceof RateLimited) reply.header('retry-after', String(err.retryAfterSeconds));
      if (err.statusCode >= 500) request.log.warn({ err }, err.message);
      return reply.code(err.statusCode).send({ error: err.code, message: err.message });
    }
    if (isDatabaseDown(err)) {
      request.log.error({ err }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({
        error: 'unavailable',
        message: messages.generic.unavailable,
        requestId: request.id,
      });
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message =
        fastifyCodeMessages[err.code] ??
        (err instanceof SyntaxError
          ? messages.generic.invalidJson
          : 'The request could not be understood.');
      return reply.code(status).send({ error: err.code?.toLowerCase() ?? 'bad_request', message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply
      .code(500)
      .send({ error: 'internal', message: messages.generic.internal, requestId: request.id });
  });
}
