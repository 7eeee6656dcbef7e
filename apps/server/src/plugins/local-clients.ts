import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TrustProxy } from '../config';
import { isLoopbackAddress } from '../lib/loopback';
import { requestErrors } from '../lib/app-errors';

/**
 * Whether the request comes from this machine. A forwarded request whose proxy is not trusted
 * (TRUST_PROXY off) is not: a proxy on this machine would otherwise make every visitor local.
 */
function fromThisMachine(request: FastifyRequest, trustProxy: TrustProxy): boolean {
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined ||
    request.headers.forwarded !== undefined ||
    request.headers['x-real-ip'] !== undefined;
  if (forwarded && trustProxy === false) return false;
  return isLoopbackAddress(request.ip);
}

/**
 * Limits the routes of this plugin context to clients on the server's own machine: the development
 * pages (the outbox holds every password-reset link; the sandbox pays anything) must not answer to
 * the network a development server happens to listen on (docs/product-rules.md, "Development
 * pages").
 */
export function restrictToLocalClients(app: FastifyInstance, trustProxy: TrustProxy) {
  app.addHook('onRequest', async (request) => {
    if (!fromThisMachine(request, trustProxy)) {
      throw requestErrors.localOnly();
    }
  });
}
