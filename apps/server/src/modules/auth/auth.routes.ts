import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authProvidersResponseSchema,
  confirmResetRequestSchema,
  emailRequestSchema,
  emailResponseSchema,
  loginRequestSchema,
  oobCodeRequestSchema,
  sessionResponseSchema,
  signupRequestSchema,
} from '@gabarita/shared';
import type { AuthService } from './auth.service';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './session-cookie';

export interface AuthRoutesOptions {
  auth: AuthService;
  googleEnabled: boolean;
  secureCookies: boolean;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { auth, secureCookies } = options;
  const noStore = { 'cache-control': 'no-store' };

  app.get(
    '/auth/session',
    { schema: { response: { 200: sessionResponseSchema } } },
    async (request, reply) =>
      reply.headers(noStore).send({ user: request.session?.sessionUser ?? null }),
  );

  app.get(
    '/auth/providers',
    { schema: { response: { 200: authProvidersResponseSchema } } },
    async () => ({ google: options.googleEnabled }),
  );

  app.post(
    '/auth/signup',
    { schema: { body: signupRequestSchema, response: { 201: emailResponseSchema } } },
    async (request, reply) => reply.status(201).send(await auth.signup(request.body, request.ip)),
  );

  app.post(
    '/auth/login',
    { schema: { body: loginRequestSchema, response: { 200: sessionResponseSchema } } },
    async (request, reply) => {
      const session = await auth.login(request.body, request.ip);
      setSessionCookie(reply, session.token, session.expiresAt, secureCookies);
      const resolved = await auth.resolveSession(session.token);
      return reply.headers(noStore).send({ user: resolved?.sessionUser ?? null });
    },
  );

  app.post('/auth/logout', async (request, reply) => {
    await auth.logout(readSessionToken(request));
    clearSessionCookie(reply, secureCookies);
    return reply.status(204).send();
  });

  app.post(
    '/auth/resend-verification',
    { schema: { body: loginRequestSchema, response: { 200: emailResponseSchema } } },
    async (request) => auth.resendVerification(request.body, request.ip),
  );

  app.post(
    '/auth/password-reset',
    { schema: { body: emailRequestSchema, response: { 200: emailResponseSchema } } },
    async (request) => auth.requestPasswordReset(request.body.email, request.ip),
  );

  app.post(
    '/auth/action/verify-email',
    { schema: { body: oobCodeRequestSchema, response: { 200: emailResponseSchema } } },
    async (request) => auth.verifyEmail(request.body.oobCode),
  );

  app.post(
    '/auth/action/check-reset',
    { schema: { body: oobCodeRequestSchema, response: { 200: emailResponseSchema } } },
    async (request) => auth.checkReset(request.body.oobCode),
  );

  app.post(
    '/auth/action/confirm-reset',
    { schema: { body: confirmResetRequestSchema } },
    async (request, reply) => {
      await auth.confirmReset(request.body.oobCode, request.body.newPassword);
      return reply.status(204).send();
    },
  );
};
