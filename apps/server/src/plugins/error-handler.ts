import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { COMMON_ERROR_MESSAGES, type CommonErrorCode, type ErrorResponse } from '@gabarita/shared';
import { AppError } from '../lib/errors';

/** Fastify's own 4xx errors that clients can cause, mapped to our codes. */
const FRAMEWORK_ERRORS: Record<number, CommonErrorCode> = {
  400: 'request/invalid',
  404: 'request/not-found',
  406: 'request/unsupported-media-type',
  413: 'request/too-large',
  414: 'request/invalid',
  415: 'request/unsupported-media-type',
  429: 'request/rate-limited',
  431: 'request/too-large',
};

function envelope(code: string, message: string, fields?: Record<string, string>): ErrorResponse {
  return { error: { code, message, ...(fields ? { fields } : {}) } };
}

/** Zod issues from the route schemas as `{ message, fields }`: the first message leads. */
function validationFailure(error: FastifyError) {
  const fields: Record<string, string> = {};
  for (const issue of error.validation ?? []) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    fields[field] ??= issue.message ?? COMMON_ERROR_MESSAGES['request/invalid'];
  }
  const message = Object.values(fields)[0] ?? COMMON_ERROR_MESSAGES['request/invalid'];
  return envelope('request/invalid', message, fields);
}

function commonFailure(status: number) {
  const code = FRAMEWORK_ERRORS[status] ?? 'request/invalid';
  return envelope(code, COMMON_ERROR_MESSAGES[code]);
}

/** The one error path: every failure leaves as `{ error: { code, message } }`, never with internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(error.statusCode).send(envelope(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(validationFailure(error));
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      request.log.info({ err: error }, 'request rejected');
      return reply.status(status).send(commonFailure(status));
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send(envelope('server/internal', COMMON_ERROR_MESSAGES['server/internal']));
  });
}

/**
 * Errors Fastify answers before routing (malformed percent-encoding, a path parameter over
 * `maxParamLength`): same envelope, and the offending input is never echoed.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const status = error.statusCode ?? 400;
  return reply.status(status).send(commonFailure(status));
}

/** Errors of the HTTP parser (headers over 16 KB, malformed requests), before Fastify sees them. */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : 400;
  const body = JSON.stringify(
    status === 408
      ? envelope('request/timeout', COMMON_ERROR_MESSAGES['request/timeout'])
      : commonFailure(status),
  );
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export function sendApiNotFound(reply: FastifyReply) {
  return reply
    .status(404)
    .send(envelope('request/not-found', COMMON_ERROR_MESSAGES['request/not-found']));
}
