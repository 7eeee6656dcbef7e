import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';
import { requestErrors } from '../lib/app-errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ACCEPTED_TYPES = /^(application\/json|multipart\/form-data)\b/i;
// Authenticated by other means than the browser's cookie (operator token, provider signatures).
const EXEMPT_PREFIXES = ['/api/internal/', '/api/webhooks/'];

/**
 * Cross-site request forgery guard for cookie-authenticated calls: a state-changing request must
 * come from our own origin and carry a JSON or multipart body, which a foreign HTML form cannot send.
 */
export function registerRequestGuard(app: FastifyInstance, appUrl: string) {
  const ownOrigin = new URL(appUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const path = request.url;
    if (!path.startsWith('/api/') || EXEMPT_PREFIXES.some((prefix) => path.startsWith(prefix)))
      return;
    if (request.headers.origin !== ownOrigin) {
      throw requestErrors.badOrigin();
    }
    if (!ACCEPTED_TYPES.test(request.headers['content-type'] ?? '')) {
      throw AppError.common('request/unsupported-media-type', 415);
    }
  });
}
