import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, COMMON_ERROR_MESSAGES } from '@gabarita/shared';
import { AppError } from '../../lib/errors';
import type { AuthService, ResolvedSession } from './auth.service';
import { readSessionToken, setSessionCookie } from './session-cookie';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of this request, or null for a visitor. */
    session: ResolvedSession | null;
  }
}

/** Resolves the session cookie once per request and keeps a sliding session's cookie fresh. */
export function registerSessionResolution(
  app: FastifyInstance,
  auth: AuthService,
  secureCookies: boolean,
) {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request, reply) => {
    // Pages and assets do not need the user; only API calls pay for the lookup.
    if (!request.url.startsWith('/api/')) return;
    request.session = await auth.resolveSession(readSessionToken(request));
    const renewedUntil = request.session?.renewedUntil;
    if (renewedUntil)
      setSessionCookie(reply, readSessionToken(request)!, renewedUntil, secureCookies);
  });
}

/** The signed-in user, or 401 with the given message (the spec words some of these per action). */
export function requireSession(
  request: FastifyRequest,
  message: string = COMMON_ERROR_MESSAGES['auth/unauthenticated'],
): ResolvedSession {
  if (!request.session) throw new AppError('auth/unauthenticated', 401, message);
  return request.session;
}

export const NOT_SIGNED_IN_FOR = {
  name: AUTH_MESSAGES.nameNotSignedIn,
  photo: AUTH_MESSAGES.photoNotSignedIn,
} as const;
