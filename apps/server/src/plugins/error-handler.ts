import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { COMMON_ERROR_MESSAGES, type CommonErrorCode, type ErrorResponse } from '@gabarita/shared';
import { AppError } from '../lib/errors';

/** Fastify's own 4xx errors that clients can cause, mapped to our codes. */
const FRAMEWORK_ERRORS: Record<number, CommonErrorCode> = {
  400: 'request/invalid',
  404: 'request/not-found',
  413: 'request/too-large',
  415: 'request/unsupported-media-type',
  429: 'request/rate-limited',
};

function envelope(code: string, message: string): ErrorResponse {
  return { error: { code, message } };
}

/** The one error path: every failure leaves as `{ error: { code, message } }`, never with internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(error.statusCode).send(envelope(error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .status(400)
        .send(envelope('request/invalid', COMMON_ERROR_MESSAGES['request/invalid']));
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const code = FRAMEWORK_ERRORS[status] ?? 'request/invalid';
      request.log.info({ err: error }, 'request rejected');
      return reply.status(status).send(envelope(code, COMMON_ERROR_MESSAGES[code]));
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send(envelope('server/internal', COMMON_ERROR_MESSAGES['server/internal']));
  });
}

export function sendApiNotFound(reply: FastifyReply) {
  return reply
    .status(404)
    .send(envelope('request/not-found', COMMON_ERROR_MESSAGES['request/not-found']));
}
