import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authProvidersResponseSchema,
  confirmResetRequestSchema,
  emailRequestSchema,
  emailChangeRequestSchema,
  emailChangeResponseSchema,
  emailResponseSchema,
  verifyEmailResponseSchema,
  loginRequestSchema,
  oobCodeRequestSchema,
  sessionResponseSchema,
  signupRequestSchema,
} from '@gabarita/shared';
import { signedIn } from '@/plugins/access';
import type { AuthService } from './auth.service';
import {
  clearSessionCookie,
  ensureBrowserToken,
  readBrowserToken,
  readSessionToken,
  setSessionCookie,
} from '@/lib/session-cookie';

export interface AuthRoutesOptions {
  auth: AuthService;
  googleEnabled: boolean;
  secureCookies: boolean;
}

const open = { access: 'public' } as const;

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { auth, secureCookies } = options;

  app.get(
    '/auth/session',
    { config: open, schema: { response: { 200: sessionResponseSchema } } },
    async (request) => ({ user: request.session?.sessionUser ?? null }),
  );

  app.get(
    '/auth/providers',
    { config: open, schema: { response: { 200: authProvidersResponseSchema } } },
    async () => ({ google: options.googleEnabled }),
  );

  app.post(
    '/auth/signup',
    {
      config: open,
      schema: { body: signupRequestSchema, response: { 201: emailResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await auth.signup(request.body, { ip: request.ip })),
  );

  app.post(
    '/auth/login',
    {
      config: open,
      schema: { body: loginRequestSchema, response: { 200: sessionResponseSchema } },
    },
    async (request, reply) => {
      const requester = {
        ip: request.ip,
        browserToken: readBrowserToken(request),
      };
      const session = await auth.login(request.body, requester);
      setSessionCookie(reply, session.token, session.expiresAt, secureCookies);
      await auth.rememberBrowser(session, ensureBrowserToken(request, reply, secureCookies));
      const resolved = await auth.resolveSession(session.token);
      return { user: resolved?.sessionUser ?? null };
    },
  );

  app.post('/auth/logout', { config: open }, async (request, reply) => {
    await auth.logout(readSessionToken(request));
    clearSessionCookie(reply, secureCookies);
    return reply.status(204).send();
  });

  app.post('/auth/logout-everywhere', { config: { access: 'user' } }, async (request, reply) => {
    await auth.logoutEverywhere(signedIn(request).user.id);
    clearSessionCookie(reply, secureCookies);
    return reply.status(204).send();
  });

  app.post(
    '/auth/resend-verification',
    { config: open, schema: { body: loginRequestSchema, response: { 200: emailResponseSchema } } },
    async (request) => auth.resendVerification(request.body, { ip: request.ip }),
  );

  app.post(
    '/auth/password-reset',
    { config: open, schema: { body: emailRequestSchema, response: { 200: emailResponseSchema } } },
    async (request) => auth.requestPasswordReset(request.body.email, { ip: request.ip }),
  );

  app.post(
    '/auth/action/verify-email',
    {
      config: open,
      schema: { body: oobCodeRequestSchema, response: { 200: verifyEmailResponseSchema } },
    },
    async (request) => auth.verifyEmail(request.body.oobCode),
  );

  app.post(
    '/me/email-change',
    {
      config: { access: 'user' },
      schema: { body: emailChangeRequestSchema, response: { 202: emailResponseSchema } },
    },
    async (request, reply) =>
      reply.status(202).send(await auth.requestEmailChange(signedIn(request).user, request.body)),
  );

  app.post(
    '/auth/action/confirm-email-change',
    {
      config: open,
      schema: { body: oobCodeRequestSchema, response: { 200: emailChangeResponseSchema } },
    },
    async (request) => auth.confirmEmailChange(request.body.oobCode),
  );

  app.post(
    '/auth/action/check-reset',
    {
      config: open,
      schema: { body: oobCodeRequestSchema, response: { 200: emailResponseSchema } },
    },
    async (request) => auth.checkReset(request.body.oobCode),
  );

  app.post(
    '/auth/action/confirm-reset',
    { config: open, schema: { body: confirmResetRequestSchema } },
    async (request, reply) => {
      await auth.confirmReset(request.body.oobCode, request.body.newPassword);
      return reply.status(204).send();
    },
  );
};
