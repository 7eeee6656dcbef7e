import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptConsentsRequestSchema, consentsResponseSchema } from '@gabarita/shared';
import { signedIn } from '@/plugins/access';
import type { ConsentsService } from './consents.service';

export const consentsRoutes: FastifyPluginAsyncZod<{ consents: ConsentsService }> = async (
  app,
  { consents },
) => {
  app.get(
    '/me/consents',
    { config: { access: 'user' }, schema: { response: { 200: consentsResponseSchema } } },
    async (request) => consents.current(signedIn(request).user.id),
  );

  app.post(
    '/me/consents',
    {
      config: { access: 'user' },
      schema: { body: acceptConsentsRequestSchema, response: { 200: consentsResponseSchema } },
    },
    async (request) => consents.accept(signedIn(request).user.id, request.body),
  );
};
