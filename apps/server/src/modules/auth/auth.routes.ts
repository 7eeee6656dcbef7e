import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionResponseSchema } from '@gabarita/shared';

/** Sign-in is not available yet, so nobody has a session: the web sends visitors to /login. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/session',
    { schema: { response: { 200: sessionResponseSchema } } },
    async (_request, reply) => reply.header('cache-control', 'no-store').send({ user: null }),
  );
};
