import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setSessionCookie } from '@/lib/session-cookie';
import { GoogleAccountBlockedError, type GoogleMode, type GoogleSignIn } from './google.service';

const STATE_COOKIE = 'gabarita_google';
const STATE_COOKIE_PATH = '/api/auth/google';

export interface GoogleRoutesOptions {
  google: GoogleSignIn;
  appUrl: string;
  secureCookies: boolean;
}

/**
 * The spec's popup sign-in: the flow runs in a popup that reports back to the opener with
 * postMessage; when popups are blocked the web app uses the same flow as a full redirect.
 */
export const googleRoutes: FastifyPluginAsyncZod<GoogleRoutesOptions> = async (app, options) => {
  const { google, appUrl, secureCookies } = options;
  const cookieOptions = {
    path: STATE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies,
  } as const;

  app.get(
    '/auth/google/start',
    {
      config: { access: 'public' },
      schema: {
        querystring: z.object({ mode: z.enum(['popup', 'redirect']).default('redirect') }),
      },
    },
    async (request, reply) => {
      const { mode } = request.query;
      try {
        const { url, state } = await google.start(mode);
        reply.setCookie(STATE_COOKIE, `${mode}.${state}`, { ...cookieOptions, maxAge: 600 });
        return reply.redirect(url);
      } catch (error) {
        request.log.error({ err: error }, 'falha ao iniciar o login com Google');
        return finishPage(reply, mode, false);
      }
    },
  );

  app.get('/auth/google/callback', { config: { access: 'public' } }, async (request, reply) => {
    const [mode, boundState] = parseStateCookie(request.cookies[STATE_COOKIE]);
    reply.clearCookie(STATE_COOKIE, cookieOptions);
    try {
      const session = await google.finish(new URL(request.url, appUrl), boundState);
      setSessionCookie(reply, session.token, session.expiresAt, secureCookies);
      return finishPage(reply, mode, true);
    } catch (error) {
      request.log.warn({ err: error }, 'login com Google recusado');
      const blocked = error instanceof GoogleAccountBlockedError ? error.message : undefined;
      return finishPage(reply, mode, false, blocked);
    }
  });

  /** `blocked`: the blocked account's message, sent to the opener (a URL would let anyone forge it). */
  function finishPage(reply: FastifyReply, mode: GoogleMode, ok: boolean, blocked?: string) {
    const fallback = ok ? '/' : blocked ? '/login?google=bloqueada' : '/login?google=erro';
    if (mode === 'redirect') return reply.redirect(fallback);
    const nonce = randomBytes(16).toString('base64');
    const message = JSON.stringify({
      type: 'gabarita:google-sign-in',
      ok,
      ...(blocked ? { blocked } : {}),
    }).replaceAll('<', '\\u003c');
    const origin = JSON.stringify(new URL(appUrl).origin);
    return (
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', `default-src 'none'; script-src 'nonce-${nonce}'`)
        // Coming back from the issuer's origin, any other policy would cut the link to the opener.
        .header('cross-origin-opener-policy', 'unsafe-none').send(`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Gabarita</title></head>
<body><p>${ok ? 'Login concluído. Você já pode fechar esta janela.' : 'Não foi possível entrar com o Google.'}</p>
<script nonce="${nonce}">
  if (window.opener) { window.opener.postMessage(${message}, ${origin}); window.close(); }
  else { window.location.replace(${JSON.stringify(fallback)}); }
</script></body></html>`)
    );
  }
};

function parseStateCookie(value: string | undefined): [GoogleMode, string | undefined] {
  const [mode, state] = (value ?? '').split('.', 2);
  return [mode === 'popup' ? 'popup' : 'redirect', state];
}
