import type { FastifyError, FastifyInstance } from 'fastify';
import { errorCodes, errorMessages, type ErrorBody } from '@heartline/domain';
import { isConnectionError } from '../db/database.ts';
import { AppError, RateLimitError, ValidationError } from '../lib/errors.ts';

/** Every failure leaves as `{ error: { code, message } }`; stacks and internals never do. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err instanceof RateLimitError) reply.header('retry-after', String(err.retryAfterSeconds));
      const body: ErrorBody = { error: { code: err.code, message: err.message } };
      if (err instanceof ValidationError && err.fields) body.error.fields = err.fields;
      return reply.status(err.statusCode).send(body);
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code =
        status === 404
          ? errorCodes.notFound
          : status === 429
            ? errorCodes.rateLimited
            : errorCodes.validation;
      const message = status === 413 ? 'Request body is too large' : errorMessages.badRequest;
      return reply.status(status).send({ error: { code, message } } satisfies ErrorBody);
    }
    // A lost or refused database connection (a terminated backend, a restart): the pool
    // reconnects on its own, so the client is told to retry rather than shown a failure.
    if (isConnectionError(err)) {
      request.log.warn({ err }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '1')
        .send({
          error: { code: errorCodes.unavailable, message: errorMessages.unavailable },
        } satisfies ErrorBody);
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({
      error: { code: errorCodes.internal, message: errorMessages.internal },
    } satisfies ErrorBody);
  });
}
