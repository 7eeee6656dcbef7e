import type { FastifyInstance } from 'fastify';
import type { AuthService, ResolvedSession } from './auth.service';
import { readSessionToken, setSessionCookie } from '@/lib/session-cookie';

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
  // API answers depend on who asks: no cache may keep one unless its route says otherwise.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
}
