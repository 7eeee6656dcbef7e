import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AUTH_MESSAGES, COMMON_ERROR_MESSAGES } from '@gabarita/shared';
import { AppError } from '../lib/errors';

/**
 * Who may call a route. Every route declares one in `config.access`; a route without it stops the
 * server at start-up, so nothing is reachable by accident.
 * - public: anyone (routes that authenticate by other means, such as the operator token or a
 *   provider's signature, are public here and check their own credential);
 * - user: a signed-in account; verified: and its e-mail confirmed; premium: and a valid plan;
 *   editor: the editor or the admin role (the catalogue and the error reports); support: the support
 *   or the admin role (customers' accounts and messages); admin: the admin role.
 */
export type Access = 'public' | 'user' | 'verified' | 'premium' | 'editor' | 'support' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The 401 text when the spec words it for this action (e.g. saving the profile name). */
    unauthenticatedMessage?: string;
    /** The 403 text for a signed-in user who lacks the required access. */
    forbiddenMessage?: string;
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access | undefined;
}

const ACCESS_LEVELS = new Set<Access>([
  'public',
  'user',
  'verified',
  'premium',
  'editor',
  'support',
  'admin',
]);

/**
 * Collects the routes as they are registered and refuses to start when one lacks its access.
 * Returns the route table (the authorization-matrix test walks it).
 */
export function registerAccessControl(app: FastifyInstance): DeclaredRoute[] {
  // A plugin's '/' route is served at its prefix with and without the trailing slash from one
  // registration: Fastify runs the hooks for the first URL, then rewrites the options to the other.
  const registered: { route: RouteOptions; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    registered.push({ route, url: route.url });
  });

  const table: DeclaredRoute[] = [];
  app.addHook('onReady', async () => {
    const undeclared: string[] = [];
    for (const { route, url } of registered) {
      const access = route.config?.access;
      const urls = route.url === url ? [url] : [url, route.url];
      for (const method of [route.method].flat()) {
        for (const served of urls) table.push({ method, url: served, access });
        if (!access || !ACCESS_LEVELS.has(access)) undeclared.push(`${method} ${url}`);
      }
    }
    if (undeclared.length > 0) {
      throw new Error(`Rotas sem acesso declarado (config.access): ${undeclared.join(', ')}`);
    }
  });

  // After the session is resolved (registered before this), before the body is even parsed.
  app.addHook('onRequest', async (request) => {
    enforceAccess(request);
  });
  return table;
}

function enforceAccess(request: FastifyRequest) {
  const config = request.routeOptions.config;
  // Unmatched paths (the 404 handler) have no declaration and nothing to protect.
  const access = config?.access ?? 'public';
  if (access === 'public') return;

  const session = request.session;
  if (!session) {
    throw new AppError(
      'auth/unauthenticated',
      401,
      config.unauthenticatedMessage ?? COMMON_ERROR_MESSAGES['auth/unauthenticated'],
    );
  }
  const forbidden = (code: string, message: string) =>
    new AppError(code, 403, config.forbiddenMessage ?? message);
  if (access === 'verified' && !session.user.emailVerifiedAt) {
    throw forbidden('auth/email-not-verified', AUTH_MESSAGES.emailNotVerified);
  }
  if (access === 'premium' && session.sessionUser.accountType !== 'premium') {
    throw forbidden('auth/premium-required', COMMON_ERROR_MESSAGES['auth/premium-required']);
  }
  if (access === 'editor' && session.user.role !== 'editor' && session.user.role !== 'admin') {
    throw forbidden('auth/forbidden', COMMON_ERROR_MESSAGES['auth/forbidden']);
  }
  if (access === 'support' && session.user.role !== 'support' && session.user.role !== 'admin') {
    throw forbidden('auth/forbidden', COMMON_ERROR_MESSAGES['auth/forbidden']);
  }
  if (access === 'admin' && session.user.role !== 'admin') {
    throw forbidden('auth/forbidden', COMMON_ERROR_MESSAGES['auth/forbidden']);
  }
}

/** The signed-in user of a route that declared an access other than public. */
export function signedIn(request: FastifyRequest) {
  if (!request.session) throw AppError.common('auth/unauthenticated', 401);
  return request.session;
}
